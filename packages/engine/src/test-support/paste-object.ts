/**
 * Test helper for removal: paste a furniture cut-out onto a room photo so the photo before the
 * paste is an exact ground truth for what removal should bring back.
 */
import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { dilateMask } from '../raster';
import type { Mask, Raster } from '../raster';
import { ASSETS_DIR } from './photos';

/** Where and how big to paste: centre as a fraction of the photo, height as a fraction of it. */
export interface Placement {
  /** Horizontal centre, 0–1 of the photo's width. */
  cx: number;
  /** Vertical centre, 0–1 of the photo's height. */
  cy: number;
  /** Object height, 0–1 of the photo's height (its width follows the cut-out's aspect). */
  height: number;
}

export interface PastedObject {
  /** The photo with the object composited on it. */
  image: Raster;
  /** Where the object covers the photo: its alpha > 0, grown by 2 px (as a user mask would be). */
  mask: Mask;
  /** Number of pixels in `mask`. */
  area: number;
}

/** The furniture cut-outs with alpha: the photo cut-outs and the Kenney isometric sprites. */
export const CUTOUTS = [
  'sofa-green-velvet-cutout.png',
  'chair-black-shell-wood-legs-cutout.png',
  'console-table-with-vase-cutout.png',
  'kenney-iso-armchair-relax.png',
  'kenney-iso-bookcase-open.png',
  'kenney-iso-tv-cabinet.png',
  'kenney-iso-potted-plant.png',
] as const;

/** A cut-out (RGBA, straight alpha) resized to `heightPx` rows, smoothly. */
async function loadCutout(name: string, heightPx: number): Promise<Raster> {
  const bytes = await readFile(`${ASSETS_DIR}furniture/${name}`);
  const { data, info } = await sharp(bytes)
    .ensureAlpha()
    .resize({ height: Math.max(1, Math.round(heightPx)), kernel: 'lanczos3' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return {
    width: info.width,
    height: info.height,
    data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength),
  };
}

/**
 * Composites the cut-out `name` over `photo` (alpha blending; the parts outside the photo are
 * clipped) and returns the composite and the exact hole: alpha > 0 dilated by 2 px.
 */
export async function pasteObject(
  photo: Raster,
  name: string,
  place: Placement,
): Promise<PastedObject> {
  const cut = await loadCutout(name, place.height * photo.height);
  const image: Raster = {
    width: photo.width,
    height: photo.height,
    data: new Uint8ClampedArray(photo.data),
  };
  const covered = new Uint8Array(photo.width * photo.height);
  const left = Math.round(place.cx * photo.width - cut.width / 2);
  const top = Math.round(place.cy * photo.height - cut.height / 2);
  for (let y = 0; y < cut.height; y++) {
    const py = top + y;
    if (py < 0 || py >= photo.height) continue;
    for (let x = 0; x < cut.width; x++) {
      const px = left + x;
      if (px < 0 || px >= photo.width) continue;
      const c = (y * cut.width + x) * 4;
      const alpha = cut.data[c + 3] ?? 0;
      if (alpha === 0) continue;
      const p = py * photo.width + px;
      covered[p] = 1;
      const a = alpha / 255;
      for (let ch = 0; ch < 3; ch++) {
        const under = image.data[p * 4 + ch] ?? 0;
        image.data[p * 4 + ch] = Math.round(a * (cut.data[c + ch] ?? 0) + (1 - a) * under);
      }
    }
  }
  const mask = dilateMask({ width: photo.width, height: photo.height, data: covered }, 2);
  let area = 0;
  for (const v of mask.data) area += v;
  return { image, mask, area };
}
