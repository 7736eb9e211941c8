import { describe, expect, it } from 'vitest';
import { elementOutline } from './elements';

const box = [
  { x: 0, y: 0 },
  { x: 10, y: 0 },
  { x: 10, y: 8 },
  { x: 0, y: 8 },
];

describe('space element outlines', () => {
  it('follow the element\u2019s polygon, and its box when it has none', () => {
    const polygon = [
      { x: 1, y: 0 },
      { x: 9, y: 2 },
      { x: 5, y: 8 },
    ];
    expect(elementOutline({ label: 'Sofa', box, polygon })).toEqual(polygon);
    expect(elementOutline({ label: 'Sofa', box })).toEqual(box);
  });
});
