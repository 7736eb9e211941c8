/**
 * Seats in the room parse (issue 10, docs/decisions/087, 100): the network labels chairs that
 * stand together one connected region; the detector draws a box round each. Here the parse's
 * one-seat regions are cut into one region per seating box where the boxes show where each seat
 * is, so every op that reads the parse's objects (space elements, a swap's old piece, removal)
 * sees one chair as one object.
 */
import { boxIou } from '../geometry/outline';
import type { Mask } from '../raster';
import type { DetectedElement } from '../types';
import { ADE } from './ade20k';
import type { SceneObject } from './objects';

/** Parse classes one person sits on: a region of one of them is one seat. */
export const ONE_SEAT: ReadonlySet<number> = new Set([ADE.armchair, ADE.chair, ADE.swivelChair]);
/** Detector categories that are seating (a box of one over a seat's region is that seat, or another). */
export const SEATING_CATEGORIES: ReadonlySet<string> = new Set(['couch', 'chair', 'bench']);
/**
 * Overlap (IoU) of two seating boxes below which they frame two seats, not the same seat twice:
 * two armchairs side by side, one behind the other, overlap by about half.
 */
export const SAME_SEAT_IOU = 0.7;

export interface Rect {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** A detector element's box as a rectangle. */
export function rectOf(element: DetectedElement): Rect {
  const xs = element.box.map((p) => p.x);
  const ys = element.box.map((p) => p.y);
  return { x0: Math.min(...xs), y0: Math.min(...ys), x1: Math.max(...xs), y1: Math.max(...ys) };
}

/** `rect` grown by the share `by` of its size on each side, within the image. */
export function grow(rect: Rect, by: number, width: number, height: number): Rect {
  const dx = (rect.x1 - rect.x0) * by;
  const dy = (rect.y1 - rect.y0) * by;
  return {
    x0: Math.max(0, rect.x0 - dx),
    y0: Math.max(0, rect.y0 - dy),
    x1: Math.min(width, rect.x1 + dx),
    y1: Math.min(height, rect.y1 + dy),
  };
}

/** The share of a parse object's pixels that lie inside `rect`. */
export function shareInside(object: SceneObject, rect: Rect): number {
  const { box } = object;
  const x0 = Math.max(Math.ceil(rect.x0), box.x);
  const y0 = Math.max(Math.ceil(rect.y0), box.y);
  const x1 = Math.min(Math.floor(rect.x1), box.x + box.width);
  const y1 = Math.min(Math.floor(rect.y1), box.y + box.height);
  if (x1 <= x0 || y1 <= y0) return 0;
  const { mask } = object;
  let inside = 0;
  for (let y = y0; y < y1; y++) {
    const row = y * mask.width;
    for (let x = x0; x < x1; x++) inside += mask.data[row + x] ?? 0;
  }
  return inside / Math.max(1, object.area);
}

/** Share of a one-seat region a seating box must frame to be one of the seats in it. */
const FRAMES_SEAT = 0.25;
/** Share of that region in a box's own part (in no other box) for the box to be a seat of its own. */
const OWN_SEAT = 0.08;

/**
 * The parse's one-seat regions (chair, armchair) that several seating boxes frame, each at a
 * place of its own, cut into one region per box: the network gives two dining chairs side by side
 * one region, the detector a box each. A pixel in one box is that box's; in several, the box whose
 * centre is nearest across; in none, the nearest box's. Every other region is kept as it is.
 */
export function splitSharedSeats(
  objects: readonly SceneObject[],
  detected: readonly DetectedElement[],
  width: number,
  height: number,
): SceneObject[] {
  const boxes = detected
    .filter((element) => SEATING_CATEGORIES.has(element.category))
    .sort((a, b) => b.score - a.score)
    .map(rectOf);
  if (boxes.length < 2) return [...objects];
  let nextId = Math.max(0, ...objects.map((o) => o.id)) + 1;
  const out: SceneObject[] = [];
  for (const object of objects) {
    const framing: Rect[] = [];
    if (ONE_SEAT.has(object.classId)) {
      for (const rect of boxes) {
        if (shareInside(object, grow(rect, 0.05, width, height)) < FRAMES_SEAT) continue;
        // The same seat framed twice is one seat (the higher-scored box stands for it).
        if (framing.some((kept) => boxIou(kept, rect) >= SAME_SEAT_IOU)) continue;
        framing.push(rect);
      }
    }
    const pieces = framing.length >= 2 ? cutBetween(object, framing) : null;
    if (!pieces) {
      out.push(object);
      continue;
    }
    for (const mask of pieces) out.push(regionOf(object, mask, nextId++));
  }
  return out;
}

/**
 * The object's pixels cut between the boxes (see {@link splitSharedSeats}); null when a box's own
 * part (pixels in it and in no other) holds less than {@link OWN_SEAT} of the object.
 */
function cutBetween(object: SceneObject, rects: readonly Rect[]): Mask[] | null {
  const { box, mask } = object;
  const { width, height } = mask;
  const inRect = (r: Rect, x: number, y: number) =>
    x + 0.5 >= r.x0 && x + 0.5 <= r.x1 && y + 0.5 >= r.y0 && y + 0.5 <= r.y1;
  const owner = new Int8Array(width * height).fill(-1);
  const own = new Array<number>(rects.length).fill(0);
  for (let y = box.y; y < box.y + box.height; y++) {
    for (let x = box.x; x < box.x + box.width; x++) {
      const i = y * width + x;
      if (mask.data[i] !== 1) continue;
      let best = -1;
      let bestDistance = Infinity;
      let holders = 0;
      rects.forEach((r, k) => {
        const inside = inRect(r, x, y);
        if (inside) holders++;
        // Inside: how far across from the box's centre; outside: how far from the box.
        const distance = inside
          ? Math.abs(x + 0.5 - (r.x0 + r.x1) / 2) - 1e6
          : Math.hypot(
              Math.max(r.x0 - x - 0.5, 0, x + 0.5 - r.x1),
              Math.max(r.y0 - y - 0.5, 0, y + 0.5 - r.y1),
            );
        if (distance < bestDistance) {
          bestDistance = distance;
          best = k;
        }
      });
      owner[i] = best;
      if (holders === 1) own[best] = (own[best] ?? 0) + 1;
    }
  }
  if (own.some((n) => n < OWN_SEAT * object.area)) return null;
  return rects.map((_, k) => {
    const data = new Uint8Array(width * height);
    for (let i = 0; i < data.length; i++) if (owner[i] === k) data[i] = 1;
    return { width, height, data };
  });
}

/** A region of `object` (its class and label) made of `mask`'s pixels. */
function regionOf(object: SceneObject, mask: Mask, id: number): SceneObject {
  const { width } = mask;
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -1;
  let y1 = -1;
  let area = 0;
  for (let i = 0; i < mask.data.length; i++) {
    if (mask.data[i] !== 1) continue;
    const x = i % width;
    const y = (i / width) | 0;
    area++;
    if (x < x0) x0 = x;
    if (x > x1) x1 = x;
    if (y < y0) y0 = y;
    if (y > y1) y1 = y;
  }
  return {
    id,
    classId: object.classId,
    label: object.label,
    box: { x: x0, y: y0, width: x1 - x0 + 1, height: y1 - y0 + 1 },
    polygon: [],
    mask,
    area,
  };
}
