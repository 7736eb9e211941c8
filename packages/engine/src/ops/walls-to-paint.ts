/**
 * The walls a paint covers, one surface for the Wall paint action and the redesign's walls step
 * (decision 051): the room parse's walls cleaned of what the network gets wrong at their edges —
 * small islands, the ragged wall–ceiling boundary, fabric between curtains, halos round openings.
 */
import { leastSquaresLine, straightRuns } from '../geometry/line-segments';
import type { Mask, Raster } from '../raster';
import { boxMean, dilateMask, lumaAt, sobelMagnitudeAt } from '../raster';
import { ADE, type RoomParse } from '../scene';
import { labelComponents } from '../scene/objects';
import { plantFoliageOn } from './plant-foliage';
import type { Segmenter } from './segment';
import { paintSurfaceWithoutObjects } from './wall-objects';
import { dropWallsBehindGlass } from './walls-behind-glass';
import { windowFrameBands, windowPanes } from './window-frames';
import { paintableSurface, type PaintSurface } from './wall-paint';

/**
 * What the Wall paint action covers of the user's region: the walls the redesign paints
 * ({@link wallsToPaint}) taken as the region means them ({@link paintableSurface}: one wall, the
 * ceiling, or a cabinet as given), less the objects SAM finds on them. The bench scores this
 * very function, so what it measures is what the app paints.
 */
export async function wallPaintSurface(
  image: Raster,
  region: Mask,
  parse: RoomParse,
  segmenter: Segmenter,
): Promise<PaintSurface | undefined> {
  const ceiling = parse.surfaceAlpha('ceiling');
  const walls = wallsBeforePanes(parse, image);
  const surface = await paintSurfaceWithoutObjects(
    image,
    paintableSurface(region, walls.matte, ceiling, parse.wallPlanes),
    parse.wallPlanes,
    ceiling,
    parse.surfaceAlpha('floor'),
    segmenter,
    parse.objects,
  );
  // The panes of a window the parse half sees go after SAM has been asked about the walls: SAM's
  // prompts are placed by the colours of the whole selection, and a pane taken out before would
  // move them onto other wall (decision 101).
  const panes = windowPanesOf(parse, image, walls.matte);
  if (!surface || !panes) return surface;
  const data = Uint8Array.from(surface.mask.data);
  const matte = Uint8Array.from(surface.matte);
  leaveOut(panes, data, matte);
  return { mask: { ...surface.mask, data }, matte };
}

/** Clears the mask and the matte wherever `panes` is set. */
function leaveOut(panes: Uint8Array, data: Uint8Array, matte: Uint8Array) {
  for (let i = 0; i < panes.length; i++) {
    if (!panes[i]) continue;
    data[i] = 0;
    matte[i] = 0;
  }
}

/**
 * The painted pixels on the panes of a window the parse half sees ({@link windowPanes}), from the
 * network's votes for window and door; undefined without them.
 */
function windowPanesOf(parse: RoomParse, image: Raster, matte: Uint8Array): Uint8Array | undefined {
  const window = parse.classShare?.(ADE.window);
  const door = parse.classShare?.(ADE.door);
  if (!window || !door) return undefined;
  return windowPanes(image, parse.labels, matte, (x, y) => window(x, y) + door(x, y));
}

/** Wall islands smaller than this share of the walls are the parse's mistakes (a countertop). */
const MIN_WALL_ISLAND = 0.01;

/**
 * The walls the parse sees, without its small islands of "wall" (on a counter, in a curtain), nor
 * the panes of a window it half sees.
 */
export function wallsToPaint(parse: RoomParse, image?: Raster): { mask: Mask; matte: Uint8Array } {
  const walls = wallsBeforePanes(parse, image);
  const panes = image && windowPanesOf(parse, image, walls.matte);
  if (panes) leaveOut(panes, walls.mask.data, walls.matte);
  return walls;
}

