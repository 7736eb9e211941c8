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
      // Most of the bias the wrong light gave is gone (measured: 27% of it left at 1.3, 40% at
      // 0.75 — the ring's plane sits a little below this bright wall), and the fill is nearer the photo.
      expect(Math.abs(after.bias), `gain ${gain}`).toBeLessThan(0.45 * Math.abs(before.bias));
      expect(after.abs, `gain ${gain}`).toBeLessThan(0.45 * before.abs);
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
