import { hashUnit } from './texture-random';

/**
 * Periodic noise. Coordinates are in lattice cells; `periodX`/`periodY` are integers and the lattice
 * wraps at them, so sampling u·period for u in [0, 1) gives a field that tiles seamlessly.
 */

function wrap(i: number, period: number): number {
  const r = i % period;
  return r < 0 ? r + period : r;
}

/** A light lattice hash for the noise inner loops; texture-random's hash is stronger but slower. */
function latticeHash(x: number, y: number, seed: number): number {
  let h = Math.imul(x, 0x8da6b343) ^ Math.imul(y, 0xd8163841) ^ Math.imul(seed, 0xcb1ab31f);
  h = Math.imul(h ^ (h >>> 13), 0x5bd1e995);
  h = Math.imul(h ^ (h >>> 15), 0x27d4eb2d);
  return (h ^ (h >>> 16)) >>> 0;
}

function fade(t: number): number {
  return t * t * t * (t * (t * 6 - 15) + 10);
}

/** Value noise in [0, 1), periodic in both axes. */
export function valueNoise(
  x: number,
  y: number,
  periodX: number,
  periodY: number,
  seed: number,
): number {
  const ix = Math.floor(x);
  const iy = Math.floor(y);
  const fx = fade(x - ix);
  const fy = fade(y - iy);
  const x0 = wrap(ix, periodX);
  const x1 = wrap(ix + 1, periodX);
  const y0 = wrap(iy, periodY);
  const y1 = wrap(iy + 1, periodY);
  const a = latticeHash(x0, y0, seed) / 4294967296;
  const b = latticeHash(x1, y0, seed) / 4294967296;
  const c = latticeHash(x0, y1, seed) / 4294967296;
  const d = latticeHash(x1, y1, seed) / 4294967296;
  const top = a + (b - a) * fx;
  const bottom = c + (d - c) * fx;
  return top + (bottom - top) * fy;
}

// 16 unit gradients around the circle.
const GRADIENT_X = Float64Array.from({ length: 16 }, (_, i) => Math.cos((i * Math.PI) / 8));
const GRADIENT_Y = Float64Array.from({ length: 16 }, (_, i) => Math.sin((i * Math.PI) / 8));

function gradientDot(ix: number, iy: number, seed: number, dx: number, dy: number): number {
  const g = latticeHash(ix, iy, seed) >>> 28;
  return (GRADIENT_X[g] ?? 0) * dx + (GRADIENT_Y[g] ?? 0) * dy;
}

/** Gradient (Perlin-style) noise in roughly [-1, 1], periodic in both axes. */
export function gradientNoise(
  x: number,
  y: number,
  periodX: number,
  periodY: number,
  seed: number,
): number {
  const ix = Math.floor(x);
  const iy = Math.floor(y);
  const dx = x - ix;
  const dy = y - iy;
  const x0 = wrap(ix, periodX);
  const x1 = wrap(ix + 1, periodX);
  const y0 = wrap(iy, periodY);
  const y1 = wrap(iy + 1, periodY);
  const a = gradientDot(x0, y0, seed, dx, dy);
  const b = gradientDot(x1, y0, seed, dx - 1, dy);
  const c = gradientDot(x0, y1, seed, dx, dy - 1);
  const d = gradientDot(x1, y1, seed, dx - 1, dy - 1);
  const fx = fade(dx);
  const fy = fade(dy);
  const top = a + (b - a) * fx;
  const bottom = c + (d - c) * fx;
  return (top + (bottom - top) * fy) * 1.41;
}

/** A fractional lattice shift in [0.25, 0.75) for an octave, cheap enough for the inner loop. */
function octaveShift(seed: number): number {
  return 0.25 + 0.5 * (((Math.imul(seed, 0x9e3779b1) >>> 0) % 4096) / 4096);
}

export interface FbmOptions {
  /** Lattice cells per tile along x and y at the first octave (integers keep the field periodic). */
  frequencyX: number;
  frequencyY: number;
  octaves: number;
  /** Amplitude multiplier per octave. */
  gain?: number;
  seed: number;
}

/**
 * Fractal Brownian motion of gradient noise at tile coordinates (u, v) in [0, 1), roughly in
 * [-1, 1]. Each octave doubles the frequency, so every octave is periodic over the tile too.
 */
export function fbm(u: number, v: number, options: FbmOptions): number {
  const gain = options.gain ?? 0.5;
  let fx = options.frequencyX;
  let fy = options.frequencyY;
  let amplitude = 1;
  let sum = 0;
  let norm = 0;
  for (let octave = 0; octave < options.octaves; octave++) {
    // Gradient noise is damped along lattice lines, and every octave's lattice meets on the tile
    // edge; a fractional shift per octave keeps the edge statistically like any other line.
    const seed = options.seed + octave * 1013;
    const shiftX = octaveShift(seed);
    const shiftY = octaveShift(seed + 0x3c6ef372);
    sum += amplitude * gradientNoise(u * fx + shiftX, v * fy + shiftY, fx, fy, seed);
    norm += amplitude;
    amplitude *= gain;
    fx *= 2;
    fy *= 2;
  }
  return sum / norm;
}

/**
 * Domain-warped fBm: the sample point is displaced by two further fBm fields first, which turns
 * round blobs into the folded, flowing shapes of marble veins and trowel marks. `strength` is in
 * tile units.
 */
export function warpedFbm(
  u: number,
  v: number,
  options: FbmOptions,
  warp: FbmOptions,
  strength: number,
): number {
  const wx = fbm(u, v, warp);
  const wy = fbm(u, v, { ...warp, seed: warp.seed + 7919 });
  return fbm(u + strength * wx, v + strength * wy, options);
}

export interface CellSample {
  /** Distance to the nearest feature point, in cells. */
  f1: number;
  /** Distance to the second nearest feature point, in cells. */
  f2: number;
  /** Wrapped integer cell of the nearest feature point, for per-cell colour. */
  cellX: number;
  cellY: number;
  /** Offset from the nearest feature point to the sample, in cells. */
  dx: number;
  dy: number;
}

/** Periodic Worley (cellular) noise: one jittered feature point per lattice cell. */
export function cellNoise(
  x: number,
  y: number,
  periodX: number,
  periodY: number,
  seed: number,
  jitter = 0.9,
): CellSample {
  const ix = Math.floor(x);
  const iy = Math.floor(y);
  let f1 = Infinity;
  let f2 = Infinity;
  let cellX = 0;
  let cellY = 0;
  let bestDx = 0;
  let bestDy = 0;
  for (let oy = -1; oy <= 1; oy++) {
    for (let ox = -1; ox <= 1; ox++) {
      const cx = wrap(ix + ox, periodX);
      const cy = wrap(iy + oy, periodY);
      const px = ix + ox + 0.5 + jitter * (hashUnit(cx, cy, seed) - 0.5);
      const py = iy + oy + 0.5 + jitter * (hashUnit(cx, cy, seed, 1) - 0.5);
      const dx = x - px;
      const dy = y - py;
      const d = Math.sqrt(dx * dx + dy * dy);
      if (d < f1) {
        f2 = f1;
        f1 = d;
        cellX = cx;
        cellY = cy;
        bestDx = dx;
        bestDy = dy;
      } else if (d < f2) {
        f2 = d;
      }
    }
  }
  return { f1, f2, cellX, cellY, dx: bestDx, dy: bestDy };
}