/** {@link wallsToPaint} before the panes of a window the parse half sees are taken out. */
function wallsBeforePanes(parse: RoomParse, image?: Raster): { mask: Mask; matte: Uint8Array } {
  const { width, height } = parse;
  const mask = parse.surface('walls');
  const matte = new Uint8Array(parse.surfaceAlpha('walls'));
  const { ids, count } = labelComponents(mask.data, width, height, new Set([1]));
  const area = new Int32Array(count + 1);
  let total = 0;
  for (let i = 0; i < ids.length; i++) {
    if (!mask.data[i]) continue;
    area[ids[i] ?? 0] = (area[ids[i] ?? 0] ?? 0) + 1;
    total++;
  }
  const min = MIN_WALL_ISLAND * total;
  for (let i = 0; i < ids.length; i++) {
    if (mask.data[i] && (area[ids[i] ?? 0] ?? 0) < min) {
      mask.data[i] = 0;
      matte[i] = 0;
    }
  }
  const drop = (i: number) => {
    mask.data[i] = 0;
    matte[i] = 0;
  };
  if (image) dropDarkPatches(image, parse, mask, matte, ids, area);
  if (image) dropFireplaceSurrounds(image, parse, mask, matte);
  // The wall–ceiling line, straight where the room shows it: above it nothing is wall (the
  // parse's ragged "wall" on the ceiling stays ceiling), the ceiling the parse saw under it down
  // to the wall is painted, and the line's own row is blended by how much of it lies under the
  // line — the paint's top edge is the line, not the parse's wavy boundary.
  straightenCeilingEdge(parse, mask, matte, drop, image);
  if (image) dropCeilingBand(image, parse, mask, matte, drop);
  // A narrow run of "wall" between a curtain and a window, another curtain or the frame edge is
  // the curtain's own fabric or its shadow: it keeps its colour. A pier between two windows
  // with no curtain is wall, and is painted.
  const openings = parse.classMask([ADE.curtain, ADE.window]).data;
  const curtain = parse.classMask([ADE.curtain]).data;
  const narrow = NARROW_WALL_RUN * width;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (!mask.data[y * width + x]) continue;
      let end = x;
      while (end < width && mask.data[y * width + end]) end++;
      const leftOpen = x === 0 || openings[y * width + x - 1] === 1;
      const rightOpen = end === width || openings[y * width + end] === 1;
      const leftCurtain = x > 0 && curtain[y * width + x - 1] === 1;
      const rightCurtain = end < width && curtain[y * width + end] === 1;
      if (end - x < narrow && leftOpen && rightOpen && (leftCurtain || rightCurtain)) {
        for (let c = x; c < end; c++) drop(y * width + c);
      }
      x = end;
    }
  }
  // Beside a curtain, "wall" the parse is unsure of is the curtain's fabric or its shadow (a
  // curtain at the frame edge melts into paint otherwise): only confident wall is painted there.
  const near = Math.round(NEAR_CURTAIN * width);
  const unsure: Mask = { width, height, data: new Uint8Array(width * height) };
  for (let y = 0; y < height; y++) {
    let last = -Infinity;
    const distance = new Float32Array(width).fill(Infinity);
    for (let x = 0; x < width; x++) {
      if (curtain[y * width + x]) last = x;
      distance[x] = x - last;
    }
    last = Infinity;
    for (let x = width - 1; x >= 0; x--) {
      if (curtain[y * width + x]) last = x;
      distance[x] = Math.min(distance[x] ?? Infinity, last - x);
    }
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      if ((distance[x] ?? Infinity) > near) continue;
      if ((parse.confidence[i] ?? 0) < SURE_WALL) unsure.data[i] = 1;
      // Near a curtain the soft edge outside the wall draws threads of paint over the fabric.
      if (!mask.data[i]) matte[i] = 0;
    }
  }
  // Grown a little, so no threads of paint are left between the unsure pixels (but what the
  // parse is all but certain of is still wall).
  const grownUnsure = dilateMask(unsure, Math.max(2, Math.round(0.003 * width)));
  const unsureWall = new Uint8Array(width * height);
  for (let i = 0; i < grownUnsure.data.length; i++) {
    if (!grownUnsure.data[i] || (parse.confidence[i] ?? 0) >= CERTAIN_WALL) continue;
    if (mask.data[i]) unsureWall[i] = 1;
    drop(i);
  }
  if (image) {
    // The plain wall among those unsure pixels, the wall's own colour with no edge between it
    // and the sure wall, is wall all the same (decision 081): the paint reaches the curtain's
    // edge instead of ending in a ragged line of old colour short of it.
    reclaimWallHalos(image, parse, mask, matte, grownUnsure.data, unsureWall);
    // A plant in front of the wall: its leaves' edges and stems the parse called wall keep their
    // green (decision 070), each wall plane's own colour telling a sage wall from a leaf.
    const foliage = plantFoliageOn(image, parse.labels, matte, parse.wallPlanes);
    for (let i = 0; i < foliage.length; i++) if (foliage[i]) drop(i);
    // A window's frame the parse called wall, found by its straight parallel edges (decision 075).
    const frames = windowFrameBands(image, parse.labels, matte);
    for (let i = 0; i < frames.length; i++) if (frames[i]) drop(i);
  }
  // Wall seen through a glass screen, cut off from the room's wall by the glass's edges.
  dropWallsBehindGlass(parse, mask.data, matte);
  return { mask, matte };
}

/**
 * A patch of "wall" cut off from the room's main wall and far darker than it is the dark front of
 * something standing in front of the wall, not wall in shadow: a black kitchen unit's door under
 * the counter, a bed's dark wooden frame. A detached wall component (of `ids`, the parse's wall
 * components, `area` their sizes) whose mean luminance is under {@link DARK_PATCH_SHARE} of the
 * largest component's, and which nowhere meets the ceiling (a wall that runs up to the ceiling is
 * a wall, however dark its paint), is not painted, nor the parse's soft edge round it.
 */
function dropDarkPatches(
  image: Raster,
  parse: RoomParse,
  mask: Mask,
  matte: Uint8Array,
  ids: Int32Array,
  area: Int32Array,
): void {
  const { width, height, labels } = parse;
  const n = width * height;
  let main = 0;
  for (let c = 1; c < area.length; c++) if ((area[c] ?? 0) > (area[main] ?? 0)) main = c;
  if (main === 0) return;
  const luma = new Float64Array(area.length);
  const kept = new Int32Array(area.length);
  const meetsCeiling = new Uint8Array(area.length);
  for (let i = 0; i < n; i++) {
    if (!mask.data[i]) continue;
    const c = ids[i] ?? 0;
    luma[c] = (luma[c] ?? 0) + lumaAt(image.data, i);
    kept[c] = (kept[c] ?? 0) + 1;
    const x = i % width;
    if (
      (x > 0 && labels[i - 1] === ADE.ceiling) ||
      (x < width - 1 && labels[i + 1] === ADE.ceiling) ||
      (i >= width && labels[i - width] === ADE.ceiling) ||
      (i + width < n && labels[i + width] === ADE.ceiling)
    ) {
      meetsCeiling[c] = 1;
    }
  }
  const mean = (c: number) => (luma[c] ?? 0) / Math.max(1, kept[c] ?? 0);
  const limit = DARK_PATCH_SHARE * mean(main);
  const dark = new Uint8Array(area.length);
  let any = false;
  for (let c = 1; c < area.length; c++) {
    if (c === main || !kept[c] || meetsCeiling[c] || mean(c) >= limit) continue;
    dark[c] = 1;
    any = true;
  }
  if (!any) return;
  const dropped: Mask = { width, height, data: new Uint8Array(n) };
  for (let i = 0; i < n; i++) {
    if (!mask.data[i] || !dark[ids[i] ?? 0]) continue;
    dropped.data[i] = 1;
    mask.data[i] = 0;
    matte[i] = 0;
  }
  const rim = dilateMask(dropped, Math.max(2, Math.round(0.002 * Math.max(width, height))));
  for (let i = 0; i < n; i++) if (rim.data[i] && !mask.data[i]) matte[i] = 0;
}

/**
 * A fireplace's surround the wall's own colour (white plaster round white brick), which the parse
 * reads as wall: the network's fireplace is the firebox and its facing, and the mantel shelf and
 * the flanks under its ends are left to the wall (decision 103). The mantel is the evidence: one
 * unbroken horizontal step of the photo's luminance across at least {@link MANTEL_SPAN} of the
 * fireplace's width near its top ({@link MANTEL_SEARCH}), that runs on past both its sides and
 * ends within {@link MANTEL_OVERHANG} of its width on each (a mantel stops; a picture rail or a
 * dado that runs on along the wall does not, and proves nothing). The shelf, from its top to its
 * underside (the next step across), is not painted between its ends; under it, on each side, from
 * the first long upright edge in from the shelf's end (the surround's outer side) to the
 * fireplace's middle, down to its foot, nothing is painted. Without such an edge the flank stays
 * wall (a shelf on brackets over a bare wall).
 */
