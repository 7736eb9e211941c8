import { describe, expect, it } from 'vitest';
import { brushWidth, isPainted, maskPixels, toNatural } from './mask';

/** An RGBA overlay of the given size with one painted rectangle (accent colour, opaque). */
function overlay(
  width: number,
  height: number,
  painted: { x0: number; y0: number; x1: number; y1: number },
) {
  const rgba = new Uint8ClampedArray(width * height * 4);
  for (let y = painted.y0; y < painted.y1; y += 1) {
    for (let x = painted.x0; x < painted.x1; x += 1) {
      rgba.set([200, 100, 59, 255], (y * width + x) * 4);
    }
  }
  return rgba;
}

describe('the mask geometry', () => {
  it('maps a pointer on the displayed image to natural pixels', () => {
    // A 4032×3024 photo shown 800×600 at (100, 50) on the page: 5.04 natural px per CSS px.
    const box = { x: 100, y: 50, width: 800, height: 600 };
    const natural = { width: 4032, height: 3024 };
    expect(toNatural({ x: 100, y: 50 }, box, natural)).toEqual({ x: 0, y: 0 });
    expect(toNatural({ x: 500, y: 350 }, box, natural)).toEqual({ x: 2016, y: 1512 });
    expect(toNatural({ x: 900, y: 650 }, box, natural)).toEqual({ x: 4032, y: 3024 });
    // Outside the image it stays on the edge.
    expect(toNatural({ x: 40, y: 900 }, box, natural)).toEqual({ x: 0, y: 3024 });
  });

  it('sizes the brush as 10 × size CSS pixels, in natural pixels', () => {
    const shown = { width: 800, height: 600 };
    expect(brushWidth(5, shown, { width: 800, height: 600 })).toBe(50);
    expect(brushWidth(5, shown, { width: 4032, height: 3024 })).toBeCloseTo(252, 6);
    expect(brushWidth(1, shown, { width: 1600, height: 1200 })).toBe(20);
    // Clamped to the slider's 1–10.
    expect(brushWidth(25, shown, { width: 800, height: 600 })).toBe(100);
    expect(brushWidth(0, shown, { width: 800, height: 600 })).toBe(10);
  });
});

describe('the mask the server reads', () => {
  it('is at the natural size, white and opaque where painted, transparent elsewhere', () => {
    const size = { width: 321, height: 203 };
    const rgba = overlay(size.width, size.height, { x0: 40, y0: 30, x1: 120, y1: 90 });
    const mask = maskPixels(rgba, size);
    const at = (x: number, y: number) => [
      ...mask.subarray((y * 321 + x) * 4, (y * 321 + x + 1) * 4),
    ];
    expect(mask.length).toBe(321 * 203 * 4);
    expect(at(40, 30)).toEqual([255, 255, 255, 255]);
    expect(at(119, 89)).toEqual([255, 255, 255, 255]);
    expect(at(39, 30)).toEqual([0, 0, 0, 0]);
    expect(at(120, 89)).toEqual([0, 0, 0, 0]);
    expect(at(200, 150)).toEqual([0, 0, 0, 0]);
    let opaque = 0;
    for (let index = 3; index < mask.length; index += 4) if (mask[index] === 255) opaque += 1;
    expect(opaque).toBe(80 * 60);
  });

  it('reads the overlay the way the server does: alpha above half is selected', () => {
    const rgba = new Uint8ClampedArray([9, 9, 9, 127, 0, 0, 0, 128]);
    expect([...maskPixels(rgba, { width: 2, height: 1 })]).toEqual([
      0, 0, 0, 0, 255, 255, 255, 255,
    ]);
    expect(isPainted(new Uint8ClampedArray([9, 9, 9, 127]))).toBe(false);
    expect(isPainted(new Uint8ClampedArray([0, 0, 0, 0, 9, 9, 9, 200]))).toBe(true);
  });

  it('refuses pixels that do not match the size', () => {
    expect(() => maskPixels(new Uint8ClampedArray(16), { width: 3, height: 1 })).toThrow(
      /do not match/,
    );
  });
});
