/**
 * The wall's own shading carried into a removal's fill (issue 11, decision 043). The exemplar
 * fill copies the wall's grain but not its light: a hole filled from the brighter wall higher up
 * stays a paler blob in the old piece's outline. Here, in linear light and per channel, the fill's
 * own low frequencies (a normalised box mean over the filled wall pixels) are replaced by the
 * wall's: a plane fitted (robustly) to a ring of wall pixels round the hole, plus the ring's
 * residual from that plane carried a short way in (so the seam meets the wall as it is there,
 * and the plane takes over deeper in). The fill's grain — its ratio to its own mean — is kept.
 */
import { linearToByte, SRGB_TO_LINEAR } from '../colour';
import type { Mask, Raster } from '../raster';
import { dilateMask, maskBounds } from '../raster';

/** Box sums of `values` (weighted by `weights`) over (2r+1)² windows, via an integral image. */
function boxSums(values: Float64Array, w: number, h: number, r: number): Float64Array {
  const integral = new Float64Array((w + 1) * (h + 1));
  for (let y = 0; y < h; y++) {
    let row = 0;
    for (let x = 0; x < w; x++) {
      row += values[y * w + x] ?? 0;
      integral[(y + 1) * (w + 1) + x + 1] = (integral[y * (w + 1) + x + 1] ?? 0) + row;
    }
  }
  const out = new Float64Array(w * h);
  for (let y = 0; y < h; y++) {
    const y0 = Math.max(0, y - r);
    const y1 = Math.min(h, y + r + 1);
    for (let x = 0; x < w; x++) {
      const x0 = Math.max(0, x - r);
      const x1 = Math.min(w, x + r + 1);
      out[y * w + x] =
        (integral[y1 * (w + 1) + x1] ?? 0) -
        (integral[y0 * (w + 1) + x1] ?? 0) -
        (integral[y1 * (w + 1) + x0] ?? 0) +
        (integral[y0 * (w + 1) + x0] ?? 0);
    }
  }
  return out;
}

/** Least-squares plane v = a + b·x + c·y through weighted points, or null when degenerate. */
function fitPlane(xs: number[], ys: number[], vs: number[], keep: boolean[]): number[] | null {
  const m = [0, 0, 0, 0, 0, 0, 0, 0, 0];
  const r = [0, 0, 0];
  for (let k = 0; k < xs.length; k++) {
    if (!keep[k]) continue;
    const f = [1, xs[k] ?? 0, ys[k] ?? 0];
    for (let i = 0; i < 3; i++) {
      r[i] = (r[i] ?? 0) + (f[i] ?? 0) * (vs[k] ?? 0);
      for (let j = 0; j < 3; j++) m[i * 3 + j] = (m[i * 3 + j] ?? 0) + (f[i] ?? 0) * (f[j] ?? 0);
    }
  }
  // Cramer's rule on the 3×3 normal equations.
  const det3 = (a: number[]): number =>
    (a[0] ?? 0) * ((a[4] ?? 0) * (a[8] ?? 0) - (a[5] ?? 0) * (a[7] ?? 0)) -
    (a[1] ?? 0) * ((a[3] ?? 0) * (a[8] ?? 0) - (a[5] ?? 0) * (a[6] ?? 0)) +
    (a[2] ?? 0) * ((a[3] ?? 0) * (a[7] ?? 0) - (a[4] ?? 0) * (a[6] ?? 0));
  const d = det3(m);
  if (!Number.isFinite(d) || Math.abs(d) < 1e-9) return null;
  return [0, 1, 2].map((c) => {
    const a = [...m];
    for (let i = 0; i < 3; i++) a[i * 3 + c] = r[i] ?? 0;
    return det3(a) / d;
  });
}

/**
 * Re-shades the wall part of a fill. `filled` is `inpaint`'s output for `hole` (which `inpaint`
 * grew by `growth` px); `surfaces` is the per-pixel surface plan (`wall` marks the wall). Returns
 * `filled` itself when there is too little wall round the hole to say how it is lit.
 */