function dropFireplaceSurrounds(image: Raster, parse: RoomParse, mask: Mask, matte: Uint8Array) {
  const { width, height, labels } = parse;
  const n = width * height;
  const { ids, count } = labelComponents(labels, width, height, new Set([ADE.fireplace]));
  if (count === 0) return;
  const x0 = new Int32Array(count + 1).fill(width);
  const x1 = new Int32Array(count + 1).fill(-1);
  const y0 = new Int32Array(count + 1).fill(height);
  const y1 = new Int32Array(count + 1).fill(-1);
  const area = new Int32Array(count + 1);
  for (let i = 0; i < n; i++) {
    const c = ids[i] ?? 0;
    if (!c || labels[i] !== ADE.fireplace) continue;
    const x = i % width;
    const y = (i - x) / width;
    x0[c] = Math.min(x0[c] ?? width, x);
    x1[c] = Math.max(x1[c] ?? -1, x);
    y0[c] = Math.min(y0[c] ?? height, y);
    y1[c] = Math.max(y1[c] ?? -1, y);
    area[c] = (area[c] ?? 0) + 1;
  }
  const luma = new Float32Array(n);
  for (let i = 0; i < n; i++) luma[i] = lumaAt(image.data, i);
  const smooth = boxMean(luma, width, height, 1);
  const stepAt = (x: number, y: number) =>
    y >= 2 && y < height - 2
      ? Math.abs((smooth[(y + 2) * width + x] ?? 0) - (smooth[(y - 2) * width + x] ?? 0))
      : 0;
  // A step in the column within a row of `y` (the mantel's edge may lean by a pixel).
  const stepNear = (x: number, y: number) =>
    Math.max(stepAt(x, y - 1), stepAt(x, y), stepAt(x, y + 1)) >= MANTEL_EDGE;
  for (let c = 1; c <= count; c++) {
    const fx0 = x0[c] ?? 0;
    const fx1 = x1[c] ?? -1;
    const fy0 = y0[c] ?? 0;
    const fy1 = y1[c] ?? -1;
    const fw = fx1 - fx0 + 1;
    const fh = fy1 - fy0 + 1;
    if ((area[c] ?? 0) < MIN_FIREPLACE * n || fw < 8 || fh < 8) continue;
    // The mantel's top: the highest row near the fireplace's top with one unbroken step across
    // it (a picture over the mantel and the things on the shelf step too, but with gaps).
    const gap = Math.max(2, Math.round(0.01 * fw));
    const runAcross = (y: number) => {
      let best = 0;
      let start = -1;
      let last = -Infinity;
      for (let x = fx0; x <= fx1; x++) {
        if (stepAt(x, y) < MANTEL_EDGE) continue;
        if (x - last > gap) start = x;
        last = x;
        best = Math.max(best, x - start + 1);
      }
      return best;
    };
    let mantel = -1;
    const from = Math.max(2, Math.round(fy0 - MANTEL_SEARCH * fh));
    const to = Math.min(height - 3, Math.round(fy0 + MANTEL_SEARCH * fh));
    for (let y = from; y <= to && mantel < 0; y++) if (runAcross(y) >= MANTEL_SPAN * fw) mantel = y;
    if (mantel < 0) continue;
    // The step is read across 4 rows, so it first shows 2 rows over the edge: the edge is where
    // it is strongest, a few rows on.
    mantel = strongest(mantel, 1, (y) => runAcross(y));
    // Its ends: the step followed out from each side (a gap of a few columns bridged).
    const overhang = Math.round(MANTEL_OVERHANG * fw);
    const endFrom = (start: number, dir: number): number | undefined => {
      let last = start;
      for (let x = start + dir; Math.abs(x - start) <= overhang + gap; x += dir) {
        if (x < 0 || x >= width) return undefined;
        if (stepNear(x, mantel)) last = x;
        else if (Math.abs(x - last) > gap) return last;
      }
      return undefined;
    };
    const left = endFrom(fx0, -1);
    const right = endFrom(fx1, 1);
    if (left === undefined || right === undefined) continue;
    if (Math.abs(fx0 - left) > overhang || Math.abs(right - fx1) > overhang) continue;
    // The shelf: down to its underside, the first row under its top where most columns across
    // the fireplace step again (the things on the shelf cast no step under it).
    const deepest = Math.min(fy1, mantel + Math.round(SHELF_DEPTH * fh));
    const stepsAcross = (y: number) => {
      let across = 0;
      for (let x = fx0; x <= fx1; x++) if (stepAt(x, y) >= MANTEL_EDGE) across++;
      return across;
    };
    let shelf = deepest;
    for (let y = mantel + 4; y <= deepest; y++) {
      if (stepsAcross(y) >= SHELF_UNDERSIDE * fw) {
        shelf = Math.min(deepest, strongest(y, 1, stepsAcross));
        break;
      }
    }
    const clear = (x: number, y: number) => {
      const i = y * width + x;
      mask.data[i] = 0;
      matte[i] = 0;
    };
    for (let y = mantel; y <= shelf + 1; y++) {
      for (let x = left; x <= right; x++) clear(x, y);
    }
    // The flanks under it: out to the straight upright edge nearest the shelf's end (the
    // surround's outer side) that runs down most of the way to the fireplace's foot.
    const top = shelf + 3;
    const rows = fy1 - 2 - top;
    if (rows < 8) continue;
    const hitsAt = (x: number) => {
      if (x < 2 || x >= width - 2) return 0;
      let hits = 0;
      for (let y = top; y < fy1 - 2; y++) {
        const i = y * width + x;
        if (Math.abs((smooth[i + 2] ?? 0) - (smooth[i - 2] ?? 0)) >= MANTEL_EDGE) hits++;
      }
      return hits;
    };
    const upright = (x: number) => hitsAt(x) >= FLANK_EDGE_SHARE * rows;
    const middle = Math.round((fx0 + fx1) / 2);
    for (const [end, dir] of [
      [left, 1],
      [right, -1],
    ] as const) {
      let edge = -1;
      for (let x = end; dir * (middle - x) > 0; x += dir) {
        if (upright(x)) {
          edge = x;
          break;
        }
      }
      if (edge < 0) continue;
      // A soft shadow the surround casts on the wall steps first; its own edge is the stronger.
      edge = strongest(edge, dir, hitsAt, Math.round(FLANK_SETTLE * fw));
      // From the edge inwards, the "wall" the parse left in the fireplace's face.
      for (let y = top - 2; y <= fy1; y++) {
        for (let x = edge; dir * (middle - x) > 0; x += dir) clear(x, y);
      }
    }
  }
}

