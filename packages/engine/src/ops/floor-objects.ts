/**
 * Things standing in the parse's floor that the network read as floor: the side of a kitchen
 * run, a bathtub's panel, the seat of an armchair. SAM is asked, at a grid of points inside the
 * floor (the floor with its rugs), what each point belongs to; a point whose thing lies mostly
 * outside the floor is on an object the floor merely spills onto, and the part of that thing
 * inside the floor is taken out of it. The floor itself, and a rug lying on it, lie (almost)
 * wholly inside the floor and stay.
 */
import { boundsWhere, type Raster } from '../raster';
import type { Segmenter } from './segment';

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

/**
 * Pixels (1) of `region` — the parse's floor with its rugs, 1 per pixel — that SAM shows belong
 * to things standing there; all zero when the segmenter is not SAM (region growing would only
 * find the floor's own colour again).
 */
export async function objectsOverFloor(
  image: Raster,
  region: Uint8Array,
  segmenter: Segmenter,
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
  for (let gy = 0; gy < GRID; gy++) {
    for (let gx = 0; gx < GRID; gx++) {
      const x = Math.round(x0 + ((gx + 0.5) * (x1 - x0)) / GRID);
      const y = Math.round(y0 + ((gy + 0.5) * (y1 - y0)) / GRID);
      const at = y * width + x;
      if (!region[at] || answered[at]) continue;
      const thing = (await segmenter.segment(image, [{ x, y, label: 1 }])).data;
      let area = 0;
      let inside = 0;
      for (let i = 0; i < n; i++) {
        if (!thing[i]) continue;
        answered[i] = 1;
        area++;
        if (region[i]) inside++;
      }
      if (area < MIN_OBJECT_SHARE * n || inside >= MAX_INSIDE_SHARE * area) continue;
      if (inside > MAX_REGION_SHARE * regionArea) continue;
      for (let i = 0; i < n; i++) if (thing[i] && region[i]) objects[i] = 1;
    }
  }
  return objects;
}
