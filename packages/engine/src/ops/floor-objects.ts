/**
 * Things standing in the parse's floor that the network read as floor: the side of a kitchen
 * run, a bathtub's panel, the seat of an armchair. SAM is asked, at a grid of points inside the
 * floor (the floor with its rugs), what each point belongs to; a point whose thing lies mostly
 * outside the floor is on an object the floor merely spills onto, and the part of that thing
 * inside the floor is taken out of it. The floor itself, and a rug lying on it, lie (almost)
 * wholly inside the floor and stay.
 *
 * The grid's points seldom land on a leg, so SAM is also clicked on each piece of furniture the
 * parse names standing on the floor (a chair, a side table), with a box reaching below it: of the
 * whole piece SAM gives, only its legs — narrow along the photo's rows and upright —
 * leave the floor; the floor seen between them stays (decision 071).
 */
import { boundsWhere, type Raster } from '../raster';
import { ADE } from '../scene/ade20k';
import { labelComponents } from '../scene/objects';
import type { ObjectBox, Segmenter } from './segment';

/** Points along each side of the floor's bounding box. */
const GRID = 7;
/** A thing with less than this share of itself inside the floor is an object, not the floor. */
const MAX_INSIDE_SHARE = 0.5;
/** Things smaller than this share of the photo are left alone (a leg, a shadow, SAM's noise). */
const MIN_OBJECT_SHARE = 0.002;
/**
 * A thing taking more than this share of the floor is SAM joining a run of floor to the wall
 * above it (tiles on both), not an object standing there: it is left alone.
 */
const MAX_REGION_SHARE = 0.25;

/** Furniture that stands on the floor on legs or a base the network may read as floor. */
export const STANDING: ReadonlySet<number> = new Set<number>([
  ADE.chair,
  ADE.armchair,
  ADE.swivelChair,
  ADE.seat,
  ADE.sofa,
  ADE.bench,
  ADE.ottoman,
  ADE.stool,
  ADE.table,
  ADE.coffeeTable,
  ADE.desk,
]);
/** The click on a piece of furniture: this share of its height up from its lowest row. */
const CLICK_HEIGHT = 0.25;
/** How far below the piece the parse names its legs may reach, in its own heights. */
const LEG_REACH = 2;
/**
 * Of a piece SAM takes whole, only what is this narrow along a row (share of the photo's longer
 * side, each side of a middle) is taken out of the floor: its legs. SAM's whole piece also holds
 * the floor seen between the legs under a table, a wide (if low) band the floor keeps.
 */
const LEG_HALF_WIDTH = 0.006;
/** A leg is at least this many times as tall as it is wide (its mean width). */
const LEG_ELONGATION = 8;

/**
 * Pixels (1) of `region` — the parse's floor with its rugs, 1 per pixel — that SAM shows belong
 * to things standing there; all zero when the segmenter is not SAM (region growing would only
 * find the floor's own colour again). With the parse's `labels`, the legs of its furniture too.
 */
export async function objectsOverFloor(
  image: Raster,
  region: Uint8Array,
  segmenter: Segmenter,
  labels?: Uint8Array,
): Promise<Uint8Array> {
  const { width, height } = image;
  const n = width * height;
  const objects = new Uint8Array(n);
  if (segmenter.method !== 'sam') return objects;
  const bounds = boundsWhere(width, height, (i) => region[i] !== 0);
  if (!bounds) return objects;
  const { x0, y0, x1, y1 } = bounds;
  let regionArea = 0;
  for (let i = 0; i < n; i++) regionArea += region[i] ?? 0;
  // A point already inside an earlier answer would only ask about the same thing again.
  const answered = new Uint8Array(n);
  const legRadius = Math.max(1, Math.round(LEG_HALF_WIDTH * Math.max(width, height)));
  const ask = async (x: number, y: number, box?: ObjectBox) => {
    const hints = box ? { objects: [box] } : {};
    const thing = (await segmenter.segment(image, [{ x, y, label: 1 }], hints)).data;
    const within = new Uint8Array(n);
    let area = 0;
    let inside = 0;
    for (let i = 0; i < n; i++) {
      if (!thing[i]) continue;
      answered[i] = 1;
      area++;
      if (region[i]) inside++;
    }
    if (area < MIN_OBJECT_SHARE * n || inside >= MAX_INSIDE_SHARE * area) return;
    if (inside > MAX_REGION_SHARE * regionArea) return;
    for (let i = 0; i < n; i++) within[i] = thing[i] && region[i] ? 1 : 0;
    const taken = box ? legsIn(within, width, height, legRadius) : within;
    for (let i = 0; i < n; i++) if (taken[i]) objects[i] = 1;
  };
  for (let gy = 0; gy < GRID; gy++) {
    for (let gx = 0; gx < GRID; gx++) {
      const x = Math.round(x0 + ((gx + 0.5) * (x1 - x0)) / GRID);
      const y = Math.round(y0 + ((gy + 0.5) * (y1 - y0)) / GRID);
      const at = y * width + x;
      if (!region[at] || answered[at]) continue;
      await ask(x, y);
    }
  }
  // With the piece's box reaching down to where its legs stand, SAM takes the piece whole.
  if (labels)
    for (const { x, y, box } of furnitureOnFloor(labels, region, width, height)) {
      await ask(x, y, box);
    }
  return objects;
}

