/**
 * The photo's light carried onto a placed product: the exposure and white balance of the region's
 * surroundings, as per-channel gains in linear light, and how the light falls across it (a swap
 * reads that off the piece it replaces; docs/decisions/039).
 */
import { SRGB_TO_LINEAR } from '../../colour';
import type { Mask, Raster } from '../../raster';
import type { Box } from './pose';

/** Per-channel gains (linear light) that carry the photo's exposure and white balance. */
export interface Grade {
  r: number;
  g: number;
  b: number;
  /** The surroundings' tone: their black point (2nd percentile luminance, linear) and saturation. */
  tone?: Tone;
}

/** How deep a photo's shadows go and how colourful its surroundings are. */
export interface Tone {
  /** Linear luminance of the 2nd percentile: haze, flare and JPEG lift the photo's blacks. */
  black: number;
  /** Mean saturation ((max − min) / max of the sRGB bytes) of the brighter three quarters. */
  saturation: number;
}

/** Saturation of an sRGB pixel as (max − min) / max, 0 for black. */
export function saturationOf(r: number, g: number, b: number): number {
  const max = Math.max(r, g, b);
  return max > 0 ? (max - Math.min(r, g, b)) / max : 0;
}

/**
 * Matches the product to the photo's light: the renderer lights it as a studio would (a mid-grey
 * surround), so it is scaled towards the surroundings' brightness (the ratio to the power 0.45,
 * clamped to 0.45–1.25) and tinted towards their colour (±10%).
 */
export function lightingGrade(image: Raster, region: Mask, box: Box, window: Box): Grade {
  let r = 0;
  let g = 0;
  let b = 0;
  let n = 0;
  const lums: number[] = [];
  const sats: number[] = [];
  const step = Math.max(
    1,
    Math.round(Math.sqrt(((window.x1 - window.x0) * (window.y1 - window.y0)) / 20000)),
  );
  for (let y = window.y0; y <= window.y1; y += step) {
    for (let x = window.x0; x <= window.x1; x += step) {
      const inBox = x >= box.x0 && x <= box.x1 && y >= box.y0 && y <= box.y1;
      if (inBox && region.data[y * region.width + x]) continue;
      const p = (y * image.width + x) * 4;
      const pr = SRGB_TO_LINEAR[image.data[p] ?? 0] ?? 0;
      const pg = SRGB_TO_LINEAR[image.data[p + 1] ?? 0] ?? 0;
      const pb = SRGB_TO_LINEAR[image.data[p + 2] ?? 0] ?? 0;
      r += pr;
      g += pg;
      b += pb;
      n++;
      lums.push(0.2126 * pr + 0.7152 * pg + 0.0722 * pb);
      sats.push(saturationOf(image.data[p] ?? 0, image.data[p + 1] ?? 0, image.data[p + 2] ?? 0));
    }
  }
  if (n === 0) return { r: 1, g: 1, b: 1 };
  r /= n;
  g /= n;
  b /= n;
  const lum = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  if (lum <= 1e-4) return { r: 0.8, g: 0.8, b: 0.8 };
  // A dim room darkens the product clearly (a studio-bright sofa in a dark bedroom is the first
  // thing an eye notices), a bright one lifts it a little.
  const exposure = Math.min(1.25, Math.max(0.45, (lum / 0.3) ** 0.45));
  // Mostly the surroundings' own colour (a wood floor is brown under any light), so a faint tint.
  const cast = (c: number): number => Math.min(1.1, Math.max(0.9, (c / lum) ** 0.25));
  return {
    r: exposure * cast(r),
    g: exposure * cast(g),
    b: exposure * cast(b),
    tone: toneOf(lums, sats),
  };
}

/** The tone of sampled pixels: black point and the saturation of the brighter three quarters. */
export function toneOf(lums: number[], sats: number[]): Tone {
  const order = lums.map((_, i) => i).sort((a, b) => (lums[a] ?? 0) - (lums[b] ?? 0));
  const black = lums[order[Math.floor(0.02 * order.length)] ?? 0] ?? 0;
  let sum = 0;
  let n = 0;
  for (let k = Math.floor(0.25 * order.length); k < order.length; k++) {
    sum += sats[order[k] ?? 0] ?? 0;
    n++;
  }
  return { black, saturation: n > 0 ? sum / n : 0 };
}

/** The most the room's light may change across a product, as a log slope per half its width. */
export const MAX_LIGHT_SLOPE = 0.3;

/**
 * ln(right third / left third) of the median of `lums` split by `xs` over the span x0–x1: how
 * much brighter a thing's right is than its left (0 with too few samples on either side).
 */
export function thirdsLogRatio(lums: number[], xs: number[], x0: number, x1: number): number {
  const span = x1 - x0 + 1;
  const left: number[] = [];
  const right: number[] = [];
  for (let k = 0; k < lums.length; k++) {
    const x = xs[k] ?? 0;
    if (x < x0 + span / 3) left.push(lums[k] ?? 0);
    else if (x >= x0 + (2 * span) / 3) right.push(lums[k] ?? 0);
  }
  if (left.length < 20 || right.length < 20) return 0;
  const median = (values: number[]): number =>
    values.sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
  return Math.log(Math.max(1e-4, median(right)) / Math.max(1e-4, median(left)));
}

