import { availableParallelism } from 'node:os';
import sharp from 'sharp';

// Each upload is decoded once: libvips' operation cache would only hold memory.
sharp.cache(false);

export const MAX_LONG_SIDE = 2560;
/** Larger inputs are refused from their header alone, before any pixel is decoded. */
export const MAX_INPUT_PIXELS = 100_000_000;

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'tiff', 'avif', 'heif']);

export type MediaProblem = 'not_an_image' | 'too_many_pixels';

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

async function normalise(input: Buffer): Promise<NormalisedImage> {
  let metadata: sharp.Metadata;
  try {
    metadata = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new MediaError('not_an_image');
  }
  if (!ACCEPTED_FORMATS.has(metadata.format) || !metadata.width || !metadata.height) {
    throw new MediaError('not_an_image');
  }
  if (metadata.width * metadata.height > MAX_INPUT_PIXELS) throw new MediaError('too_many_pixels');

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
