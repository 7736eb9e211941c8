import { describe, expect, it } from 'vitest';
import type { Raster } from '../raster';
import { ADE } from '../scene';
import { fakeParse } from '../test-support/fake-parse';
import { wallsToPaint } from './walls-to-paint';

const W = 200;
const H = 150;

/**
 * A kitchen corner: ceiling over rows 0–29, a light wall (200) to row 109, floor below; on the
 * right a counter (rows 70–79, columns 100–199) over units (rows 80–109) whose front at columns
 * 140–189 the parse calls wall, in `front`'s grey. A door (columns 30–39, ceiling to floor) parts
 * the wall left of it from the rest, in `side`'s grey.
 */
function kitchen(front: number, side = 200): { image: Raster; labels: Uint8Array } {
  return drawn(W, H, (x, y) => {
    if (y < 30) return [ADE.ceiling, 240];
    if (y >= 110) return [ADE.floor, 90];
    if (x >= 30 && x < 40) return [ADE.door, 120];
    if (x < 30) return [ADE.wall, side];
    if (x >= 100 && y >= 70 && y < 80) return [ADE.counter, 160];
    if (x >= 140 && x < 190 && y >= 80) return [ADE.wall, front];
    if (x >= 100 && y >= 80) return [ADE.cabinet, 30];
    return [ADE.wall, 200];
  });
}

/** A grey photo and its parse labels, each pixel's label and grey from `at`. */
function drawn(
  width: number,
  height: number,
  at: (x: number, y: number) => readonly [number, number],
): { image: Raster; labels: Uint8Array } {
  const labels = new Uint8Array(width * height);
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const [label, grey] = at(x, y);
      labels[i] = label;
      data.set([grey, grey, grey, 255], i * 4);
    }
  }
  return { image: { width, height, data }, labels };
}

const painted = (matte: Uint8Array, x0: number, x1: number, y0: number, y1: number) => {
  let n = 0;
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) if (matte[y * W + x]) n++;
  return n;
};

describe('dark patches of "wall" cut off from the wall (decision 094)', () => {
  it('leaves a black unit front the parse calls wall unpainted, and the rim round it', () => {
    const { image, labels } = kitchen(22);
    const { mask, matte } = wallsToPaint(fakeParse(labels, W, H), image);
    expect(painted(mask.data, 140, 190, 80, 110)).toBe(0);
    expect(painted(matte, 137, 193, 78, 110)).toBe(0);
    // The wall itself is painted.
    expect(painted(mask.data, 100, 200, 30, 70)).toBe(100 * 40);
  });

  it('paints a detached patch of wall in shadow', () => {
    const { image, labels } = kitchen(120);
    const { mask } = wallsToPaint(fakeParse(labels, W, H), image);
    expect(painted(mask.data, 140, 190, 80, 110)).toBe(50 * 30);
  });

  it('paints a dark wall that runs up to the ceiling', () => {
    const { image, labels } = kitchen(22, 30);
    const { mask } = wallsToPaint(fakeParse(labels, W, H), image);
    expect(painted(mask.data, 0, 30, 30, 110)).toBe(30 * 80);
  });
});

/**
 * A fireplace on a light wall (200): ceiling over rows 0–29, floor from row 110. The parse's
 * fireplace is the brick face (columns 80–119, rows 60–109, grey 230). The surround round it is
 * the wall's own colour and the parse calls it wall: a shelf (rows 54–58, columns 69–130) whose
 * top and underside are darker lines (150), and under it flanks (columns 72–79 and 120–127) whose
 * outer sides are darker lines (150). With `rail`, the shelf's top line runs on across the whole
 * wall (a picture rail, not a mantel).
 */
function fireplace(rail = false): { image: Raster; labels: Uint8Array } {
  return drawn(W, H, (x, y) => {
    if (y < 30) return [ADE.ceiling, 240];
    if (y >= 110) return [ADE.floor, 90];
    if (x >= 80 && x < 120 && y >= 60) return [ADE.fireplace, 230];
    if ((y === 54 || y === 58) && x >= 69 && x < 131) return [ADE.wall, 150];
    if (rail && y === 54) return [ADE.wall, 150];
    if ((x === 72 || x === 127) && y > 58) return [ADE.wall, 150];
    return [ADE.wall, 200];
  });
}

describe('a fireplace surround in the wall’s colour (decision 103)', () => {
  it('leaves the mantel shelf and the flanks under it unpainted, and paints the wall round them', () => {
    const { image, labels } = fireplace();
    const { mask, matte } = wallsToPaint(fakeParse(labels, W, H), image);
    // The shelf and the flanks.
    expect(painted(matte, 70, 130, 55, 58)).toBe(0);
    expect(painted(matte, 73, 80, 62, 108)).toBe(0);
    expect(painted(matte, 120, 127, 62, 108)).toBe(0);
    // The wall over the shelf, beside the flanks and under the shelf's overhang.
    expect(painted(mask.data, 20, 180, 35, 48)).toBe(160 * 13);
    expect(painted(mask.data, 20, 60, 62, 108)).toBe(40 * 46);
    expect(painted(mask.data, 140, 180, 62, 108)).toBe(40 * 46);
  });

  it('paints the wall beside a fireplace under a rail that runs on along the wall', () => {
    const { image, labels } = fireplace(true);
    const { mask } = wallsToPaint(fakeParse(labels, W, H), image);
    expect(painted(mask.data, 73, 80, 62, 108)).toBe(7 * 46);
    expect(painted(mask.data, 120, 127, 62, 108)).toBe(7 * 46);
  });
});

describe("a tray ceiling's step the parse calls ceiling in part (decision 102)", () => {
  const TW = 300;
  const TH = 200;
  /**
   * A tray step's face (rows 40–49) under a flat ceiling (rows 0–39, 230) along a wall (200, to
   * row 169; floor under it). Over columns 0–149 the face is lit like the ceiling (226) and the
   * parse calls it ceiling; over columns 150–299 it is in shade (150) and the parse calls it
   * wall, where a window (columns 156–293, rows 50–139) meets its foot.
   */
  function tray(): { image: Raster; labels: Uint8Array } {
    return drawn(TW, TH, (x, y) => {
      if (y < 40) return [ADE.ceiling, 230];
      if (y < 50) return x < 150 ? [ADE.ceiling, 226] : [ADE.wall, 150];
      if (y >= 170) return [ADE.floor, 90];
      if (x >= 156 && x < 294 && y < 140) return [ADE.window, 250];
      return [ADE.wall, 200];
    });
  }

  it('leaves the face unpainted where the parse called it wall', () => {
    const { image, labels } = tray();
    const { mask } = wallsToPaint(fakeParse(labels, TW, TH, [], 170), image);
    let face = 0;
    for (let y = 40; y < 49; y++)
      for (let x = 150; x < 300; x++) face += mask.data[y * TW + x] ?? 0;
    expect(face).toBe(0);
    // The wall under it is painted, beside the window and over the whole width under it.
    let wall = 0;
    for (let y = 51; y < 140; y++) for (let x = 0; x < 150; x++) wall += mask.data[y * TW + x] ?? 0;
    expect(wall).toBe(150 * 89);
  });
});
