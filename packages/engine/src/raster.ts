/** Decoded images and masks as the engine's operations work on them. */
import sharp from 'sharp';
import { EngineError } from './types';

export const MASK_SELECTS_NOTHING = 'The mask selects nothing';
export const MASK_UNREADABLE = 'The mask could not be read';

/** The engine decodes at most this many pixels; larger inputs are refused from their header. */
export const MAX_DECODE_PIXELS = 40_000_000;

export type RasterFormat = 'jpeg' | 'png' | 'webp' | 'avif';

const startsWith = (bytes: Buffer, at: number, text: string) =>
  bytes.length >= at + text.length && bytes.toString('latin1', at, at + text.length) === text;

/**
 * The raster format of some bytes by their magic numbers, or undefined. Only these reach sharp:
 * a vector format (SVG) would be rendered by librsvg for as long as it likes, and formats the
 * app never offers (TIFF, GIF, PDF, HEIC) only widen what a hostile file can reach.
 */
export function rasterFormatOf(bytes: Buffer): RasterFormat | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
    return 'jpeg';
  if (startsWith(bytes, 0, '\x89PNG\r\n\x1a\n')) return 'png';
  if (startsWith(bytes, 0, 'RIFF') && startsWith(bytes, 8, 'WEBP')) return 'webp';
  if (startsWith(bytes, 4, 'ftyp')) {
    // An ISO-BMFF file type box: the major brand, then the compatible brands.
    const boxSize = Math.min(bytes.readUInt32BE(0), bytes.length, 64);
    for (let at = 8; at + 4 <= boxSize; at += 4) {
      if (at === 12) continue; // minor version
      const brand = bytes.toString('latin1', at, at + 4);
      if (brand === 'avif' || brand === 'avis') return 'avif';
    }
  }
  return undefined;
}

/** A sharp pipeline over raster bytes only, with the pixel limit applied before decoding. */
export function openRaster(bytes: Buffer): sharp.Sharp {
  if (!rasterFormatOf(bytes)) throw new EngineError('invalid_input', 'The image could not be read');
  return sharp(bytes, { limitInputPixels: MAX_DECODE_PIXELS });
}

/** Straight-alpha RGBA, 8 bits a channel, row-major. */
export interface Raster {
  width: number;
  height: number;
  data: Uint8ClampedArray;
}

/** One byte a pixel: 1 selected, 0 not. */
export interface Mask {
  width: number;
  height: number;
  data: Uint8Array;
}

export function createRaster(width: number, height: number): Raster {
  return { width, height, data: new Uint8ClampedArray(width * height * 4) };
}

export function cloneRaster(raster: Raster): Raster {
  return { width: raster.width, height: raster.height, data: new Uint8ClampedArray(raster.data) };
}

/** Decodes JPEG/PNG/WebP bytes to RGBA (already upright: stored images are normalised). */
export async function decodeImage(bytes: Buffer): Promise<Raster> {
  try {
    const { data, info } = await openRaster(bytes)
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    return {
      width: info.width,
      height: info.height,
      data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength),
    };
  } catch {
    throw new EngineError('invalid_input', 'The image could not be read');
  }
}

/** PNG without alpha (the photo is opaque); a fast zlib level, as outputs are written once. */
export async function encodePng(raster: Raster): Promise<Buffer> {
  return sharp(Buffer.from(raster.data.buffer, raster.data.byteOffset, raster.data.byteLength), {
    raw: { width: raster.width, height: raster.height, channels: 4 },
  })
    .removeAlpha()
    .png({ compressionLevel: 3, adaptiveFiltering: false })
    .toBuffer();
}

/**
 * Reads a mask PNG: a pixel is selected where its alpha is above 127, or, for an image with no
 * alpha channel (or an alpha channel that is opaque everywhere), where its luminance is above 127.
 * It must be the state image's natural size.
 */
