/**
 * Soft edges for fills and paint on a surface from the room parse: the parse's matte (its
 * refined share of the surface per pixel, fractional only in a thin boundary band) drives the
 * blend, and in that band the old surface's colour is taken out before the new one goes in
 * (colour decontamination) — so a painted wall leaves no pale halo round a dark lamp and no
 * unpainted band where the lamp's edge pixels were half wall.
 *
 * A boundary pixel is observed as C = α·S + (1 − α)·F: surface colour S, foreground F. The
 * surface colour is estimated as the mean of the pure surface pixels (α = 1) nearby, and the
 * new pixel is α·S' + (1 − α)·F = C + α·(S' − S), where S' is S repainted: the change is
 * computed from S, never from the mixed colour C.
 */
import { boxMean, type Mask, type Raster } from '../raster';

/** A window of the image, inclusive bounds. */
export interface MatteWindow {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** Radius (px) over which the pure surface colour of a boundary pixel is averaged. */
const SURFACE_COLOUR_RADIUS = 5;

/**
 * Blend weights 0–1 over the window from a 0–255 matte, gently sharpened: a share above 3/4
 * counts as all surface, one below 1/4 as none (the refinement's shares spread a little past
 * the real edge), and the rest ramps linearly.
 */
export function matteWeights(
  matte: Uint8Array,
  imageWidth: number,
  win: MatteWindow,
): Float32Array {
  const width = win.x1 - win.x0 + 1;
  const height = win.y1 - win.y0 + 1;
  const out = new Float32Array(width * height);
  for (let y = 0; y < height; y++) {
    const row = (y + win.y0) * imageWidth + win.x0;
    for (let x = 0; x < width; x++) {
      const a = (matte[row + x] ?? 0) / 255;
      out[y * width + x] = a >= 0.75 ? 1 : a <= 0.25 ? 0 : (a - 0.25) * 2;
    }
  }
  return out;
}

/** The hard mask of a matte: its pixels that are mostly surface. */
export function matteMask(matte: Uint8Array, width: number, height: number): Mask {
  const data = new Uint8Array(width * height);
  for (let i = 0; i < data.length; i++) data[i] = (matte[i] ?? 0) >= 128 ? 1 : 0;
  return { width, height, data };
}

/**
 * Per window pixel, the colour the recolour should start from (RGB floats, 0–255): the photo's
 * own colour where the pixel is all surface or none, the mean of the nearby pure surface pixels
 * where it is mixed (weight strictly between 0 and 1).
 */
export function surfaceColours(
  image: Raster,
  weights: Float32Array,
  win: MatteWindow,
): Float32Array {
  const width = win.x1 - win.x0 + 1;
  const height = win.y1 - win.y0 + 1;
  const n = width * height;
  const src = image.data;
  const pure = new Float32Array(n);
  const planes = [new Float32Array(n), new Float32Array(n), new Float32Array(n)];
  for (let y = 0; y < height; y++) {
    const row = (y + win.y0) * image.width + win.x0;
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      if ((weights[i] ?? 0) < 1) continue;
      const p = (row + x) * 4;
      pure[i] = 1;
      for (let c = 0; c < 3; c++) (planes[c] as Float32Array)[i] = src[p + c] ?? 0;
    }
  }
  const scratch = new Float32Array(n);
  const share = boxMean(pure, width, height, SURFACE_COLOUR_RADIUS, undefined, scratch);
  const means = planes.map((plane) =>
    boxMean(plane, width, height, SURFACE_COLOUR_RADIUS, undefined, scratch),
  );
  const out = new Float32Array(n * 3);
  for (let y = 0; y < height; y++) {
    const row = (y + win.y0) * image.width + win.x0;
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const w = weights[i] ?? 0;
      const s = share[i] ?? 0;
      const p = (row + x) * 4;
      for (let c = 0; c < 3; c++) {
        out[i * 3 + c] =
          w > 0 && w < 1 && s > 0.02 ? ((means[c] as Float32Array)[i] ?? 0) / s : (src[p + c] ?? 0);
      }
    }
  }
  return out;
}
