/**
 * Flat, rectangular things on a wall — paintings, posters, mirrors, windows, doors, screens —
 * are convex in the photo (a rectangle in perspective). The network often reads a pale painting's
 * middle, or a window's bright pane, as wall; paint would then go through them. So each such
 * region is completed to its convex hull, taking back the wall pixels inside it (only wall: a
 * lamp in front of a painting stays a lamp).
 */
import { ADE } from './ade20k';
import { labelComponents } from './objects';

const FLAT_CLASSES: ReadonlySet<number> = new Set([
  ADE.painting,
  ADE.poster,
  ADE.mirror,
  ADE.window,
  ADE.door,
  ADE.television,
  ADE.screen,
  ADE.screenDoor,
  ADE.blind,
  ADE.bulletinBoard,
  ADE.monitor,
]);

/** A region filling less of its hull than this is two things, or not flat: left alone. */
const MIN_SOLIDITY = 0.55;

type Point = [number, number];

function cross(o: Point, a: Point, b: Point): number {
  return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
}

/** Andrew's monotone chain; points sorted by x then y. Counter-clockwise hull. */
function convexHull(points: Point[]): Point[] {
  const sorted = [...points].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  if (sorted.length < 3) return sorted;
  const lower: Point[] = [];
  for (const p of sorted) {
    while (
      lower.length >= 2 &&
      cross(lower[lower.length - 2] as Point, lower[lower.length - 1] as Point, p) <= 0
    )
      lower.pop();
    lower.push(p);
  }
  const upper: Point[] = [];
  for (let i = sorted.length - 1; i >= 0; i--) {
    const p = sorted[i] as Point;
    while (
      upper.length >= 2 &&
      cross(upper[upper.length - 2] as Point, upper[upper.length - 1] as Point, p) <= 0
    )
      upper.pop();
    upper.push(p);
  }
  upper.pop();
  lower.pop();
  return lower.concat(upper);
}

/** Per row of [y0, y1], the hull's span [left, right] (inclusive), or an empty span. */
function hullSpans(hull: Point[], y0: number, y1: number): Array<[number, number]> {
  const spans: Array<[number, number]> = [];
  for (let y = y0; y <= y1; y++) {
    let lo = Infinity;
    let hi = -Infinity;
    const yc = y + 0.5;
    for (let k = 0; k < hull.length; k++) {
      const a = hull[k] as Point;
      const b = hull[(k + 1) % hull.length] as Point;
      const ay = a[1];
      const by = b[1];
      if ((ay <= yc && by >= yc) || (by <= yc && ay >= yc)) {
        const x = ay === by ? Math.min(a[0], b[0]) : a[0] + ((yc - ay) * (b[0] - a[0])) / (by - ay);
        const x2 = ay === by ? Math.max(a[0], b[0]) : x;
        lo = Math.min(lo, x);
        hi = Math.max(hi, x2);
      }
    }
    spans.push([Math.ceil(lo - 0.5), Math.floor(hi - 0.5)]);
  }
  return spans;
}

/**
 * Completes flat objects to their convex hulls in `labels`, in place; returns how many wall
 * pixels were taken back (the caller clears the wall matte where the label changed).
 */
export function completeFlatObjects(
  labels: Uint8Array,
  width: number,
  height: number,
  minArea: number,
): number {
  const { ids, count } = labelComponents(labels, width, height);
  const area = new Int32Array(count + 1);
  const cls = new Uint8Array(count + 1);
  const rowMin = new Map<number, Int32Array>();
  const rowMax = new Map<number, Int32Array>();
  const yMin = new Int32Array(count + 1).fill(height);
  const yMax = new Int32Array(count + 1).fill(-1);
  for (let i = 0; i < ids.length; i++) {
    const id = ids[i] ?? 0;
    area[id] = (area[id] ?? 0) + 1;
    cls[id] = labels[i] ?? 0;
  }
  const wanted = new Set<number>();
  for (let id = 1; id <= count; id++) {
    if (FLAT_CLASSES.has(cls[id] ?? 0) && (area[id] ?? 0) >= minArea) {
      wanted.add(id);
      rowMin.set(id, new Int32Array(height).fill(width));
      rowMax.set(id, new Int32Array(height).fill(-1));
    }
  }
  if (wanted.size === 0) return 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const id = ids[y * width + x] ?? 0;
      if (!wanted.has(id)) continue;
      const lo = rowMin.get(id) as Int32Array;
      const hi = rowMax.get(id) as Int32Array;
      if (x < (lo[y] ?? width)) lo[y] = x;
      if (x > (hi[y] ?? -1)) hi[y] = x;
      if (y < (yMin[id] ?? height)) yMin[id] = y;
      if (y > (yMax[id] ?? -1)) yMax[id] = y;
    }
  }
  let taken = 0;
  for (const id of wanted) {
    const lo = rowMin.get(id) as Int32Array;
    const hi = rowMax.get(id) as Int32Array;
    const y0 = yMin[id] ?? 0;
    const y1 = yMax[id] ?? 0;
    const points: Point[] = [];
    for (let y = y0; y <= y1; y++) {
      if ((hi[y] ?? -1) < 0) continue;
      points.push(
        [lo[y] ?? 0, y],
        [(hi[y] ?? 0) + 1, y],
        [lo[y] ?? 0, y + 1],
        [(hi[y] ?? 0) + 1, y + 1],
      );
    }
    const hull = convexHull(points);
    let hullArea = 0;
    for (let k = 0; k < hull.length; k++) {
      const a = hull[k] as Point;
      const b = hull[(k + 1) % hull.length] as Point;
      hullArea += a[0] * b[1] - b[0] * a[1];
    }
    hullArea = Math.abs(hullArea) / 2;
    if ((area[id] ?? 0) < MIN_SOLIDITY * hullArea) continue;
    const c = cls[id] ?? 0;
    const spans = hullSpans(hull, y0, y1);
    spans.forEach(([a, b], k) => {
      const row = (y0 + k) * width;
      for (let x = Math.max(0, a); x <= Math.min(width - 1, b); x++) {
        if (labels[row + x] === ADE.wall) {
          labels[row + x] = c;
          taken++;
        }
      }
    });
  }
  return taken;
}
