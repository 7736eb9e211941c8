import { describe, expect, it } from 'vitest';
import { ADE } from './ade20k';
import { ceilingUnderWallLine } from './ceiling-under-wall-line';

const W = 200;
const H = 120;
const LEFT = 1;

/**
 * A 200×120 parse of red-armchair's corner: the left wall's top meets the ceiling along a line
 * falling from (60, 0) to (200, 35); wall units (cabinet) stand at x < 40 from row 25 to 60, and
 * `corner` labels what lies above them, left of x 40 (the network read it as ceiling).
 */
function parse(corner: (x: number, y: number) => number) {
  const labels = new Uint8Array(W * H);
  const planes = new Uint8Array(W * H);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const i = y * W + x;
      let label: number = ADE.wall;
      if (y < (x - 60) * 0.25) label = ADE.ceiling;
      else if (x < 40 && y >= 25 && y < 60) label = ADE.cabinet;
      else if (x < 40 && y < 25) label = corner(x, y);
      labels[i] = label;
      if (label === ADE.wall) planes[i] = LEFT;
    }
  }
  return { labels, planes };
}

describe('ceilingUnderWallLine', () => {
  it('gives the "ceiling" above wall units, under the wall–ceiling line, to that wall', () => {
    const { labels, planes } = parse(() => ADE.ceiling);
    expect(ceilingUnderWallLine(labels, planes, W, H)).toBe(40 * 25);
    expect(labels[10 * W + 20]).toBe(ADE.wall);
    expect(planes[10 * W + 20]).toBe(LEFT);
    // The room's ceiling stays.
    expect(labels[5 * W + 180]).toBe(ADE.ceiling);
  });

  it('keeps a piece of ceiling that reaches up to the line (a beam end under the ceiling)', () => {
    // A small piece of "ceiling" just under the line, parted from the ceiling by a row of wall.
    const { labels, planes } = parse(() => ADE.wall);
    for (let y = 0; y < H; y++) {
      for (let x = 120; x < 140; x++) {
        const line = (x - 60) * 0.25;
        if (y >= line + 1 && y < line + 4) labels[y * W + x] = ADE.ceiling;
      }
    }
    for (let i = 0; i < W * H; i++) if (labels[i] !== ADE.wall) planes[i] = 0;
    expect(ceilingUnderWallLine(labels, planes, W, H)).toBe(0);
    expect(labels[20 * W + 130]).toBe(ADE.ceiling);
  });

  it('keeps a piece of ceiling that meets no wall (a further room seen through an opening)', () => {
    const { labels, planes } = parse(() => ADE.wall);
    for (let y = 80; y < 100; y++) {
      for (let x = 100; x < 140; x++) {
        const i = y * W + x;
        labels[i] = x < 104 || x >= 136 || y < 84 || y >= 96 ? ADE.door : ADE.ceiling;
        planes[i] = 0;
      }
    }
    expect(ceilingUnderWallLine(labels, planes, W, H)).toBe(0);
  });

  it('keeps the ceiling a mirror on the wall reflects, which does not reach the top', () => {
    // The mirror's reflection of the wall is "wall", of the ceiling "ceiling", under the line.
    const { labels, planes } = parse(() => ADE.wall);
    for (let y = 60; y < 75; y++) {
      for (let x = 100; x < 140; x++) {
        labels[y * W + x] = ADE.ceiling;
        planes[y * W + x] = 0;
      }
    }
    expect(ceilingUnderWallLine(labels, planes, W, H)).toBe(0);
    expect(labels[65 * W + 120]).toBe(ADE.ceiling);
  });
});
