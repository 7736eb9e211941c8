/**
 * From the network's 129² logits to full-resolution labels whose edges follow the photo.
 *
 * 1. Softmax per grid cell; the classes that win at least one cell are the candidates.
 * 2. Each candidate's probability is upsampled (bilinear, aligned corners, valid region only) to
 *    a working resolution of about 480 px and put through a colour guided filter with the photo
 *    as guide, which moves the coarse boundary onto the photo's edge.
 * 3. At full resolution, pixels whose working-resolution neighbourhood agrees take that class;
 *    the rest (the boundary band) evaluate q = a·I + b for their few candidate classes with the
 *    full-resolution colour I and take the best — the fast guided filter's upsampling, so edges
 *    land on the full-resolution photo edge rather than the working grid.
 */
import type { SegmentationLogits } from '../models/segmentation-model';
import type { Raster } from '../raster';
import { colourGuidedFilter } from './guided-filter';

/** Longer side of the working resolution the guided filter runs at. */
const WORK_SIDE = 400;
/** Guided filter window radius, in working pixels (about one logit cell). */
const RADIUS = 4;
/** Regulariser: follows edges of a few grey levels' contrast, ignores texture noise. */
const EPS = 0.002;
/** Below this lead of the winner over the runner-up a pixel is re-decided at full resolution. */
const MARGIN = 0.25;
/** Most classes refined; the rarer ones keep their coarse upsampled share via the nearest winner. */
const MAX_CLASSES = 24;
/** A class must win this many grid cells (about 3×3 photo cells' worth at 2 MP) to be refined. */
const MIN_WINS = 4;

export interface RefinedLabels {
  labels: Uint8Array;
  confidence: Uint8Array;
  /** Soft share (0–255) of each class in `softClasses` in the boundary band (0 elsewhere). */
  soft: Map<number, Uint8Array>;
  /** 1 where the pixel was decided in the boundary band. */
  band: Uint8Array;
}

/** A class's guided-filter coefficients over its window of the working image. */
interface Field {
  x: number;
  y: number;
  width: number;
  height: number;
  data: Float32Array;
}

/** A class is filtered where its coarse probability exceeds this. */
const PRESENT = 0.03;

interface Axis {
  i0: Int32Array;
  i1: Int32Array;
  f: Float32Array;
}

/**
 * Bilinear taps mapping `n` working pixels (k full pixels each) onto the grid points spanning
 * `extent` cells over the photo's `fullN` pixels.
 */
function axisTaps(n: number, k: number, fullN: number, extent: number, grid: number): Axis {
  const i0 = new Int32Array(n);
  const i1 = new Int32Array(n);
  const f = new Float32Array(n);
  for (let o = 0; o < n; o++) {
    const full = Math.min(fullN - 1, (o + 0.5) * k - 0.5);
    const u = Math.min(extent, Math.max(0, (full * extent) / Math.max(1, fullN - 1)));
    const lo = Math.min(grid - 1, Math.floor(u));
    i0[o] = lo;
    i1[o] = Math.min(grid - 1, lo + 1);
    f[o] = u - lo;
  }
  return { i0, i1, f };
}

