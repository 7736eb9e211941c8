import { describe, expect, it } from 'vitest';
import type { Raster } from '../raster';
import { findInnerFloor } from './inner-floor';

/**
 * A synthetic floor: warm boards (a little noise, a gentle fall-off of light) over the lower
 * two thirds of a 400×300 photo, with a grey woven rectangle lying on it where `rug` says.
 */
function scene(rug: { x0: number; y0: number; x1: number; y1: number } | null): {
  image: Raster;
  region: Uint8Array;
} {
  const width = 400;
  const height = 300;
  const data = new Uint8ClampedArray(width * height * 4);
  const region = new Uint8Array(width * height);
  let seed = 7;
  const noise = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return (seed / 2147483648 - 0.5) * 12;
  };
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      let rgb: number[];
      if (y < 100) rgb = [235, 235, 230];
      else if (rug && x >= rug.x0 && x < rug.x1 && y >= rug.y0 && y < rug.y1) {
        const weave = (x + y) % 4 < 2 ? 18 : -18;
        rgb = [120 + weave, 122 + weave, 128 + weave];
      } else {
        const light = 1 - (x / width) * 0.15;
        rgb = [190 * light, 140 * light, 95 * light];
      }
      if (y >= 100) region[i] = 1;
      const n = noise();
      for (let c = 0; c < 3; c++) data[i * 4 + c] = (rgb[c] ?? 0) + n;
      data[i * 4 + 3] = 255;
    }
  }
  return { image: { width, height, data }, region };
}

const RUG = { x0: 120, y0: 170, x1: 300, y1: 260 };
const inside = (x: number, y: number) => x >= RUG.x0 && x < RUG.x1 && y >= RUG.y0 && y < RUG.y1;

/** The network's weak rug share: 0.02–0.05 on scattered parts of the rug, ~0.001 elsewhere. */
const share = (x: number, y: number) =>
  inside(x, y) && (Math.floor(x / 24) + Math.floor(y / 24)) % 3 !== 0 ? 0.04 : 0.001;

describe('findInnerFloor', () => {
  it('finds a rug the network only hinted at, with its edges on the photo', () => {
    const { image, region } = scene(RUG);
    const none = new Uint8Array(region.length);
    const found = findInnerFloor(image, region, none, share);
    expect(found.pieces).toBe(1);
    let wrong = 0;
    let rugPixels = 0;
    for (let y = 100; y < image.height; y++) {
      for (let x = 0; x < image.width; x++) {
        const on = (found.matte[y * image.width + x] ?? 0) >= 128;
        if (inside(x, y)) rugPixels++;
        // Allow the one-pixel transition; everything else must be exact.
        const nearEdge =
          Math.min(
            Math.abs(x - RUG.x0),
            Math.abs(x - RUG.x1),
            Math.abs(y - RUG.y0),
            Math.abs(y - RUG.y1),
          ) <= 2;
        if (on !== inside(x, y) && !nearEdge) wrong++;
      }
    }
    expect(rugPixels).toBeGreaterThan(0);
    expect(wrong).toBe(0);
  });

  it('finds nothing without the network’s evidence, or on a floor with no rug', () => {
    const withRug = scene(RUG);
    const none = new Uint8Array(withRug.region.length);
    expect(findInnerFloor(withRug.image, withRug.region, none, () => 0.001).pieces).toBe(0);
    const bare = scene(null);
    expect(findInnerFloor(bare.image, bare.region, none, share).pieces).toBe(0);
  });

  it('leaves a thin shadow band under furniture alone even with evidence on it', () => {
    const band = { x0: 40, y0: 150, x1: 360, y1: 162 };
    const { image, region } = scene(band);
    const none = new Uint8Array(region.length);
    const onBand = (x: number, y: number) =>
      x >= band.x0 && x < band.x1 && y >= band.y0 && y < band.y1 ? 0.04 : 0.001;
    expect(findInnerFloor(image, region, none, onBand).pieces).toBe(0);
  });
});
