/**
 * The thin legs of the furniture standing on the floor that the network read as floor: a side
 * table's pale wooden legs on pale boards, a dining table's leg beside a chair (decision 104).
 * Neither colour nor darkness tells them (`leaveFurnitureFeet` takes only the dark ones), and SAM
 * clicked on the piece seldom gives every leg. A leg is drawn by its two sides, though: two long
 * upright edges a leg's width apart, each of the opposite sense (floor to leg, leg to floor), that
 * run from the floor up to the piece they hold. The strip between such a pair is taken out of
 * the floor.
 */
import { detectSegments, greyDownscaled } from '../geometry/line-segments';
import { lumaAt, type Raster } from '../raster';
import { furnitureOnFloor, STANDING } from './floor-objects';
import { matteMask } from './matte';

/** Edges are found on the photo scaled to at most this longer side. */
const ANALYSIS_SIDE = 1600;
/** A leg's side is at least this share of the photo's longer side long. */
const MIN_SIDE_LENGTH = 0.015;
/** It stands upright: at most this far (radians) from the vertical. */
const MAX_LEAN = (15 * Math.PI) / 180;
/** At least this share of a leg's middle line lies in the floor: the network read it as floor. */
const MIN_ON_FLOOR = 0.2;
/**
 * A leg is at least this share of the photo's longer side wide (and 2 px): a seam between two
 * boards, a dark line, has two sides of opposite sense too, a pixel or two apart.
 */
const MIN_LEG_WIDTH = 0.003;
/** …and at most this share: two boards' seams further apart hold a board, not a leg. */
const MAX_LEG_WIDTH = 0.012;
/** The two sides of one leg run side by side over this share of the shorter one. */
const MIN_OVERLAP = 0.6;
/** Its top meets the piece it holds within this share of the photo's longer side. */
const TOP_REACH = 0.025;
/** Luma step (grey levels) across a side for it to have a sense. */
const MIN_STEP = 4;

interface Side {
  /** x at row y: the side's line. */
  xAt: (y: number) => number;
  y0: number;
  y1: number;
  /** +1 where the photo gets lighter going right across it, −1 darker. */
  sense: number;
}

/**
 * Takes the furniture's thin legs out of the floor `matte` (0–255), in place. `labels` is the
 * parse's; `standing` (1 per pixel) what SAM showed standing on the floor, if known.
 */
