/**
 * A patterned rug carried out to its own straight outer edges. The network's evidence outlines
 * a patterned rug's darker squares but not the pale ones along its border that match the floor
 * (decision 071: living-room-1's outer strips were boarded over, the middle kept). A rug's
 * border is straight, and the rug is convex: the first straight edge met going out from the
 * kept rug across the floor, with the strip between them textured like the rug rather than like
 * the floor beyond the edge, is the rug's own edge, and the rug runs out to it. A plank's seam
 * further out is not the first edge met. Where the rug's own edge is too faint to be found (pale
 * pile on pale boards) the first edge met is the boards' first seam, and the board's sliver
 * before it, grained like the floor beyond, is left to the floor.
 */
import { convexHull, insideConvex, pointsBounds } from '../geometry/outline';
import { detectSegments, greyDownscaled } from '../geometry/line-segments';
import { boxMean, type Raster } from '../raster';
import { labelComponents } from './objects';
import { fineTexture } from './rug-edge';

/** Segments are found on the photo scaled to this longer side. */
const ANALYSIS_SIDE = 1200;
/** An outer edge is at least this share of the photo's longer side long. */
const MIN_EDGE_LENGTH = 0.05;
/** …and lies at most this far outside the kept rug (share of the longer side). */
const MAX_REACH = 0.12;
/** Share of an edge's points that lie in the floor region, outside the kept rug. */
const MIN_OUTSIDE = 0.9;
/** The floor beyond an edge is read over a strip this wide (share of the longer side). */
const BEYOND_STRIP = 0.02;
/** A pixel's grain is its fine texture averaged over this radius (share of the longer side). */
const GRAIN_WINDOW = 0.008;

interface Point {
  x: number;
  y: number;
}

/** The leftmost and rightmost pixel of each row of the mask: enough for its convex hull. */
function rowEnds(mask: Uint8Array, width: number, height: number): Point[] {
  const points: Point[] = [];
  for (let y = 0; y < height; y++) {
    let left = -1;
    let right = -1;
    for (let x = 0; x < width; x++) {
      if (!mask[y * width + x]) continue;
      if (left < 0) left = x;
      right = x;
    }
    if (left >= 0) points.push({ x: left, y }, { x: right + 1, y }, { x: left, y: y + 1 });
    if (right >= 0) points.push({ x: right + 1, y: y + 1 });
  }
  return points;
}

/**
 * A side of a rug recedes into the photo, a diagonal or upright line; its front and back run
 * nearly level, and a level line carried across the rug swings far from it at the far end (a
 * board's seam at 19° took the floor between rug and sofa at 1200 px). Only an edge steeper than
 * this (radians) is taken: a side.
 */
const SIDE_SLOPE = (20 * Math.PI) / 180;

/** Whether the segment from `a` to `b` recedes like a rug's side. */
const isSide = (a: Point, b: Point) =>
  Math.abs(b.y - a.y) >= Math.tan(SIDE_SLOPE) * Math.abs(b.x - a.x);

/** The side's line carried over the kept rug's rows. */
function acrossRug(s: Point[], hull: readonly Point[]): Point[] {
  const [a, b] = s as [Point, Point];
  const ys = hull.map((p) => p.y);
  return [Math.min(...ys), Math.max(...ys)].map((y) => ({
    x: a.x + ((y - a.y) * (b.x - a.x)) / (b.y - a.y),
    y,
  }));
}

/** Distance from (x, y) to the convex polygon's boundary (0 inside). */
function distanceOutside(hull: readonly Point[], x: number, y: number): number {
  if (insideConvex(hull, x, y)) return 0;
  let best = Infinity;
  for (let i = 0; i < hull.length; i++) {
    const p = hull[i] as Point;
    const q = hull[(i + 1) % hull.length] as Point;
    const lx = q.x - p.x;
    const ly = q.y - p.y;
    const t = Math.max(
      0,
      Math.min(1, ((x - p.x) * lx + (y - p.y) * ly) / (lx * lx + ly * ly || 1)),
    );
    best = Math.min(best, Math.hypot(x - p.x - t * lx, y - p.y - t * ly));
  }
  return best;
}

