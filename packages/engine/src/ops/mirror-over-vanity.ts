/**
 * A mirror over a vanity (issue 10, decision 077). A bathroom mirror reflects the room's wall,
 * which the network calls wall with confidence, frame and all, so its colour is the wall's and no
 * colour test tells it apart; it may reflect the ceiling too. But SAM outlines the glass whole
 * inside its frame, and what it returns has a mirror's place: it hangs on the wall — the wall
 * goes on round it, above and beside it where the photo does not cut it — over a piece the parse
 * sees (a sink, a counter, a vanity's cabinet), and it is a part of its wall, not all of it.
 * And the parse sees in it what a wall does not show: the ceiling reflected, or glass. Such an
 * answer is taken out of the paint whatever its colour.
 */
import { ADE } from '../scene/ade20k';
import type { KnownObject } from './wall-objects';

/** The parse's pieces a bathroom or dresser mirror hangs over. */
const VANITY_CLASSES: ReadonlySet<number> = new Set([
  ADE.sink,
  ADE.counter,
  ADE.countertop,
  ADE.cabinet,
  ADE.chest,
]);
/** What the parse sees in a mirror's reflection, that is not on a wall: glass, or a mirror. */
const REFLECTION_CLASSES: ReadonlySet<number> = new Set([
  ADE.mirror,
  ADE.window,
  ADE.glass,
  ADE.screenDoor,
  ADE.shower,
]);
/**
 * At least this share of it is a reflection: the ceiling (the parse's, inside a thing hung on the
 * wall under the ceiling's edge) or glass. A splashback between a kitchen's wall units and its
 * counter sits as a mirror does, but shows only wall.
 */
const MIN_REFLECTION = 0.05;
/** A mirror is at least this share of the photo (a switch plate or a tile is not). */
const MIN_MIRROR_SHARE = 0.01;
/** …and at most this share of its wall plane's selected pixels (more is the wall itself). */
const MAX_MIRROR_PLANE_SHARE = 0.5;
/**
 * The vanity starts within this share of the photo's height under the mirror's foot (a frame and
 * a splashback lie between them).
 */
const VANITY_REACH = 0.12;
/** At most this share of it may be the vanity itself (SAM's answer on a basin is not over it). */
const MAX_ON_VANITY = 0.1;
/** At least this share of the mirror's columns has the vanity under its foot. */
const MIN_OVER_VANITY = 0.5;
/** The wall round it is read this share of the width outside its outline (on a frame). */
const RING_REACH = 0.01;
/** At least this share of the pixels read round it (not under it) must be wall… */
const MIN_WALL_SEEN = 0.25;
/** …and of those, this share its own plane's (or the parse's wall of no plane). */
const MIN_WALL_ROUND = 0.6;

/**
 * Whether SAM's answer `thing` (1 per pixel) is a mirror hung on the wall over a vanity: see the
 * file's comment. `selection` is the walls to paint, `planes` the parse's wall plane per pixel,
 * `ceiling` the parse's ceiling (alpha 0–255), `known` its objects.
 */
export function isMirrorOverVanity(
  thing: Uint8Array,
  selection: Uint8Array,
  planes: Uint8Array,
  ceiling: Uint8Array,
  known: readonly KnownObject[],
  width: number,
  height: number,
): boolean {
  const n = width * height;
  const vanity = known.filter((o) => VANITY_CLASSES.has(o.classId)).map((o) => o.mask.data);
  if (vanity.length === 0) return false;
  const glass = known.filter((o) => REFLECTION_CLASSES.has(o.classId)).map((o) => o.mask.data);
  // Its extent per column and per row, and its plane: the one most of its selected pixels lie on.
  const top = new Int32Array(width).fill(-1);
  const foot = new Int32Array(width).fill(-1);
  const left = new Int32Array(height).fill(-1);
  const right = new Int32Array(height).fill(-1);
  const perPlane = [0, 0, 0, 0];
  let area = 0;
  let onVanity = 0;
  let reflected = 0;
  for (let i = 0; i < n; i++) {
    if (!thing[i]) continue;
    area++;
    if (vanity.some((mask) => mask[i] === 1)) onVanity++;
    if ((ceiling[i] ?? 0) >= 128 || glass.some((mask) => mask[i] === 1)) reflected++;
    const x = i % width;
    const y = (i - x) / width;
    if ((top[x] ?? -1) < 0) top[x] = y;
    foot[x] = y;
    if ((left[y] ?? -1) < 0) left[y] = x;
    right[y] = x;
    if (selection[i]) perPlane[planes[i] ?? 0] = (perPlane[planes[i] ?? 0] ?? 0) + 1;
  }
  if (area < MIN_MIRROR_SHARE * n || onVanity > MAX_ON_VANITY * area) return false;
  if (reflected < MIN_REFLECTION * area) return false;
  let plane = 1;
  for (let p = 2; p < 4; p++) if ((perPlane[p] ?? 0) > (perPlane[plane] ?? 0)) plane = p;
  let planeArea = 0;
  for (let i = 0; i < n; i++) if (selection[i] && planes[i] === plane) planeArea++;
  if ((perPlane[plane] ?? 0) > MAX_MIRROR_PLANE_SHARE * planeArea) return false;
  // Over a vanity: under its foot, within reach, the parse's sink, counter or cabinet.
  const reach = Math.round(VANITY_REACH * height);
  let columns = 0;
  let over = 0;
  for (let x = 0; x < width; x++) {
    const y0 = foot[x] ?? -1;
    if (y0 < 0) continue;
    columns++;
    // Only the wall between them counts towards the reach, not what stands in front of the
    // mirror (a vase, a tap).
    let found = false;
    let wallRows = 0;
    for (let y = y0 + 1; y < height && wallRows <= reach && !found; y++) {
      const i = y * width + x;
      found = vanity.some((mask) => mask[i] === 1);
      if (selection[i]) wallRows++;
    }
    if (found) over++;
  }
  if (over < MIN_OVER_VANITY * columns) return false;
  // Hung on the wall: the wall round it, above it and beside it where the photo goes on, is its
  // own plane's, not another wall's (SAM's answer on a wall ends at its corners). Only the wall
  // tells: not what stands in front of it (flowers, a tap), nor the ceiling, which the parse
  // reads into a dark frame's top.
  const ring = Math.max(2, Math.round(RING_REACH * width));
  let outline = 0;
  let read = 0;
  let wall = 0;
  const readAt = (x: number, y: number) => {
    if (x < 0 || y < 0 || x >= width || y >= height) return;
    const i = y * width + x;
    if (thing[i]) return;
    outline++;
    if (!selection[i]) return;
    read++;
    if (!planes[i] || planes[i] === plane) wall++;
  };
  for (let x = 0; x < width; x++) if ((top[x] ?? -1) >= 0) readAt(x, (top[x] ?? 0) - ring);
  for (let y = 0; y < height; y++) {
    if ((left[y] ?? -1) < 0) continue;
    readAt((left[y] ?? 0) - ring, y);
    readAt((right[y] ?? 0) + ring, y);
  }
  return read >= MIN_WALL_SEEN * outline && wall >= MIN_WALL_ROUND * read;
}
