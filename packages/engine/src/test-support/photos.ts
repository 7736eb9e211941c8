/**
 * Test helpers: load the shared room photos, textures and furniture shots that live beside the
 * repository (`<repo>/../shared`, as in CI), never copied into it.
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import {
  deltaE2000,
  lightnessChannel,
  median,
  parseHex,
  rgbToLab,
  ssim,
  type Lab,
} from '../colour';
import type { Mask, Raster } from '../raster';

/** `<repo>/../shared`: this file is `<repo>/packages/engine/src/test-support/photos.ts`. */
export const SHARED_DIR = fileURLToPath(new URL('../../../../../shared/', import.meta.url));

/** The shared assets folder (rooms, textures, furniture). */
export const ASSETS_DIR = `${SHARED_DIR}assets/`;

/** A room photo's bytes by file name, e.g. `living-room-1.jpg`. */
export async function roomPhoto(name: string): Promise<Buffer> {
  return readFile(`${ASSETS_DIR}rooms/${name}`);
}

/** A texture's bytes by file name, e.g. `wood-floor-oak-planks.jpg`. */
export async function texturePhoto(name: string): Promise<Buffer> {
  return readFile(`${ASSETS_DIR}textures/${name}`);
}

/** Decodes bytes to RGBA, shrunk (never enlarged) so the longer side is at most `maxSide`. */
export async function bytesToRaster(bytes: Buffer, maxSide?: number): Promise<Raster> {
  let pipeline = sharp(bytes).rotate();
  if (maxSide !== undefined) {
    pipeline = pipeline.resize(maxSide, maxSide, { fit: 'inside', withoutEnlargement: true });
  }
  const { data, info } = await pipeline.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return {
    width: info.width,
    height: info.height,
    data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength),
  };
}

/** A room photo decoded to RGBA, optionally resized so its longer side is at most `maxSide`. */
export async function roomRaster(name: string, maxSide?: number): Promise<Raster> {
  return bytesToRaster(await roomPhoto(name), maxSide);
}

/** A texture decoded to RGBA, optionally resized so its longer side is at most `maxSide`. */
export async function textureRaster(name: string, maxSide?: number): Promise<Raster> {
  return bytesToRaster(await texturePhoto(name), maxSide);
}

/** A raster as PNG bytes (alpha dropped), e.g. to write a test output to /tmp and look at it. */
export async function rasterToPng(raster: Raster): Promise<Buffer> {
  return sharp(Buffer.from(raster.data.buffer, raster.data.byteOffset, raster.data.byteLength), {
    raw: { width: raster.width, height: raster.height, channels: 4 },
  })
    .removeAlpha()
    .png({ compressionLevel: 3 })
    .toBuffer();
}

/**
 * A mask PNG as a client sends one, at `width`×`height`: white inside the SVG shapes given (e.g.
 * `<rect …/>`, `<polygon …/>` filled white), black elsewhere, no alpha. Shared by the engine's
 * tests, the benchmarks, the contact sheet and the API end-to-end tests.
 */
