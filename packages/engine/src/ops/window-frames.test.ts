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

describe('a window the parse half sees in the wall paint (decision 101)', () => {
  /**
   * A window of two panes on a grey-beige wall: the parse sees the right pane (columns 100–139,
   * rows 40–99) as `seenAs` (window, or door: a glazed sash is a door to the network), but calls
   * the grey bar (96–99) and the left pane (`paneFrom`–95), as bright as that glass, wall; left of
   * the pane, a recess's white reveal from `revealFrom` (wall), the glass's edge a grey line. The network's votes for `seenAs`
   * cover `voted` columns of the window rows.
   */
  function twoPaneRoom(
    voted: (x: number) => boolean,
    layout: { seenAs?: number; paneFrom?: number; revealFrom?: number } = {},
  ): { image: Raster; parse: RoomParse } {
    const { seenAs = ADE.window, paneFrom = 80 } = layout;
    const revealFrom = layout.revealFrom ?? paneFrom;
    const labels = new Uint8Array(W * H);
    const data = new Uint8ClampedArray(W * H * 4);
    for (let y = 0; y < H; y++) {
      for (let x = 0; x < W; x++) {
        const i = y * W + x;
        const rows = y >= 40 && y < 100;
        const seen = rows && x >= 100 && x < 140;
        labels[i] = y < 30 ? ADE.ceiling : y >= 110 ? ADE.floor : seen ? seenAs : ADE.wall;
        const rgb =
          y < 30
            ? [235, 235, 235]
            : y >= 110
              ? [110, 80, 60]
              : rows && ((x >= 96 && x < 100) || (x === paneFrom && revealFrom < paneFrom))
                ? [190, 190, 188]
                : rows && x >= paneFrom && x < 140
                  ? [222, 228, 238]
                  : rows && x >= revealFrom && x < paneFrom
                    ? [244, 242, 236]
                    : [150, 140, 128];
        data.set([...rgb, 255], i * 4);
      }
    }
    const parse = fakeParse(labels);
    const inWindow = (x: number, y: number) => y >= 40 && y < 100 && voted(x);
    parse.classShare = (cls) => (x, y) => (cls === seenAs && inWindow(x, y) ? 0.3 : 0);
    return { image: { width: W, height: H, data }, parse };
  }

  /** The paint mask's value at each of `xs` on the rows 50–89, as [x, y, value]. */
  const columns = (mask: Uint8Array, xs: number[]) =>
    Array.from({ length: 40 }, (_, k) => xs.map((x) => [x, 50 + k, mask[(50 + k) * W + x]]));
  const all = (xs: number[], value: number) =>
    Array.from({ length: 40 }, (_, k) => xs.map((x) => [x, 50 + k, value]));

  it('leaves the pane it called wall unpainted, out to the window’s own edge', () => {
    const { image, parse } = twoPaneRoom((x) => x >= 80 && x < 140);
    const { mask } = wallsToPaint(parse, image);
    expect(columns(mask.data, [82, 88, 94, 97])).toEqual(all([82, 88, 94, 97], 0));
    // The wall past the window's edge, above it and below it keeps its paint.
    expect(columns(mask.data, [76, 70, 40])).toEqual(all([76, 70, 40], 1));
    for (let x = 82; x < 96; x++) {
      for (const y of [36, 104]) expect([x, y, mask.data[y * W + x]]).toEqual([x, y, 1]);
    }
  });

  it('does so when the network calls the pane it sees a door', () => {
    const { image, parse } = twoPaneRoom((x) => x >= 80 && x < 140, { seenAs: ADE.door });
    const { mask } = wallsToPaint(parse, image);
    expect(columns(mask.data, [82, 88, 94])).toEqual(all([82, 88, 94], 0));
  });

  it('keeps painting the reveal of a recess beside the pane, as bright as the glass', () => {
    // The pane from column 84, the reveal 78–83, the wall left of it.
    const { image, parse } = twoPaneRoom((x) => x >= 78 && x < 140, {
      paneFrom: 84,
      revealFrom: 78,
    });
    const { mask } = wallsToPaint(parse, image);
    expect(columns(mask.data, [86, 90, 94])).toEqual(all([86, 90, 94], 0));
    expect(columns(mask.data, [79, 81, 74])).toEqual(all([79, 81, 74], 1));
  });

  it('keeps painting a bright strip beside the glass that the network does not vote window', () => {
    const { image, parse } = twoPaneRoom((x) => x >= 100 && x < 140);
    const { mask } = wallsToPaint(parse, image);
    expect(columns(mask.data, [82, 88, 94])).toEqual(all([82, 88, 94], 1));
  });
});
