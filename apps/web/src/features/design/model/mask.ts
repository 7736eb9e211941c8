/**
 * The mask of the tweak step (spec §2 mask tools, §7 "The mask image is produced from the brush
 * overlay at the natural size of the work image"). Pure functions: the renderer paints with a 2D
 * canvas at the natural size, these convert pointer positions and sizes into that space and turn
 * the painted pixels into the mask the server reads (white and opaque where painted).
 */

export interface Size {
  width: number;
  height: number;
}

export interface Point {
  x: number;
  y: number;
}

/** The displayed box of the image on screen (getBoundingClientRect's fields). */
export interface DisplayBox extends Point, Size {}

/** Spec §9: the brush's base unit is 10 times its size. */
export const BRUSH_UNIT = 10;
export const BRUSH_MIN = 1;
export const BRUSH_MAX = 10;

/** natural pixels per displayed pixel (the image keeps its aspect ratio, so one factor). */
export function displayScale(display: Size, natural: Size): number {
  return display.width > 0 ? natural.width / display.width : 1;
}

/** A pointer position (client coordinates) as a point of the natural-size image, clamped to it. */
export function toNatural(client: Point, box: DisplayBox, natural: Size): Point {
  const sx = box.width > 0 ? natural.width / box.width : 1;
  const sy = box.height > 0 ? natural.height / box.height : 1;
  return {
    x: Math.min(Math.max((client.x - box.x) * sx, 0), natural.width),
    y: Math.min(Math.max((client.y - box.y) * sy, 0), natural.height),
  };
}

/**
 * The stroke width in natural pixels: the brush is sized as the person sees it (10 × size CSS
 * pixels across), whatever the photo's resolution.
 */
export function brushWidth(size: number, display: Size, natural: Size): number {
  const clamped = Math.min(Math.max(Math.round(size), BRUSH_MIN), BRUSH_MAX);
  return clamped * BRUSH_UNIT * displayScale(display, natural);
}

/** Whether any pixel of an RGBA buffer is painted (alpha above half, as the server reads it). */
export function isPainted(rgba: Uint8ClampedArray): boolean {
  for (let index = 3; index < rgba.length; index += 4) {
    if ((rgba[index] ?? 0) > 127) return true;
  }
  return false;
}

/**
 * The server's mask from the overlay's RGBA pixels, at the same size: white and opaque where the
 * overlay's alpha is above half, transparent elsewhere (hard edges, as drawn). The browser encodes
 * it as a PNG (`canvas.toBlob`).
 */
export function maskPixels(rgba: Uint8ClampedArray, size: Size): Uint8ClampedArray {
  const { width, height } = size;
  if (rgba.length !== width * height * 4) throw new Error('the pixels do not match the size');
  const mask = new Uint8ClampedArray(rgba.length);
  for (let index = 3; index < rgba.length; index += 4) {
    if ((rgba[index] ?? 0) > 127) mask.fill(255, index - 3, index + 1);
  }
  return mask;
}
