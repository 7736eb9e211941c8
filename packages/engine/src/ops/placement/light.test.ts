import { describe, expect, it } from 'vitest';
import { linearToByte, SRGB_TO_LINEAR } from '../../colour';
import type { Mask, Raster } from '../../raster';
import { MAX_LIGHT_SLOPE, roomShading, swapLightSlope, thirdsLogRatio } from './light';

/** A grey photo whose linear brightness at column x is `light(x)`, with its window as a box. */
function photo(width: number, height: number, light: (x: number) => number): Raster {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const v = linearToByte(light(x));
      data.set([v, v, v, 255], (y * width + x) * 4);
    }
  }
  return { width, height, data };
}

function fullMask(width: number, height: number): Mask {
  return { width, height, data: new Uint8Array(width * height).fill(1) };
}

/** A product render over a window: uniformly lit at linear `level`, fully covering it. */
function render(ww: number, wh: number, light: (x: number) => number) {
  const rgba = new Uint8Array(ww * wh * 4);
  for (let i = 0; i < ww * wh; i++) {
    const v = linearToByte(light(i % ww));
    rgba.set([v, v, v, 255], i * 4);
  }
  return { rgba, alpha: new Float32Array(ww * wh).fill(1) };
}

describe('thirdsLogRatio', () => {
  it('is the log of the right third’s median over the left third’s', () => {
    const xs = Array.from({ length: 90 }, (_, k) => k);
    const lums = xs.map((x) => (x < 30 ? 0.1 : x < 60 ? 0.5 : 0.3));
    expect(thirdsLogRatio(lums, xs, 0, 89)).toBeCloseTo(Math.log(3), 5);
    expect(thirdsLogRatio(lums.slice(0, 10), xs.slice(0, 10), 0, 89)).toBe(0);
  });
});

describe('swapLightSlope', () => {
  const w = 120;
  const h = 60;
  const box = { x0: 0, y0: 0, x1: w - 1, y1: h - 1 };

  it('carries the old piece’s fall of light onto an evenly lit product, damped', () => {
    // Light rising to the right: e^0.6 from the left third's centre to the right third's.
    const image = photo(w, h, (x) => 0.2 * Math.exp((0.3 * (x - 60)) / 40));
    const { rgba, alpha } = render(w, h, () => 0.3);
    const measured = thirdsLogRatio(
      Array.from(
        { length: w },
        (_, x) => SRGB_TO_LINEAR[linearToByte(0.2 * Math.exp((0.3 * (x - 60)) / 40))] ?? 0,
      ),
      Array.from({ length: w }, (_, x) => x),
      0,
      w - 1,
    );
    const slope = swapLightSlope(image, fullMask(w, h), box, box, rgba, alpha);
    expect(slope).toBeGreaterThan(0.2);
    expect(slope).toBeCloseTo(0.45 * measured, 2);
  });

  it('is about nothing when the product already falls off like the old piece', () => {
    const light = (x: number) => 0.2 * Math.exp((-0.5 * (x - 60)) / 40);
    const { rgba, alpha } = render(w, h, light);
    const slope = swapLightSlope(photo(w, h, light), fullMask(w, h), box, box, rgba, alpha);
    expect(Math.abs(slope)).toBeLessThan(0.02);
  });

  it('never turns the light by more than the clamp', () => {
    const image = photo(w, h, (x) => (x < 60 ? 0.9 : 0.01));
    const { rgba, alpha } = render(w, h, () => 0.3);
    expect(swapLightSlope(image, fullMask(w, h), box, box, rgba, alpha)).toBe(-MAX_LIGHT_SLOPE);
  });
});

describe('roomShading', () => {
  const ww = 50;
  const wh = 40;
  // The product covers columns 5–44, rows 10–29.
  const alpha = new Float32Array(ww * wh);
  for (let y = 10; y < 30; y++) for (let x = 5; x < 45; x++) alpha[y * ww + x] = 1;

  it('falls by e^(2·slope) across the product and keeps its mean', () => {
    const gain = roomShading(alpha, ww, wh, 0.2, 0);
    if (!gain) throw new Error('no shading');
    const row = 15 * ww;
    expect((gain[row + 44] ?? 0) / (gain[row + 5] ?? 1)).toBeCloseTo(Math.exp(0.4 * (39 / 40)), 2);
    let sum = 0;
    for (let x = 5; x < 45; x++) sum += gain[row + x] ?? 0;
    expect(sum / 40).toBeCloseTo(1, 2);
  });

  it('darkens a grounded product’s lowest rows by the base shade, not its top', () => {
    const gain = roomShading(alpha, ww, wh, 0, 0.12);
    if (!gain) throw new Error('no shading');
    expect(gain[12 * ww + 20]).toBeCloseTo(1, 5);
    expect(gain[29 * ww + 20] ?? 1).toBeLessThan(0.9);
    expect(gain[29 * ww + 20] ?? 0).toBeGreaterThan(0.87);
  });

  it('is null for an empty layer', () => {
    expect(roomShading(new Float32Array(ww * wh), ww, wh, 0.2, 0.1)).toBeNull();
  });
});
