/**
 * A texture under construction: linear float RGB (0–1, sRGB-encoded values) plus a height field in
 * millimetres that relief shading turns into bevels, recessed joints and woven bumps.
 */

export type Rgb = readonly [number, number, number];

export interface Surface {
  size: number;
  /** Interleaved r, g, b in [0, 1]. */
  colour: Float32Array;
  /** Height in millimetres per pixel. */
  height: Float32Array;
}

/** What a per-pixel sampler fills in; reused between pixels to avoid allocation. */
export interface SurfaceSample {
  r: number;
  g: number;
  b: number;
  height: number;
}

export function hex(value: string): Rgb {
  const n = Number.parseInt(value.replace('#', ''), 16);
  return [((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255];
}

export function clamp01(t: number): number {
  return t < 0 ? 0 : t > 1 ? 1 : t;
}

export function smoothstep(edge0: number, edge1: number, x: number): number {
  const t = clamp01((x - edge0) / (edge1 - edge0));
  return t * t * (3 - 2 * t);
}

export function fract(x: number): number {
  return x - Math.floor(x);
}

export function mix(a: number, b: number, t: number): number {
  return a + (b - a) * t;
}

export function mixRgb(a: Rgb, b: Rgb, t: number): Rgb {
  return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];
}

/** Scales a colour's brightness, keeping hue. */
export function scaleRgb(c: Rgb, k: number): Rgb {
  return [c[0] * k, c[1] * k, c[2] * k];
}

/** Samples a piecewise-linear palette at t in [0, 1]. */
export function ramp(stops: readonly Rgb[], t: number): Rgb {
  const last = stops.length - 1;
  const x = clamp01(t) * last;
  const i = Math.min(last - 1, Math.floor(x));
  const a = stops[i];
  const b = stops[i + 1];
  if (a === undefined || b === undefined) throw new Error('ramp() needs at least two stops');
  return mixRgb(a, b, x - i);
}

export function setSample(out: SurfaceSample, c: Rgb, height = 0): void {
  out.r = c[0];
  out.g = c[1];
  out.b = c[2];
  out.height = height;
}

/**
 * Evaluates `sample` at every pixel centre. u and v are tile coordinates in [0, 1); a sampler that
 * is periodic in u and v yields a seamless texture.
 */
export function paintSurface(
  size: number,
  sample: (u: number, v: number, out: SurfaceSample) => void,
): Surface {
  const colour = new Float32Array(size * size * 3);
  const height = new Float32Array(size * size);
  const out: SurfaceSample = { r: 0, g: 0, b: 0, height: 0 };
  for (let y = 0; y < size; y++) {
    const v = (y + 0.5) / size;
    for (let x = 0; x < size; x++) {
      const u = (x + 0.5) / size;
      out.r = 0;
      out.g = 0;
      out.b = 0;
      out.height = 0;
      sample(u, v, out);
      const i = y * size + x;
      colour[i * 3] = out.r;
      colour[i * 3 + 1] = out.g;
      colour[i * 3 + 2] = out.b;
      height[i] = out.height;
    }
  }
  return { size, colour, height };
}

export interface ReliefOptions {
  /** Real-world width of one tile, to turn the millimetre height field into slopes. */
  tileSizeCm: number;
  /** 0 = no relief, 1 = full Lambert shading relative to a flat surface. */
  strength: number;
}

/**
 * Lights the height field from the upper left, as the texture sheet and the room renderer's key
 * light expect, wrapping at the edges so the shading is as seamless as the field itself.
 */
export function applyRelief(surface: Surface, options: ReliefOptions): void {
  const { size, colour, height } = surface;
  const pixelMm = (options.tileSizeCm * 10) / size;
  const lx = -0.45;
  const ly = -0.55;
  const lz = 0.7;
  const norm = Math.hypot(lx, ly, lz);
  const shaded = new Float32Array(size * size);
  for (let y = 0; y < size; y++) {
    const up = ((y + size - 1) % size) * size;
    const down = ((y + 1) % size) * size;
    const row = y * size;
    for (let x = 0; x < size; x++) {
      const left = (x + size - 1) % size;
      const right = (x + 1) % size;
      const sx = ((height[row + right] ?? 0) - (height[row + left] ?? 0)) / (2 * pixelMm);
      const sy = ((height[down + x] ?? 0) - (height[up + x] ?? 0)) / (2 * pixelMm);
      const n = Math.hypot(sx, sy, 1);
      const lambert = (-sx * lx - sy * ly + lz) / (n * norm);
      shaded[row + x] = 1 + options.strength * (lambert / (lz / norm) - 1);
    }
  }
  for (let i = 0; i < size * size; i++) {
    const k = Math.max(0, shaded[i] ?? 1);
    colour[i * 3] = (colour[i * 3] ?? 0) * k;
    colour[i * 3 + 1] = (colour[i * 3 + 1] ?? 0) * k;
    colour[i * 3 + 2] = (colour[i * 3 + 2] ?? 0) * k;
  }
}

/** Quantises to opaque 8-bit RGBA. */
export function surfaceToRgba(surface: Surface): Uint8ClampedArray {
  const { size, colour } = surface;
  const rgba = new Uint8ClampedArray(size * size * 4);
  for (let i = 0; i < size * size; i++) {
    rgba[i * 4] = Math.round((colour[i * 3] ?? 0) * 255);
    rgba[i * 4 + 1] = Math.round((colour[i * 3 + 1] ?? 0) * 255);
    rgba[i * 4 + 2] = Math.round((colour[i * 3 + 2] ?? 0) * 255);
    rgba[i * 4 + 3] = 255;
  }
  return rgba;
}