/** Of `at` and the next `reach` places in `dir`, the one where `score` is highest. */
function strongest(at: number, dir: number, score: (p: number) => number, reach = 0): number {
  let best = at;
  let high = score(at);
  for (let d = 1; d <= Math.max(EDGE_SETTLE, reach); d++) {
    const s = score(at + dir * d);
    if (s > high) {
      high = s;
      best = at + dir * d;
    }
  }
  return best;
}

/** How far past where a 4-pixel step first shows its edge may lie. */
const EDGE_SETTLE = 3;
/** How far in from a flank's first upright edge (share of the fireplace's width) its own is. */
const FLANK_SETTLE = 0.025;
/** A fireplace smaller than this share of the photo is left as the parse has it. */
const MIN_FIREPLACE = 0.002;
/** How far above or below a fireplace's top (share of its height) its mantel is looked for. */
const MANTEL_SEARCH = 0.15;
/** Least step of the smoothed luminance (levels, across 4 rows) along a mantel's edge. */
const MANTEL_EDGE = 12;
/** Least share of the fireplace's columns the mantel's edge crosses. */
const MANTEL_SPAN = 0.7;
/** Farthest a mantel runs past each side of the fireplace, share of its width. */
const MANTEL_OVERHANG = 0.3;
/** Deepest a mantel shelf is, share of the fireplace's height. */
const SHELF_DEPTH = 0.08;
/** Least share of the fireplace's columns a shelf's underside steps in. */
const SHELF_UNDERSIDE = 0.5;
/**
 * Least share of the rows under the shelf a flank's outer edge steps in (less than most: the
 * vases and plants stood before a fireplace break it).
 */
const FLANK_EDGE_SHARE = 0.4;

/**
 * A detached wall patch darker than this share of the main wall's mean luminance is something's
 * dark front (a black cabinet: 0.11, a dark wooden bed frame: 0.18), not wall in shadow.
 */
const DARK_PATCH_SHARE = 0.25;

/**
 * Cuts the wall mask and matte along each wall plane's straight wall–ceiling line
 * ({@link wallCeilingLines}): wall pixels wholly above their plane's line are dropped, the row
 * the line crosses keeps the share of it below the line, and in each column where the wall
 * starts a little under the line (within {@link CEILING_FILL} of the height) the ceiling-labelled
 * pixels between them are painted as wall.
 */
function straightenCeilingEdge(
  parse: RoomParse,
  mask: Mask,
  matte: Uint8Array,
  drop: (i: number) => void,
  image?: Raster,
): void {
  const { width, height, labels, wallPlanes } = parse;
  const ceiling = wallCeilingLines(parse, image);
  if (ceiling.size === 0) return;
  const band = Math.max(2, Math.round(CEILING_FILL * height));
  const reach = Math.max(band, Math.round(CEILING_LINE_REACH * height));
  // Whether the photo shows an edge along the line where it crosses the column (the line is
  // this column's wall–ceiling edge, however far under the parse's ceiling it runs). Judged over
  // the columns around it, not column by column: on a plain wall the grain passes the edge test
  // in one column and fails it in the next, and a per-column answer cut the wall's top into
  // stripes of paint and old wall.
  const lum = (i: number) => (image ? lumaAt(image.data, i) : 0);
  const shownAt = (x: number, at: number) => {
    if (x < 1 || x >= width - 1) return false;
    const row = Math.round(at);
    for (let y = Math.max(1, row - 2); y <= Math.min(height - 2, row + 2); y++) {
      if (sobelMagnitudeAt(lum, y * width + x, width) > HALO_EDGE) return true;
    }
    return false;
  };
  const shownShare = new Map<number, Float32Array>();
  const span = Math.max(1, Math.round(LINE_SHOWN_SPAN * width));
  const lineShown = (plane: number, line: { at: (x: number) => number }, x: number) => {
    if (!image) return true;
    let share = shownShare.get(plane);
    if (!share) {
      const shown = new Float32Array(width + 1);
      for (let c = 0; c < width; c++)
        shown[c + 1] = (shown[c] ?? 0) + (shownAt(c, line.at(c)) ? 1 : 0);
      share = new Float32Array(width);
      for (let c = 0; c < width; c++) {
        const a = Math.max(0, c - span);
        const b = Math.min(width, c + span + 1);
        share[c] = ((shown[b] ?? 0) - (shown[a] ?? 0)) / (b - a);
      }
      shownShare.set(plane, share);
    }
    return (share[x] ?? 0) >= LINE_SHOWN_SHARE;
  };
  for (let x = 0; x < width; x++) {
    let highest = Infinity;
    for (const line of ceiling.values()) highest = Math.min(highest, line.at(x));
    // The line holds in a column only under the ceiling the column shows: wall that runs up to
    // the frame's top with no ceiling over it is the wall itself (a shaded upper wall), however
    // a line fitted in other columns runs through it.
    let underCeiling = false;
    // The row of the last ceiling pixel above: a line far below it (fitted in other columns to
    // another edge of the ceiling, a soffit's) does not describe this column's edge.
    let lastCeiling = -1;
    for (let y = 0; y < height; y++) {
      const i = y * width + x;
      if (labels[i] === ADE.ceiling) {
        underCeiling = true;
        lastCeiling = y;
      }
      if (!underCeiling) continue;
      if (mask.data[i]) {
        const plane = wallPlanes[i] ?? 0;
        const line = ceiling.get(plane);
        if (!line) continue;
        const at = line.at(x);
        if (at - lastCeiling > reach && !lineShown(plane, line, x)) continue;
        if (y + 1 <= at) drop(i);
        else if (y < at) matte[i] = Math.min(matte[i] ?? 0, Math.round((y + 1 - at) * 255));
      } else if (matte[i] && y < highest - CEILING_TOLERANCE * height) {
        // The soft edge outside the mask (no plane of its own): above every plane's line.
        drop(i);
      }
    }
    // The first wall left in the column decides which plane's line it should start at.
    let first = -1;
    for (let y = 0; y < height; y++) {
      if (mask.data[y * width + x] && ceiling.has(wallPlanes[y * width + x] ?? 0)) {
        first = y;
        break;
      }
    }
    if (first < 0) continue;
    const line = ceiling.get(wallPlanes[first * width + x] ?? 0);
    if (!line) continue;
    const at = line.at(x);
    // Down to a wall the parse starts further under a line carried over from the neighbouring
    // stretch (a band it called ceiling): the photo shows that line's edge along both.
    if (first <= at || first - at > (line.carried(x) ? reach : band)) continue;
    // Only across ceiling (not across a lamp or a beam the parse found between them).
    let clear = true;
    for (let y = Math.max(0, Math.floor(at)); y < first && clear; y++) {
      const label = labels[y * width + x];
      if (label !== ADE.ceiling && label !== ADE.wall) clear = false;
    }
    if (!clear) continue;
    for (let y = Math.max(0, Math.floor(at)); y < first; y++) {
      const i = y * width + x;
      mask.data[i] = 1;
      matte[i] = y < at ? Math.round((y + 1 - at) * 255) : 255;
      if (y < at && (matte[i] ?? 0) < 128) mask.data[i] = 0;
    }
  }
}