/** The photo averaged over k×k blocks (the last row and column of blocks may be partial), 0–1. */
function blockAverage(
  image: Raster,
  k: number,
  ww: number,
  wh: number,
): [Float32Array, Float32Array, Float32Array] {
  const { width, height, data } = image;
  const r = new Float32Array(ww * wh);
  const g = new Float32Array(ww * wh);
  const b = new Float32Array(ww * wh);
  // Each block's channel sums are integers (at most k²·255), exact in any order: summed per
  // block row in integer accumulators, then normalised once.
  const blockOf = new Int32Array(width);
  for (let x = 0; x < width; x++) blockOf[x] = Math.floor(x / k);
  const sr = new Int32Array(ww);
  const sg = new Int32Array(ww);
  const sb = new Int32Array(ww);
  for (let by = 0; by < wh; by++) {
    sr.fill(0);
    sg.fill(0);
    sb.fill(0);
    const yEnd = Math.min(height, (by + 1) * k);
    for (let y = by * k; y < yEnd; y++) {
      let p = y * width * 4;
      for (let x = 0; x < width; x++, p += 4) {
        const i = blockOf[x] ?? 0;
        sr[i] = (sr[i] ?? 0) + (data[p] ?? 0);
        sg[i] = (sg[i] ?? 0) + (data[p + 1] ?? 0);
        sb[i] = (sb[i] ?? 0) + (data[p + 2] ?? 0);
      }
    }
    const rows = yEnd - by * k;
    for (let bx = 0; bx < ww; bx++) {
      const count = rows * (Math.min(width, (bx + 1) * k) - bx * k);
      const inv = 1 / (255 * Math.max(1, count));
      const i = by * ww + bx;
      r[i] = (sr[bx] ?? 0) * inv;
      g[i] = (sg[bx] ?? 0) * inv;
      b[i] = (sb[bx] ?? 0) * inv;
    }
  }
  return [r, g, b];
}

/** Removes repeats from the first `n` entries in place; returns how many remain. */
function dedupe(values: Int32Array, n: number): number {
  let count = 0;
  for (let i = 0; i < n; i++) {
    const v = values[i] ?? 0;
    let seen = false;
    for (let t = 0; t < count; t++) if (values[t] === v) seen = true;
    if (!seen) values[count++] = v;
  }
  return count;
}

/** q of field `f` at working pixel (x, y) for colour (r, g, b); 0 outside its window. */
function qAt(f: Field, x: number, y: number, r: number, g: number, b: number): number {
  const lx = x - f.x;
  const ly = y - f.y;
  if (lx < 0 || ly < 0 || lx >= f.width || ly >= f.height) return 0;
  const a = f.data;
  const o = (ly * f.width + lx) * 4;
  return (a[o] ?? 0) * r + (a[o + 1] ?? 0) * g + (a[o + 2] ?? 0) * b + (a[o + 3] ?? 0);
}

/**
 * A class's matte (0–255) from the labels and the band's soft shares. Off the band, and on band
 * pixels whose label and four neighbours' labels agree, it is hard (255 in, 0 out): the guided
 * filter's shares spread over several pixels where the photo's edge is faint, and the label
 * already put the edge on the best pixel, so only the one-pixel transition stays soft — on the
 * side of the edge its label says (≥ 128 when labelled the class, < 128 when not).
 */
export function classMatte(
  labels: Uint8Array,
  band: Uint8Array,
  shares: Uint8Array,
  cls: number,
  width: number,
  height: number,
): Uint8Array {
  const matte = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const inside = labels[i] === cls;
      if (!band[i]) {
        matte[i] = inside ? 255 : 0;
        continue;
      }
      const edge =
        (x > 0 && labels[i - 1] === cls) !== inside ||
        (x + 1 < width && labels[i + 1] === cls) !== inside ||
        (y > 0 && labels[i - width] === cls) !== inside ||
        (y + 1 < height && labels[i + width] === cls) !== inside;
      const a = shares[i] ?? 0;
      if (!edge) matte[i] = inside ? 255 : 0;
      else if (inside) matte[i] = Math.max(128, a);
      else matte[i] = Math.min(127, a);
    }
  }
  return matte;
}

