/**
 * Straight line segments in a photo: a compact line-segment detector in the spirit of LSD
 * (Grompone von Gioi et al.) — pixels with a strong gradient are grown into regions whose gradient
 * directions agree, and each long, thin region becomes one segment. No sub-pixel refinement or
 * a-contrario validation: the vanishing-point fit downstream weights segments by length and
 * rejects outliers itself, so a few false segments do no harm.
 */
import type { Raster } from '../raster';
import { blurBinomial3 } from '../raster';

/** A segment in the coordinates of the image it was detected in. */
export interface LineSegment {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  length: number;
}

/** A grey image (luminance 0–255) as a flat Float32 array. */
export interface GreyImage {
  width: number;
  height: number;
  data: Float32Array;
}

/**
 * Luminance averaged over boxes so the longer side is at most `maxSide` (never enlarged). Area
 * averaging rather than point sampling: it keeps thin lines and suppresses aliasing and JPEG noise.
 */
export function greyDownscaled(image: Raster, maxSide: number): { grey: GreyImage; scale: number } {
  const { width, height, data } = image;
  const scale = Math.min(1, maxSide / Math.max(width, height));
  const w = Math.max(1, Math.round(width * scale));
  const h = Math.max(1, Math.round(height * scale));
  const sum = new Float32Array(w * h);
  const count = new Float32Array(w * h);
  const colOf = new Int32Array(width);
  for (let x = 0; x < width; x++) colOf[x] = Math.min(w - 1, Math.floor((x * w) / width));
  for (let y = 0; y < height; y++) {
    const row = Math.min(h - 1, Math.floor((y * h) / height)) * w;
    let p = y * width * 4;
    for (let x = 0; x < width; x++, p += 4) {
      const lum = 0.299 * (data[p] ?? 0) + 0.587 * (data[p + 1] ?? 0) + 0.114 * (data[p + 2] ?? 0);
      const o = row + (colOf[x] ?? 0);
      sum[o] = (sum[o] ?? 0) + lum;
      count[o] = (count[o] ?? 0) + 1;
    }
  }
  for (let i = 0; i < sum.length; i++) sum[i] = (sum[i] ?? 0) / Math.max(1, count[i] ?? 1);
  return { grey: { width: w, height: h, data: sum }, scale: w / width };
}

interface Gradient {
  magnitude: Float32Array;
  /** Unit gradient direction (cos, sin), so region growing needs no trigonometry. */
  cos: Float32Array;
  sin: Float32Array;
}

/** Sobel gradient (scaled to central-difference units) after a 3×3 binomial blur. */
function gradientOf(grey: GreyImage): Gradient {
  const { width: w, height: h, data } = grey;
  const blurred = blurBinomial3(data, w, h);
  const magnitude = new Float32Array(w * h);
  const cos = new Float32Array(w * h);
  const sin = new Float32Array(w * h);
  for (let y = 1; y < h - 1; y++) {
    for (let x = 1; x < w - 1; x++) {
      const i = y * w + x;
      const a = blurred[i - w - 1] ?? 0;
      const b = blurred[i - w] ?? 0;
      const c = blurred[i - w + 1] ?? 0;
      const d = blurred[i - 1] ?? 0;
      const f = blurred[i + 1] ?? 0;
      const g = blurred[i + w - 1] ?? 0;
      const k = blurred[i + w] ?? 0;
      const l = blurred[i + w + 1] ?? 0;
      const gx = (c + 2 * f + l - a - 2 * d - g) / 8;
      const gy = (g + 2 * k + l - a - 2 * b - c) / 8;
      const m = Math.sqrt(gx * gx + gy * gy);
      magnitude[i] = m;
      if (m > 0) {
        cos[i] = gx / m;
        sin[i] = gy / m;
      }
    }
  }
  return { magnitude, cos, sin };
}

export interface SegmentOptions {
  /** Minimum gradient (grey levels a pixel) for a pixel to join a region. */
  minGradient?: number;
  /** Angle tolerance between a pixel's gradient and its region's, radians. */
  angleTolerance?: number;
  /** Shortest segment kept, in pixels of the analysed image. */
  minLength?: number;
}

