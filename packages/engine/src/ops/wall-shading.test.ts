import { beforeAll, describe, expect, it } from 'vitest';
import { SRGB_TO_LINEAR } from '../colour';
import type { Mask, Raster } from '../raster';
import { dilateMask } from '../raster';
import { ADE } from '../scene/ade20k';
import { roomRaster } from '../test-support/photos';
import { parseOf } from '../test-support/room-parse';
import { shadeWallFill } from './wall-shading';

const WALL = 1;

/**
 * A hole in the photo's own wall (plants-bright: the wall over the sofa, lit from the window on
 * the right and darker towards the corner on the left) "filled" with the photo's own pixels in
 * the wrong light — the fill an exemplar search gives when its patches come from the brighter
 * wall higher up. The truth is the photo.
 */
describe('shadeWallFill on a real wall', () => {
  let photo: Raster;
  let hole: Mask;
  let surfaces: Uint8Array;
  let grown: Mask;

  beforeAll(async () => {
    photo = await roomRaster('living-room-plants-bright.jpg', 1200);
    const parse = await parseOf(photo);
    const { width, height } = photo;
    surfaces = new Uint8Array(width * height);
    for (let i = 0; i < surfaces.length; i++) surfaces[i] = parse.labels[i] === ADE.wall ? WALL : 0;
    // The wall pixels of a box over the sofa's back.
    const data = new Uint8Array(width * height);
    for (let y = 320; y < 400; y++) {
      for (let x = 480; x < 680; x++) if (surfaces[y * width + x] === WALL) data[y * width + x] = 1;
    }
    hole = { width, height, data };
    grown = dilateMask(hole, 2);
  }, 120_000);

  /** Mean linear luminance error against the photo over the grown hole's wall pixels. */
  function error(image: Raster): { bias: number; abs: number; n: number } {
    let bias = 0;
    let abs = 0;
    let n = 0;
    for (let i = 0; i < grown.data.length; i++) {
      if (!grown.data[i] || surfaces[i] !== WALL) continue;
      for (let c = 0; c < 3; c++) {
        const d =
          (SRGB_TO_LINEAR[image.data[i * 4 + c] ?? 0] ?? 0) -
          (SRGB_TO_LINEAR[photo.data[i * 4 + c] ?? 0] ?? 0);
        bias += d;
        abs += Math.abs(d);
      }
      n += 3;
    }
    return { bias: bias / n, abs: abs / n, n };
  }

  /** The photo with the grown hole's wall pixels scaled (linear) by `gain`. */
  function wrongLight(gain: number): Raster {
    const out: Raster = { ...photo, data: new Uint8ClampedArray(photo.data) };
    for (let i = 0; i < grown.data.length; i++) {
      if (!grown.data[i] || surfaces[i] !== WALL) continue;
      for (let c = 0; c < 3; c++) {
        const v = (SRGB_TO_LINEAR[photo.data[i * 4 + c] ?? 0] ?? 0) * gain;
        out.data[i * 4 + c] = Math.round(255 * Math.min(1, v) ** (1 / 2.2));
      }
    }
    return out;
  }

  it('takes a paler or darker fill back to the wall’s own light', () => {
    for (const gain of [1.3, 0.75]) {
      const fill = wrongLight(gain);
      const before = error(fill);
      const after = error(shadeWallFill(photo, fill, hole, surfaces, WALL, 2));
      expect(before.n).toBeGreaterThan(5000);
      // Most of the bias the wrong light gave is gone (measured: 18% of it left at 1.3, 24% at
      // 0.75 — the ring's plane sits a little below this bright wall; 27% and 40% before the
      // seam was matched), and the fill is nearer the photo.
      expect(Math.abs(after.bias), `gain ${gain}`).toBeLessThan(0.3 * Math.abs(before.bias));
      expect(after.abs, `gain ${gain}`).toBeLessThan(0.3 * before.abs);
    }
  });

  /**
   * Mean linear step across the fill's edge: each fill pixel beside a wall pixel outside it,
   * both as 5×5 means over their own side (grain averaged out).
   */
  function seamStep(image: Raster): number {
    const { width, height } = image;
    const inside = (i: number) => grown.data[i] === 1 && surfaces[i] === WALL;
    const outside = (i: number) => grown.data[i] === 0 && surfaces[i] === WALL;
    const mean = (x: number, y: number, side: (i: number) => boolean): number | null => {
      let sum = 0;
      let count = 0;
      for (let dy = -2; dy <= 2; dy++) {
        for (let dx = -2; dx <= 2; dx++) {
          const xx = x + dx;
          const yy = y + dy;
          if (xx < 0 || yy < 0 || xx >= width || yy >= height || !side(yy * width + xx)) continue;
          const i = yy * width + xx;
          for (let c = 0; c < 3; c++) sum += SRGB_TO_LINEAR[image.data[i * 4 + c] ?? 0] ?? 0;
          count += 3;
        }
      }
      return count > 0 ? sum / count : null;
    };
    let total = 0;
    let pairs = 0;
    for (let y = 1; y < height - 1; y++) {
      for (let x = 1; x < width - 1; x++) {
        const i = y * width + x;
        if (!inside(i)) continue;
        for (const [dx, dy] of [
          [1, 0],
          [-1, 0],
          [0, 1],
          [0, -1],
        ] as const) {
          if (!outside(i + dy * width + dx)) continue;
          const a = mean(x, y, inside);
          const b = mean(x + dx, y + dy, outside);
          if (a === null || b === null) continue;
          total += Math.abs(a - b);
          pairs++;
        }
      }
    }
    return total / Math.max(1, pairs);
  }

  it('meets the wall at the fill’s edge without a step (no ghost of the old piece)', () => {
    // The photo's own step across that line (its light turns there) is 0.0096. Re-shaded by the
    // plane alone, the fill's edge stood 0.021 off the wall at gain 1.3; matched, 0.002–0.003.
    const own = seamStep(photo);
    for (const gain of [1.3, 0.75]) {
      const fill = wrongLight(gain);
      const after = seamStep(shadeWallFill(photo, fill, hole, surfaces, WALL, 2));
      expect(after, `gain ${gain}`).toBeLessThan(own + 0.01);
    }
  });

  it('leaves every pixel outside the fill as it was', () => {
    const fill = wrongLight(1.3);
    const out = shadeWallFill(photo, fill, hole, surfaces, WALL, 2);
    let changed = 0;
    for (let i = 0; i < grown.data.length; i++) {
      if (grown.data[i]) continue;
      for (let c = 0; c < 4; c++) if (out.data[i * 4 + c] !== fill.data[i * 4 + c]) changed++;
    }
    expect(changed).toBe(0);
  });
});