/**
 * A cornice, a tray ceiling's step or a header beam under the ceiling that the parse read as
 * the wall's top: a plain band at the top of the wall, parted from the wall under it by a second
 * straight edge of the photo. Per column under the ceiling, the strongest step of the smoothed
 * luminance between {@link MIN_BAND} and {@link MAX_BAND} of the height under the wall's top,
 * stronger than {@link BAND_EDGE} (or than {@link FAINT_BAND_EDGE} under a band darker or lighter
 * than both the ceiling and the wall, decision 078) and than the band's own spread, with wall
 * under it; over a run of such columns at least {@link MIN_BAND_SPAN} of the width whose steps
 * lie on one line and which runs on to where the wall ends on one side at least, the band above
 * the line is not painted.
 */
function dropCeilingBand(
  image: Raster,
  parse: RoomParse,
  mask: Mask,
  matte: Uint8Array,
  drop: (i: number) => void,
): void {
  const { width, height, labels } = parse;
  const n = width * height;
  const luma = new Float32Array(n);
  for (let i = 0; i < n; i++) luma[i] = lumaAt(image.data, i);
  const smooth = boxMean(luma, width, height, 1);
  const value = (x: number, y: number) => smooth[y * width + x] ?? 0;
  // At least a row of band between the two edges' spread (2 rows each side).
  const minBand = Math.max(5, Math.round(MIN_BAND * height));
  const maxBand = Math.max(minBand + 2, Math.round(MAX_BAND * height));
  // The ceiling's shade just over a column's wall top (the ceiling the parse saw there).
  const ceilingShade = (x: number, t: number): number | undefined => {
    let sum = 0;
    let count = 0;
    for (let y = Math.max(0, t - 3 - CEILING_SHADE_ROWS); y <= t - 3; y++) {
      if (labels[y * width + x] !== ADE.ceiling) continue;
      sum += value(x, y);
      count++;
    }
    return count > 0 ? sum / count : undefined;
  };
  // A faint foot (a soft shading step, the tray step's face lit a little differently) ends a
  // band only when the band is a face of its own: darker, or lighter, than both the ceiling
  // over it and the wall under it. A wall shaded towards the ceiling (a tile darkening up to a
  // dark ceiling) lies between the two and is the wall's own top.
  const faceOfItsOwn = (x: number, t: number, band: number, wall: number) => {
    const ceiling = ceilingShade(x, t);
    if (ceiling === undefined) return false;
    const toWall = band - wall;
    const toCeiling = band - ceiling;
    return (
      Math.sign(toWall) === Math.sign(toCeiling) &&
      Math.min(Math.abs(toWall), Math.abs(toCeiling)) >= FAINT_BAND_STEP
    );
  };
  const top = new Int32Array(width).fill(-1);
  const edge = new Float32Array(width).fill(Number.NaN);
  for (let x = 0; x < width; x++) {
    let t = -1;
    for (let y = 1; y < height - 1; y++) {
      if (mask.data[y * width + x] && labels[(y - 1) * width + x] === ADE.ceiling) {
        t = y;
        break;
      }
      if (mask.data[y * width + x]) break;
    }
    if (t < 0 || t + maxBand + 3 >= height) continue;
    top[x] = t;
    let best = -1;
    let strength = 0;
    for (let y = t + minBand; y <= t + maxBand; y++) {
      const step = Math.abs(value(x, y + 2) - value(x, y - 2));
      if (step > strength) {
        strength = step;
        best = y;
      }
    }
    // A step at the search's end may be the rise of one further down: not a band's own edge.
    if (best < 0 || best > t + maxBand - 2 || strength < FAINT_BAND_EDGE) continue;
    // The band itself is plain: its spread under the step that ends it.
    let low = Infinity;
    let high = -Infinity;
    for (let y = t + 2; y <= best - 3; y++) {
      low = Math.min(low, value(x, y));
      high = Math.max(high, value(x, y));
    }
    if (high - low >= strength) continue;
    // A step, not a line (a tile's joint, a pipe): the wall under it is not the band's shade.
    let sum = 0;
    for (let y = t + 2; y <= best - 3; y++) sum += value(x, y);
    const band = sum / Math.max(1, best - 4 - t);
    const depth = Math.max(3, Math.round((best - t) / 2));
    sum = 0;
    for (let y = best + 3; y < best + 3 + depth; y++) sum += value(x, Math.min(height - 1, y));
    const wall = sum / depth;
    if (
      strength >= BAND_EDGE ? Math.abs(wall - band) < BAND_STEP : !faceOfItsOwn(x, t, band, wall)
    ) {
      continue;
    }
    // Wall under the edge (not a window's or a cabinet's top).
    if (!mask.data[(best + 3) * width + x]) continue;
    edge[x] = best;
  }
  // Runs of columns whose steps join (a few columns may miss one: a lamp, a window's top under
  // it), each straight.
  const minRun = Math.max(8, Math.round(MIN_BAND_SPAN * width));
  const maxGap = Math.max(3, Math.round(MIN_BAND_SPAN * width));
  const joinStep = Math.max(2, Math.round(0.003 * height));
  const found: [number, number][] = [];
  for (let x = 0; x < width; x++) {
    const y = edge[x] ?? Number.NaN;
    if (Number.isFinite(y)) found.push([x, y]);
  }
  const runs = straightRuns(found, {
    minRun,
    maxGap,
    joinStep,
    maxResidual: Math.max(1.5, 0.003 * height),
  });
  for (const { run, line } of runs) {
    const first = run[0];
    const last = run[run.length - 1];
    if (!first || !last) continue;
    // A band is the room's: its foot runs on to where the wall ends on one side at least (the
    // frame, an opening or a beam, another wall), not stopping mid-wall with wall on either side
    // as a fitting's top (a shower head) does.
    const plane = (c: number) =>
      parse.wallPlanes[Math.min(height - 1, Math.max(0, Math.round(line.at(c)) + 3)) * width + c];
    const own = plane(first[0]);
    const endsWall = (from: number, dir: number) => {
      for (let d = 1; d <= maxGap; d++) {
        const c = from + dir * d;
        if (c < 0 || c >= width || (top[c] ?? -1) < 0) return true;
        const under = Math.min(height - 1, Math.max(0, Math.round(line.at(c)) + 3));
        if (!mask.data[under * width + c] || plane(c) !== own) return true;
      }
      return false;
    };
    if (!endsWall(first[0], -1) && !endsWall(last[0], 1)) continue;
    // Over the run's whole span, so the gaps are not left as stripes of paint.
    for (let c = first[0]; c <= last[0]; c++) {
      if ((top[c] ?? -1) < 0) continue;
      // Rows wholly above the line go; the row it crosses keeps the share of it below the line.
      const at = line.at(c);
      for (let y = Math.max(0, top[c] ?? 0); y < Math.min(height, at); y++) {
        const i = y * width + c;
        if (!mask.data[i]) continue;
        if (y + 1 <= at) drop(i);
        else matte[i] = Math.min(matte[i] ?? 0, Math.round((y + 1 - at) * 255));
      }
    }
  }
}

