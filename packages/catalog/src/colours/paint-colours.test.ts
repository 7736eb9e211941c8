import { describe, expect, it } from 'vitest';
import { PAINT_COLLECTIONS, PAINT_COLOURS } from './paint-colours';

describe('the paint library', () => {
  it('has at least 120 colours in every collection, with unique ids and names', () => {
    expect(PAINT_COLOURS.length).toBeGreaterThanOrEqual(120);
    for (const name of PAINT_COLLECTIONS) {
      expect(
        PAINT_COLOURS.filter((colour) => colour.collection === name).length,
      ).toBeGreaterThanOrEqual(20);
    }
    expect(new Set(PAINT_COLOURS.map((colour) => colour.id)).size).toBe(PAINT_COLOURS.length);
    expect(new Set(PAINT_COLOURS.map((colour) => colour.name)).size).toBe(PAINT_COLOURS.length);
    expect(new Set(PAINT_COLOURS.map((colour) => colour.hex)).size).toBe(PAINT_COLOURS.length);
  });

  it('writes every colour as a six-digit hex', () => {
    for (const colour of PAINT_COLOURS) expect(colour.hex).toMatch(/^#[0-9a-f]{6}$/);
  });

  it('keeps whites light, and bold colours saturated or deep', () => {
    const channels = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
    for (const colour of PAINT_COLOURS.filter((c) => c.collection === 'whites')) {
      expect(Math.min(...channels(colour.hex)), colour.name).toBeGreaterThan(200);
    }
    for (const colour of PAINT_COLOURS.filter((c) => c.collection === 'bold')) {
      const [r = 0, g = 0, b = 0] = channels(colour.hex);
      const saturated = Math.max(r, g, b) - Math.min(r, g, b) > 50;
      const deep = Math.max(r, g, b) < 100;
      expect(saturated || deep, colour.name).toBe(true);
    }
  });
});
