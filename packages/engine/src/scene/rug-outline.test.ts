import { describe, expect, it } from 'vitest';
import type { Raster } from '../raster';
import { rugOutToItsEdges } from './rug-outline';

const W = 600;
const H = 400;
/** The floor fills the rows below this one. */
const FLOOR_TOP = 100;
/** The kept rug's right side, and the rug's real outer edge further right (a receding side). */
const innerEdge = (y: number) => 300 + (y - FLOOR_TOP) * 0.5;
const outerEdge = (y: number) => innerEdge(y) + 40;

/** The boards' first groove lies this far past where they start, near enough to the rug's edge
 * that the strip out to it is still mostly the rug's pile. */
const GROOVE_FROM = 12;

/** A fixed speckle in −12…12: boards' grain (full) or a rug's fine pile (a quarter). */
const speckle = (x: number, y: number) => ((((x * 73856093) ^ (y * 19349663)) >>> 0) % 25) - 12;

/**
 * Boards beyond the rug (pale, coarse grain, a groove every 30 px parallel to its side from `GROOVE_FROM`), the
 * kept rug's dark squares, and — when `border` — a pale band of the rug's fine pile between them,
 * as pale as the boards: the network's evidence misses it.
 */
function room(border: boolean): { image: Raster; rug: Uint8Array; region: Uint8Array } {
  const data = new Uint8ClampedArray(W * H * 4);
  const rug = new Uint8Array(W * H);
  const region = new Uint8Array(W * H);
  const boardsFrom = (y: number) => (border ? outerEdge(y) : innerEdge(y));
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const i = y * W + x;
      let v = 235;
      if (y >= FLOOR_TOP) {
        region[i] = 1;
        const past = x - boardsFrom(y);
        if (x < innerEdge(y) && x >= 60) {
          rug[i] = 255;
          v = 110 + speckle(x, y) / 4;
        } else if (past < 0 && x >= 60) {
          v = 185 + speckle(x, y) / 4;
        } else {
          const groove = past > 0 && (past - GROOVE_FROM + 30) % 30 < 2;
          v = groove ? 120 : 200 + speckle(x, y);
        }
      }
      data.set([v, v, v, 255], i * 4);
    }
  }
  return { image: { width: W, height: H, data }, rug, region };
}

/** Share of the pixels of the floor with `x` in [from(y), to(y)) that are rug in `matte`. */
function rugShare(matte: Uint8Array, from: (y: number) => number, to: (y: number) => number) {
  let all = 0;
  let rug = 0;
  for (let y = FLOOR_TOP + 10; y < H - 10; y++) {
    for (let x = Math.ceil(from(y)); x < to(y) && x < W; x++) {
      all++;
      if ((matte[y * W + x] ?? 0) >= 128) rug++;
    }
  }
  return rug / all;
}

describe('rugOutToItsEdges', () => {
  it("carries a rug out over its pale border to the rug's own straight edge, not the boards' groove beyond", () => {
    const { image, rug, region } = room(true);
    const out = rugOutToItsEdges(image, rug, region);
    const band = rugShare(
      out,
      (y) => innerEdge(y) + 3,
      (y) => outerEdge(y) - 8,
    );
    const boards = rugShare(
      out,
      (y) => outerEdge(y) + 3,
      () => W,
    );
    expect(band).toBeGreaterThan(0.95);
    expect(boards).toBeLessThan(0.02);
  });

  it('leaves a rug that ends on the boards as it is: their grooves part the same grain', () => {
    const { image, rug, region } = room(false);
    const out = rugOutToItsEdges(image, rug, region);
    expect(
      rugShare(
        out,
        (y) => innerEdge(y) + 3,
        () => W,
      ),
    ).toBe(0);
  });
});
