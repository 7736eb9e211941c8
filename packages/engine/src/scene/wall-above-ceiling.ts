/**
 * A room's walls stand under its ceiling: "wall" the network finds above a real stretch of
 * ceiling is the ceiling itself (pale patches between beams, the far side of a vaulted or
 * coffered ceiling) and paint must leave it. Per column, every wall pixel with a run of ceiling
 * below it is "over the ceiling"; a connected piece of wall mostly over the ceiling becomes
 * ceiling, whole, so a stray ceiling patch in the middle of a wall cannot take the wall above it.
 * Decision 046.
 */
import { leastSquaresLine } from '../geometry/line-segments';
import type { Raster } from '../raster';
import { boxMean, lumaAt, sobelMagnitudeAt } from '../raster';
import { ADE } from './ade20k';
import { labelComponents } from './objects';

const WALL: ReadonlySet<number> = new Set([ADE.wall]);

/** A run of ceiling counts under a wall pixel from this share of the photo's height. */
const MIN_CEILING_RUN = 0.02;
/** A piece of wall with at least this share of its pixels over the ceiling is ceiling. */
const MIN_OVER_SHARE = 0.5;

/** Per pixel 1 where the column holds a run of ceiling somewhere below it. */
function overCeiling(labels: Uint8Array, width: number, height: number): Uint8Array {
  const minRun = Math.max(4, Math.round(MIN_CEILING_RUN * height));
  const over = new Uint8Array(width * height);
  // Row by row from the foot up, a run and a flag per column (rows are contiguous in memory).
  const run = new Int32Array(width);
  const seen = new Uint8Array(width);
  for (let y = height - 1; y >= 0; y--) {
    const row = y * width;
    for (let x = 0; x < width; x++) {
      const l = labels[row + x] ?? 0;
      const r = l === ADE.ceiling ? (run[x] ?? 0) + 1 : 0;
      run[x] = r;
      if (r >= minRun) seen[x] = 1;
      if (seen[x] && l === ADE.wall) over[row + x] = 1;
    }
  }
  return over;
}

/**
 * Relabels as ceiling, in place, each 4-connected piece of wall of which at least
 * {@link MIN_OVER_SHARE} lies over a run of ceiling in its column. Returns the pixels moved.
 */
export function ceilingOverWall(labels: Uint8Array, width: number, height: number): number {
  const over = overCeiling(labels, width, height);
  const { ids, count } = labelComponents(labels, width, height, WALL);
  const size = new Int32Array(count + 1);
  const overCount = new Int32Array(count + 1);
  for (let i = 0; i < ids.length; i++) {
    const id = ids[i] ?? 0;
    if (id === 0) continue;
    size[id] = (size[id] ?? 0) + 1;
    overCount[id] = (overCount[id] ?? 0) + (over[i] ?? 0);
  }
  let moved = 0;
  for (let i = 0; i < ids.length; i++) {
    const id = ids[i] ?? 0;
    if (id === 0 || (overCount[id] ?? 0) < MIN_OVER_SHARE * (size[id] ?? 0)) continue;
    labels[i] = ADE.ceiling;
    moved++;
  }
  return moved;
}

const CEILING: ReadonlySet<number> = new Set([ADE.ceiling]);
/** A ceiling piece with wall along at least this share of its top and of its foot is wall. */
const MIN_WALL_ROUND = 0.5;

/**
 * Relabels as wall, in place, each 4-connected piece of "ceiling" that lies inside a wall: the
 * frame does not cut it, wall lies just above at least {@link MIN_WALL_ROUND} of its top edge and
 * just below as much of its foot, and over as much of its top the column shows no other ceiling
 * up to the photo's top. A ceiling is seen above the walls; such a piece is a shaded patch of the
 * wall (an upper wall in a lamp's shade) and was left unpainted in its middle. The underside of
 * a soffit has the room's ceiling over its face, and one the frame cuts may be a further room's
 * ceiling: both stay. Mirrors {@link ceilingOverWall}. Returns the pixels moved.
 */
