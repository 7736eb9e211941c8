/**
 * A room's ceiling lies above its walls' wall–ceiling line. A piece of "ceiling" the network
 * found apart from the room's ceiling, wholly under the straight line along which that ceiling
 * meets a wall beside it, is that wall's upper part: the wall above a kitchen's wall units at the
 * photo's top corner, where the wall–ceiling line leaves the frame before it gets there, which
 * the network reads as ceiling and paint left in the old colour. Decision 095.
 */
import { leastSquaresLine } from '../geometry/line-segments';
import { ADE } from './ade20k';
import { labelComponents } from './objects';

const CEILING: ReadonlySet<number> = new Set([ADE.ceiling]);

/** The wall–ceiling line of a plane needs samples over at least this share of the width. */
const MIN_LINE_SPAN = 0.1;
/**
 * The line must be straight: its samples' median distance from it (share of the height) at
 * most this.
 */
const MAX_LINE_SPREAD = 0.005;
/** Each column of a piece must start at least this far (share of the height) under the line. */
const MIN_DEPTH_UNDER_LINE = 0.03;
/** A piece must meet its plane's wall along at least this share of its outline onto wall. */
const MIN_PLANE_SHARE = 0.5;
/** A piece must meet wall along at least this many pixels of its outline. */
const MIN_WALL_CONTACT = 4;

/**
 * Per wall plane, the straight line along which the room's main ceiling (its largest piece)
 * gives way to that plane's wall: per column, the foot of the top run of main ceiling with the
 * plane's wall within a few rows under it, fitted by least squares and refitted without the
 * samples far off it. Only planes whose samples span {@link MIN_LINE_SPAN} of the width and lie
 * on the line within {@link MAX_LINE_SPREAD} have one.
 */
function mainCeilingLines(
  labels: Uint8Array,
  planes: Uint8Array,
  ids: Int32Array,
  main: number,
  width: number,
  height: number,
): Map<number, (x: number) => number> {
  const samples = new Map<number, [number, number][]>();
  const gap = Math.max(2, Math.round(0.01 * height));
  for (let x = 0; x < width; x++) {
    let y = 0;
    while (y < height && ids[y * width + x] !== main) y++;
    if (y >= height) continue;
    while (y < height && ids[y * width + x] === main) y++;
    let below = y;
    while (below < Math.min(height, y + gap) && labels[below * width + x] !== ADE.wall) below++;
    if (below >= height || labels[below * width + x] !== ADE.wall) continue;
    const plane = planes[below * width + x] ?? 0;
    if (!plane) continue;
    const list = samples.get(plane) ?? [];
    list.push([x, y]);
    samples.set(plane, list);
  }
  const lines = new Map<number, (x: number) => number>();
  for (const [plane, list] of samples) {
    let kept = list;
    let fit = leastSquaresLine(kept);
    let spread = Infinity;
    for (let round = 0; round < 5; round++) {
      const line = fit;
      const residuals = kept.map(([x, y]) => Math.abs(y - line.at(x))).sort((a, b) => a - b);
      spread = residuals[residuals.length >> 1] ?? Infinity;
      const limit = Math.max(2, 2 * spread);
      const next = kept.filter(([x, y]) => Math.abs(y - line.at(x)) <= limit);
      if (next.length < 8 || next.length === kept.length) break;
      kept = next;
      fit = leastSquaresLine(kept);
    }
    const span = (kept[kept.length - 1]?.[0] ?? 0) - (kept[0]?.[0] ?? 0) + 1;
    if (kept.length < 8 || span < MIN_LINE_SPAN * width) continue;
    if (spread > Math.max(1, MAX_LINE_SPREAD * height)) continue;
    lines.set(plane, fit.at);
  }
  return lines;
}

/**
 * Relabels as wall, in place, each 4-connected piece of "ceiling" other than the room's main
 * (largest) one that reaches the photo's top row, meets mostly one wall plane's wall
 * ({@link MIN_PLANE_SHARE}) and lies, in
 * every column, at least {@link MIN_DEPTH_UNDER_LINE} of the height under the straight line
 * along which the main ceiling meets that plane's wall ({@link mainCeilingLines}); its pixels
 * take that plane in `planes`. A ceiling piece between beams or over a soffit lies above the
 * line or on it; a further room's ceiling seen through an opening meets the opening, not the
 * wall; the ceiling a mirror reflects lies inside the wall, not at the top. Returns the pixels
 * moved.
 */
export function ceilingUnderWallLine(
  labels: Uint8Array,
  planes: Uint8Array,
  width: number,
  height: number,
): number {
  const { ids, count } = labelComponents(labels, width, height, CEILING);
  if (count < 2) return 0;
  const size = new Int32Array(count + 1);
  for (let i = 0; i < ids.length; i++) size[ids[i] ?? 0] = (size[ids[i] ?? 0] ?? 0) + 1;
  let main = 1;
  for (let id = 2; id <= count; id++) if ((size[id] ?? 0) > (size[main] ?? 0)) main = id;
  const lines = mainCeilingLines(labels, planes, ids, main, width, height);
  if (lines.size === 0) return 0;
  // Per piece: its wall contacts per plane, and its top row per column (-1 where absent).
  const contact = new Int32Array((count + 1) * 4);
  const top = new Int32Array((count + 1) * width).fill(-1);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const id = ids[i] ?? 0;
      if (id === 0 || id === main) continue;
      if ((top[id * width + x] ?? -1) < 0) top[id * width + x] = y;
      for (const j of [x > 0 ? i - 1 : -1, x < width - 1 ? i + 1 : -1, i - width, i + width]) {
        if (j < 0 || j >= ids.length || labels[j] !== ADE.wall) continue;
        const k = id * 4 + (planes[j] ?? 0);
        contact[k] = (contact[k] ?? 0) + 1;
      }
    }
  }
  const depth = MIN_DEPTH_UNDER_LINE * height;
  const planeOf = new Uint8Array(count + 1);
  for (let id = 1; id <= count; id++) {
    if (id === main) continue;
    let total = 0;
    let plane = 0;
    for (let p = 0; p < 4; p++) {
      total += contact[id * 4 + p] ?? 0;
      if (p > 0 && (contact[id * 4 + p] ?? 0) > (contact[id * 4 + plane] ?? 0)) plane = p;
    }
    const onPlane = plane > 0 ? (contact[id * 4 + plane] ?? 0) : 0;
    if (onPlane < MIN_WALL_CONTACT || onPlane < MIN_PLANE_SHARE * total) continue;
    // The wall runs on up to the photo's top where its line has left the frame: a piece that
    // does not reach the top row has something over it (a mirror's reflection of the ceiling).
    let reachesTop = false;
    for (let x = 0; x < width && !reachesTop; x++) if (ids[x] === id) reachesTop = true;
    if (!reachesTop) continue;
    const line = lines.get(plane);
    if (!line) continue;
    let under = true;
    for (let x = 0; x < width && under; x++) {
      const t = top[id * width + x] ?? -1;
      if (t >= 0 && t < line(x) + depth) under = false;
    }
    if (under) planeOf[id] = plane;
  }
  let moved = 0;
  for (let i = 0; i < ids.length; i++) {
    const plane = planeOf[ids[i] ?? 0] ?? 0;
    if (!plane) continue;
    labels[i] = ADE.wall;
    planes[i] = plane;
    moved++;
  }
  return moved;
}
