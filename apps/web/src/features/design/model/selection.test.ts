import { describe, expect, it } from 'vitest';
import { clickLabel, composeSelection } from './selection';

/** RGBA pixels from a row of characters: '#' white and opaque, '.' black and transparent. */
function pixels(row: string): Uint8ClampedArray {
  const rgba = new Uint8ClampedArray(row.length * 4);
  for (let i = 0; i < row.length; i += 1) {
    if (row[i] === '#') rgba.set([255, 255, 255, 255], i * 4);
  }
  return rgba;
}

const alpha = (rgba: Uint8ClampedArray) =>
  Array.from({ length: rgba.length / 4 }, (_, i) =>
    (rgba[i * 4 + 3] ?? 0) > 127 ? '#' : '.',
  ).join('');

describe('automatic selection', () => {
  it('adds with a plain click and removes with Alt, Shift or the Remove toggle', () => {
    expect(clickLabel({ altKey: false, shiftKey: false }, 'add')).toBe(1);
    expect(clickLabel({ altKey: true, shiftKey: false }, 'add')).toBe(0);
    expect(clickLabel({ altKey: false, shiftKey: true }, 'add')).toBe(0);
    expect(clickLabel({ altKey: false, shiftKey: false }, 'erase')).toBe(0);
  });

  it('shows the clicks\u2019 selection on top of what was selected before them', () => {
    const answer = pixels('..##....');
    const before = pixels('#......#');
    expect(composeSelection(answer, before, '#c8643b')).toBe(true);
    expect(alpha(answer)).toBe('#.##...#');
    // In the overlay colour.
    expect([...answer.subarray(8, 12)]).toEqual([0xc8, 0x64, 0x3b, 255]);
  });

  it('shows just the answer when nothing was selected before, and says when it is empty', () => {
    const answer = pixels('.#..');
    expect(composeSelection(answer, null, '#000000')).toBe(true);
    expect(alpha(answer)).toBe('.#..');
    const empty = pixels('....');
    expect(composeSelection(empty, null, '#000000')).toBe(false);
  });

  it('reads a dark or transparent answer pixel as not selected', () => {
    const answer = new Uint8ClampedArray([40, 40, 40, 255, 255, 255, 255, 0]);
    expect(composeSelection(answer, null, '#ffffff')).toBe(false);
  });
});