/** Linear luminance of an sRGB byte triple. */
function linearLum(data: Uint8Array | Uint8ClampedArray, p: number): number {
  return (
    0.2126 * (SRGB_TO_LINEAR[data[p] ?? 0] ?? 0) +
    0.7152 * (SRGB_TO_LINEAR[data[p + 1] ?? 0] ?? 0) +
    0.0722 * (SRGB_TO_LINEAR[data[p + 2] ?? 0] ?? 0)
  );
}

/**
 * The room's light across a swapped product, read off the piece it replaces: the old piece stood
 * in that light, posed as the new one is (decision 035), so its left-to-right fall of brightness
 * (`thirdsLogRatio` of the photo over `oldPiece`) is what the new one's should be. The slope is
 * the gap between that and the rendered product's own (its window's `rgba` over full coverage),
 * per half the product's width (thirds' centres are ±2/3 of it, hence 3/4), damped to 0.6 (a
 * throw or a cushion on the old piece is albedo, not light) and clamped to ±{@link MAX_LIGHT_SLOPE}.
 * The walls and floor round a piece were tried as the probe and disagreed with the old piece's
 * own light on half the photos (docs/decisions/039).
 */
export function swapLightSlope(
  image: Raster,
  oldPiece: Mask,
  box: Box,
  window: Box,
  rgba: Uint8Array,
  alpha: Float32Array,
): number {
  const step = Math.max(
    1,
    Math.round(Math.sqrt(((box.x1 - box.x0 + 1) * (box.y1 - box.y0 + 1)) / 20000)),
  );
  const oldLums: number[] = [];
  const oldXs: number[] = [];
  let ox0 = box.x1;
  let ox1 = box.x0;
  for (let y = box.y0; y <= box.y1; y += step) {
    for (let x = box.x0; x <= box.x1; x += step) {
      if (!oldPiece.data[y * oldPiece.width + x]) continue;
      oldLums.push(linearLum(image.data, (y * image.width + x) * 4));
      oldXs.push(x);
      ox0 = Math.min(ox0, x);
      ox1 = Math.max(ox1, x);
    }
  }
  const ww = window.x1 - window.x0 + 1;
  const newLums: number[] = [];
  const newXs: number[] = [];
  let nx0 = ww;
  let nx1 = -1;
  for (let i = 0; i < alpha.length; i += step) {
    if ((alpha[i] ?? 0) < 0.95) continue;
    const x = i % ww;
    newLums.push(linearLum(rgba, i * 4));
    newXs.push(x);
    nx0 = Math.min(nx0, x);
    nx1 = Math.max(nx1, x);
  }
  if (ox1 <= ox0 || nx1 <= nx0) return 0;
  const gap = thirdsLogRatio(oldLums, oldXs, ox0, ox1) - thirdsLogRatio(newLums, newXs, nx0, nx1);
  return Math.min(MAX_LIGHT_SLOPE, Math.max(-MAX_LIGHT_SLOPE, 0.75 * 0.6 * gap));
}

/**
 * The room's light over a product drawn in a window (a gain a window pixel, linear light): across
 * its width `exp(slope · t)` with t from −1 at its left to 1 at its right, normalised so its mean
 * over the width is 1 (the exposure stays the grade's); for a grounded product also a darkening
 * of up to `baseShade` towards its lowest rows (the floor's bounce is weaker than the light from
 * above, and a real sofa's base is in its seat's shade). Null when the product covers nothing.
 */
export function roomShading(
  alpha: Float32Array,
  ww: number,
  wh: number,
  slope: number,
  baseShade: number,
): Float32Array | null {
  let x0 = ww;
  let x1 = -1;
  let y0 = wh;
  let y1 = -1;
  for (let y = 0; y < wh; y++) {
    for (let x = 0; x < ww; x++) {
      if ((alpha[y * ww + x] ?? 0) < 0.5) continue;
      x0 = Math.min(x0, x);
      x1 = Math.max(x1, x);
      y0 = Math.min(y0, y);
      y1 = Math.max(y1, y);
    }
  }
  if (x1 < x0) return null;
  const half = Math.max(1, (x1 - x0 + 1) / 2);
  const cx = (x0 + x1 + 1) / 2;
  const mean = Math.abs(slope) < 1e-6 ? 1 : Math.sinh(slope) / slope;
  const across = new Float32Array(ww);
  for (let x = 0; x < ww; x++) {
    const t = Math.min(1, Math.max(-1, (x + 0.5 - cx) / half));
    across[x] = Math.exp(slope * t) / mean;
  }
  const height = y1 - y0 + 1;
  const baseStart = y1 + 1 - 0.3 * height;
  const out = new Float32Array(ww * wh);
  for (let y = 0; y < wh; y++) {
    const d = Math.min(1, Math.max(0, (y + 0.5 - baseStart) / (0.3 * height)));
    const down = 1 - baseShade * d * d * (3 - 2 * d);
    for (let x = 0; x < ww; x++) out[y * ww + x] = (across[x] ?? 1) * down;
  }
  return out;
}
