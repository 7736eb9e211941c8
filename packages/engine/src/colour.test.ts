import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  deltaE2000,
  dominantColour,
  labToRgb,
  parseHex,
  rgbToLab,
  rgbToOklab,
  oklabToRgb,
  ssim,
  toHex,
  type Lab,
} from './colour';
import { decodeImage } from './raster';
import { textureRaster } from './test-support/photos';

describe('deltaE2000', () => {
  // Sharma, Wu & Dalal (2005), Table 1: pairs 1, 7, 17, 25 and 34 with their published ΔE00.
  const pairs: [Lab, Lab, number][] = [
    [[50, 2.6772, -79.7751], [50, 0, -82.7485], 2.0425],
    [[50, 0, 0], [50, -1, 2], 2.3669],
    [[50, 2.5, 0], [73, 25, -18], 27.1492],
    [[60.2574, -34.0099, 36.2677], [60.4626, -34.1751, 39.4387], 1.2644],
    [[22.7233, 20.0904, -46.694], [23.0331, 14.973, -42.5619], 2.0373],
  ];
  it.each(pairs)('matches the published value for %j vs %j', (a, b, expected) => {
    expect(deltaE2000(a, b)).toBeCloseTo(expected, 3);
    expect(deltaE2000(b, a)).toBeCloseTo(expected, 3);
  });
});

describe('CIELAB and OKLab', () => {
  it('maps sRGB primaries and white to their reference Lab values', () => {
    const white = rgbToLab([255, 255, 255]);
    expect(white[0]).toBeCloseTo(100, 2);
    expect(Math.hypot(white[1], white[2])).toBeLessThan(0.01);
    const red = rgbToLab([255, 0, 0]);
    expect(red[0]).toBeCloseTo(53.24, 1);
    expect(red[1]).toBeCloseTo(80.09, 1);
    expect(red[2]).toBeCloseTo(67.2, 1);
  });

  it('round-trips bytes through Lab and OKLab', () => {
    for (const hex of ['#25344f', '#9caf88', '#c0673d', '#f4f2ee', '#000000', '#0f0f0f']) {
      const rgb = parseHex(hex);
      expect(toHex(labToRgb(rgbToLab(rgb)))).toBe(hex);
      expect(toHex(oklabToRgb(rgbToOklab(rgb)))).toBe(hex);
    }
  });
});

describe('parseHex / toHex', () => {
  it('reads long, short and unprefixed forms and rejects others', () => {
    expect(parseHex('#C0673D')).toEqual([192, 103, 61]);
    expect(parseHex('abc')).toEqual([170, 187, 204]);
    expect(toHex([192, 103, 61])).toBe('#c0673d');
    expect(() => parseHex('#12345')).toThrow(RangeError);
    expect(() => parseHex('navy')).toThrow(RangeError);
  });
});

describe('ssim', () => {
  const w = 64;
  const h = 48;
  const base = new Float32Array(w * h).map(
    (_, i) => 128 + 60 * Math.sin(i * 0.37) * Math.cos(i * 0.011),
  );

  it('is 1 for identical images and drops with noise', () => {
    expect(ssim(base, base, w, h)).toBeCloseTo(1, 6);
    let seed = 1;
    const noisy = base.map((v) => {
      seed = (seed * 16807) % 2147483647;
      return v + ((seed / 2147483647) * 2 - 1) * 40;
    });
    const value = ssim(base, noisy, w, h);
    expect(value).toBeLessThan(0.9);
    expect(value).toBeGreaterThan(0);
  });

  it('structure-only ignores a change of mean, the full index does not', () => {
    const shifted = base.map((v) => v - 100);
    expect(ssim(base, shifted, w, h, { structureOnly: true })).toBeCloseTo(1, 4);
    expect(ssim(base, shifted, w, h)).toBeLessThan(0.8);
  });
});

describe('dominantColour', () => {
  /** A photographed paint chip: the paint with texture and a light falloff, on white card with a shadow. */
  async function swatchPhoto(hex: string): Promise<Buffer> {
    const [r, g, b] = parseHex(hex);
    const w = 400;
    const h = 300;
    const px = Buffer.alloc(w * h * 3);
    let seed = 7;
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const o = (y * w + x) * 3;
        const inChip = x > 70 && x < 330 && y > 50 && y < 250;
        const inShadow = !inChip && x > 75 && x < 340 && y > 55 && y < 262;
        seed = (seed * 16807) % 2147483647;
        const noise = ((seed / 2147483647) * 2 - 1) * 6;
        const light = 1.05 - 0.12 * (x / w);
        const colour = inChip ? [r, g, b] : inShadow ? [150, 150, 148] : [247, 247, 245];
        for (let c = 0; c < 3; c++)
          px[o + c] = Math.max(0, Math.min(255, (colour[c] ?? 0) * light + noise));
      }
    }
    return sharp(px, { raw: { width: w, height: h, channels: 3 } })
      .jpeg({ quality: 85 })
      .toBuffer();
  }

  it.each(['#25344f', '#9caf88', '#c0673d', '#d4a23c', '#f4f2ee'])(
    'finds the paint of a photographed %s chip within ΔE00 3',
    async (hex) => {
      const raster = await decodeImage(await swatchPhoto(hex));
      const found = rgbToLab(parseHex(dominantColour(raster)));
      expect(deltaE2000(found, rgbToLab(parseHex(hex)))).toBeLessThan(3);
    },
  );

  it('reads a textured material photo as its mean tone, not an outlier', async () => {
    const walnut = await textureRaster('wood-walnut-dark.png', 256);
    const lab = rgbToLab(parseHex(dominantColour(walnut)));
    // Dark brown: low lightness, warm hue (a*, b* positive).
    expect(lab[0]).toBeLessThan(50);
    expect(lab[1]).toBeGreaterThan(0);
    expect(lab[2]).toBeGreaterThan(0);
  });
});