/**
 * Detects segments in a grey image. Seeds are visited strongest gradient first (a 1024-bin
 * pseudo-ordering, as LSD does) so regions start on clean edges rather than on noise.
 */
export function detectSegments(grey: GreyImage, options: SegmentOptions = {}): LineSegment[] {
  const { width: w, height: h } = grey;
  const minGradient = options.minGradient ?? 8;
  const tolerance = options.angleTolerance ?? Math.PI / 8;
  const minLength = options.minLength ?? Math.max(12, 0.03 * Math.max(w, h));
  const { magnitude, cos, sin } = gradientOf(grey);

  // Pseudo-order the candidate pixels by gradient magnitude with a counting sort.
  const bins = 1024;
  let maxMag = 0;
  for (let i = 0; i < magnitude.length; i++) maxMag = Math.max(maxMag, magnitude[i] ?? 0);
  if (maxMag <= minGradient) return [];
  const binOf = (m: number): number =>
    Math.min(bins - 1, Math.floor(((m - minGradient) / (maxMag - minGradient)) * bins));
  const counts = new Int32Array(bins + 1);
  for (let i = 0; i < magnitude.length; i++) {
    const m = magnitude[i] ?? 0;
    if (m <= minGradient) continue;
    const b = bins - binOf(m);
    counts[b] = (counts[b] ?? 0) + 1;
  }
  for (let b = 1; b <= bins; b++) counts[b] = (counts[b] ?? 0) + (counts[b - 1] ?? 0);
  const order = new Int32Array(counts[bins] ?? 0);
  const fill = counts.slice();
  for (let i = 0; i < magnitude.length; i++) {
    const m = magnitude[i] ?? 0;
    if (m <= minGradient) continue;
    const b = bins - 1 - binOf(m);
    order[fill[b] ?? 0] = i;
    fill[b] = (fill[b] ?? 0) + 1;
  }

  const used = new Uint8Array(w * h);
  const region = new Int32Array(w * h);
  const segments: LineSegment[] = [];
  const cosTol = Math.cos(tolerance);
  for (const seed of order) {
    if (used[seed]) continue;
    // Grow the region: 8-connected pixels whose gradient direction agrees with the region's.
    let size = 0;
    region[size++] = seed;
    used[seed] = 1;
    let sx = cos[seed] ?? 0;
    let sy = sin[seed] ?? 0;
    let regionCos = sx;
    let regionSin = sy;
    for (let head = 0; head < size; head++) {
      const p = region[head] ?? 0;
      const px = p % w;
      const py = (p - px) / w;
      for (let dy = -1; dy <= 1; dy++) {
        const ny = py + dy;
        if (ny < 1 || ny >= h - 1) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const nx = px + dx;
          if (nx < 1 || nx >= w - 1) continue;
          const q = ny * w + nx;
          if (used[q] || (magnitude[q] ?? 0) <= minGradient) continue;
          const ca = cos[q] ?? 0;
          const sa = sin[q] ?? 0;
          if (ca * regionCos + sa * regionSin < cosTol) continue;
          used[q] = 1;
          region[size++] = q;
          sx += ca;
          sy += sa;
          const norm = Math.sqrt(sx * sx + sy * sy) || 1;
          regionCos = sx / norm;
          regionSin = sy / norm;
        }
      }
    }
    if (size < minLength) continue;
    const segment = fitSegment(region, size, w, magnitude, minLength);
    if (segment) segments.push(segment);
  }
  return segments;
}

/**
 * The segment of a region: the principal axis of its gradient-weighted pixels, cut to the
 * extent of the pixels along it; null for a region that is short or not thin.
 */