/**
 * The edge found may be the first seam of the boards just past the rug's own (a pale rug on pale
 * boards shows a seam's line more than its own edge): the board's sliver before it, grained like
 * the floor beyond rather than like the rug and running on into that floor, is taken back out of
 * `out`, in place. Pixels grained like the floor only from a seam between the rug's own squares
 * lie against the kept rug, not the floor, and stay.
 */
function leaveBoardSlivers(
  out: Uint8Array,
  region: Uint8Array,
  inWhole: Uint8Array,
  rug: Uint8Array,
  texture: Float32Array,
  floors: readonly number[],
  rugTexture: number,
  side: number,
  width: number,
  height: number,
): void {
  const local = boxMean(texture, width, height, Math.max(1, Math.round(GRAIN_WINDOW * side)));
  const floorLike = new Uint8Array(width * height);
  for (let i = 0; i < floorLike.length; i++) {
    if (!inWhole[i] || rug[i]) continue;
    const grain = Math.log((local[i] ?? 0) + 1);
    if (floors.some((f) => Math.abs(grain - f) <= Math.abs(grain - rugTexture))) floorLike[i] = 1;
  }
  const { ids, count } = labelComponents(floorLike, width, height, new Set([1]));
  const joined = new Uint8Array(count + 1);
  const beyond = (j: number) => region[j] === 1 && !inWhole[j] && !rug[j];
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const id = ids[i] ?? 0;
      if (!id) continue;
      if (
        (x > 0 && beyond(i - 1)) ||
        (x + 1 < width && beyond(i + 1)) ||
        (y > 0 && beyond(i - width)) ||
        (y + 1 < height && beyond(i + width))
      )
        joined[id] = 1;
    }
  for (let i = 0; i < out.length; i++) if (joined[ids[i] ?? 0]) out[i] = 0;
}

/**
 * The rug (`rug`, 0–255) within the floor `region` (1 per pixel) carried out to its own straight
 * outer edges, as a 0–255 matte; `rug` itself when no edge is found.
 */
