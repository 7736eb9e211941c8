import { describe, expect, it } from 'vitest';
import { cellNoise, fbm, gradientNoise, valueNoise, warpedFbm } from './periodic-noise';
import { createRandom, hashInts } from './texture-random';

describe('texture randomness', () => {
  it('repeats a sequence for a seed and differs between seeds', () => {
    const a = createRandom(42);
    const b = createRandom(42);
    const c = createRandom(43);
    const seqA = Array.from({ length: 8 }, () => a.next());
    expect(Array.from({ length: 8 }, () => b.next())).toEqual(seqA);
    expect(Array.from({ length: 8 }, () => c.next())).not.toEqual(seqA);
    for (const x of seqA) expect(x >= 0 && x < 1).toBe(true);
  });

  it('hashes integers to spread 32-bit values', () => {
    expect(hashInts(1, 2, 3)).toBe(hashInts(1, 2, 3));
    expect(hashInts(1, 2, 3)).not.toBe(hashInts(1, 2, 4));
  });
});

describe('periodic noise', () => {
  const samples = [
    [0.13, 0.71],
    [2.5, 3.25],
    [7.9, 0.01],
  ] as const;

  it('wraps value and gradient noise at their periods', () => {
    for (const [x, y] of samples) {
      expect(valueNoise(x + 8, y, 8, 4, 1)).toBeCloseTo(valueNoise(x, y, 8, 4, 1), 9);
      expect(valueNoise(x, y + 4, 8, 4, 1)).toBeCloseTo(valueNoise(x, y, 8, 4, 1), 9);
      expect(gradientNoise(x + 8, y - 4, 8, 4, 1)).toBeCloseTo(gradientNoise(x, y, 8, 4, 1), 9);
    }
  });

  it('wraps fBm, warped fBm and cell noise over the unit tile', () => {
    const options = { frequencyX: 3, frequencyY: 5, octaves: 5, seed: 9 };
    const warp = { frequencyX: 2, frequencyY: 2, octaves: 3, seed: 4 };
    for (const [x, y] of samples) {
      const u = x % 1;
      const v = y % 1;
      expect(fbm(u + 1, v - 1, options)).toBeCloseTo(fbm(u, v, options), 9);
      expect(warpedFbm(u + 1, v + 1, options, warp, 0.4)).toBeCloseTo(
        warpedFbm(u, v, options, warp, 0.4),
        9,
      );
      expect(cellNoise(x + 6, y, 6, 6, 2).f1).toBeCloseTo(cellNoise(x, y, 6, 6, 2).f1, 9);
    }
  });

  it('stays in range', () => {
    for (let i = 0; i < 500; i++) {
      const x = i * 0.173;
      const y = i * 0.091;
      const value = valueNoise(x, y, 16, 16, 3);
      expect(value >= 0 && value < 1).toBe(true);
      expect(Math.abs(gradientNoise(x, y, 16, 16, 3))).toBeLessThanOrEqual(1.5);
    }
  });
});
