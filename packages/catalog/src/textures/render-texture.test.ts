import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { renderTexture } from './render-texture';
import { findTexture } from './texture-catalog';

describe('renderTexture', () => {
  it('encodes a 512 px JPEG by default', async () => {
    const texture = findTexture('terrazzo');
    if (texture === undefined) throw new Error('terrazzo missing');
    const buffer = await renderTexture(texture);
    const meta = await sharp(buffer).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.width).toBe(512);
    expect(meta.height).toBe(512);
  });

  it('encodes PNG at a chosen size, identically for the same seed', async () => {
    const texture = findTexture('red-brick');
    if (texture === undefined) throw new Error('red-brick missing');
    const a = await renderTexture(texture, { size: 64, seed: 5, format: 'png' });
    const b = await renderTexture(texture, { size: 64, seed: 5, format: 'png' });
    expect((await sharp(a).metadata()).format).toBe('png');
    expect(a.equals(b)).toBe(true);
  });
});