/** Least and greatest depth of a ceiling band (share of the height) under the wall's top. */
const MIN_BAND = 0.01;
const MAX_BAND = 0.05;
/** Least step of the smoothed luminance (levels, across 4 rows) that ends a ceiling band. */
const BAND_EDGE = 20;
/** Least difference (levels) between a ceiling band's shade and the wall's under it. */
const BAND_STEP = 12;
/**
 * A fainter step (levels) ends a band whose face is of its own, at least {@link FAINT_BAND_STEP}
 * darker or lighter than both the ceiling and the wall (decision 078): a tray step's face lit a
 * little differently from the wall under it.
 */
const FAINT_BAND_EDGE = 10;
const FAINT_BAND_STEP = 6;
/** Rows of ceiling over a band whose shade is compared with the band's. */
const CEILING_SHADE_ROWS = 6;
/** Least width of a ceiling band, share of the photo's width. */
const MIN_BAND_SPAN = 0.03;

/** How far under the wall–ceiling line (share of the height) the wall may start and be filled. */
const CEILING_FILL = 0.02;
/** How far under a column's ceiling (share of the height) its plane's line may cut the wall. */
const CEILING_LINE_REACH = 0.06;
/** Whether the photo shows the line is judged over the columns this share of the width each side… */
const LINE_SHOWN_SPAN = 0.03;
/** …and holds where it shows an edge in at least this share of them. */
const LINE_SHOWN_SHARE = 0.75;

/**
 * The wall the parse gave to a neighbour: its window, door and fireplace shapes come from a
 * coarse grid, so their tops are rounded arches that take in some wall around them, which
 * would be left in the old colour as a halo round the opening. From the painted wall outwards,
 * into such an opening ({@link HALO_OPENINGS}; not a headboard or a cabinet, whose edges the parse
 * draws from the photo and a dark one matches a dark wall), pixels of the wall's
 * own colour are taken back as wall: each within {@link HALO_SEED_LEVELS} of the wall where the
 * growth started and {@link HALO_STEP_LEVELS} of the pixel it grew from (so it stops at the
 * opening's frame, an edge), no further than {@link HALO_REACH} of the image from the wall, and
 * only where the network itself gave wall some share (a white door beside a white wall is not
 * wall, though its colour is). The same growth enters `unsureWall`, the wall beside a curtain
 * the parse was unsure of: a curtain's edge stops it as a frame does.
 */
function reclaimWallHalos(
  image: Raster,
  parse: RoomParse,
  mask: Mask,
  matte: Uint8Array,
  keepOut: Uint8Array,
  unsureWall: Uint8Array,
): void {
  const { width, height, labels } = parse;
  const n = width * height;
  const wallShare = parse.classShare?.(ADE.wall);
  if (!wallShare) return;
  const opening = new Uint8Array(256);
  for (const c of HALO_OPENINGS) opening[c] = 1;
  // The photo smoothed 3×3, so the steps compare surfaces and not noise.
  const smooth = new Uint8ClampedArray(n * 3);
  const channel = new Float32Array(n);
  for (let c = 0; c < 3; c++) {
    for (let i = 0; i < n; i++) channel[i] = image.data[i * 4 + c] ?? 0;
    const mean = boxMean(channel, width, height, 1);
    for (let i = 0; i < n; i++) smooth[i * 3 + c] = mean[i] ?? 0;
  }
  // An edge of the photo (a frame's shadow line) stops the growth even where the colours on
  // either side are alike: the luminance's Sobel magnitude.
  const lum = (i: number) => lumaAt(image.data, i);
  const edge = (q: number) => {
    const x = q % width;
    const y = (q - x) / width;
    if (x < 1 || y < 1 || x >= width - 1 || y >= height - 1) return true;
    return sobelMagnitudeAt(lum, q, width) > HALO_EDGE;
  };
  // The network's wall share is read off its coarse grid (nearest cell): interpolated between
  // cell centres, so where it ends the taken wall does not end in the grid's steps.
  const shareAt = smoothShare(wallShare, width, height);
  const differ = (a: number, b: number, limit: number) =>
    Math.abs((smooth[a * 3] ?? 0) - (smooth[b * 3] ?? 0)) > limit ||
    Math.abs((smooth[a * 3 + 1] ?? 0) - (smooth[b * 3 + 1] ?? 0)) > limit ||
    Math.abs((smooth[a * 3 + 2] ?? 0) - (smooth[b * 3 + 2] ?? 0)) > limit;
  const reach = Math.max(4, Math.round(HALO_REACH * Math.max(width, height)));
  const seed = new Int32Array(n).fill(-1);
  const depth = new Uint16Array(n);
  let queue: number[] = [];
  for (let i = 0; i < n; i++) if (mask.data[i] && (matte[i] ?? 0) >= 128) seed[i] = i;
  // The first ring: wall pixels with a neighbour the growth may enter.
  const open = (q: number) =>
    !mask.data[q] &&
    seed[q] === -1 &&
    (unsureWall[q] === 1 || (opening[labels[q] ?? 0] === 1 && !keepOut[q]));
  for (let i = 0; i < n; i++) {
    if (seed[i] !== i) continue;
    const x = i % width;
    if ((x > 0 && open(i - 1)) || (x < width - 1 && open(i + 1))) queue.push(i);
    else if ((i >= width && open(i - width)) || (i + width < n && open(i + width))) queue.push(i);
  }
  const taken: number[] = [];
  while (queue.length > 0) {
    const next: number[] = [];
    for (const p of queue) {
      const from = seed[p] ?? p;
      const d = (depth[p] ?? 0) + 1;
      if (d > reach) continue;
      const x = p % width;
      for (const q of [
        x > 0 ? p - 1 : -1,
        x < width - 1 ? p + 1 : -1,
        p - width,
        p + width < n ? p + width : -1,
      ]) {
        if (q < 0 || !open(q)) continue;
        if (differ(q, from, HALO_SEED_LEVELS) || differ(q, p, HALO_STEP_LEVELS)) continue;
        if (edge(q) || shareAt(q % width, Math.floor(q / width)) < HALO_WALL_SHARE) continue;
        seed[q] = from;
        depth[q] = d;
        next.push(q);
        taken.push(q);
      }
    }
    queue = next;
  }
  for (const q of taken) {
    mask.data[q] = 1;
    matte[q] = 255;
  }
  // The parse's soft edge where the halo was taken back is wall too (no faint line of old
  // colour along the old arch).
  for (const q of taken) {
    for (const r of [q - 1, q + 1, q - width, q + width]) {
      if (r >= 0 && r < n && (matte[r] ?? 0) > 0 && !keepOut[r]) {
        mask.data[r] = 1;
        matte[r] = 255;
      }
    }
  }
}