export function leaveFurnitureLegs(
  matte: Uint8Array,
  image: Raster,
  labels: Uint8Array,
  standing?: Uint8Array,
): void {
  const { width, height, data } = image;
  const n = width * height;
  const long = Math.max(width, height);
  const region = matteMask(matte, width, height).data;
  const boxes = furnitureOnFloor(labels, region, width, height).map((f) => f.box);
  if (!boxes.length) return;
  const { grey, scale } = greyDownscaled(image, ANALYSIS_SIDE);
  const luma = (x: number, y: number) => {
    const xx = Math.min(width - 1, Math.max(0, Math.round(x)));
    const yy = Math.min(height - 1, Math.max(0, Math.round(y)));
    return lumaAt(data, yy * width + xx);
  };
  const minWidth = Math.max(2, MIN_LEG_WIDTH * long);
  const maxWidth = Math.max(minWidth + 1, MAX_LEG_WIDTH * long);
  const sides: Side[] = [];
  for (const s of detectSegments(grey, { minLength: MIN_SIDE_LENGTH * long * scale })) {
    const top =
      s.y1 <= s.y2 ? { x: s.x1 / scale, y: s.y1 / scale } : { x: s.x2 / scale, y: s.y2 / scale };
    const foot =
      s.y1 <= s.y2 ? { x: s.x2 / scale, y: s.y2 / scale } : { x: s.x1 / scale, y: s.y1 / scale };
    const dy = foot.y - top.y;
    if (dy <= 0 || Math.abs(foot.x - top.x) > Math.tan(MAX_LEAN) * dy) continue;
    const mx = (top.x + foot.x) / 2;
    const my = (top.y + foot.y) / 2;
    // Legs splay: a leg's foot may stand a little outside its piece's own columns.
    if (
      !boxes.some((b) => mx >= b.x0 - maxWidth && mx < b.x1 + maxWidth && my >= b.y0 && my < b.y1)
    )
      continue;
    const xAt = (y: number) => top.x + ((y - top.y) * (foot.x - top.x)) / dy;
    let step = 0;
    const steps = 10;
    for (let k = 0; k <= steps; k++) {
      const y = top.y + (dy * k) / steps;
      const x = xAt(y);
      step += (luma(x + 2, y) - luma(x - 2, y)) / (steps + 1);
    }
    if (Math.abs(step) < MIN_STEP) continue;
    sides.push({ xAt, y0: top.y, y1: foot.y, sense: Math.sign(step) });
  }
  // The piece a leg holds: the parse's furniture, or what SAM showed standing there.
  const isPiece = (x: number, y: number) => {
    const xx = Math.round(x);
    if (xx < 0 || xx >= width) return false;
    const i = Math.round(y) * width + xx;
    return STANDING.has(labels[i] ?? 0) || standing?.[i] === 1;
  };
  const reach = Math.max(2, TOP_REACH * long);
  const leg = new Uint8Array(n);
  for (const a of sides) {
    for (const b of sides) {
      if (a === b || a.sense !== -b.sense) continue;
      const y0 = Math.max(a.y0, b.y0);
      const y1 = Math.min(a.y1, b.y1);
      if (y1 - y0 < MIN_OVERLAP * Math.min(a.y1 - a.y0, b.y1 - b.y0)) continue;
      const mid = (y0 + y1) / 2;
      const gap = b.xAt(mid) - a.xAt(mid);
      // `a` is the left side: the pair is looked at once, from its left.
      if (gap < minWidth || gap > maxWidth) continue;
      // The network read the leg as floor.
      let onFloor = 0;
      for (let k = 0; k <= 10; k++) {
        const y = y0 + ((y1 - y0) * k) / 10;
        const x = (a.xAt(y) + b.xAt(y)) / 2;
        if (region[Math.round(y) * width + Math.round(x)]) onFloor++;
      }
      if (onFloor < MIN_ON_FLOOR * 11) continue;
      // One leg, not two side by side with the floor between them: no other side runs between
      // the pair, and the strip's middle is lighter (a light leg) or darker than the floor
      // beyond either side, as the sides say.
      const between = sides.some(
        (c) =>
          c !== a &&
          c !== b &&
          Math.min(c.y1, y1) - Math.max(c.y0, y0) >= MIN_OVERLAP * (y1 - y0) &&
          c.xAt(mid) > a.xAt(mid) + 0.5 &&
          c.xAt(mid) < b.xAt(mid) - 0.5,
      );
      if (between) continue;
      // The floor round the pair (its median luma a few widths either side): beside the sides it
      // is that floor, between them it is not. The dark boards between two copper legs have legs
      // beside them, not floor.
      const around: number[] = [];
      for (let y = Math.ceil(y0); y <= y1; y++) {
        const xl = a.xAt(y);
        const xr = b.xAt(y);
        for (let x = Math.floor(xl - 4 * gap); x <= xr + 4 * gap; x++) {
          if ((x > xl - 3 && x < xr + 3) || x < 0 || x >= width) continue;
          if (region[y * width + x]) around.push(luma(x, y));
        }
      }
      if (around.length < 10) continue;
      around.sort((p, q) => p - q);
      const floorLuma = around[around.length >> 1] ?? 0;
      let centre = 0;
      let beside = 0;
      const steps = 10;
      for (let k = 0; k <= steps; k++) {
        const y = y0 + ((y1 - y0) * k) / steps;
        const xl = a.xAt(y);
        const xr = b.xAt(y);
        centre += luma((xl + xr) / 2, y) / (steps + 1);
        beside += (luma(xl - 2, y) + luma(xr + 2, y)) / 2 / (steps + 1);
      }
      if ((centre - floorLuma) * a.sense < MIN_STEP) continue;
      if (Math.abs(beside - floorLuma) >= Math.abs(centre - floorLuma)) continue;
      // The leg's top meets the piece it holds: a seam between boards runs on past it.
      const top = Math.min(a.y0, b.y0);
      const cx = (a.xAt(top) + b.xAt(top)) / 2;
      let meets = false;
      for (let y = top; y >= Math.max(0, top - reach) && !meets; y--) {
        for (let x = cx - reach; x <= cx + reach && !meets; x++) meets = isPiece(x, y);
      }
      if (!meets) continue;
      // Where only one side was found, the other runs beside it at the leg's width.
      const bottom = Math.max(a.y1, b.y1);
      const within = (s: Side, y: number) => y >= s.y0 && y <= s.y1;
      for (
        let y = Math.max(0, Math.floor(top));
        y <= Math.min(height - 1, Math.ceil(bottom));
        y++
      ) {
        const xl = Math.floor(within(a, y) ? a.xAt(y) : b.xAt(y) - gap);
        const xr = Math.ceil(within(b, y) ? b.xAt(y) : a.xAt(y) + gap);
        for (let x = Math.max(0, xl); x <= Math.min(width - 1, xr); x++) leg[y * width + x] = 1;
      }
    }
  }
  for (let i = 0; i < n; i++) if (leg[i]) matte[i] = 0;
}