export function ceilingInWall(labels: Uint8Array, width: number, height: number): number {
  const { ids, count } = labelComponents(labels, width, height, CEILING);
  const atEdge = new Uint8Array(count + 1);
  const top = new Int32Array(count + 1);
  const wallOver = new Int32Array(count + 1);
  const clearOver = new Int32Array(count + 1);
  const foot = new Int32Array(count + 1);
  const wallUnder = new Int32Array(count + 1);
  // Per column, whether a ceiling pixel was met above the row being read.
  const ceilingAbove = new Uint8Array(width);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const id = ids[i] ?? 0;
      if (id === 0) continue;
      if (x === 0 || y === 0 || x === width - 1 || y === height - 1) atEdge[id] = 1;
      if (y > 0 && ids[i - width] !== id) {
        top[id] = (top[id] ?? 0) + 1;
        if (labels[i - width] === ADE.wall) wallOver[id] = (wallOver[id] ?? 0) + 1;
        if (!ceilingAbove[x]) clearOver[id] = (clearOver[id] ?? 0) + 1;
      }
      if (y < height - 1 && ids[i + width] !== id) {
        foot[id] = (foot[id] ?? 0) + 1;
        if (labels[i + width] === ADE.wall) wallUnder[id] = (wallUnder[id] ?? 0) + 1;
      }
    }
    for (let x = 0; x < width; x++) if (labels[y * width + x] === ADE.ceiling) ceilingAbove[x] = 1;
  }
  const inWall = (id: number) => {
    const edge = top[id] ?? 0;
    return (
      id !== 0 &&
      !atEdge[id] &&
      edge > 0 &&
      (wallOver[id] ?? 0) >= MIN_WALL_ROUND * edge &&
      (clearOver[id] ?? 0) >= MIN_WALL_ROUND * edge &&
      (wallUnder[id] ?? 0) >= MIN_WALL_ROUND * (foot[id] ?? 0)
    );
  };
  let moved = 0;
  for (let i = 0; i < ids.length; i++) {
    if (!inWall(ids[i] ?? 0)) continue;
    labels[i] = ADE.wall;
    moved++;
  }
  return moved;
}

/** Sobel magnitude of the smoothed luminance (levels, unnormalised) that parts a soffit from the wall. */
const SOFFIT_EDGE = 32;
/** A top piece larger than this share of the walls is the wall itself, not a ceiling over it. */
const MAX_SOFFIT_SHARE = 0.25;
/** Least width of a top piece's straight foot, share of the photo's width. */
const MIN_SOFFIT_SPAN = 0.05;
/** Share of a top piece's foot columns that must lie on its straight line. */
const MIN_STRAIGHT_SHARE = 0.7;
/** The foot is straight over this many columns either side of each (share of the width). */
const STRAIGHT_REACH = 0.02;
/**
 * Largest mean gradient (the smoothed luminance's Sobel magnitude) over a top piece: a ceiling is
 * a plain surface, a slatted or panelled wall's top is not.
 */
const MAX_SOFFIT_TEXTURE = 7;
/** Share of the pixels between its top and its foot a top piece fills. */
const MIN_SOFFIT_FILL = 0.85;
/** Share of a top piece's foot columns with wall just under the edge. */
const MIN_WALL_UNDER = 0.6;

/**
 * Relabels as ceiling, in place, the "wall" at the photo's top that is a ceiling the network
 * read as wall with the wall under it (a soffit's underside, a bulkhead, the far slope of a
 * vaulted ceiling), where the parse shows no ceiling to fit a wall–ceiling line to. The photo
 * parts it from the wall: the wall pixels that reach the top row, flooded without crossing an
 * edge of the photo ({@link SOFFIT_EDGE}), make a top piece; it is ceiling when it is small
 * against the walls ({@link MAX_SOFFIT_SHARE}), lies wholly above the horizon (a ceiling is above
 * the eye), and ends below on a straight edge ({@link MIN_STRAIGHT_SHARE} of its foot on one
 * line, {@link MIN_SOFFIT_SPAN} of the width at least) with wall under it
 * ({@link MIN_WALL_UNDER}): the room's wall–ceiling line. A wall shaded towards the top has no
 * such edge (it floods whole); the wall over a window or a curtain rod has no wall under its
 * foot. Decision 062. Returns the pixels moved.
 */
