/**
 * The photo's light carried onto a placed product: the exposure and white balance of the region's
 * surroundings, as per-channel gains in linear light.
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