/**
 * A coarse per-cell share (nearest cell) interpolated bilinearly between cell centres. The cell
 * size is found from the share itself: along a few rows, the width over the number of changes.
 */
function smoothShare(
  share: (x: number, y: number) => number,
  width: number,
  height: number,
): (x: number, y: number) => number {
  let changes = 0;
  let rows = 0;
  for (const t of [0.3, 0.5, 0.7]) {
    const y = Math.round(t * (height - 1));
    let last = share(0, y);
    for (let x = 1; x < width; x++) {
      const v = share(x, y);
      if (v !== last) changes++;
      last = v;
    }
    rows++;
  }
  const cell = Math.max(1, width / (changes / rows + 1));
  const cache = new Map<number, number>();
  const columns = Math.ceil(width / cell) + 1;
  const at = (i: number, j: number) => {
    const key = j * columns + i;
    let v = cache.get(key);
    if (v === undefined) {
      const x = Math.min(width - 1, Math.max(0, Math.round((i + 0.5) * cell)));
      const y = Math.min(height - 1, Math.max(0, Math.round((j + 0.5) * cell)));
      v = share(x, y);
      cache.set(key, v);
    }
    return v;
  };
  return (x, y) => {
    const gx = Math.max(0, (x + 0.5) / cell - 0.5);
    const gy = Math.max(0, (y + 0.5) / cell - 0.5);
    const i = Math.floor(gx);
    const j = Math.floor(gy);
    const tx = gx - i;
    const ty = gy - j;
    const top = at(i, j) + tx * (at(i + 1, j) - at(i, j));
    const bottom = at(i, j + 1) + tx * (at(i + 1, j + 1) - at(i, j + 1));
    return top + ty * (bottom - top);
  };
}

/** The parse's classes whose coarse, arched shapes take in wall round them (see reclaimWallHalos). */
const HALO_OPENINGS = [ADE.window, ADE.door, ADE.screenDoor, ADE.fireplace] as const;
/** Largest difference (levels, any channel, smoothed) from the wall the halo grows from. */
const HALO_SEED_LEVELS = 10;
/** Largest difference from the neighbour it grows from: more is an edge (a frame). */
const HALO_STEP_LEVELS = 4;
/** How far a halo reaches from the wall, share of the image's larger side. */
const HALO_REACH = 0.03;
/** The network's own wall share (coarse, averaged) a halo pixel needs. */
const HALO_WALL_SHARE = 0.15;
/** Sobel magnitude of the luminance (levels) that is an edge the halo stops at. */
const HALO_EDGE = 24;

/** How near a curtain (share of the width) only confident wall is painted. */
const NEAR_CURTAIN = 0.03;
/** The parse's confidence (0–255) of a wall pixel that counts as sure. */
const SURE_WALL = 150;
/** Confidence of a wall pixel beside unsure ones that is painted all the same. */
const CERTAIN_WALL = 190;

/** Wall pixels this far (share of the height) above the wall–ceiling line are not painted. */
const CEILING_TOLERANCE = 0.004;
/** A run of wall narrower than this share of the width between curtains is not painted. */
const NARROW_WALL_RUN = 0.03;

/**
 * The wall–ceiling line of each wall plane, straight: per column the row where the parse's
 * ceiling gives way to that plane's wall, fitted by a line (least squares, then again without
 * the samples far off it: the ragged edges where the parse called ceiling wall). Planes with too
 * few samples have none. Given the photo, a stretch of the edge that is one side of a band the
 * parse called ceiling in part and wall in part follows the band's other side where the photo
 * shows that one along both ({@link neighbourEdge}, decision 102).
 */
