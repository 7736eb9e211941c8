import { describe, expect, it } from 'vitest';
import { isSeamless, measureSeams } from './seam-check';

function image(size: number, shade: (x: number, y: number) => number): Uint8ClampedArray {
  const pixels = new Uint8ClampedArray(size * size * 4);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const i = (y * size + x) * 4;
      const value = shade(x, y);
      pixels[i] = value;
      pixels[i + 1] = value;
      pixels[i + 2] = value;
      pixels[i + 3] = 255;
    }
  }
  return pixels;
}

describe('seam check', () => {
  it('rejects a gradient, which jumps from dark to light at the wrap', () => {
    const size = 64;
    const gradient = image(size, (x) => (x / (size - 1)) * 255);
    const m = measureSeams(gradient, size);
    expect(m.seamX).toBeGreaterThan(2 * m.interiorX + 1);
    expect(isSeamless(gradient, size)).toBe(false);
  });

  it('rejects a vertical gradient too', () => {
    const size = 64;
    expect(
      isSeamless(
        image(size, (_x, y) => y * 4),
        size,
      ),
    ).toBe(false);
  });

  it('accepts a periodic pattern', () => {
    const size = 64;
    const wave = image(size, (x, y) => 128 + 100 * Math.sin((2 * Math.PI * (x + 2 * y)) / size));
    expect(isSeamless(wave, size)).toBe(true);
  });
});
