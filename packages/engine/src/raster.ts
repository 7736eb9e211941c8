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
  return boundsWhere(mask.width, mask.height, (i) => mask.data[i] !== 0);
}

/** The bounding box of the pixels (index y·width + x) where `inside` holds, or null for none. */
export function boundsWhere(
  width: number,
  height: number,
  inside: (i: number) => boolean,
): { x0: number; y0: number; x1: number; y1: number } | null {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -1;
  let y1 = -1;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (!inside(y * width + x)) continue;
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

/**
 * In-place separable box blur of an interleaved float image with `channels` values a pixel: the
 * mean over the (2r+1)² window, edges clamped (the border pixel repeats). Running sums, so the
 * cost does not grow with the radius.
 */
export function boxBlurChannels(
  data: Float32Array,
  w: number,
  h: number,
  channels: number,
  r: number,
): void {
  const line = new Float32Array(Math.max(w, h) * channels);
  const pass = (
    count: number,
    length: number,
    index: (line: number, k: number) => number,
  ): void => {
    for (let l = 0; l < count; l++) {
      for (let k = 0; k < length; k++) {
        const i = index(l, k) * channels;
        for (let c = 0; c < channels; c++) line[k * channels + c] = data[i + c] ?? 0;
      }
      for (let c = 0; c < channels; c++) {
        let sum = 0;
        for (let k = -r; k <= r; k++)
          sum += line[Math.min(length - 1, Math.max(0, k)) * channels + c] ?? 0;
        for (let k = 0; k < length; k++) {
          data[index(l, k) * channels + c] = sum / (2 * r + 1);
          const add = Math.min(length - 1, k + r + 1);
          const drop = Math.max(0, k - r);
          sum += (line[add * channels + c] ?? 0) - (line[drop * channels + c] ?? 0);
        }
      }
    }
  };
  pass(h, w, (y, x) => y * w + x);
  pass(w, h, (x, y) => y * w + x);
}

/**
 * Mean over the (2r+1)² window around each pixel, clipped at the borders (divided by the number
 * of pixels actually inside, as the guided filter needs; `boxBlurChannels` repeats the border
 * instead). Separable running sums; `out` may not alias `src`.
 */
export function boxMean(
  src: Float32Array,
  width: number,
  height: number,
  r: number,
  out: Float32Array = new Float32Array(width * height),
  scratch: Float32Array = new Float32Array(width * height),
): Float32Array {
  // Horizontal running sums into scratch (un-normalised), then vertical into out, normalised.
  // Each row's sum is split where the window's ends enter and leave the row, so the inner loops
  // carry no bounds tests; the arithmetic (and so the result) is the same as one plain loop.
  const enter = Math.min(width, Math.max(0, width - r));
  const leave = Math.min(width, r + 1);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    let sum = 0;
    for (let x = 0; x < Math.min(r, width); x++) sum += src[row + x] ?? 0;
    let x = 0;
    // Adding only, while the window's left end is before the row.
    for (; x < Math.min(leave, enter); x++) {
      sum += src[row + x + r] ?? 0;
      scratch[row + x] = sum;
    }
    // Adding and dropping.
    for (; x < enter; x++) {
      sum += src[row + x + r] ?? 0;
      sum -= src[row + x - r - 1] ?? 0;
      scratch[row + x] = sum;
    }
    // Past the row's end: dropping only (or neither, for a window wider than the row).
    for (; x < width; x++) {
      if (x >= leave) sum -= src[row + x - r - 1] ?? 0;
      scratch[row + x] = sum;
    }
  }
  const colCount = new Float32Array(width);
  for (let x = 0; x < width; x++) colCount[x] = Math.min(width - 1, x + r) - Math.max(0, x - r) + 1;
  const acc = new Float64Array(width);
  for (let y = 0; y < Math.min(r, height); y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) acc[x] = (acc[x] ?? 0) + (scratch[row + x] ?? 0);
  }
  for (let y = 0; y < height; y++) {
    const addRow = y + r < height ? (y + r) * width : -1;
    const dropRow = y - r - 1 >= 0 ? (y - r - 1) * width : -1;
    const rows = Math.min(height - 1, y + r) - Math.max(0, y - r) + 1;
    const o = y * width;
    // One pass per row: add the entering row, drop the leaving one, write the mean.
    if (addRow >= 0 && dropRow >= 0) {
      for (let x = 0; x < width; x++) {
        let a = (acc[x] ?? 0) + (scratch[addRow + x] ?? 0);
        a -= scratch[dropRow + x] ?? 0;
        acc[x] = a;
        out[o + x] = a / (rows * (colCount[x] ?? 1));
      }
    } else if (addRow >= 0) {
      for (let x = 0; x < width; x++) {
        const a = (acc[x] ?? 0) + (scratch[addRow + x] ?? 0);
        acc[x] = a;
        out[o + x] = a / (rows * (colCount[x] ?? 1));
      }
    } else if (dropRow >= 0) {
      for (let x = 0; x < width; x++) {
        const a = (acc[x] ?? 0) - (scratch[dropRow + x] ?? 0);
        acc[x] = a;
        out[o + x] = a / (rows * (colCount[x] ?? 1));
      }
    } else {
      for (let x = 0; x < width; x++) out[o + x] = (acc[x] ?? 0) / (rows * (colCount[x] ?? 1));
    }
  }
  return out;
}

/** Rec. 601 luma (0–255) of pixel `i` of an RGBA raster's bytes. */
export function lumaAt(data: ArrayLike<number>, i: number): number {
  return (
    0.299 * (data[i * 4] ?? 0) + 0.587 * (data[i * 4 + 1] ?? 0) + 0.114 * (data[i * 4 + 2] ?? 0)
  );
}

/**
 * The 3×3 Sobel gradient's magnitude of `value` at the interior pixel `q` of a `width`-wide image
 * (the kernels' plain sums, not normalised).
 */
export function sobelMagnitudeAt(value: (i: number) => number, q: number, width: number): number {
  const gx =
    value(q - width + 1) +
    2 * value(q + 1) +
    value(q + width + 1) -
    value(q - width - 1) -
    2 * value(q - 1) -
    value(q + width - 1);
  const gy =
    value(q + width - 1) +
    2 * value(q + width) +
    value(q + width + 1) -
    value(q - width - 1) -
    2 * value(q - width) -
    value(q - width + 1);
  return Math.hypot(gx, gy);
}

/** The [1 2 1]/4 binomial blur in both directions (a 3×3 binomial), edges clamped. */
export function blurBinomial3(src: ArrayLike<number>, w: number, h: number): Float32Array {
  const tmp = new Float32Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      const l = src[x > 0 ? i - 1 : i] ?? 0;
      const r = src[x < w - 1 ? i + 1 : i] ?? 0;
      tmp[i] = 0.25 * l + 0.5 * (src[i] ?? 0) + 0.25 * r;
    }
  }
  const out = new Float32Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      const u = tmp[y > 0 ? i - w : i] ?? 0;
      const dn = tmp[y < h - 1 ? i + w : i] ?? 0;
      out[i] = 0.25 * u + 0.5 * (tmp[i] ?? 0) + 0.25 * dn;
    }
  }
  return out;
}
