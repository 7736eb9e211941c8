import { describe, expect, it } from 'vitest';
import type { Raster } from '../raster';
import { ADE, type RoomParse } from '../scene';
import { wallsToPaint } from './walls-to-paint';
import { fakeParse as sharedFakeParse } from '../test-support/fake-parse';

const W = 200;
const H = 150;

/** A parse of only what the walls step reads (see test-support/fake-parse). */
function fakeParse(labels: Uint8Array): RoomParse {
  return sharedFakeParse(labels, W, H);
}

/** Glass over columns 70–129, rows 45–94; the parse calls it window and everything round it wall. */
const inGlass = (x: number, y: number) => x >= 70 && x < 130 && y >= 45 && y < 95;

/**
 * A room with a window on a grey-beige wall: ceiling over rows 0–29, wall to row 109, floor below.
 * `round(x, y)` gives the colour of the wall pixels next to the glass (undefined: the wall's own).
 */
function windowRoom(round: (x: number, y: number) => number[] | undefined): {
  image: Raster;
  labels: Uint8Array;
} {
  const labels = new Uint8Array(W * H);
  const data = new Uint8ClampedArray(W * H * 4);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const i = y * W + x;
      const glass = inGlass(x, y);
      labels[i] = y < 30 ? ADE.ceiling : y >= 110 ? ADE.floor : glass ? ADE.window : ADE.wall;
      const rgb =
        y < 30
          ? [235, 235, 235]
          : y >= 110
            ? [110, 80, 60]
            : glass
              ? [170, 200, 235]
              : (round(x, y) ?? [150, 140, 128]);
      data.set([...rgb, 255], i * 4);
    }
  }
  return { image: { width: W, height: H, data }, labels };
}

/** Whether (x, y) lies within `reach` pixels of the glass (outside it). */
const nearGlass = (x: number, y: number, reach: number) =>
  !inGlass(x, y) && x >= 70 - reach && x < 130 + reach && y >= 45 - reach && y < 95 + reach;

describe('window frames in the wall paint (decision 075)', () => {
  it('leaves a white frame round the glass unpainted, up to its straight outer edge', () => {
    // A 6 px white frame the parse calls wall, as it does a white frame on a wall.
    const { image, labels } = windowRoom((x, y) =>
      nearGlass(x, y, 6) ? [236, 236, 232] : undefined,
    );
    const { mask } = wallsToPaint(fakeParse(labels), image);
    const at = (x: number, y: number) => [x, y, mask.data[y * W + x]];
    // The jambs, the head and the sill, away from the corners.
    for (let y = 55; y < 85; y++) {
      for (const x of [65, 67, 132, 134]) expect(at(x, y)).toEqual([x, y, 0]);
    }
    for (let x = 80; x < 120; x++) {
      for (const y of [40, 42, 97, 99]) expect(at(x, y)).toEqual([x, y, 0]);
    }
    // The wall just beyond the frame's outer edge, and farther out, stays painted.
    for (let y = 55; y < 85; y++) {
      for (const x of [62, 55, 137, 145]) expect(at(x, y)).toEqual([x, y, 1]);
    }
    for (let x = 80; x < 120; x++) expect(at(x, 37)).toEqual([x, 37, 1]);
  });

  it("keeps painting the wall beside the glass when its edge's parallel line is a joint in the wall", () => {
    // No frame: the wall meets the glass, and a dark joint between tiles runs 5 px out from each
    // side. Between the glass and the joint the wall is the wall beyond the joint's colour.
    const { image, labels } = windowRoom((x, y) => {
      const joint = (x === 65 || x === 134) && y >= 40 && y < 100;
      const jointRow = (y === 40 || y === 99) && x >= 65 && x < 135;
      return joint || jointRow ? [90, 85, 80] : undefined;
    });
    const { mask } = wallsToPaint(fakeParse(labels), image);
    for (let y = 55; y < 85; y++) {
      for (const x of [66, 68, 131, 133]) expect([x, y, mask.data[y * W + x]]).toEqual([x, y, 1]);
    }
  });

  it('leaves a narrow bar between two panes (a mullion) unpainted', () => {
    // A 3 px white bar down the middle of the glass, which the parse calls wall.
    const { image, labels } = windowRoom(() => undefined);
    for (let y = 45; y < 95; y++) {
      for (let x = 99; x < 102; x++) {
        labels[y * W + x] = ADE.wall;
        image.data.set([236, 236, 232], (y * W + x) * 4);
      }
    }
    const { mask } = wallsToPaint(fakeParse(labels), image);
    for (let y = 55; y < 85; y++) {
      for (let x = 99; x < 102; x++) expect([x, y, mask.data[y * W + x]]).toEqual([x, y, 0]);
    }
  });
});