/**
 * A click on each piece of furniture (`STANDING`) the parse names whose foot meets the floor: the
 * piece's pixel nearest its middle column, a quarter of its height up from its lowest row — low
 * enough to land on a table's apron or a chair's seat rather than a cushion on it.
 */
export function furnitureOnFloor(
  labels: Uint8Array,
  region: Uint8Array,
  width: number,
  height: number,
): { x: number; y: number; box: ObjectBox }[] {
  const n = width * height;
  const { ids, count } = labelComponents(labels, width, height, STANDING);
  const area = new Int32Array(count + 1);
  const onFloor = new Uint8Array(count + 1);
  const top = new Int32Array(count + 1).fill(height);
  const bottom = new Int32Array(count + 1).fill(-1);
  const left = new Int32Array(count + 1).fill(width);
  const right = new Int32Array(count + 1).fill(-1);
  for (let i = 0; i < n; i++) {
    const id = ids[i] ?? 0;
    if (!id) continue;
    const x = i % width;
    const y = (i / width) | 0;
    area[id] = (area[id] ?? 0) + 1;
    top[id] = Math.min(top[id] ?? height, y);
    bottom[id] = Math.max(bottom[id] ?? -1, y);
    left[id] = Math.min(left[id] ?? width, x);
    right[id] = Math.max(right[id] ?? -1, x);
    if (y + 1 < height && region[i + width]) onFloor[id] = 1;
  }
  const clicks: { x: number; y: number; box: ObjectBox }[] = [];
  for (let id = 1; id <= count; id++) {
    if (!onFloor[id] || (area[id] ?? 0) < MIN_OBJECT_SHARE * n) continue;
    const b = bottom[id] ?? 0;
    const row = Math.round(b - CLICK_HEIGHT * (b - (top[id] ?? 0)));
    const mid = Math.round(((left[id] ?? 0) + (right[id] ?? 0)) / 2);
    let best = -1;
    for (let y = row; y >= (top[id] ?? 0) && best < 0; y--) {
      let nearest = width;
      for (let x = left[id] ?? 0; x <= (right[id] ?? 0); x++) {
        if (ids[y * width + x] === id && Math.abs(x - mid) < Math.abs(nearest - mid)) nearest = x;
      }
      if (nearest < width) best = y * width + nearest;
    }
    if (best < 0) continue;
    const t = top[id] ?? 0;
    const box = {
      x0: left[id] ?? 0,
      y0: t,
      x1: (right[id] ?? 0) + 1,
      y1: Math.min(height, b + 1 + Math.round(LEG_REACH * (b + 1 - t))),
    };
    clicks.push({ x: best % width, y: (best / width) | 0, box });
  }
  return clicks;
}

/**
 * The legs in `mask` (1 per pixel): its runs no wider than 2·`r` + 1 pixels along a row —
 * not the floor between legs, however low a band that is — joined into pieces that stand tall.
 */
export function legsIn(mask: Uint8Array, width: number, height: number, r: number): Uint8Array {
  const thin = new Uint8Array(width * height);
  const span = 2 * r + 1;
  for (let y = 0; y < height; y++) {
    const row = y * width;
    // Runs of the mask along the row: one as wide as the window survives the opening whole.
    for (let x = 0; x < width;) {
      if (!mask[row + x]) {
        x++;
        continue;
      }
      let end = x;
      while (end < width && mask[row + end]) end++;
      if (end - x < span) for (let k = x; k < end; k++) thin[row + k] = 1;
      x = end;
    }
  }
  // A leg stands tall for its width; a sliver of floor left between two legs does not.
  const { ids, count } = labelComponents(thin, width, height, new Set([1]));
  const area = new Int32Array(count + 1);
  const top = new Int32Array(count + 1).fill(height);
  const bottom = new Int32Array(count + 1).fill(-1);
  for (let i = 0; i < thin.length; i++) {
    const id = ids[i] ?? 0;
    if (!id) continue;
    const y = (i / width) | 0;
    area[id] = (area[id] ?? 0) + 1;
    top[id] = Math.min(top[id] ?? height, y);
    bottom[id] = Math.max(bottom[id] ?? -1, y);
  }
  for (let i = 0; i < thin.length; i++) {
    const id = ids[i] ?? 0;
    if (!id) continue;
    const tall = (bottom[id] ?? 0) - (top[id] ?? 0) + 1;
    if (tall < LEG_ELONGATION * ((area[id] ?? 0) / tall)) thin[i] = 0;
  }
  return thin;
}