export async function maskPng(width: number, height: number, shapes: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${shapes}</svg>`;
  return sharp({ create: { width, height, channels: 3, background: '#000' } })
    .composite([{ input: Buffer.from(svg) }])
    .removeAlpha()
    .png()
    .toBuffer();
}

/** A white rectangle given in fractions [x0, y0, x1, y1] of a width×height image, as SVG. */
export function fractionRectShape(
  [x0, y0, x1, y1]: readonly [number, number, number, number],
  width: number,
  height: number,
): string {
  return `<rect x="${x0 * width}" y="${y0 * height}" width="${(x1 - x0) * width}" height="${(y1 - y0) * height}" fill="white"/>`;
}

/** A rectangle in fractions of the image's width and height (0–1). */
export interface FractionRect {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/**
 * A stand-in for a user's brushed mask in tests: the pixels inside `rect` whose CIELAB colour is
 * near the rectangle's median (chroma within `tolerance`, lightness within 3× as much, since a
 * wall's lightness varies with the light far more than its colour does) — the surface under the
 * brush, without the pictures or furniture that overlap the rectangle.
 */
export function surfaceMaskInRect(raster: Raster, rect: FractionRect, tolerance = 8): Mask {
  const { width, height, data } = raster;
  const x0 = Math.round(rect.x0 * width);
  const x1 = Math.round(rect.x1 * width);
  const y0 = Math.round(rect.y0 * height);
  const y1 = Math.round(rect.y1 * height);
  const labAt = (x: number, y: number): Lab => {
    const p = (y * width + x) * 4;
    return rgbToLab([data[p] ?? 0, data[p + 1] ?? 0, data[p + 2] ?? 0]);
  };
  const channels: number[][] = [[], [], []];
  for (let y = y0; y < y1; y += 3) {
    for (let x = x0; x < x1; x += 3) {
      const lab = labAt(x, y);
      for (let c = 0; c < 3; c++) channels[c]?.push(lab[c] ?? 0);
    }
  }
  const [mL, mA, mB] = channels.map((values) => {
    values.sort((a, b) => a - b);
    return values[values.length >> 1] ?? 0;
  });
  const mask = new Uint8Array(width * height);
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const [l, a, b] = labAt(x, y);
      const d = Math.hypot((l - (mL ?? 0)) / 3, a - (mA ?? 0), b - (mB ?? 0));
      if (d <= tolerance) mask[y * width + x] = 1;
    }
  }
  return { width, height, data: mask };
}

/** A mask selecting the whole rectangle (fractions of the image size). */
export function rectMask(width: number, height: number, rect: FractionRect): Mask {
  const mask = new Uint8Array(width * height);
  for (let y = Math.round(rect.y0 * height); y < Math.round(rect.y1 * height); y++) {
    mask.fill(1, y * width + Math.round(rect.x0 * width), y * width + Math.round(rect.x1 * width));
  }
  return { width, height, data: mask };
}

/* ------------------------------------------------------------------------------------------ */
/* Measurements the colour ops' tests share                                                   */
/* ------------------------------------------------------------------------------------------ */

/** How many pixels differ (any RGBA byte) between two rasters where `where` is 0 (or everywhere). */
export function changedPixelsOutside(a: Raster, b: Raster, where?: Mask): number {
  let changed = 0;
  for (let i = 0; i < a.width * a.height; i++) {
    if (where?.data[i]) continue;
    const p = i * 4;
    if (
      a.data[p] !== b.data[p] ||
      a.data[p + 1] !== b.data[p + 1] ||
      a.data[p + 2] !== b.data[p + 2] ||
      a.data[p + 3] !== b.data[p + 3]
    ) {
      changed++;
    }
  }
  return changed;
}

/**
 * Median over the masked pixels of the hue/chroma-only CIEDE2000 distance to a target: each output
 * pixel is compared with the target colour *at the pixel's own L\**, so shading (which a recolour
 * must keep) does not count, only whether the surface has the target's hue and chroma.
 */
export function medianHueChromaDeltaE(raster: Raster, mask: Mask, targetHex: string): number {
  const target = rgbToLab(parseHex(targetHex));
  const values: number[] = [];
  for (let i = 0; i < mask.data.length; i += 3) {
    if (!mask.data[i]) continue;
    const p = i * 4;
    const lab = rgbToLab([raster.data[p] ?? 0, raster.data[p + 1] ?? 0, raster.data[p + 2] ?? 0]);
    values.push(deltaE2000(lab, [lab[0], target[1], target[2]]));
  }
  return median(values);
}

/** Median L* of the masked pixels. */
export function medianLightness(raster: Raster, mask: Mask): number {
  const l = lightnessChannel(raster);
  const values: number[] = [];
  for (let i = 0; i < mask.data.length; i += 3) if (mask.data[i]) values.push(l[i] ?? 0);
  return median(values);
}

/** Mean absolute RGB difference (levels) over the masked pixels. */
export function meanAbsDifference(a: Raster, b: Raster, mask?: Mask): number {
  let sum = 0;
  let n = 0;
  for (let i = 0; i < a.width * a.height; i++) {
    if (mask && !mask.data[i]) continue;
    const p = i * 4;
    for (let c = 0; c < 3; c++) sum += Math.abs((a.data[p + c] ?? 0) - (b.data[p + c] ?? 0));
    n += 3;
  }
  return n ? sum / n : 0;
}

/**
 * SSIM of shading between input and output inside the mask's bounding box, on the cube root of
 * luminance (L\* + 16) divided by its mean over the mask — "mean-normalised". A recolour multiplies
 * the surface's luminance by a constant (new albedo / old albedo); the cube root turns that into a
 * scale, and dividing by the mean removes it, so this index is 1 when shading, shadows and detail
 * survive exactly, whatever the new colour's lightness. Windows centred on masked pixels count.
 */
export function shadingSsim(input: Raster, output: Raster, mask: Mask): number {
  let x0 = input.width;
  let y0 = input.height;
  let x1 = -1;
  let y1 = -1;
  for (let y = 0; y < mask.height; y++) {
    for (let x = 0; x < mask.width; x++) {
      if (!mask.data[y * mask.width + x]) continue;
      x0 = Math.min(x0, x);
      y0 = Math.min(y0, y);
      x1 = Math.max(x1, x);
      y1 = Math.max(y1, y);
    }
  }
  const w = x1 - x0 + 1;
  const h = y1 - y0 + 1;
  const crop = (raster: Raster): Float32Array => {
    const l = lightnessChannel(raster);
    const out = new Float32Array(w * h);
    let sum = 0;
    let n = 0;
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const i = (y + y0) * raster.width + x + x0;
        const f = ((l[i] ?? 0) + 16) / 116;
        out[y * w + x] = f;
        if (mask.data[i]) {
          sum += f;
          n++;
        }
      }
    }
    const mean = n ? sum / n : 1;
    for (let i = 0; i < out.length; i++) out[i] = (out[i] ?? 0) / mean;
    return out;
  };
  const cropMask = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++)
      cropMask[y * w + x] = mask.data[(y + y0) * mask.width + x + x0] ?? 0;
  }
  return ssim(crop(input), crop(output), w, h, { dynamicRange: 1, mask: cropMask });
}
