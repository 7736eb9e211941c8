import { rasterFormatOf, type RasterFormat } from '@roomcraft/engine';
import { availableParallelism } from 'node:os';
import sharp from 'sharp';

// Each upload is decoded once: libvips' operation cache would only hold memory.
sharp.cache(false);

export const MAX_LONG_SIDE = 2560;
/** Larger inputs are refused from their header alone, before any pixel is decoded. */
export const MAX_INPUT_PIXELS = 100_000_000;

export type MediaProblem = 'empty' | 'not_an_image' | 'too_many_pixels';

export class MediaError extends Error {
  constructor(readonly problem: MediaProblem) {
    super(problem);
  }
}

export interface NormalisedImage {
  data: Buffer;
  ext: 'jpg' | 'png' | 'webp';
  contentType: string;
  width: number;
  height: number;
}

/**
 * Judges an upload by its bytes, never its name or declared type, and re-encodes it: turned
 * upright from EXIF, all metadata (GPS included) dropped, long side capped with aspect kept.
 */
export function normaliseImage(input: Buffer): Promise<NormalisedImage> {
  return decodeSlots.run(() => normalise(input));
}

/**
 * A 12 MP photo decodes to ~36 MB. More decodes at once than cores only adds memory, not speed,
 * so further uploads wait their turn.
 */
const decodeSlots = createSlots(availableParallelism());

function createSlots(size: number) {
  let busy = 0;
  const waiting: (() => void)[] = [];
  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (busy >= size) await new Promise<void>((resolve) => waiting.push(resolve));
      else busy += 1;
      try {
        return await task();
      } finally {
        const next = waiting.shift();
        if (next) next();
        else busy -= 1;
      }
    },
  };
}

/** sharp's name for what the magic bytes said; AVIF is HEIF with AV1 inside. */
const sharpFormatMatches = (format: RasterFormat, metadata: sharp.Metadata) =>
  format === 'avif'
    ? metadata.format === 'heif' && metadata.compression === 'av1'
    : metadata.format === format;

/**
 * The one content check for every uploaded image: JPEG, PNG, WebP or AVIF by its magic bytes
 * (nothing else, SVG above all, ever reaches sharp), the header agreeing, and the pixel count
 * read from the header before anything is decoded.
 */
export async function inspectImage(input: Buffer): Promise<sharp.Metadata> {
  if (input.length === 0) throw new MediaError('empty');
  const format = rasterFormatOf(input);
  if (!format) throw new MediaError('not_an_image');
  let metadata: sharp.Metadata;
  try {
    // Reads the header only; the pixel limit is compared below to tell a bomb from junk.
    metadata = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new MediaError('not_an_image');
  }
  if (!sharpFormatMatches(format, metadata) || !metadata.width || !metadata.height) {
    throw new MediaError('not_an_image');
  }
  if (metadata.width * metadata.height > MAX_INPUT_PIXELS) throw new MediaError('too_many_pixels');
  return metadata;
}

async function normalise(input: Buffer): Promise<NormalisedImage> {
  const metadata = await inspectImage(input);

  const pipeline = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
    .rotate()
    .resize({
      width: MAX_LONG_SIDE,
      height: MAX_LONG_SIDE,
      fit: 'inside',
      withoutEnlargement: true,
    });
  try {
    const { data, info } = await encoderFor(metadata, pipeline).toBuffer({
      resolveWithObject: true,
    });
    const ext = info.format === 'png' ? 'png' : info.format === 'webp' ? 'webp' : 'jpg';
    return {
      data,
      ext,
      contentType: `image/${ext === 'jpg' ? 'jpeg' : ext}`,
      width: info.width,
      height: info.height,
    };
  } catch {
    // A truncated or corrupt body behind a valid header.
    throw new MediaError('not_an_image');
  }
}

/** JPEG stays JPEG and WebP stays WebP; anything with transparency keeps it as PNG. */
function encoderFor(metadata: sharp.Metadata, pipeline: sharp.Sharp) {
  if (metadata.format === 'webp') return pipeline.webp({ quality: 88 });
  if (metadata.format === 'png' || metadata.hasAlpha) return pipeline.png({ compressionLevel: 6 });
  return pipeline.jpeg({ quality: 88, chromaSubsampling: '4:2:0' });
}