export function rugOutToItsEdges(image: Raster, rug: Uint8Array, region: Uint8Array): Uint8Array {
  const { width, height } = image;
  const side = Math.max(width, height);
  const kept = rug.map((a) => (a >= 128 ? 1 : 0));
  const hull = convexHull(rowEnds(kept, width, height));
  if (hull.length < 3) return rug;
  const texture = fineTexture(image);
  const logMean = (
    take: (x: number, y: number) => boolean,
    x0: number,
    y0: number,
    x1: number,
    y1: number,
  ) => {
    let sum = 0;
    let count = 0;
    for (let y = Math.max(0, Math.floor(y0)); y < Math.min(height, Math.ceil(y1)); y++)
      for (let x = Math.max(0, Math.floor(x0)); x < Math.min(width, Math.ceil(x1)); x++) {
        const i = y * width + x;
        if (!region[i] || !take(x, y)) continue;
        sum += texture[i] ?? 0;
        count++;
      }
    return count ? Math.log(sum / count + 1) : Number.NaN;
  };
  const [hx0, hy0, hx1, hy1] = pointsBounds(hull, width, height);
  const rugTexture = logMean((x, y) => kept[y * width + x] === 1, hx0, hy0, hx1, hy1);
  // Candidate edges: sides, long, in the floor outside the kept rug, within reach of it.
  const { grey, scale } = greyDownscaled(image, ANALYSIS_SIDE);
  const edges: { ends: Point[]; mid: Point }[] = [];
  for (const s of detectSegments(grey)) {
    if (s.length / scale < MIN_EDGE_LENGTH * side) continue;
    const a = { x: s.x1 / scale, y: s.y1 / scale };
    const b = { x: s.x2 / scale, y: s.y2 / scale };
    if (!isSide(a, b)) continue;
    let outside = 0;
    let near = true;
    const steps = 20;
    for (let k = 0; k <= steps; k++) {
      const x = a.x + ((b.x - a.x) * k) / steps;
      const y = a.y + ((b.y - a.y) * k) / steps;
      const i = Math.round(y) * width + Math.round(x);
      const d = distanceOutside(hull, x, y);
      if (region[i] && d > 0) outside++;
      if (d > MAX_REACH * side) near = false;
    }
    if (!near || outside < MIN_OUTSIDE * (steps + 1)) continue;
    edges.push({ ends: [a, b], mid: { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 } });
  }
  const gained: Point[] = [];
  /** The floor's texture beyond each edge taken. */
  const floors: number[] = [];
  for (const edge of edges) {
    const ends = acrossRug(edge.ends, hull);
    const grown = convexHull([...hull, ...ends]);
    // The first edge met going out: no other candidate lies between it and the rug.
    const first = edges.every(
      (other) =>
        other === edge ||
        !insideConvex(grown, other.mid.x, other.mid.y) ||
        distanceOutside(hull, other.mid.x, other.mid.y) >=
          distanceOutside(hull, edge.mid.x, edge.mid.y),
    );
    if (!first) continue;
    const [gx0, gy0, gx1, gy1] = pointsBounds(grown, width, height);
    const strip = logMean(
      (x, y) => insideConvex(grown, x, y) && !insideConvex(hull, x, y),
      gx0,
      gy0,
      gx1,
      gy1,
    );
    // The floor beyond: a strip just outside the edge, on the far side from the rug.
    const [a, b] = edge.ends as [Point, Point];
    const len = Math.hypot(b.x - a.x, b.y - a.y);
    let nx = -(b.y - a.y) / len;
    let ny = (b.x - a.x) / len;
    const cx = (hx0 + hx1) / 2;
    const cy = (hy0 + hy1) / 2;
    if ((cx - a.x) * nx + (cy - a.y) * ny > 0) {
      nx = -nx;
      ny = -ny;
    }
    const reach = BEYOND_STRIP * side;
    const beyond = logMean(
      (x, y) => {
        const d = (x - a.x) * nx + (y - a.y) * ny;
        const t = ((x - a.x) * (b.x - a.x) + (y - a.y) * (b.y - a.y)) / (len * len);
        return d > 2 && d <= reach && t >= 0 && t <= 1;
      },
      Math.min(a.x, b.x) - reach,
      Math.min(a.y, b.y) - reach,
      Math.max(a.x, b.x) + reach,
      Math.max(a.y, b.y) + reach,
    );
    // The strip gained is the rug's when its fine texture lies nearer the kept rug's than the
    // floor's beyond the edge: strip and floor beyond a seam between two boards are one grain.
    if (!(Math.abs(strip - rugTexture) < Math.abs(strip - beyond))) continue;
    gained.push(...ends);
    floors.push(beyond);
  }
  if (!gained.length) return rug;
  const whole = convexHull([...hull, ...gained]);
  const out = new Uint8Array(rug);
  const inWhole = new Uint8Array(width * height);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      if (region[i] && insideConvex(whole, x + 0.5, y + 0.5)) inWhole[i] = 1;
      if (inWhole[i]) out[i] = 255;
    }
  leaveBoardSlivers(out, region, inWhole, rug, texture, floors, rugTexture, side, width, height);
  return out;
}

/** A side the rug is cut back to runs through it: this share of its points lie in the kept rug. */
const MIN_INSIDE = 0.9;
/** The part beyond a side carries at most this share of the rug's evidence density on its side. */
const MAX_BEYOND_EVIDENCE = 0.5;
/**
 * A side cut back to is at least this share of the photo's longer side long: shorter than an
 * outer edge, since a pale rug's side against glare-washed boards is found only in pieces.
 */
const MIN_SIDE_LENGTH = 0.035;

/**
 * A rug found by its colour carried over the boards beyond its own side: sunlit or glare-washed
 * boards are as pale and colourless as a pale rug, and the colour model takes them with it
 * (open-plan-kitchen-living-white: the boards right of the rug up to the wall;
 * bedroom-bay-window-plants: the sunlit boards right of the rug). A rug is convex and its sides
 * are straight: a long side running through the kept piece, with what lies beyond it (away from
 * where the network's rug evidence is densest) grained like the bare floor rather than the rug
 * and carrying much less of the evidence, is the rug's own side, and the piece beyond it is floor
 * (decision 096).
 * `evidence(i)` says whether pixel i lies in a cell of the network's rug evidence, `behindGlass(i)`
 * whether in a piece seen through a shower's glass (left alone). In place.
 */