export function ceilingAboveEdge(
  image: Raster,
  labels: Uint8Array,
  horizonAt: (x: number) => number,
): number {
  const { width, height } = image;
  const n = width * height;
  const luma = new Float32Array(n);
  for (let i = 0; i < n; i++) luma[i] = lumaAt(image.data, i);
  // 3×3 box-smoothed, so the edges are surfaces' and not the noise's.
  const smooth = boxMean(luma, width, height, 1);
  const value = (i: number) => smooth[i] ?? 0;
  const open = new Uint8Array(n);
  const gradient = new Float32Array(n);
  let walls = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      if (labels[i] !== ADE.wall) continue;
      walls++;
      // On the frame's rim, the edge of the nearest inner pixel (else the rim joins every piece).
      const ix = Math.min(width - 2, Math.max(1, x));
      const iy = Math.min(height - 2, Math.max(1, y));
      const magnitude = sobelMagnitudeAt(value, iy * width + ix, width);
      gradient[i] = magnitude;
      if (magnitude <= SOFFIT_EDGE) open[i] = 1;
    }
  }
  const { ids, count } = labelComponents(open, width, height, new Set([1]));
  const onTop = new Uint8Array(count + 1);
  for (let x = 0; x < width; x++) onTop[ids[x] ?? 0] = 1;
  onTop[0] = 0;
  const size = new Int32Array(count + 1);
  const texture = new Float64Array(count + 1);
  const lowest = new Int32Array((count + 1) * width).fill(-1);
  const highest = new Int32Array((count + 1) * width).fill(-1);
  const belowHorizon = new Uint8Array(count + 1);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const id = ids[y * width + x] ?? 0;
      if (!onTop[id]) continue;
      size[id] = (size[id] ?? 0) + 1;
      texture[id] = (texture[id] ?? 0) + (gradient[y * width + x] ?? 0);
      lowest[id * width + x] = y;
      if ((highest[id * width + x] ?? -1) < 0) highest[id * width + x] = y;
      if (y > horizonAt(x)) belowHorizon[id] = 1;
    }
  }
  // The edge's own width: the smoothing and the Sobel kernel spread a step over some 5 rows.
  const gap = Math.max(6, Math.round(0.01 * height));
  const tolerance = Math.max(2, 0.004 * height);
  const reach = Math.max(4, Math.round(STRAIGHT_REACH * width));
  let moved = 0;
  for (let id = 1; id <= count; id++) {
    if (!onTop[id] || belowHorizon[id] || (size[id] ?? 0) > MAX_SOFFIT_SHARE * walls) continue;
    // The foot: per column the piece's lowest pixel, and whether wall lies just under its edge.
    const foot: [number, number][] = [];
    let wallUnder = 0;
    for (let x = 0; x < width; x++) {
      const y = lowest[id * width + x] ?? -1;
      if (y < 0) continue;
      foot.push([x, y]);
      for (let yy = y + 1; yy < Math.min(height, y + 1 + gap); yy++) {
        const i = yy * width + x;
        if (ids[i] === id) break;
        if (open[i] || labels[i] === ADE.ceiling) {
          wallUnder++;
          break;
        }
      }
    }
    const first = foot[0];
    const last = foot[foot.length - 1];
    if (!first || !last || last[0] - first[0] + 1 < MIN_SOFFIT_SPAN * width) continue;
    if (wallUnder < MIN_WALL_UNDER * foot.length) continue;
    // Solid down to its foot, as a plain surface is (a slatted or panelled wall's top, split by
    // its own edges, is not).
    let under = 0;
    for (const [x, y] of foot) under += y + 1 - (highest[id * width + x] ?? 0);
    if ((texture[id] ?? 0) > MAX_SOFFIT_TEXTURE * (size[id] ?? 0)) continue;
    if ((size[id] ?? 0) < MIN_SOFFIT_FILL * under) continue;
    if (straightShare(foot, reach, tolerance) < MIN_STRAIGHT_SHARE) continue;
    for (let i = 0; i < n; i++) {
      if (ids[i] !== id) continue;
      labels[i] = ADE.ceiling;
      moved++;
    }
  }
  return moved;
}

/**
 * Share of the points (sorted by x) on a locally straight line: the line fitted to the points
 * within `reach` columns either side passes within `tolerance` of the point. A polyline (a
 * soffit's corner) is straight but at its kinks; a cloud's ragged edge is not.
 */
function straightShare(
  points: readonly [number, number][],
  reach: number,
  tolerance: number,
): number {
  let straight = 0;
  let from = 0;
  let to = 0;
  for (let j = 0; j < points.length; j++) {
    const [x, y] = points[j] ?? [0, 0];
    while (from < j && (points[from]?.[0] ?? 0) < x - reach) from++;
    while (to < points.length && (points[to]?.[0] ?? 0) <= x + reach) to++;
    const near = points.slice(from, to);
    if (near.length < 3) continue;
    const { slope, intercept } = leastSquaresLine(near);
    const spread = near.reduce((sum, [u, v]) => sum + Math.abs(v - (intercept + slope * u)), 0);
    if (Math.abs(y - (intercept + slope * x)) <= tolerance && spread <= tolerance * near.length) {
      straight++;
    }
  }
  return straight / Math.max(1, points.length);
}
