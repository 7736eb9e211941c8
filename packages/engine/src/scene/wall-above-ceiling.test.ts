import { describe, expect, it } from 'vitest';
import { ADE } from './ade20k';
import type { Raster } from '../raster';
import { ceilingAboveEdge, ceilingInWall, ceilingOverWall } from './wall-above-ceiling';

const W = 40;
const H = 100;

/** A 40×100 parse: ceiling over rows [0, ceilingTo), wall below, then `paint` draws on it. */
function parse(ceilingTo: number, paint: (x: number, y: number) => number | undefined) {
  const labels = new Uint8Array(W * H);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      labels[y * W + x] = paint(x, y) ?? (y < ceilingTo ? ADE.ceiling : ADE.wall);
    }
  }
  return labels;
}

const at = (labels: Uint8Array, x: number, y: number) => labels[y * W + x];

describe('ceilingOverWall', () => {
  it('gives a patch of wall above the ceiling to the ceiling', () => {
    // A pale patch between beams read as wall, at the photo's top edge.
    const labels = parse(40, (x, y) => (x >= 10 && x < 20 && y < 15 ? ADE.wall : undefined));
    expect(ceilingOverWall(labels, W, H)).toBe(150);
    expect(at(labels, 15, 5)).toBe(ADE.ceiling);
    // The wall under the ceiling stays wall.
    expect(at(labels, 15, 60)).toBe(ADE.wall);
  });

  it('keeps the wall above a patch of "ceiling" in the middle of it', () => {
    // A pale picture the network read as ceiling, inside the wall.
    const labels = parse(10, (x, y) =>
      x >= 5 && x < 15 && y >= 50 && y < 60 ? ADE.ceiling : undefined,
    );
    expect(ceilingOverWall(labels, W, H)).toBe(0);
    expect(at(labels, 10, 30)).toBe(ADE.wall);
  });

  it('needs a real stretch of ceiling under the wall, not a sliver', () => {
    // Wall over a one-row line of "ceiling" at the top: no ceiling to speak of.
    const labels = parse(0, (_x, y) => (y === 20 ? ADE.ceiling : undefined));
    expect(ceilingOverWall(labels, W, H)).toBe(0);
  });
});

describe('ceilingInWall', () => {
  it('gives a shaded patch of "ceiling" inside a wall that runs to the top back to the wall', () => {
    const labels = parse(0, (x, y) =>
      x >= 10 && x < 30 && y >= 10 && y < 20 ? ADE.ceiling : undefined,
    );
    expect(ceilingInWall(labels, W, H)).toBe(200);
    expect(at(labels, 20, 15)).toBe(ADE.wall);
  });

  it("keeps a soffit's underside, with the room's ceiling over the soffit's face", () => {
    // Ceiling rows 0–9, the soffit's face (wall) rows 10–19, its underside rows 20–24.
    const labels = parse(10, (x, y) =>
      x >= 10 && x < 30 && y >= 20 && y < 25 ? ADE.ceiling : undefined,
    );
    expect(ceilingInWall(labels, W, H)).toBe(0);
    expect(at(labels, 20, 22)).toBe(ADE.ceiling);
  });

  it('keeps a ceiling the frame cuts (a further room seen past a bulkhead)', () => {
    const labels = parse(0, (x, y) => (x >= 20 && y >= 10 && y < 20 ? ADE.ceiling : undefined));
    expect(ceilingInWall(labels, W, H)).toBe(0);
  });
});

describe('ceilingAboveEdge', () => {
  const horizon = () => 60;
  /** A 40×100 photo, grey by `shade`, and a parse that calls all of it wall. */
  function photo(shade: (x: number, y: number) => number): { image: Raster; labels: Uint8Array } {
    const data = new Uint8ClampedArray(W * H * 4);
    for (let y = 0; y < H; y++) {
      for (let x = 0; x < W; x++) {
        const v = shade(x, y);
        data.set([v, v, v, 255], (y * W + x) * 4);
      }
    }
    return { image: { width: W, height: H, data }, labels: new Uint8Array(W * H).fill(ADE.wall) };
  }

  it('gives a plain face over a straight edge at the top to the ceiling', () => {
    // A soffit's pale underside over rows 0–14, its edge sloping, the wall darker below.
    const { image, labels } = photo((x, y) => (y < 10 + x / 8 ? 230 : 170));
    expect(ceilingAboveEdge(image, labels, horizon)).toBeGreaterThan(300);
    expect(at(labels, 20, 3)).toBe(ADE.ceiling);
    expect(at(labels, 20, 50)).toBe(ADE.wall);
  });

  it('keeps a wall shaded towards the top, with no edge', () => {
    const { image, labels } = photo((_x, y) => 120 + y);
    expect(ceilingAboveEdge(image, labels, horizon)).toBe(0);
  });

  it('keeps the top of a slatted wall', () => {
    // Slats with dark gaps over a straight edge: not a plain surface.
    const { image, labels } = photo((x, y) => (y < 12 ? (x % 4 === 0 ? 150 : 175) : 120));
    expect(ceilingAboveEdge(image, labels, horizon)).toBe(0);
  });

  it('keeps wall whose foot is not wall (over a window)', () => {
    const { image, labels } = photo((_x, y) => (y < 12 ? 230 : 170));
    for (let i = 12 * W; i < W * H; i++) labels[i] = ADE.window;
    expect(ceilingAboveEdge(image, labels, horizon)).toBe(0);
  });
});
