import { describe, expect, it } from 'vitest';
import type { Raster } from '../raster';
import { ADE } from '../scene/ade20k';
import { plantFoliageOn } from './plant-foliage';

const W = 40;
const H = 30;
const CREAM: [number, number, number] = [226, 218, 200];
const LEAF: [number, number, number] = [84, 140, 52];

/** The pot the parse named, at the bottom middle; everything else floor in the matte. */
const pot = (x: number, y: number) => x >= 16 && x < 24 && y >= 22;
/** A leaf reaching up from the pot, and a green patch on the floor away from any plant. */
const leaf = (x: number, y: number) => x >= 18 && x < 22 && y >= 8 && y < 22;
const stray = (x: number, y: number) => x >= 2 && x < 6 && y >= 2 && y < 6;

function scene(floor: [number, number, number]): { image: Raster; labels: Uint8Array } {
  const data = new Uint8ClampedArray(W * H * 4);
  const labels = new Uint8Array(W * H).fill(ADE.floor);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const i = y * W + x;
      const rgb = leaf(x, y) || stray(x, y) ? LEAF : pot(x, y) ? [30, 30, 40] : floor;
      data.set([...rgb, 255], i * 4);
      if (pot(x, y)) labels[i] = ADE.pot;
    }
  }
  return { image: { width: W, height: H, data }, labels };
}

/** The floor's matte: everything but the pot the parse named. */
function floorMatte(labels: Uint8Array): Uint8Array {
  return Uint8Array.from(labels, (l) => (l === ADE.floor ? 255 : 0));
}

describe('plantFoliageOn', () => {
  it("takes the plant's green leaf out of a cream floor, and only it", () => {
    const { image, labels } = scene(CREAM);
    // The leaf, with its one-pixel rim where it meets the floor; not the stray green patch.
    expectLeafTaken(plantFoliageOn(image, labels, floorMatte(labels)), pot);
  });

  it('takes nothing from a green carpet of the leaf’s own colour', () => {
    const { image, labels } = scene(LEAF);
    const taken = plantFoliageOn(image, labels, floorMatte(labels));
    expect(taken.some((v) => v === 1)).toBe(false);
  });
});

describe('plantFoliageOn a wall', () => {
  const WHITE: [number, number, number] = [200, 197, 188];
  const SAGE: [number, number, number] = [150, 160, 135];
  /** A pale grey-green leaf in the light: greener than the white wall, but near it in a*b*. */
  const PALE_LEAF: [number, number, number] = [160, 172, 150];
  /** The left wall plane (1) is painted sage, the front one (2) white. */
  const plane = (x: number) => (x < 12 ? 1 : 2);
  const potOnWall = (x: number, y: number) => x >= 8 && x < 18 && y >= 22;

  function wallScene(): { image: Raster; labels: Uint8Array; planes: Uint8Array } {
    const data = new Uint8ClampedArray(W * H * 4);
    const labels = new Uint8Array(W * H).fill(ADE.wall);
    const planes = new Uint8Array(W * H);
    for (let y = 0; y < H; y++) {
      for (let x = 0; x < W; x++) {
        const i = y * W + x;
        const rgb = leaf(x, y)
          ? PALE_LEAF
          : potOnWall(x, y)
            ? [30, 30, 40]
            : plane(x) === 1
              ? SAGE
              : WHITE;
        data.set([...rgb, 255], i * 4);
        planes[i] = plane(x);
        if (potOnWall(x, y)) labels[i] = ADE.pot;
      }
    }
    return { image: { width: W, height: H, data }, labels, planes };
  }

  it('takes a pale leaf out of the white wall, and nothing of the sage wall beside it', () => {
    const { image, labels, planes } = wallScene();
    const matte = Uint8Array.from(labels, (l) => (l === ADE.wall ? 255 : 0));
    expectLeafTaken(plantFoliageOn(image, labels, matte, planes), potOnWall);
  });

  it('takes the plant’s own green pixels in the wall’s soft edge', () => {
    const { image, labels, planes } = wallScene();
    // The parse calls the leaf plant, but the wall's soft matte still reaches over it.
    for (let y = 0; y < H; y++)
      for (let x = 0; x < W; x++) if (leaf(x, y)) labels[y * W + x] = ADE.plant;
    const matte = Uint8Array.from(labels, (l) => (l === ADE.wall ? 255 : l === ADE.plant ? 90 : 0));
    const taken = plantFoliageOn(image, labels, matte, planes);
    for (let y = 8; y < 22; y++)
      for (let x = 18; x < 22; x++) expect(taken[y * W + x], `${x},${y}`).toBe(1);
  });
});

/** Exactly the leaf is taken, with its one-pixel rim except where the rim is the pot. */
function expectLeafTaken(taken: Uint8Array, pot: (x: number, y: number) => boolean) {
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const rim = leaf(x - 1, y) || leaf(x + 1, y) || leaf(x, y - 1) || leaf(x, y + 1);
      const expected = leaf(x, y) || (rim && !pot(x, y));
      expect(taken[y * W + x], `${x},${y}`).toBe(expected ? 1 : 0);
    }
  }
}