export function refineLabels(
  image: Raster,
  logits: SegmentationLogits,
  softClasses: readonly number[],
): RefinedLabels {
  const { width, height } = image;
  const { grid, classes, validWidth, validHeight } = logits;
  const plane = grid * grid;
  const gw = Math.min(grid, Math.ceil(validWidth) + 1);
  const gh = Math.min(grid, Math.ceil(validHeight) + 1);

  // 1. Softmax over the valid cells; count the winners. Only each cell's max and sum are kept:
  // the probabilities are written out for the candidate classes alone (step 2), not all 150.
  const cellMax = new Float64Array(plane);
  const cellSum = new Float64Array(plane);
  const wins = new Int32Array(classes);
  const src = logits.data;
  for (let y = 0; y < gh; y++) {
    for (let x = 0; x < gw; x++) {
      const cell = y * grid + x;
      let max = -Infinity;
      let arg = 0;
      for (let c = 0; c < classes; c++) {
        const v = src[c * plane + cell] ?? 0;
        if (v > max) {
          max = v;
          arg = c;
        }
      }
      let sum = 0;
      for (let c = 0; c < classes; c++) sum += Math.exp((src[c * plane + cell] ?? 0) - max);
      cellMax[cell] = max;
      cellSum[cell] = sum;
      wins[arg] = (wins[arg] ?? 0) + 1;
    }
  }
  /** One class's probabilities over the valid cells (as a Float32 plane, like the old table). */
  const probsOf = (c: number): Float32Array => {
    const out = new Float32Array(plane);
    const base = c * plane;
    for (let y = 0; y < gh; y++) {
      for (let x = 0; x < gw; x++) {
        const cell = y * grid + x;
        const e = Math.fround(Math.exp((src[base + cell] ?? 0) - (cellMax[cell] ?? 0)));
        out[cell] = e / (cellSum[cell] ?? 1);
      }
    }
    return out;
  };
  const candidates = [...wins.keys()]
    .filter((c) => (wins[c] ?? 0) >= MIN_WINS)
    .sort((a, b) => (wins[b] ?? 0) - (wins[a] ?? 0))
    .slice(0, MAX_CLASSES);
  for (const c of softClasses) if (!candidates.includes(c)) candidates.push(c);

  // 2. Working resolution: guide and upsampled probabilities.
  // k×k blocks of the photo, averaged: k full pixels per working pixel.
  const k = Math.max(1, Math.ceil(Math.max(width, height) / WORK_SIDE));
  const ws = 1 / k;
  const ww = Math.ceil(width / k);
  const wh = Math.ceil(height / k);
  const wn = ww * wh;
  const guide = blockAverage(image, k, ww, wh);
  const ax = axisTaps(ww, k, width, validWidth, grid);
  const ay = axisTaps(wh, k, height, validHeight, grid);
  const filter = colourGuidedFilter(guide, ww, wh, RADIUS, EPS);
  // Each class is filtered only over the window where its probability is not negligible.
  const pad = 2 * RADIUS + 2;
  const fields: Field[] = candidates.map((c) => {
    const probs = probsOf(c);
    // The window: grid cells where the class is present, mapped to working pixels.
    let gx0 = gw;
    let gy0 = gh;
    let gx1 = -1;
    let gy1 = -1;
    for (let gy = 0; gy < gh; gy++) {
      for (let gx = 0; gx < gw; gx++) {
        if ((probs[gy * grid + gx] ?? 0) > PRESENT) {
          if (gx < gx0) gx0 = gx;
          if (gx > gx1) gx1 = gx;
          if (gy < gy0) gy0 = gy;
          if (gy > gy1) gy1 = gy;
        }
      }
    }
    const toWorkX = (g: number) =>
      ((g * (width - 1)) / Math.max(1e-6, validWidth) + 0.5) * ws - 0.5;
    const toWorkY = (g: number) =>
      ((g * (height - 1)) / Math.max(1e-6, validHeight) + 0.5) * ws - 0.5;
    const x0 = Math.floor(toWorkX(gx0 - 1));
    const x1 = gx1 < 0 ? -1 : Math.ceil(toWorkX(gx1 + 1));
    const y0 = Math.floor(toWorkY(gy0 - 1));
    const y1 = Math.ceil(toWorkY(gy1 + 1));
    if (x1 < 0) return { x: 0, y: 0, width: 0, height: 0, data: new Float32Array(0) };
    const crop = {
      x: Math.max(0, x0 - pad),
      y: Math.max(0, y0 - pad),
      width: Math.min(ww, x1 + pad + 1) - Math.max(0, x0 - pad),
      height: Math.min(wh, y1 + pad + 1) - Math.max(0, y0 - pad),
    };
    const p = new Float32Array(crop.width * crop.height);
    for (let y = 0; y < crop.height; y++) {
      const wy = crop.y + y;
      const r0 = (ay.i0[wy] ?? 0) * grid;
      const r1 = (ay.i1[wy] ?? 0) * grid;
      const fy = ay.f[wy] ?? 0;
      for (let x = 0; x < crop.width; x++) {
        const wx = crop.x + x;
        const a = ax.i0[wx] ?? 0;
        const b = ax.i1[wx] ?? 0;
        const fx = ax.f[wx] ?? 0;
        const top = (probs[r0 + a] ?? 0) * (1 - fx) + (probs[r0 + b] ?? 0) * fx;
        const bot = (probs[r1 + a] ?? 0) * (1 - fx) + (probs[r1 + b] ?? 0) * fx;
        p[y * crop.width + x] = top * (1 - fy) + bot * fy;
      }
    }
    return { ...crop, data: filter.coefficients(p, crop) };
  });

  // Working-resolution winner and runner-up (indices into candidates) and the margin.
  const first = new Uint8Array(wn);
  const second = new Uint8Array(wn);
  const firstQ = new Float32Array(wn).fill(-Infinity);
  const secondQ = new Float32Array(wn).fill(-Infinity);
  const [gr, gg, gb] = guide;
  fields.forEach((f, j) => {
    const a = f.data;
    for (let y = 0; y < f.height; y++) {
      let i = (f.y + y) * ww + f.x;
      let o = y * f.width * 4;
      for (let x = 0; x < f.width; x++, i++, o += 4) {
        const q =
          (a[o] ?? 0) * (gr[i] ?? 0) +
          (a[o + 1] ?? 0) * (gg[i] ?? 0) +
          (a[o + 2] ?? 0) * (gb[i] ?? 0) +
          (a[o + 3] ?? 0);
        const best = firstQ[i] ?? 0;
        if (q > best) {
          secondQ[i] = best;
          second[i] = first[i] ?? 0;
          firstQ[i] = q;
          first[i] = j;
        } else if (q > (secondQ[i] ?? 0)) {
          secondQ[i] = q;
          second[i] = j;
        }
      }
    }
  });
  const margin = new Float32Array(wn);
  for (let i = 0; i < wn; i++) {
    const s = secondQ[i] ?? 0;
    // Classes absent here count as 0.
    margin[i] = (firstQ[i] ?? 0) - (s > 0 ? s : 0);
    if (s === -Infinity) second[i] = first[i] ?? 0;
  }

  // 3. Full resolution.
  const n = width * height;
  const labels = new Uint8Array(n);
  const confidence = new Uint8Array(n);
  const soft = new Map<number, Uint8Array>();
  const softIndex = softClasses.map((c) => candidates.indexOf(c));
  for (const c of softClasses) soft.set(c, new Uint8Array(n));
  const softPlanes = softClasses.map((c) => soft.get(c) as Uint8Array);
  const img = image.data;
  const candidateIds = Uint8Array.from(candidates);
  const local = new Int32Array(8);
  const localQ = new Float32Array(8);
  const band = new Uint8Array(n);
  // Per column: the working columns either side and the weight between them.
  const colX0 = new Int32Array(width);
  const colX1 = new Int32Array(width);
  const colFx = new Float32Array(width);
  for (let x = 0; x < width; x++) {
    const wx = Math.min(ww - 1, Math.max(0, (x + 0.5) * ws - 0.5));
    colX0[x] = Math.floor(wx);
    colX1[x] = Math.min(ww - 1, Math.floor(wx) + 1);
    colFx[x] = wx - Math.floor(wx);
  }
  // Per column: the nearer working column (the confidence of a settled pixel is its nearest's).
  const colNear = new Int32Array(width);
  for (let x = 0; x < width; x++)
    colNear[x] = (colFx[x] ?? 0) < 0.5 ? (colX0[x] ?? 0) : (colX1[x] ?? 0);
  // Per working pixel: whether the four working pixels from it down-right agree on the winner by
  // the margin (then every photo pixel between them takes that winner), and its confidence.
  const settled = new Uint8Array(wn);
  const settledConfidence = new Uint8Array(wn);
  for (let wy = 0; wy < wh; wy++) {
    const down = (Math.min(wh - 1, wy + 1) - wy) * ww;
    for (let wx = 0; wx < ww; wx++) {
      const i00 = wy * ww + wx;
      const i01 = i00 + Math.min(ww - 1, wx + 1) - wx;
      const i10 = i00 + down;
      const i11 = i01 + down;
      const f00 = first[i00] ?? 0;
      settled[i00] =
        f00 === first[i01] &&
        f00 === first[i10] &&
        f00 === first[i11] &&
        (margin[i00] ?? 0) > MARGIN &&
        (margin[i01] ?? 0) > MARGIN &&
        (margin[i10] ?? 0) > MARGIN &&
        (margin[i11] ?? 0) > MARGIN
          ? 1
          : 0;
      settledConfidence[i00] = Math.round(255 * Math.min(1, Math.max(0, firstQ[i00] ?? 0)));
    }
  }
  for (let y = 0; y < height; y++) {
    const wy = Math.min(wh - 1, Math.max(0, (y + 0.5) * ws - 0.5));
    const y0 = Math.floor(wy);
    const y1 = Math.min(wh - 1, y0 + 1);
    const fy = wy - y0;
    const nearRow = (fy < 0.5 ? y0 : y1) * ww;
    for (let x = 0; x < width; x++) {
      const x0 = colX0[x] ?? 0;
      const pix = y * width + x;
      const i00 = y0 * ww + x0;
      if (settled[i00]) {
        labels[pix] = candidateIds[first[i00] ?? 0] ?? 0;
        confidence[pix] = settledConfidence[nearRow + (colNear[x] ?? 0)] ?? 0;
        continue;
      }
      const x1 = colX1[x] ?? 0;
      const fx = colFx[x] ?? 0;
      const i01 = y0 * ww + x1;
      const i10 = y1 * ww + x0;
      const i11 = y1 * ww + x1;
      const f00 = first[i00] ?? 0;
      band[pix] = 1;
      // The boundary band: the candidates of the four neighbours, evaluated with this colour.
      local[0] = f00;
      local[1] = first[i01] ?? 0;
      local[2] = first[i10] ?? 0;
      local[3] = first[i11] ?? 0;
      local[4] = second[i00] ?? 0;
      local[5] = second[i11] ?? 0;
      const count = dedupe(local, 6);
      const r = (img[pix * 4] ?? 0) / 255;
      const g = (img[pix * 4 + 1] ?? 0) / 255;
      const b = (img[pix * 4 + 2] ?? 0) / 255;
      let best = -Infinity;
      let bestJ = 0;
      let total = 0;
      for (let t = 0; t < count; t++) {
        const f = fields[local[t] ?? 0] as Field;
        const q =
          (1 - fy) * ((1 - fx) * qAt(f, x0, y0, r, g, b) + fx * qAt(f, x1, y0, r, g, b)) +
          fy * ((1 - fx) * qAt(f, x0, y1, r, g, b) + fx * qAt(f, x1, y1, r, g, b));
        const clamped = q < 0 ? 0 : q > 1 ? 1 : q;
        localQ[t] = clamped;
        total += clamped;
        if (q > best) {
          best = q;
          bestJ = local[t] ?? 0;
        }
      }
      labels[pix] = candidateIds[bestJ] ?? 0;
      confidence[pix] = Math.round(255 * (best < 0 ? 0 : best > 1 ? 1 : best));
      for (let s = 0; s < softIndex.length; s++) {
        let share = 0;
        const want = softIndex[s];
        for (let t = 0; t < count; t++) {
          if (local[t] === want) share = total > 1e-6 ? (localQ[t] ?? 0) / total : 0;
        }
        (softPlanes[s] as Uint8Array)[pix] = Math.round(255 * share);
      }
    }
  }
  return { labels, confidence, soft, band };
}
