/**
 * Wall seen through glass (issue 10, decision 063): the tiled wall of a shower behind its glass
 * screen, the wall of the next room through a glazed partition. Glass shows the wall behind it,
 * so the network calls it wall, with confidence; but the glass's own edges (a door's metal
 * stile, a frame, the screen's reflections) are what it reads as glass, window or screen door,
 * and those cut that wall off from the room's own wall. A large part of the walls to paint that
 * is cut off from the main wall, in which the network's votes for glass are several times
 * those on the main wall, lies behind the glass and is left out of the paint.
 */
import { ADE, type RoomParse } from '../scene';
import { labelComponents } from '../scene/objects';

/** The network's classes for things that are, or are framed, glass. */
const GLASS_CLASSES = [ADE.window, ADE.mirror, ADE.shower, ADE.glass, ADE.screenDoor] as const;
/**
 * A part cut off from the main wall is behind glass only when it is at least this share of the
 * photo: the network's coarse votes for a window bleed a cell or two into the wall beside it (a
 * strip between a window and a curtain, a reveal), a glass screen is a large part of the view.
 */
const MIN_BEHIND_SHARE = 0.05;
/** The part's mean glass vote (sum over {@link GLASS_CLASSES}, 0–1) must be at least this… */
const MIN_GLASS_VOTE = 0.04;
/** …and this many times the main wall's own (the network's background of glass votes). */
const MIN_GLASS_RATIO = 3;

/**
 * Drops from `mask` and `matte` (the walls to paint, in place) the parts cut off from the main
 * wall that lie behind glass (see the file's comment). Returns how many pixels were dropped.
 * Without the network's per-class shares nothing is dropped.
 */
export function dropWallsBehindGlass(
  parse: RoomParse,
  mask: Uint8Array,
  matte: Uint8Array,
): number {
  const { width, height } = parse;
  const n = width * height;
  if (!parse.classShare) return 0;
  const shares = GLASS_CLASSES.map((c) => parse.classShare?.(c));
  const { ids, count } = labelComponents(mask, width, height, new Set([1]));
  if (count < 2) return 0;
  const area = new Float64Array(count + 1);
  const vote = new Float64Array(count + 1);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const id = ids[y * width + x] ?? 0;
      if (!id) continue;
      area[id] = (area[id] ?? 0) + 1;
      let g = 0;
      for (const share of shares) g += share ? share(x, y) : 0;
      vote[id] = (vote[id] ?? 0) + g;
    }
  }
  let main = 1;
  for (let id = 2; id <= count; id++) if ((area[id] ?? 0) > (area[main] ?? 0)) main = id;
  const mainVote = (vote[main] ?? 0) / Math.max(1, area[main] ?? 0);
  const behind = new Uint8Array(count + 1);
  let any = false;
  for (let id = 1; id <= count; id++) {
    const size = area[id] ?? 0;
    if (id === main || size < MIN_BEHIND_SHARE * n) continue;
    const mean = (vote[id] ?? 0) / size;
    if (mean >= MIN_GLASS_VOTE && mean >= MIN_GLASS_RATIO * mainVote) {
      behind[id] = 1;
      any = true;
    }
  }
  if (!any) return 0;
  let dropped = 0;
  for (let i = 0; i < n; i++) {
    if (!behind[ids[i] ?? 0]) continue;
    mask[i] = 0;
    matte[i] = 0;
    dropped++;
  }
  // The soft edge round a dropped part (matte outside the mask) goes with it: no faint rim of
  // paint along the glass's edges.
  const rim = Math.max(1, Math.round(0.002 * Math.max(width, height)));
  for (let i = 0; i < n; i++) {
    if (!behind[ids[i] ?? 0]) continue;
    const x = i % width;
    const y = (i - x) / width;
    for (let dy = -rim; dy <= rim; dy++) {
      const yy = y + dy;
      if (yy < 0 || yy >= height) continue;
      for (let dx = -rim; dx <= rim; dx++) {
        const xx = x + dx;
        if (xx < 0 || xx >= width) continue;
        const j = yy * width + xx;
        if (!mask[j]) matte[j] = 0;
      }
    }
  }
  return dropped;
}
