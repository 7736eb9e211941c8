import { describe, expect, it } from 'vitest';
import type { Mask, Raster } from '../raster';
import { ADE } from '../scene/ade20k';
import { objectsOverFloor } from './floor-objects';
import type { Segmenter } from './segment';

const W = 40;
const H = 40;
const image: Raster = { width: W, height: H, data: new Uint8ClampedArray(W * H * 4) };
/** The parse's floor: the lower half of the photo. */
const region = Uint8Array.from({ length: W * H }, (_, i) => (i >= (H / 2) * W ? 1 : 0));
/** A cabinet standing at the left, from the top of the photo down into the floor. */
const cabinet = (x: number, y: number) => x < 10 && y < 30;

/** A stand-in for SAM: a click on the cabinet selects the cabinet, anywhere else the floor. */
function fakeSam(method: Segmenter['method'] = 'sam'): Segmenter {
  return {
    method,
    segment(_image, points): Promise<Mask> {
      const p = points[0] ?? { x: 0, y: 0 };
      const onCabinet = cabinet(p.x, p.y);
      const data = Uint8Array.from({ length: W * H }, (_, i) => {
        const x = i % W;
        const y = (i / W) | 0;
        return (onCabinet ? cabinet(x, y) : (region[i] ?? 0) && !cabinet(x, y)) ? 1 : 0;
      });
      return Promise.resolve({ width: W, height: H, data });
    },
    dispose: () => Promise.resolve(),
  };
}

describe('objectsOverFloor', () => {
  it('takes out the part of a thing standing in the floor, and keeps the floor', async () => {
    const objects = await objectsOverFloor(image, region, fakeSam());
    for (let y = 0; y < H; y++) {
      for (let x = 0; x < W; x++) {
        expect(objects[y * W + x], `${x},${y}`).toBe(y >= H / 2 && cabinet(x, y) ? 1 : 0);
      }
    }
  });

  it('leaves alone a segment that joins most of the floor to the wall above it', async () => {
    const wallAndFloor: Segmenter = {
      method: 'sam',
      segment: () => Promise.resolve({ width: W, height: H, data: new Uint8Array(W * H).fill(1) }),
      dispose: () => Promise.resolve(),
    };
    const objects = await objectsOverFloor(image, region, wallAndFloor);
    expect(objects.some((v) => v === 1)).toBe(false);
  });

  it('finds nothing without SAM', async () => {
    const objects = await objectsOverFloor(image, region, fakeSam('region-growing'));
    expect(objects.some((v) => v === 1)).toBe(false);
  });

  it("takes out a table's legs the parse read as floor, not the floor between them", async () => {
    // The parse names the table's top (above the floor); its two thin legs, below it, it calls
    // floor, and none of the grid's points lands on them.
    const top = (x: number, y: number) => x >= 15 && x <= 25 && y >= 12 && y < 20;
    const leg = (x: number, y: number) => (x === 16 || x === 24) && y >= 20 && y < 28;
    const labels = Uint8Array.from({ length: W * H }, (_, i) =>
      top(i % W, (i / W) | 0) ? ADE.table : (region[i] ?? 0) ? ADE.floor : ADE.wall,
    );
    // SAM: a click on the top alone selects the top; with a box reaching below it, the whole
    // table and the floor seen between its legs; a click anywhere else, the floor round the legs.
    const between = (x: number, y: number) => x >= 18 && x <= 22 && y >= 20 && y < 28;
    const sam: Segmenter = {
      method: 'sam',
      segment(_image, points, hints): Promise<Mask> {
        const p = points[0] ?? { x: 0, y: 0 };
        const box = hints?.objects?.[0];
        const whole = box !== undefined && box.y1 >= 28;
        const data = Uint8Array.from({ length: W * H }, (_, i) => {
          const x = i % W;
          const y = (i / W) | 0;
          if (top(p.x, p.y)) return top(x, y) || (whole && (leg(x, y) || between(x, y))) ? 1 : 0;
          return (region[i] ?? 0) && !leg(x, y) ? 1 : 0;
        });
        return Promise.resolve({ width: W, height: H, data });
      },
      dispose: () => Promise.resolve(),
    };
    const objects = await objectsOverFloor(image, region, sam, labels);
    for (let y = 0; y < H; y++) {
      for (let x = 0; x < W; x++) {
        expect(objects[y * W + x], `${x},${y}`).toBe(leg(x, y) ? 1 : 0);
      }
    }
  });
});
