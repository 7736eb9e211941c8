import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { decodeImage, decodeMask, rasterFormatOf } from './raster';
import { EngineError } from './types';

const svg = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><rect width="64" height="64" fill="#fff"/></svg>',
);
const solid = sharp({ create: { width: 64, height: 64, channels: 3, background: '#ffffff' } });

describe('what the engine decodes', () => {
  it('knows JPEG, PNG, WebP and AVIF by their bytes, and nothing else', async () => {
    expect(rasterFormatOf(await solid.clone().jpeg().toBuffer())).toBe('jpeg');
    expect(rasterFormatOf(await solid.clone().png().toBuffer())).toBe('png');
    expect(rasterFormatOf(await solid.clone().webp().toBuffer())).toBe('webp');
    expect(rasterFormatOf(await solid.clone().avif().toBuffer())).toBe('avif');
    expect(rasterFormatOf(await solid.clone().gif().toBuffer())).toBeUndefined();
    expect(rasterFormatOf(await solid.clone().tiff().toBuffer())).toBeUndefined();
    expect(rasterFormatOf(svg)).toBeUndefined();
    expect(rasterFormatOf(Buffer.alloc(0))).toBeUndefined();
  });

  it('never hands an SVG image or mask to the renderer', async () => {
    await expect(decodeImage(svg)).rejects.toBeInstanceOf(EngineError);
    await expect(decodeMask(svg, 64, 64)).rejects.toBeInstanceOf(EngineError);
    const png = await solid.clone().png().toBuffer();
    expect((await decodeImage(png)).width).toBe(64);
    expect((await decodeMask(png, 64, 64)).data.every((value) => value === 1)).toBe(true);
  });
});
