import { describe, expect, it } from 'vitest';
import { bedModel } from './bed-model';
import { renderProductShot } from './product-shot';
import { box, compileSdf, ellipsoid, folds, pillow, slotIndex, subtract, translate } from './sdf';

/** Luminance (8-bit sRGB weights) of each pixel of an RGBA image. */
function luminance(rgba: Uint8Array): Float32Array {
  const out = new Float32Array(rgba.length / 4);
  for (let i = 0; i < out.length; i++) {
    out[i] =
      0.2126 * (rgba[i * 4] ?? 0) +
      0.7152 * (rgba[i * 4 + 1] ?? 0) +
      0.0722 * (rgba[i * 4 + 2] ?? 0);
  }
  return out;
}

/**
 * The light's variation across cloth as a person sees it: over every 7×7 window that lies wholly
 * on one material slot, the luminance's standard deviation over its mean; the median of those.
 */
function localVariation(
  lum: Float32Array,
  mask: Uint16Array,
  size: number,
  bit: number,
): { median: number; windows: number } {
  const r = 3;
  const values: number[] = [];
  for (let y = r; y < size - r; y++) {
    for (let x = r; x < size - r; x++) {
      let sum = 0;
      let sq = 0;
      let n = 0;
      let whole = true;
      for (let dy = -r; dy <= r && whole; dy++) {
        for (let dx = -r; dx <= r; dx++) {
          const j = (y + dy) * size + x + dx;
          if (mask[j] !== bit) {
            whole = false;
            break;
          }
          const l = lum[j] ?? 0;
          sum += l;
          sq += l * l;
          n++;
        }
      }
      if (!whole) continue;
      const mean = sum / n;
      values.push(Math.sqrt(Math.max(0, sq / n - mean * mean)) / Math.max(1, mean));
    }
  }
  values.sort((a, b) => a - b);
  return { median: values[values.length >> 1] ?? 0, windows: values.length };
}

describe('bed model', () => {
  it('draws its duvet as cloth that creases and falls, not a flat block', () => {
    // About 1 cm a pixel: a bed as wide as a third of a room photo.
    const size = 240;
    const shot = renderProductShot(bedModel, {}, { size, colour: '#8a8f99', seed: 1 });
    const duvet = localVariation(
      luminance(shot.rgba),
      shot.materialMask,
      size,
      1 << slotIndex('fabric2'),
    );
    expect(duvet.windows).toBeGreaterThan(1000);
    // A flat block's faces are lit evenly: measured 0.004 (only the nap's mottle). Folds and
    // creases turn the cloth to and from the light: 0.03. Far more would be noise, not cloth.
    expect(duvet.median).toBeGreaterThan(0.015);
    expect(duvet.median).toBeLessThan(0.1);
  });

  it('keeps its stuffed and draped shapes safe to trace: no distance claims more than it is', () => {
    const shapes = [
      compileSdf(pillow([50, 16, 40], 'linen', 2)),
      compileSdf(pillow([60, 16, 50], 'body', 13, 5.5)),
      compileSdf(folds(box([160, 30, 140], 'fabric2', 7), 2, 10, 3)),
      compileSdf(
        subtract(
          pillow([80, 11, 60], 'body', 7),
          translate(ellipsoid([2.5, 2.5, 2.5], 'body'), [0, 6.3, 0]),
          6,
        ),
      ),
    ];
    let seed = 7;
    const random = (): number => {
      seed = (seed * 1103515245 + 12345) >>> 0;
      return seed / 2 ** 32;
    };
    for (const sdf of shapes) {
      for (let i = 0; i < 4000; i++) {
        const p = [0, 1, 2].map(() => (random() - 0.5) * 200) as [number, number, number];
        const q = p.map((c) => c + (random() - 0.5) * 6) as [number, number, number];
        const step = Math.hypot(p[0] - q[0], p[1] - q[1], p[2] - q[2]);
        const change = Math.abs(sdf.distance(...p) - sdf.distance(...q));
        expect(change).toBeLessThanOrEqual(step + 1e-6);
      }
    }
  });

  it('stuffs its tufted headboard: a crowned face, pulled in softly round each button', () => {
    // The default bed (160 × 200, headboard 115 cm, tufted): the headboard stands at z ≈ −108
    // facing +z, its top row of buttons at y ≈ 98.9, x = ±12.4 (and every 24.9 cm).
    const sdf = compileSdf(bedModel.build(bedModel.defaults));
    /** z of the headboard's front face at (x, y): where the distance along +z turns positive. */
    const face = (x: number, y: number): number => {
      let inside = -109;
      let outside = -100;
      expect(sdf.distance(x, y, inside)).toBeLessThan(0);
      expect(sdf.distance(x, y, outside)).toBeGreaterThan(0);
      for (let i = 0; i < 40; i++) {
        const mid = (inside + outside) / 2;
        if (sdf.distance(x, y, mid) < 0) inside = mid;
        else outside = mid;
      }
      return inside;
    };
    // Crowned: fuller in the middle than towards its sides (a flat board: the same).
    const rows = 86.6;
    expect(face(0, rows) - face(80, rows)).toBeGreaterThan(0.8);
    // A button pulls the cloth in round it: 3.5 cm from its centre the face lies clearly lower
    // than midway between two buttons (a drilled hole 2.5 cm across leaves it level there).
    expect(face(0, 98.9) - face(8.9, 98.9)).toBeGreaterThan(0.4);
  });
});