export function wallCeilingLines(parse: RoomParse, image?: Raster): Map<number, CeilingLine> {
  const { width, height, labels, wallPlanes } = parse;
  const samples = new Map<number, [number, number][]>();
  for (let x = 0; x < width; x++) {
    // The lowest ceiling pixel of the column's top run of ceiling, then the wall under it.
    let y = 0;
    while (y < height && labels[y * width + x] !== ADE.ceiling) y++;
    if (y >= height * 0.7) continue;
    while (y < height && labels[y * width + x] === ADE.ceiling) y++;
    let below = y;
    const gap = Math.max(2, Math.round(0.01 * height));
    while (below < Math.min(height, y + gap) && labels[below * width + x] !== ADE.wall) below++;
    if (below >= height || labels[below * width + x] !== ADE.wall) continue;
    const plane = wallPlanes[below * width + x] ?? 0;
    if (!plane) continue;
    const list = samples.get(plane) ?? [];
    list.push([x, y]);
    samples.set(plane, list);
  }
  const lines = new Map<number, CeilingLine>();
  for (const [plane, list] of samples) {
    if (list.length < Math.max(8, 0.03 * width)) continue;
    let fit = leastSquaresLine(list);
    let kept = list;
    for (let round = 0; round < 5; round++) {
      const line = fit;
      const residuals = kept.map(([x, y]) => Math.abs(y - line.at(x))).sort((a, b) => a - b);
      const limit = Math.max(2, 2 * (residuals[Math.floor(residuals.length / 2)] ?? 0));
      const next = kept.filter(([x, y]) => Math.abs(y - line.at(x)) <= limit);
      if (next.length < 8 || next.length === kept.length) break;
      kept = next;
      fit = leastSquaresLine(kept);
    }
    // A straight stretch of the ceiling's edge far off the line is a nearer wall's own top (a
    // pillar, a soffit): over its columns the line follows it. A cloud's edge is ragged. The
    // stretch may be broken by a few columns where something else meets the ceiling (a light
    // fitting on a pillar's top); over those the line runs on straight between its ends.
    const global = fit;
    const local = new Float32Array(width).fill(Number.NaN);
    const stretches = straightRuns(list, {
      minRun: Math.max(8, Math.round(0.03 * width)),
      maxGap: Math.max(3, Math.round(0.03 * width)),
      joinStep: Math.max(1, Math.round(0.0015 * height)),
      maxResidual: Math.max(1.5, 0.002 * height),
    });
    const edge: EdgeStretch[] = stretches.map(({ run, line }) => ({
      first: run[0]?.[0] ?? 0,
      last: run[run.length - 1]?.[0] ?? -1,
      line,
    }));
    const offLine = edge.filter((_, k) => {
      const run = stretches[k]?.run ?? [];
      const off = run.reduce((sum, [x, y]) => sum + Math.abs(y - global.at(x)), 0) / run.length;
      return off > CEILING_TOLERANCE * height;
    });
    const carried = new Uint8Array(width);
    for (const stretch of offLine) {
      const neighbour = image ? neighbourEdge(stretch, edge, image, width, height) : undefined;
      const line = neighbour ?? stretch.line;
      for (let x = stretch.first; x <= stretch.last; x++) {
        local[x] = line.at(x);
        if (neighbour) carried[x] = 1;
      }
    }
    lines.set(plane, {
      at: (x: number) => {
        const own = local[Math.round(x)];
        return own !== undefined && Number.isFinite(own) ? own : global.at(x);
      },
      carried: (x: number) => carried[Math.round(x)] === 1,
    });
  }
  return lines;
}

/**
 * A wall plane's wall–ceiling line: its row at a column, and whether a column's line was carried
 * over from a neighbouring stretch of the edge ({@link neighbourEdge}).
 */
export interface CeilingLine {
  at: (x: number) => number;
  carried: (x: number) => boolean;
}

/** A stretch of a plane's wall–ceiling edge, over columns `first` to `last`, and its line. */
interface EdgeStretch {
  first: number;
  last: number;
  line: { at: (x: number) => number };
}

/**
 * The line a stretch of the wall–ceiling edge follows when its neighbour's is the room's: a tray
 * ceiling's step (or the band of wall over a row of windows) runs along the wall as one face, and
 * the parse may call that face ceiling over some columns and wall over the next (where a
 * window's top meets its foot, or where it is lit like the ceiling), so the plane's edge has two
 * stretches side by side, one the face's top and one its foot. The wall's top is whichever of the
 * two lines the photo shows as one edge along both: where a neighbouring stretch (within
 * {@link MIN_BAND_SPAN} of the width, at most {@link CEILING_LINE_REACH} of the height higher or
 * lower, the two all but parallel) has a line that shows a step of at least {@link BAND_EDGE}
 * levels (across 4 rows) in {@link LINE_SHOWN_SHARE} of both stretches' columns, and this
 * stretch's own line does not carry on over the neighbour's, this stretch follows the
 * neighbour's line. A pillar's top beside the wall is its own: the wall's line does not run on
 * across the pillar's plain face.
 */
function neighbourEdge(
  stretch: EdgeStretch,
  stretches: readonly EdgeStretch[],
  image: Raster,
  width: number,
  height: number,
): EdgeStretch['line'] | undefined {
  const { first, last } = stretch;
  const gap = Math.max(3, Math.round(MIN_BAND_SPAN * width));
  // The luminance smoothed over 3 × 3 pixels, and a step across 4 rows of it of at least
  // BAND_EDGE levels within 2 rows of the line (as dropCeilingBand reads a band's edge).
  const smooth = (x: number, y: number) => {
    let sum = 0;
    for (let dy = -1; dy <= 1; dy++) {
      for (let dx = -1; dx <= 1; dx++) {
        const cx = Math.min(width - 1, Math.max(0, x + dx));
        const cy = Math.min(height - 1, Math.max(0, y + dy));
        sum += lumaAt(image.data, cy * width + cx);
      }
    }
    return sum / 9;
  };
  const stepAt = (x: number, at: number) => {
    const row = Math.round(at);
    for (let y = Math.max(2, row - 2); y <= Math.min(height - 3, row + 2); y++) {
      if (Math.abs(smooth(x, y + 2) - smooth(x, y - 2)) >= BAND_EDGE) return true;
    }
    return false;
  };
  // Over the columns where the line lies in the photo (one leaving its top shows nowhere past
  // it), at least half of the stretch's.
  const shown = (line: EdgeStretch['line'], from: number, to: number) => {
    let count = 0;
    let inside = 0;
    for (let x = from; x <= to; x++) {
      const at = line.at(x);
      if (at < 0 || at > height - 1) continue;
      inside++;
      if (stepAt(x, at)) count++;
    }
    return inside >= (to - from + 1) / 2 && count >= LINE_SHOWN_SHARE * inside;
  };
  for (const other of stretches) {
    if (other === stretch) continue;
    const apart = other.first > last ? other.first - last : first - other.last;
    if (apart < 0 || apart > gap) continue;
    let depth = 0;
    for (let x = first; x <= last; x++) depth += Math.abs(other.line.at(x) - stretch.line.at(x));
    depth /= last - first + 1;
    if (depth < CEILING_TOLERANCE * height || depth > CEILING_LINE_REACH * height) continue;
    // The two sides of one band run (all but) parallel: its depth changes along the stretch by
    // less than half of itself. Two lines that cross or fan out are two edges, not one band.
    const spread = Math.abs(
      other.line.at(last) - stretch.line.at(last) - (other.line.at(first) - stretch.line.at(first)),
    );
    if (spread >= depth / 2) continue;
    if (!shown(other.line, first, last) || !shown(other.line, other.first, other.last)) continue;
    if (shown(stretch.line, other.first, other.last)) continue;
    return other.line;
  }
  return undefined;
}
