/**
 * The colour guided filter (He, Sun & Tang): O(1) work per pixel whatever the
 * radius. The room parse runs it on the class probabilities with the photo as guide, so a class
 * boundary from the 129² logit grid moves onto the photo's own edge; the output is linear in the
 * guide locally, q = a·I + b, so the coefficients can be sampled at a finer resolution than they
 * were computed at (the "fast guided filter").
 */
import { boxMean } from '../raster';

/** A window of the image. */
export interface Crop {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The eleven planes `coefficients` works in. */
type Workspace = [
  Float32Array,
  Float32Array,
  Float32Array,
  Float32Array,
  Float32Array,
  Float32Array,
  Float32Array,
  Float32Array,
  Float32Array,
  Float32Array,
  Float32Array,
];

/** What the filter precomputes from the guide once, for any number of inputs. */
export interface GuidedFilter {
  width: number;
  height: number;
  radius: number;
  /** The guide, three planes in 0–1. */
  guide: [Float32Array, Float32Array, Float32Array];
  /**
   * Filters one input (e.g. a class probability) over a window of the image and returns the
   * smoothed coefficients there, interleaved per pixel as [a_r, a_g, a_b, b]: the output at a
   * pixel with colour I is a·I + b. `p` is the window's input, `crop.width × crop.height`; the
   * window should reach 2·radius past where `p` is non-zero (outside it the output is taken as 0).
   */
  coefficients(p: Float32Array, crop: Crop): Float32Array;
}

/**
 * Prepares a colour guided filter: window radius `radius`, regulariser `eps` (in squared 0–1
 * colour units: smaller follows weaker edges).
 */
export function colourGuidedFilter(
  guide: [Float32Array, Float32Array, Float32Array],
  width: number,
  height: number,
  radius: number,
  eps: number,
): GuidedFilter {
  const n = width * height;
  const scratch = new Float32Array(n);
  const mean = (src: Float32Array) => boxMean(src, width, height, radius, undefined, scratch);
  const [ir, ig, ib] = guide;
  const mr = mean(ir);
  const mg = mean(ig);
  const mb = mean(ib);
  const prod = (a: Float32Array, b: Float32Array) => {
    const out = new Float32Array(n);
    for (let i = 0; i < n; i++) out[i] = (a[i] ?? 0) * (b[i] ?? 0);
    return out;
  };
  const vrr = mean(prod(ir, ir));
  const vrg = mean(prod(ir, ig));
  const vrb = mean(prod(ir, ib));
  const vgg = mean(prod(ig, ig));
  const vgb = mean(prod(ig, ib));
  const vbb = mean(prod(ib, ib));
  // Inverse of the regularised covariance, symmetric: six values a pixel.
  const inv = new Float32Array(n * 6);
  for (let i = 0; i < n; i++) {
    const r = mr[i] ?? 0;
    const g = mg[i] ?? 0;
    const b = mb[i] ?? 0;
    const srr = (vrr[i] ?? 0) - r * r + eps;
    const srg = (vrg[i] ?? 0) - r * g;
    const srb = (vrb[i] ?? 0) - r * b;
    const sgg = (vgg[i] ?? 0) - g * g + eps;
    const sgb = (vgb[i] ?? 0) - g * b;
    const sbb = (vbb[i] ?? 0) - b * b + eps;
    const c00 = sgg * sbb - sgb * sgb;
    const c01 = srb * sgb - srg * sbb;
    const c02 = srg * sgb - srb * sgg;
    const c11 = srr * sbb - srb * srb;
    const c12 = srb * srg - srr * sgb;
    const c22 = srr * sgg - srg * srg;
    const det = srr * c00 + srg * c01 + srb * c02;
    const k = det > 1e-12 ? 1 / det : 0;
    const o = i * 6;
    inv[o] = c00 * k;
    inv[o + 1] = c01 * k;
    inv[o + 2] = c02 * k;
    inv[o + 3] = c11 * k;
    inv[o + 4] = c12 * k;
    inv[o + 5] = c22 * k;
  }
  // Scratch planes for `coefficients`, allocated once for the largest window (the whole image).
  const work = Array.from({ length: 11 }, () => new Float32Array(n)) as Workspace;
  return {
    width,
    height,
    radius,
    guide,
    coefficients(p: Float32Array, crop: Crop): Float32Array {
      const cw = crop.width;
      const ch = crop.height;
      const cn = cw * ch;
      // The planes are views of the shared workspace: every one is written in full before read.
      const [local, scratchC, mp, mrp, mgp, mbp, ar, ag, ab, bb, smoothed] = work.map((plane) =>
        plane.subarray(0, cn),
      ) as Workspace;
      const meanC = (src: Float32Array, out: Float32Array) =>
        boxMean(src, cw, ch, radius, out, scratchC);
      const times = (plane: Float32Array, out: Float32Array) => {
        for (let y = 0; y < ch; y++) {
          const row = (crop.y + y) * width + crop.x;
          for (let x = 0; x < cw; x++)
            local[y * cw + x] = (plane[row + x] ?? 0) * (p[y * cw + x] ?? 0);
        }
        return meanC(local, out);
      };
      meanC(p, mp);
      times(ir, mrp);
      times(ig, mgp);
      times(ib, mbp);
      for (let y = 0; y < ch; y++) {
        for (let x = 0; x < cw; x++) {
          const li = y * cw + x;
          const i = (crop.y + y) * width + crop.x + x;
          const m = mp[li] ?? 0;
          const cr = (mrp[li] ?? 0) - (mr[i] ?? 0) * m;
          const cg = (mgp[li] ?? 0) - (mg[i] ?? 0) * m;
          const cb = (mbp[li] ?? 0) - (mb[i] ?? 0) * m;
          const o = i * 6;
          const i0 = inv[o] ?? 0;
          const i1 = inv[o + 1] ?? 0;
          const i2 = inv[o + 2] ?? 0;
          const i3 = inv[o + 3] ?? 0;
          const i4 = inv[o + 4] ?? 0;
          const i5 = inv[o + 5] ?? 0;
          const a0 = i0 * cr + i1 * cg + i2 * cb;
          const a1 = i1 * cr + i3 * cg + i4 * cb;
          const a2 = i2 * cr + i4 * cg + i5 * cb;
          ar[li] = a0;
          ag[li] = a1;
          ab[li] = a2;
          bb[li] = m - a0 * (mr[i] ?? 0) - a1 * (mg[i] ?? 0) - a2 * (mb[i] ?? 0);
        }
      }
      const out = new Float32Array(cn * 4);
      const planes = [ar, ag, ab, bb];
      for (let c = 0; c < 4; c++) {
        meanC(planes[c] ?? ar, smoothed);
        for (let i = 0; i < cn; i++) out[i * 4 + c] = smoothed[i] ?? 0;
      }
      return out;
    },
  };
}
