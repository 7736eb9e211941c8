import { describe, expect, it } from 'vitest';
import type { SegmentationLogits } from '../models/segmentation-model';
import { ADE } from './ade20k';
import { doubtWalls } from './wall-doubt';

const CLASSES = 151;

/** A 2×2 grid of cells, each with the wall and one other class given, the rest far below. */
function logits(cells: Array<[number, number, number]>): SegmentationLogits {
  const grid = 2;
  const data = new Float32Array(CLASSES * grid * grid).fill(-10);
  cells.forEach(([wall, other, value], i) => {
    data[ADE.wall * 4 + i] = wall;
    data[other * 4 + i] = value;
  });
  return { data, classes: CLASSES, grid, validWidth: 1, validHeight: 1 };
}

function winner(l: SegmentationLogits, cell: number): number {
  let best = 0;
  for (let c = 0; c < l.classes; c++) {
    if ((l.data[c * 4 + cell] ?? 0) > (l.data[best * 4 + cell] ?? 0)) best = c;
  }
  return best;
}

describe('doubtWalls', () => {
  it('gives a cell to the door or the ceiling close behind the wall', () => {
    const out = doubtWalls(
      logits([
        [3, ADE.door, 2.2],
        [3, ADE.cabinet, 2.6],
        [3, ADE.ceiling, 2.2],
        [3, ADE.door, 1.5],
      ]),
    );
    expect(winner(out, 0)).toBe(ADE.door);
    expect(winner(out, 2)).toBe(ADE.ceiling);
    // Furniture behind the wall, and a door well behind it, leave the wall as it was.
    expect(winner(out, 1)).toBe(ADE.wall);
    expect(winner(out, 3)).toBe(ADE.wall);
  });

  it('leaves the wall–floor decision and the input alone', () => {
    const input = logits([
      [3, ADE.floor, 2.9],
      [3, ADE.door, 1.5],
      [1, ADE.door, 2],
      [3, ADE.building, 2.9],
    ]);
    const before = input.data.slice();
    const out = doubtWalls(input);
    expect(winner(out, 0)).toBe(ADE.wall);
    expect(winner(out, 2)).toBe(ADE.door);
    expect(winner(out, 3)).toBe(ADE.wall);
    expect(input.data).toEqual(before);
  });
});