export async function decodeMask(bytes: Buffer, width: number, height: number): Promise<Mask> {
  let decoded;
  try {
    const image = openRaster(bytes);
    const meta = await image.metadata();
    decoded = { meta, raw: await image.ensureAlpha().raw().toBuffer({ resolveWithObject: true }) };
  } catch {
    throw new EngineError('invalid_input', MASK_UNREADABLE);
  }
  const { meta, raw } = decoded;
  if (raw.info.width !== width || raw.info.height !== height) {
    throw new EngineError(
      'invalid_input',
      `The mask must be ${width}×${height} pixels, the size of the image`,
    );
  }
  const px = raw.data;
  const pixels = width * height;
  // An alpha channel that is opaque everywhere says nothing (a black-and-white mask saved as
  // RGBA): read such a mask by its luminance, as one without alpha.
  let alphaSpeaks = false;
  if (meta.hasAlpha) {
    for (let p = 3; p < px.length; p += 4) {
      if ((px[p] ?? 0) <= 127) {
        alphaSpeaks = true;
        break;
      }
    }
  }
  const data = new Uint8Array(pixels);
  let selected = 0;
  for (let i = 0, p = 0; i < pixels; i++, p += 4) {
    const on = alphaSpeaks
      ? (px[p + 3] ?? 0) > 127
      : 0.2126 * (px[p] ?? 0) + 0.7152 * (px[p + 1] ?? 0) + 0.0722 * (px[p + 2] ?? 0) > 127;
    if (on) {
      data[i] = 1;
      selected++;
    }
  }
  if (selected === 0) throw new EngineError('invalid_input', MASK_SELECTS_NOTHING);
  return { width, height, data };
}

/** A mask as a PNG: white where selected, black elsewhere, no alpha. */
export async function encodeMask(mask: Mask): Promise<Buffer> {
  const grey = Buffer.alloc(mask.width * mask.height);
  for (let i = 0; i < grey.length; i++) grey[i] = mask.data[i] ? 255 : 0;
  return sharp(grey, { raw: { width: mask.width, height: mask.height, channels: 1 } })
    .png()
    .toBuffer();
}

/** Grows a mask by `radius` pixels (square-then-round: exact Euclidean disc). */
export function dilateMask(mask: Mask, radius: number): Mask {
  if (radius <= 0) return { ...mask, data: new Uint8Array(mask.data) };
  const { width, height } = mask;
  const out = new Uint8Array(width * height);
  const r2 = radius * radius;
  const offsets: [number, number][] = [];
  for (let dy = -radius; dy <= radius; dy++) {
    for (let dx = -radius; dx <= radius; dx++) if (dx * dx + dy * dy <= r2) offsets.push([dx, dy]);
  }
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (!mask.data[y * width + x]) continue;
      // Only boundary pixels spread; interior ones are covered by their neighbours.
      const interior =
        x > 0 &&
        y > 0 &&
        x < width - 1 &&
        y < height - 1 &&
        mask.data[y * width + x - 1] &&
        mask.data[y * width + x + 1] &&
        mask.data[(y - 1) * width + x] &&
        mask.data[(y + 1) * width + x];
      if (interior) {
        out[y * width + x] = 1;
        continue;
      }
      for (const [dx, dy] of offsets) {
        const nx = x + dx;
        const ny = y + dy;
        if (nx >= 0 && ny >= 0 && nx < width && ny < height) out[ny * width + nx] = 1;
      }
    }
  }
  return { width, height, data: out };
}

/**
 * A soft version of a mask for blending: 1 inside, falling to 0 at `feather` pixels outside the
 * mask (never beyond), so a feathered edit stays within the mask dilated by `feather`.
 */
export function featherMask(mask: Mask, feather: number): Float32Array {
  const { width, height } = mask;
  const weight = new Float32Array(width * height);
  for (let i = 0; i < weight.length; i++) weight[i] = mask.data[i] ? 1 : 0;
  if (feather <= 0) return weight;
  // Distance (in rings) from the mask, up to `feather`, by repeated dilation.
  let ring = mask;
  for (let step = 1; step <= feather; step++) {
    const next = dilateMask(ring, 1);
    const w = 1 - step / (feather + 1);
    for (let i = 0; i < weight.length; i++) {
      if (next.data[i] && !ring.data[i]) weight[i] = w;
    }
    ring = next;
  }
  return weight;
}

/** Bounding box of the selected pixels, or null for an empty mask. */
export function maskBounds(mask: Mask): { x0: number; y0: number; x1: number; y1: number } | null {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -1;
  let y1 = -1;
  for (let y = 0; y < mask.height; y++) {
    for (let x = 0; x < mask.width; x++) {
      if (!mask.data[y * mask.width + x]) continue;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
    }
  }
  return x1 < 0 ? null : { x0, y0, x1, y1 };
}

/** The catalogue's deterministic PRNG (mulberry32), for variants. */
export { seededRandom } from '@roomcraft/catalog';