function fitSegment(
  region: Int32Array,
  size: number,
  w: number,
  magnitude: Float32Array,
  minLength: number,
): LineSegment | null {
  let sw = 0;
  let mx = 0;
  let my = 0;
  for (let k = 0; k < size; k++) {
    const p = region[k] ?? 0;
    const m = magnitude[p] ?? 0;
    const x = p % w;
    sw += m;
    mx += m * x;
    my += m * ((p - x) / w);
  }
  mx /= sw;
  my /= sw;
  let sxx = 0;
  let syy = 0;
  let sxy = 0;
  for (let k = 0; k < size; k++) {
    const p = region[k] ?? 0;
    const m = magnitude[p] ?? 0;
    const x = p % w;
    const dx = x - mx;
    const dy = (p - x) / w - my;
    sxx += m * dx * dx;
    syy += m * dy * dy;
    sxy += m * dx * dy;
  }
  const theta = 0.5 * Math.atan2(2 * sxy, sxx - syy);
  const ux = Math.cos(theta);
  const uy = Math.sin(theta);
  let lo = Infinity;
  let hi = -Infinity;
  let across = 0;
  for (let k = 0; k < size; k++) {
    const p = region[k] ?? 0;
    const x = p % w;
    const dx = x - mx;
    const dy = (p - x) / w - my;
    const along = dx * ux + dy * uy;
    if (along < lo) lo = along;
    if (along > hi) hi = along;
    across += Math.abs(-dx * uy + dy * ux);
  }
  const length = hi - lo + 1;
  const meanAcross = across / size;
  if (length < minLength || meanAcross > Math.max(1.5, length * 0.06)) return null;
  return {
    x1: mx + ux * lo,
    y1: my + uy * lo,
    x2: mx + ux * hi,
    y2: my + uy * hi,
    length,
  };
}

/** The least-squares line y = intercept + slope·x through `points` (level when they share one x). */
export function leastSquaresLine(points: readonly (readonly [number, number])[]): {
  slope: number;
  intercept: number;
  at: (x: number) => number;
} {
  let sx = 0;
  let sy = 0;
  let sxx = 0;
  let sxy = 0;
  for (const [x, y] of points) {
    sx += x;
    sy += y;
    sxx += x * x;
    sxy += x * y;
  }
  const n = points.length;
  const den = n * sxx - sx * sx;
  const slope = den !== 0 ? (n * sxy - sx * sy) / den : 0;
  const intercept = (sy - slope * sx) / Math.max(1, n);
  return { slope, intercept, at: (x: number) => intercept + slope * x };
}

/** A straight stretch of samples found by {@link straightRuns}, with its least-squares line. */
export interface StraightRun {
  run: [number, number][];
  line: ReturnType<typeof leastSquaresLine>;
}

/**
 * The straight stretches of a row-per-column trace (samples `[x, y]` in order of x): neighbours at
 * most `maxGap` columns apart whose rows differ by at most `joinStep` (twice that across more than
 * two columns, where something hid the trace) join one run; a run spanning at least `minRun`
 * columns, present over at least half its span (not two far samples joined by chance), is kept
 * when it is straight: its own line leaves a mean residual of at most `maxResidual` rows.
 */
export function straightRuns(
  samples: readonly (readonly [number, number])[],
  limits: { minRun: number; maxGap: number; joinStep: number; maxResidual: number },
): StraightRun[] {
  const { minRun, maxGap, joinStep, maxResidual } = limits;
  const runs: StraightRun[] = [];
  let start = 0;
  for (let k = 1; k <= samples.length; k++) {
    const prev = samples[k - 1];
    const next = samples[k];
    const joined =
      prev &&
      next &&
      next[0] - prev[0] <= maxGap &&
      Math.abs(next[1] - prev[1]) <= (next[0] - prev[0] <= 2 ? joinStep : 2 * joinStep);
    if (joined) continue;
    const run = samples.slice(start, k).map(([x, y]): [number, number] => [x, y]);
    start = k;
    const first = run[0];
    const last = run[run.length - 1];
    if (!first || !last || last[0] - first[0] + 1 < minRun) continue;
    if (run.length < 0.5 * (last[0] - first[0] + 1)) continue;
    const line = leastSquaresLine(run);
    const residual = run.reduce((sum, [x, y]) => sum + Math.abs(y - line.at(x)), 0) / run.length;
    if (residual > maxResidual) continue;
    runs.push({ run, line });
  }
  return runs;
}
