import { describe, expect, it } from 'vitest';
import { outlineOf } from './furniture-overlay';

describe('an element outline (spec §2 Change furniture)', () => {
  const box = [
    { x: 10, y: 20 },
    { x: 110, y: 80 },
  ];

  it('follows the polygon the element carries', () => {
    const polygon = [
      { x: 12, y: 22 },
      { x: 100, y: 30 },
      { x: 90, y: 78 },
      { x: 15, y: 70 },
    ];
    expect(outlineOf({ label: 'Sofa', box, polygon })).toEqual(polygon);
  });

  it('falls back to the box, two corners making its rectangle', () => {
    expect(outlineOf({ label: 'Sofa', box })).toEqual([
      { x: 10, y: 20 },
      { x: 110, y: 20 },
      { x: 110, y: 80 },
      { x: 10, y: 80 },
    ]);
    expect(outlineOf({ label: 'Sofa', box: [] })).toEqual([]);
  });
});