export function rugInToItsSides(
  image: Raster,
  matte: Uint8Array,
  region: Uint8Array,
  evidence: (i: number) => boolean,
  behindGlass: (i: number) => boolean,
): void {
  const { width, height } = image;
  const side = Math.max(width, height);
  const n = width * height;
  // The evidence's centre within the piece: the rug for certain lies round it.
  let cx = 0;
  let cy = 0;
  let ne = 0;
  for (let i = 0; i < n; i++) {
    if ((matte[i] ?? 0) < 128 || !evidence(i)) continue;
    cx += i % width;
    cy += Math.floor(i / width);
    ne++;
  }
  if (!ne) return;
  cx /= ne;
  cy /= ne;
  const texture = fineTexture(image);
  const local = boxMean(texture, width, height, Math.max(1, Math.round(GRAIN_WINDOW * side)));
  const grain = (i: number) => Math.log((local[i] ?? 0) + 1);
  let floorSum = 0;
  let floorCount = 0;
  for (let i = 0; i < n; i++) {
    if (!region[i] || (matte[i] ?? 0) >= 128) continue;
    floorSum += grain(i);
    floorCount++;
  }
  if (!floorCount) return;
  const floorGrain = floorSum / floorCount;
  // Each piece on its own: a side of one rug says nothing of another beyond its line.
  const { ids } = labelComponents(
    matte.map((a) => (a >= 128 ? 1 : 0)),
    width,
    height,
    new Set([1]),
  );
  const { grey, scale } = greyDownscaled(image, ANALYSIS_SIDE);
  for (const s of detectSegments(grey)) {
    if (s.length / scale < MIN_SIDE_LENGTH * side) continue;
    const a = { x: s.x1 / scale, y: s.y1 / scale };
    const b = { x: s.x2 / scale, y: s.y2 / scale };
    if (!isSide(a, b)) continue;
    let inside = 0;
    const steps = 20;
    for (let k = 0; k <= steps; k++) {
      const x = Math.round(a.x + ((b.x - a.x) * k) / steps);
      const y = Math.round(a.y + ((b.y - a.y) * k) / steps);
      if ((matte[y * width + x] ?? 0) >= 128) inside++;
    }
    if (inside < MIN_INSIDE * (steps + 1)) continue;
    const mid = Math.round((a.y + b.y) / 2) * width + Math.round((a.x + b.x) / 2);
    const piece = ids[mid] ?? 0;
    // A shower's tray seen through its glass is no rug: its kerb and the glass's foot are kept.
    if (!piece || behindGlass(mid)) continue;
    // The normal pointing away from the evidence's centre: the side beyond.
    const len = Math.hypot(b.x - a.x, b.y - a.y);
    let nx = -(b.y - a.y) / len;
    let ny = (b.x - a.x) / len;
    if ((cx - a.x) * nx + (cy - a.y) * ny > 0) {
      nx = -nx;
      ny = -ny;
    }
    // Grain and evidence of the kept piece on either side of the line.
    const near = { grain: 0, evidence: 0, count: 0 };
    const far = { grain: 0, evidence: 0, count: 0 };
    for (let i = 0; i < n; i++) {
      if ((matte[i] ?? 0) < 128 || ids[i] !== piece) continue;
      const d = ((i % width) - a.x) * nx + (Math.floor(i / width) - a.y) * ny;
      if (Math.abs(d) <= 2) continue;
      const part = d > 0 ? far : near;
      part.grain += grain(i);
      part.evidence += evidence(i) ? 1 : 0;
      part.count++;
    }
    if (!near.count || !far.count) continue;
    const nearGrain = near.grain / near.count;
    const farGrain = far.grain / far.count;
    const farEvidence = far.evidence / far.count;
    if (farEvidence > (MAX_BEYOND_EVIDENCE * near.evidence) / near.count) continue;
    if (!(Math.abs(farGrain - floorGrain) < Math.abs(farGrain - nearGrain))) continue;
    // The piece beyond the side, its soft edge with it, is floor.
    for (let i = 0; i < n; i++) {
      if (ids[i] !== piece && (matte[i] ?? 0) >= 128) continue;
      const d = ((i % width) - a.x) * nx + (Math.floor(i / width) - a.y) * ny;
      if (d > 0) matte[i] = 0;
    }
  }
}
