/**
 * A room's walls stand under its ceiling: "wall" the network finds above a real stretch of
 * ceiling is the ceiling itself (pale patches between beams, the far side of a vaulted or
 * coffered ceiling) and paint must leave it. Per column, every wall pixel with a run of ceiling
 * below it is "over the ceiling"; a connected piece of wall mostly over the ceiling becomes
 * ceiling, whole, so a stray ceiling patch in the middle of a wall cannot take the wall above it.
 * Decision 046.
 */
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
