/**
 * A room's walls stand under its ceiling: "wall" the network finds above a real stretch of
 * ceiling is the ceiling itself (pale patches between beams, the far side of a vaulted or
 * coffered ceiling) and paint must leave it. Per column, every wall pixel with a run of ceiling
 * below it is "over the ceiling"; a connected piece of wall mostly over the ceiling becomes
 * ceiling, whole, so a stray ceiling patch in the middle of a wall cannot take the wall above it.
 * Decision 046.
 */
import { ADE } from './ade20k';

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
  const n = width * height;
  const over = overCeiling(labels, width, height);
  const seen = new Uint8Array(n);
  const stack = new Int32Array(n);
  let moved = 0;
  for (let start = 0; start < n; start++) {
    if (seen[start] || labels[start] !== ADE.wall || !over[start]) continue;
    // Flood the piece from a pixel over the ceiling (pieces with none need no look); the stack
    // keeps every pixel pushed, so [0, size) is the piece once the flood is done.
    let size = 0;
    let next = 0;
    let overCount = 0;
    stack[size++] = start;
    seen[start] = 1;
    while (next < size) {
      const i = stack[next++] ?? 0;
      overCount += over[i] ?? 0;
      const x = i % width;
      if (x > 0) size = pushWall(labels, seen, stack, size, i - 1);
      if (x < width - 1) size = pushWall(labels, seen, stack, size, i + 1);
      if (i >= width) size = pushWall(labels, seen, stack, size, i - width);
      if (i + width < n) size = pushWall(labels, seen, stack, size, i + width);
    }
    if (overCount < MIN_OVER_SHARE * size) continue;
    for (let k = 0; k < size; k++) labels[stack[k] ?? 0] = ADE.ceiling;
    moved += size;
  }
  return moved;
}

/** Pushes pixel j onto the flood's queue when it is unseen wall; returns the queue's new size. */
function pushWall(
  labels: Uint8Array,
  seen: Uint8Array,
  queue: Int32Array,
  size: number,
  j: number,
): number {
  if (seen[j] || labels[j] !== ADE.wall) return size;
  seen[j] = 1;
  queue[size] = j;
  return size + 1;
}
