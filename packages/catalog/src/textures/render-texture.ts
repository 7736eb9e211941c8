import sharp from 'sharp';
import type { TextureDefinition } from './texture-definition';

export type TextureFormat = 'jpeg' | 'png' | 'webp';

export interface RenderTextureOptions {
  /** Edge length in pixels; default 512. */
  size?: number;
  seed?: number;
  /** Default JPEG (q85): textures are opaque, so there is no alpha to keep. */
  format?: TextureFormat;
}

export const DEFAULT_TEXTURE_SIZE = 512;
export const DEFAULT_TEXTURE_SEED = 1;

/** Generates a texture and encodes it as an image file. */
export async function renderTexture(
  definition: TextureDefinition,
  options: RenderTextureOptions = {},
): Promise<Buffer> {
  const size = options.size ?? DEFAULT_TEXTURE_SIZE;
  const seed = options.seed ?? DEFAULT_TEXTURE_SEED;
  const pixels = definition.generate(size, seed);
  const image = sharp(Buffer.from(pixels.buffer, pixels.byteOffset, pixels.byteLength), {
    raw: { width: size, height: size, channels: 4 },
  }).removeAlpha();
  switch (options.format ?? 'jpeg') {
    case 'jpeg':
      return image.jpeg({ quality: 85, mozjpeg: true }).toBuffer();
    case 'png':
      return image.png({ compressionLevel: 9 }).toBuffer();
    case 'webp':
      return image.webp({ quality: 85 }).toBuffer();
  }
}
