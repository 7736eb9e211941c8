/**
 * Flat, rectangular things on a wall — paintings, posters, mirrors, windows, doors, screens —
 * are convex in the photo (a rectangle in perspective), and so, mostly, is box-like furniture. The network often reads a pale painting's
 * middle, or a window's bright pane, as wall; paint would then go through them. So each such
 * region is completed to its convex hull, taking back the wall pixels inside it (only wall: a
 * lamp in front of a painting stays a lamp).
 */
import { ADE } from './ade20k';
import { labelComponents } from './objects';
import { convexHull } from '../geometry/outline';

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

/**
 * Box-like furniture — a vanity, a bathtub's front, a cabinet, a fridge — is convex in the photo
 * too, but a kitchen's cabinets can wrap round a corner: these must fill more of their hull.
 */
const BOXY_CLASSES: ReadonlySet<number> = new Set([
  ADE.bathtub,
  ADE.cabinet,
  ADE.chest,
  ADE.counter,
  ADE.sink,
  ADE.refrigerator,
  ADE.wardrobe,
  ADE.dishwasher,
  ADE.stove,
  ADE.oven,
  ADE.washer,
  ADE.bookcase,
  ADE.kitchenIsland,
  ADE.buffet,
  ADE.fireplace,
]);

const COMPLETED_CLASSES: ReadonlySet<number> = new Set([...FLAT_CLASSES, ...BOXY_CLASSES]);

/** A region filling less of its hull than this is two things, or not flat: left alone. */
const MIN_SOLIDITY = 0.55;
const MIN_BOXY_SOLIDITY = 0.75;

type Point = [number, number];

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
  const { ids, count } = labelComponents(labels, width, height, COMPLETED_CLASSES);
  const area = new Int32Array(count + 1);
  const cls = new Uint8Array(count + 1);
  const rowMin = new Map<number, Int32Array>();
  const rowMax = new Map<number, Int32Array>();
  const yMin = new Int32Array(count + 1).fill(height);
  const yMax = new Int32Array(count + 1).fill(-1);
  for (let i = 0; i < ids.length; i++) {
    const id = ids[i] ?? 0;
    if (id === 0) continue;
    area[id] = (area[id] ?? 0) + 1;
    cls[id] = labels[i] ?? 0;
  }
  const wanted = new Set<number>();
  for (let id = 1; id <= count; id++) {
    const c = cls[id] ?? 0;
    if ((FLAT_CLASSES.has(c) || BOXY_CLASSES.has(c)) && (area[id] ?? 0) >= minArea) {
      wanted.add(id);
      rowMin.set(id, new Int32Array(height).fill(width));
      rowMax.set(id, new Int32Array(height).fill(-1));
    }
  }
  if (wanted.size === 0) return 0;
  // A table, not the Set, in the per-pixel loop.
  const isWanted = new Uint8Array(count + 1);
  for (const id of wanted) isWanted[id] = 1;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const id = ids[y * width + x] ?? 0;
      if (!isWanted[id]) continue;
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
    const hull = convexHull(points.map(([x, y]) => ({ x, y }))).map(({ x, y }): Point => [x, y]);
    let hullArea = 0;
    for (let k = 0; k < hull.length; k++) {
      const a = hull[k] as Point;
      const b = hull[(k + 1) % hull.length] as Point;
      hullArea += a[0] * b[1] - b[0] * a[1];
    }
    hullArea = Math.abs(hullArea) / 2;
    const c = cls[id] ?? 0;
    const solidity = BOXY_CLASSES.has(c) ? MIN_BOXY_SOLIDITY : MIN_SOLIDITY;
    if ((area[id] ?? 0) < solidity * hullArea) continue;
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
