import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  blurBinomial3,
  boxBlurChannels,
  boxMean,
  decodeImage,
  decodeMask,
  rasterFormatOf,
} from './raster';
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

describe('the engine’s blurs', () => {
  it('box-blurs each channel separately, keeping the mean and clamping at the edges', () => {
    // Two channels: an impulse in the middle of a 5×5, and a constant 2.
    const data = new Float32Array(25 * 2);
    for (let i = 0; i < 25; i++) data[i * 2 + 1] = 2;
    data[12 * 2] = 9;
    boxBlurChannels(data, 5, 5, 2, 1);
    // The 3×3 window around the centre shares the impulse: 9 / 9 each.
    expect(data[12 * 2]).toBeCloseTo(1);
    expect(data[6 * 2]).toBeCloseTo(1);
    expect(data[0]).toBeCloseTo(0);
    for (let i = 0; i < 25; i++) expect(data[i * 2 + 1]).toBeCloseTo(2);
  });

  it('applies the 3×3 binomial [1 2 1]² / 16 with the border repeated', () => {
    const src = new Float32Array(9);
    src[4] = 16;
    const out = blurBinomial3(src, 3, 3);
    expect(Array.from(out)).toEqual([1, 2, 1, 2, 4, 2, 1, 2, 1]);
    const flat = blurBinomial3(new Float32Array(12).fill(5), 4, 3);
    expect(Array.from(flat).every((v) => v === 5)).toBe(true);
  });
});

describe('boxMean', () => {
  /** The mean over the window clipped to the image, summed pixel by pixel. */
  function naive(src: Float32Array, w: number, h: number, r: number): Float32Array {
    const out = new Float32Array(w * h);
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        let sum = 0;
        let n = 0;
        for (let v = Math.max(0, y - r); v <= Math.min(h - 1, y + r); v++) {
          for (let u = Math.max(0, x - r); u <= Math.min(w - 1, x + r); u++) {
            sum += src[v * w + u] ?? 0;
            n++;
          }
        }
        out[y * w + x] = sum / n;
      }
    }
    return out;
  }

  it('is the mean over the window clipped at the borders, for windows narrower and wider than the image', () => {
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647) * 2 - 0.5;
    for (const [w, h] of [
      [1, 1],
      [5, 3],
      [17, 11],
      [40, 9],
    ] as const) {
      for (const r of [0, 1, 2, 4, 8, 30]) {
        const src = Float32Array.from({ length: w * h }, random);
        const got = boxMean(src, w, h, r);
        const want = naive(src, w, h, r);
        for (let i = 0; i < w * h; i++) expect(got[i]).toBeCloseTo(want[i] ?? NaN, 5);
      }
    }
  });
});