export function shadeWallFill(
  original: Raster,
  filled: Raster,
  hole: Mask,
  surfaces: Uint8Array,
  wall: number,
  growth: number,
): Raster {
  const { width, height } = original;
  const grown = dilateMask(hole, growth);
  const bounds = maskBounds(grown);
  if (!bounds) return filled;
  const size = Math.sqrt((bounds.x1 - bounds.x0 + 1) * (bounds.y1 - bounds.y0 + 1));
  const ring = Math.round(Math.min(48, Math.max(12, 0.12 * size)));
  const cx0 = Math.max(0, bounds.x0 - ring);
  const cy0 = Math.max(0, bounds.y0 - ring);
  const cw = Math.min(width - 1, bounds.x1 + ring) - cx0 + 1;
  const ch = Math.min(height - 1, bounds.y1 + ring) - cy0 + 1;
  const n = cw * ch;
  // Crop-local: 1 = filled wall pixel, 2 = known wall pixel within `ring` of the hole.
  const holeCrop = new Uint8Array(n);
  for (let y = 0; y < ch; y++) {
    for (let x = 0; x < cw; x++)
      holeCrop[y * cw + x] = grown.data[(y + cy0) * width + x + cx0] ?? 0;
  }
  const near = boxSums(Float64Array.from(holeCrop), cw, ch, ring);
  const kind = new Uint8Array(n);
  const xs: number[] = [];
  const ys: number[] = [];
  const lin: number[][] = [[], [], []];
  let filledWall = 0;
  for (let y = 0; y < ch; y++) {
    for (let x = 0; x < cw; x++) {
      const k = y * cw + x;
      const i = (y + cy0) * width + x + cx0;
      if (surfaces[i] !== wall) continue;
      if (holeCrop[k]) {
        kind[k] = 1;
        filledWall++;
      } else if ((near[k] ?? 0) > 0) {
        kind[k] = 2;
        xs.push(x / cw);
        ys.push(y / ch);
        for (let c = 0; c < 3; c++)
          lin[c]?.push(SRGB_TO_LINEAR[original.data[i * 4 + c] ?? 0] ?? 0);
      }
    }
  }
  if (filledWall < 64 || xs.length < 200) return filled;
  // Robust plane per channel: two rounds dropping ring pixels far from the luminance plane
  // (a frame, a switch, a shadow the parse left as wall).
  const luma = xs.map(
    (_, k) =>
      0.2126 * (lin[0]?.[k] ?? 0) + 0.7152 * (lin[1]?.[k] ?? 0) + 0.0722 * (lin[2]?.[k] ?? 0),
  );
  let keep = xs.map(() => true);
  for (let round = 0; round < 2; round++) {
    const p = fitPlane(xs, ys, luma, keep);
    if (!p) return filled;
    const res = luma.map((v, k) =>
      Math.abs(v - ((p[0] ?? 0) + (p[1] ?? 0) * (xs[k] ?? 0) + (p[2] ?? 0) * (ys[k] ?? 0))),
    );
    const sorted = res.filter((_, k) => keep[k]).sort((a, b) => a - b);
    const mad = Math.max(0.004, sorted[sorted.length >> 1] ?? 0);
    keep = res.map((r) => r <= 3 * mad);
  }
  // …and those of another hue (a wooden frame or curtain the parse left as wall): their colour
  // carried into the fill reads as a stain.
  const hue = luma.map((l, k) => ((lin[0]?.[k] ?? 0) - (lin[2]?.[k] ?? 0)) / (l + 0.02));
  const hues = hue.filter((_, k) => keep[k]).sort((a, b) => a - b);
  const hueMid = hues[hues.length >> 1] ?? 0;
  const hueDev = hues.map((v) => Math.abs(v - hueMid)).sort((a, b) => a - b);
  const hueTol = Math.max(0.08, 3 * (hueDev[hueDev.length >> 1] ?? 0));
  keep = keep.map((k, i) => k && Math.abs((hue[i] ?? 0) - hueMid) <= hueTol);
  // Trust the plane only where it describes the wall round the hole: enough wall kept round it
  // (a chair's back against other chairs has little) and a median residual within 30% of the
  // wall's mean (a wall broken by windows and lamps is not one smoothly lit plane).
  const kept = keep.filter(Boolean).length;
  const fit = fitPlane(xs, ys, luma, keep);
  if (!fit) return filled;
  const residual = luma.map((v, k) =>
    Math.abs(v - ((fit[0] ?? 0) + (fit[1] ?? 0) * (xs[k] ?? 0) + (fit[2] ?? 0) * (ys[k] ?? 0))),
  );
  residual.sort((a, b) => a - b);
  const meanLuma = luma.reduce((a, b) => a + b, 0) / luma.length;
  if (kept < 0.4 * filledWall || (residual[residual.length >> 1] ?? 0) > 0.3 * meanLuma)
    return filled;
  const planes = [0, 1, 2].map((c) => fitPlane(xs, ys, lin[c] ?? [], keep));
  if (planes.some((p) => !p)) return filled;
  const plane = (c: number, x: number, y: number): number => {
    const p = planes[c] ?? [0, 0, 0];
    return (p[0] ?? 0) + (p[1] ?? 0) * (x / cw) + (p[2] ?? 0) * (y / ch);
  };
  // The ring's residual from the plane and the fill's own values, each box-averaged.
  const reach = Math.max(6, Math.round(ring / 2));
  const ringW = new Float64Array(n);
  const fillW = new Float64Array(n);
  let kk = 0;
  const keptAt = new Uint8Array(n);
  for (let k = 0; k < n; k++) {
    if (kind[k] === 2) {
      if (keep[kk]) keptAt[k] = 1;
      kk++;
    }
  }
  for (let k = 0; k < n; k++) {
    ringW[k] = keptAt[k] ? 1 : 0;
    fillW[k] = kind[k] === 1 ? 1 : 0;
  }
  const ringWSum = boxSums(ringW, cw, ch, reach);
  const fillWSum = boxSums(fillW, cw, ch, reach);
  const out: Raster = { width, height, data: new Uint8ClampedArray(filled.data) };
  const fills: Float64Array[] = [];
  const residuals: Float64Array[] = [];
  for (let c = 0; c < 3; c++) {
    const res = new Float64Array(n);
    const fv = new Float64Array(n);
    for (let k = 0; k < n; k++) {
      const x = k % cw;
      const y = (k - x) / cw;
      const i = (y + cy0) * width + x + cx0;
      if (keptAt[k]) res[k] = (SRGB_TO_LINEAR[original.data[i * 4 + c] ?? 0] ?? 0) - plane(c, x, y);
      if (kind[k] === 1) fv[k] = SRGB_TO_LINEAR[filled.data[i * 4 + c] ?? 0] ?? 0;
    }
    residuals.push(boxSums(res, cw, ch, reach));
    fills.push(boxSums(fv, cw, ch, reach));
  }
  const full = (2 * reach + 1) * (2 * reach + 1);
  for (let k = 0; k < n; k++) {
    if (kind[k] !== 1) continue;
    const x = k % cw;
    const y = (k - x) / cw;
    const i = (y + cy0) * width + x + cx0;
    const rw = ringWSum[k] ?? 0;
    const fw = fillWSum[k] ?? 0;
    if (fw <= 0) continue;
    // The residual counts fully where a fifth of the window is ring, fading to the plane deeper.
    const trust = Math.min(1, rw / (0.2 * full));
    for (let c = 0; c < 3; c++) {
      const residual = rw > 0 ? ((residuals[c]?.[k] ?? 0) / rw) * trust : 0;
      const target = Math.max(1e-4, plane(c, x, y) + residual);
      const own = Math.max(1e-4, (fills[c]?.[k] ?? 0) / fw);
      const ratio = Math.min(1.4, Math.max(0.7, target / own));
      const v = (SRGB_TO_LINEAR[filled.data[i * 4 + c] ?? 0] ?? 0) * ratio;
      out.data[i * 4 + c] = linearToByte(Math.min(1, v));
    }
  }
  return out;
}
