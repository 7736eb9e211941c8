/**
 * Things hanging on or standing against the walls that the parse read as wall: a curtain, a
 * mirror, a table top's end, a chair back (issue 10, decision 042). The paint action asks SAM —
 * whose embedding of the photo is cached per image, so a second action on it pays only the
 * decoder — at the pixels of the paint selection whose colour is farthest from their wall's own
 * colour, one per cell of a grid. A segment SAM returns is taken out of the paint when it is an
 * object, not the wall: it lies mostly inside the selection, it is a small part of its wall
 * plane (SAM often returns the whole wall), and its colour differs from the wall's round it. A
 * segment lying mostly outside the selection, on what the parse does not call wall, is an object
 * the parse saw: only its rim the parse gave the wall is taken (decision 064).
 */
import { labPlane } from '../colour';
import { boundsWhere, type Mask, type Raster } from '../raster';
import { ADE } from '../scene/ade20k';
import { isMirrorOverVanity } from './mirror-over-vanity';
import type { PaintSurface } from './wall-paint';
import type { Segmenter } from './segment';

/** Cells along each side of the selection's bounding box; at most one prompt per cell. */
const GRID = 6;
/** At most this many prompts in all (each ~0.1 s of SAM's decoder). */
const MAX_PROMPTS = 20;
/** A prompt pixel must differ at least this much (CIELAB ΔE76) from its wall's median colour. */
const MIN_PROMPT_DELTA = 12;
/**
 * A segment with less than this share of itself inside the selection is not the parse's miss of
 * a whole object; at most its rim is (see {@link MAX_RIM_WALL_SHARE}).
 */
const MIN_INSIDE_SHARE = 0.15;
/**
 * A segment mostly outside the selection ({@link MIN_INSIDE_SHARE}) whose pixels outside it the
 * parse calls wall over at most this share is an object the parse saw: its part inside the
 * selection is the object's rim the parse gave the wall, and is taken. More, and SAM's answer
 * takes in wall the selection left out (another plane, the fabric beside a curtain).
 */
const MAX_RIM_WALL_SHARE = 0.05;
/** Segments smaller than this share of the photo are left alone (a switch, SAM's noise). */
const MIN_OBJECT_SHARE = 0.002;
/** A segment taking more than this share of its wall plane's selected pixels is the wall. */
const MAX_PLANE_SHARE = 0.08;
/** The segment's mean colour must differ this much (ΔE76) from the wall round it. */
const MIN_SEGMENT_DELTA = 15;
/**
 * A pixel of a taken segment stays painted when it is this close to the wall round it (ΔE76 with
 * lightness at half weight).
 */
const MIN_PIXEL_DELTA = 10;
/** Pixels of a segment this many rows below the parse's ceiling count as meeting it. */
const CEILING_GAP = 4;
/** A segment meeting the ceiling over more pixels than this is left alone. */
const MAX_UNDER_CEILING = 40;
/** Pixels this many rows above the parse's floor count as reaching it. */
const FLOOR_GAP = 4;
/** The ring round a segment: its bounding box grown by this share of its size on each side. */
const RING_GROWTH = 0.25;
/** A segment with less wall round it than this share of its own area is left alone. */
const MIN_RING_SHARE = 0.25;
/**
 * A segment the parse calls wall over this share of its area, whose colour (within
 * {@link MIN_SEGMENT_DELTA}) {@link MIN_RING_MATCH} of the wall round it shares, is that wall
 * going on — a dark panel of a two-tone wall — not a thing on it.
 */
const MIN_WALL_SHARE = 0.9;
/** See {@link MIN_WALL_SHARE}. */
const MIN_RING_MATCH = 0.2;

/** Parse classes hung on or leaning against a wall: prompted at their centre. */
const FLAT_CLASSES: ReadonlySet<number> = new Set([
  ADE.painting,
  ADE.mirror,
  ADE.cushion,
  ADE.pillow,
]);
/** At most this many prompts at known objects, before the grid's (within MAX_PROMPTS). */
const MAX_KNOWN_PROMPTS = 6;
/**
 * Storage pieces whose front the parse may call wall (decision 089): a vanity's or a dresser's
 * white doors. Prompted across the middle of their box besides their top, and just outside its
 * sides, where a tall column of the same units may stand that the parse calls wall.
 */
const STORAGE_CLASSES: ReadonlySet<number> = new Set([
  ADE.cabinet,
  ADE.chest,
  ADE.wardrobe,
  ADE.counter,
  ADE.countertop,
  ADE.buffet,
]);
/**
 * Solid pieces standing against a wall: prompted across the upper part of their box. Storage
 * pieces and radiators are often the wall's own white, so no grid prompt lands on them
 * (decision 069). Not a fridge: SAM returns it with the units round it, and that answer would
 * hide its rim from the grid (decision 064).
 */
const SOLID_CLASSES: ReadonlySet<number> = new Set([
  ...STORAGE_CLASSES,
  ADE.sofa,
  ADE.bed,
  ADE.chair,
  ADE.radiator,
]);
/** A front prompt: this share of the piece's box's height down from its top… */
const FRONT_PROMPT_ROW = 0.5;
/**
 * At most this many front and side prompts, besides MAX_PROMPTS (each ~0.1 s of SAM's decoder).
 */
const MAX_FRONT_PROMPTS = 8;
/** A side prompt: this share of the piece's box's width outside its left or right edge. */
const SIDE_PROMPT_GAP = 0.05;
/**
 * A piece standing beside a storage piece has its top within this share of the storage piece's
 * height of that piece's top on that side (a kitchen column and the wall units line up).
 */
const MAX_TOP_OFFSET = 0.1;
/** A segment covering this share of a flat object's parse pixels is that object. */
const MIN_OBJECT_COVER = 0.5;
/** A segment lying this share inside a solid piece's box is part of it. */
const MIN_BOX_SHARE = 0.7;
/** A prompt in a solid piece's box: this share of its height down from its top. */
const SOLID_PROMPT_ROW = 0.2;
/** …at these shares of its width (a sofa's back cushions, left to right). */
const SOLID_PROMPT_COLUMNS = [0.25, 0.5, 0.75];
/** A known object touches the selection when selected pixels lie this close to its box. */
const TOUCH_GAP = 4;

/** An object the parse already knows (a {@link SceneObject} fits). */
export interface KnownObject {
  classId: number;
  box: { x: number; y: number; width: number; height: number };
  mask: Mask;
}

function medianOf(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[sorted.length >> 1] ?? 0;
}

/**
 * Pixels (1) of `selection` — the paint's surface mask, 1 per pixel — that SAM shows belong to
 * objects on the wall; all zero when the segmenter is not SAM. `planes` is the parse's wall plane
 * per pixel (0 none, 1 left, 2 front, 3 right).
 */
export async function objectsOnWall(
  image: Raster,
  selection: Uint8Array,
  planes: Uint8Array,
  ceiling: Uint8Array,
  floor: Uint8Array,
  segmenter: Segmenter,
  known: readonly KnownObject[] = [],
): Promise<Uint8Array> {
  const { width, height } = image;
  const n = width * height;
  const objects = new Uint8Array(n);
  if (segmenter.method !== 'sam') return objects;
  const bounds = boundsWhere(width, height, (i) => selection[i] !== 0);
  if (!bounds) return objects;
  const { x0, y0, x1, y1 } = bounds;
  const lab = labPlane(image);
  // Each wall plane's own colour: the median of its selected pixels (every 7th, enough).
  const planeLab: number[][] = [];
  const planeArea = new Float64Array(4);
  const planeSum = Array.from({ length: 4 }, () => [0, 0, 0]);
  {
    const samples: number[][][] = Array.from({ length: 4 }, () => [[], [], []]);
    for (let i = 0; i < n; i++) {
      if (!selection[i]) continue;
      const p = planes[i] ?? 0;
      planeArea[p] = (planeArea[p] ?? 0) + 1;
      const sum = planeSum[p] as number[];
      for (let c = 0; c < 3; c++) sum[c] = (sum[c] ?? 0) + (lab[i * 3 + c] ?? 0);
      if (i % 7 === 0) for (let c = 0; c < 3; c++) samples[p]?.[c]?.push(lab[i * 3 + c] ?? 0);
    }
    for (let p = 0; p < 4; p++) planeLab.push((samples[p] ?? []).map((s) => medianOf(s)));
  }
  const deltaTo = (i: number, ref: readonly number[]) =>
    Math.hypot(
      (lab[i * 3] ?? 0) - (ref[0] ?? 0),
      (lab[i * 3 + 1] ?? 0) - (ref[1] ?? 0),
      (lab[i * 3 + 2] ?? 0) - (ref[2] ?? 0),
    );
  // A distance that weighs lightness at half: the wall in shade is darker, not another colour.
  const shadeFreeDelta = (i: number, ref: readonly number[]) =>
    Math.hypot(
      0.5 * ((lab[i * 3] ?? 0) - (ref[0] ?? 0)),
      (lab[i * 3 + 1] ?? 0) - (ref[1] ?? 0),
      (lab[i * 3 + 2] ?? 0) - (ref[2] ?? 0),
    );
  // One prompt per grid cell: its selected pixel farthest from its wall's colour.
  const prompts: { x: number; y: number; delta: number }[] = [];
  const cellW = (x1 - x0 + 1) / GRID;
  const cellH = (y1 - y0 + 1) / GRID;
  const step = Math.max(1, Math.round(Math.min(cellW, cellH) / 24));
  for (let gy = 0; gy < GRID; gy++) {
    for (let gx = 0; gx < GRID; gx++) {
      let best = { x: -1, y: -1, delta: MIN_PROMPT_DELTA };
      const cx1 = Math.min(x1, Math.floor(x0 + (gx + 1) * cellW - 1));
      const cy1 = Math.min(y1, Math.floor(y0 + (gy + 1) * cellH - 1));
      for (let y = Math.floor(y0 + gy * cellH); y <= cy1; y += step) {
        for (let x = Math.floor(x0 + gx * cellW); x <= cx1; x += step) {
          const i = y * width + x;
          if (!selection[i]) continue;
          const delta = deltaTo(i, planeLab[planes[i] ?? 0] ?? []);
          if (delta > best.delta) best = { x, y, delta };
        }
      }
      if (best.x >= 0) {
        prompts.push(best);
        continue;
      }
      // A plain cell: its centre, ranked after the cells that differ (the wall's own colour can
      // hide a curtain or a mirror's reflection of it).
      const x = Math.round(x0 + (gx + 0.5) * cellW);
      const y = Math.round(y0 + (gy + 0.5) * cellH);
      if (x <= x1 && y <= y1 && selection[y * width + x]) prompts.push({ x, y, delta: 0 });
    }
  }
  prompts.sort((a, b) => b.delta - a.delta);
  // A prompt already inside an earlier answer would only ask about the same thing again.
  const answered = new Uint8Array(n);
  // The parse's objects next to the selection first: a sofa's back cushions, a canvas leaning on
  // the wall, whose colour may be close to the wall's (issue 10).
  let asked = 0;
  for (const prompt of knownPrompts(known, selection, width, height).slice(0, MAX_KNOWN_PROMPTS)) {
    const at = prompt.y * width + prompt.x;
    if (answered[at]) continue;
    asked++;
    const thing = (await segmenter.segment(image, [{ x: prompt.x, y: prompt.y, label: 1 }])).data;
    let area = 0;
    let inside = 0;
    const perPlane = [0, 0, 0, 0];
    let underCeiling = 0;
    let covered = 0;
    let inBox = 0;
    const { object } = prompt;
    const bx0 = object.box.x - TOUCH_GAP;
    const by0 = object.box.y - TOUCH_GAP;
    const bx1 = object.box.x + object.box.width + TOUCH_GAP;
    const by1 = object.box.y + object.box.height + TOUCH_GAP;
    for (let i = 0; i < n; i++) {
      if (!thing[i]) continue;
      answered[i] = 1;
      area++;
      if (object.mask.data[i]) covered++;
      const x = i % width;
      const y = (i - x) / width;
      if (x >= bx0 && x <= bx1 && y >= by0 && y <= by1) inBox++;
      if (i >= CEILING_GAP * width && (ceiling[i - CEILING_GAP * width] ?? 0) >= 128)
        underCeiling++;
      if (!selection[i]) continue;
      inside++;
      const p = planes[i] ?? 0;
      perPlane[p] = (perPlane[p] ?? 0) + 1;
    }
    // The segment's wall plane: the one most of its selected pixels lie on.
    let plane = 0;
    for (let p = 1; p < 4; p++) if ((perPlane[p] ?? 0) > (perPlane[plane] ?? 0)) plane = p;
    const onPlane = perPlane[plane] ?? 0;
    if (isMirrorOverVanity(thing, selection, planes, ceiling, known, width, height)) {
      takeOffFloor(selectedOf(thing, selection), floor, width, objects);
      continue;
    }
    if (area < MIN_OBJECT_SHARE * n || underCeiling > MAX_UNDER_CEILING) continue;
    if (inside === 0) continue;
    // The wall itself: a large share of its plane's selected pixels.
    if (onPlane > MAX_PLANE_SHARE * (planeArea[plane] ?? 0)) continue;
    const isObject = FLAT_CLASSES.has(object.classId)
      ? covered >= MIN_OBJECT_COVER * object.area
      : inBox >= MIN_BOX_SHARE * area;
    if (!isObject) continue;
    takeOffFloor(selectedOf(thing, selection), floor, width, objects);
  }
  // The fronts of storage pieces the parse calls wall (a vanity's white doors under its basin,
  // which the prompts at its top leave: SAM answers them with the basin), and the pieces beside
  // them it calls wall (a kitchen's tall column beside its wall units). A turned-down answer
  // hides nothing from the grid: only what is taken counts as answered.
  let fronts = 0;
  for (const { x, y, object, side } of frontPrompts(known, selection, width, height)) {
    if (fronts >= MAX_FRONT_PROMPTS) break;
    if (objects[y * width + x]) continue;
    fronts++;
    const thing = (await segmenter.segment(image, [{ x, y, label: 1 }])).data;
    const taken =
      side === 0
        ? isFrontOf(thing, object.box, ceiling, width)
        : isPieceBeside(thing, object, side, ceiling, width);
    if (!taken) continue;
    // A piece beside stands upright: its answer is held to the columns its lower half spans (SAM
    // runs on from a panel's top corner into the wall beside it), one pixel in from each side
    // (its outline runs a pixel or two past a straight edge), and to its selected pixels.
    const [lx0, lx1] = lowerHalfColumns(thing, width);
    const [sx0, sx1] = side === 0 ? [0, width - 1] : [lx0 + 1, lx1 - 1];
    // A front is taken whole, not only its selected pixels: the parse's soft edge between the
    // piece's top and its front would otherwise stay faintly painted, a seam across the doors.
    for (let i = 0; i < n; i++) {
      if (!thing[i]) continue;
      const x = i % width;
      if (x < sx0 || x > sx1 || (side !== 0 && !selection[i])) continue;
      objects[i] = 1;
      answered[i] = 1;
    }
  }
  for (const { x, y } of prompts) {
    if (asked >= MAX_PROMPTS) break;
    const at = y * width + x;
    if (answered[at]) continue;
    asked++;
    const thing = (await segmenter.segment(image, [{ x, y, label: 1 }])).data;
    const plane = planes[at] ?? 0;
    let area = 0;
    let inside = 0;
    let onPlane = 0;
    let underCeiling = 0;
    let outsideOnWall = 0;
    const sum = [0, 0, 0];
    for (let i = 0; i < n; i++) {
      if (!thing[i]) continue;
      answered[i] = 1;
      area++;
      if (i >= CEILING_GAP * width && (ceiling[i - CEILING_GAP * width] ?? 0) >= 128)
        underCeiling++;
      if (!selection[i]) {
        if (planes[i]) outsideOnWall++;
        continue;
      }
      inside++;
      if ((planes[i] ?? 0) === plane) {
        onPlane++;
        for (let c = 0; c < 3; c++) sum[c] = (sum[c] ?? 0) + (lab[i * 3 + c] ?? 0);
      }
    }
    // A mirror over a vanity reflects the wall (and the ceiling): taken whatever its colour.
    if (isMirrorOverVanity(thing, selection, planes, ceiling, known, width, height)) {
      takeOffFloor(selectedOf(thing, selection), floor, width, objects);
      continue;
    }
    if (area < MIN_OBJECT_SHARE * n) continue;
    // A segment running up to the ceiling is a wall's finish (timber slats, tiles), not a thing.
    if (underCeiling > MAX_UNDER_CEILING) continue;
    if (inside < MIN_INSIDE_SHARE * area) {
      // Mostly outside the selection and not on the parse's wall there: an object the parse saw,
      // whose rim it gave the wall (a frame's edge, a towel's fringe, a headboard's top), which
      // the paint would outline in the new colour (decision 064).
      if (outsideOnWall <= MAX_RIM_WALL_SHARE * (area - inside)) {
        const take = new Uint8Array(n);
        for (let i = 0; i < n; i++) if (thing[i] && selection[i]) take[i] = 1;
        takeOffFloor(take, floor, width, objects);
      }
      continue;
    }
    const planeTotal = planeArea[plane] ?? 0;
    if (onPlane === 0 || onPlane > MAX_PLANE_SHARE * planeTotal) continue;
    // The segment's colour against the wall round it: the selected pixels of its plane in its
    // bounding box grown by a quarter of its size, outside it (a shaded stretch of wall is
    // nearly the colour of the wall next to it; an object is not).
    const box = boundsWhere(width, height, (i) => thing[i] !== 0 && selection[i] !== 0);
    if (!box) continue;
    const { x0: bx0, y0: by0, x1: bx1, y1: by1 } = box;
    const gw = Math.max(8, Math.round((bx1 - bx0 + 1) * RING_GROWTH));
    const gh = Math.max(8, Math.round((by1 - by0 + 1) * RING_GROWTH));
    const ring = [0, 0, 0];
    const ringPixels: number[] = [];
    for (let ry = Math.max(0, by0 - gh); ry <= Math.min(height - 1, by1 + gh); ry++) {
      for (let rx = Math.max(0, bx0 - gw); rx <= Math.min(width - 1, bx1 + gw); rx++) {
        const i = ry * width + rx;
        if (thing[i] || !selection[i] || (planes[i] ?? 0) !== plane) continue;
        ringPixels.push(i);
        for (let c = 0; c < 3; c++) ring[c] = (ring[c] ?? 0) + (lab[i * 3 + c] ?? 0);
      }
    }
    const ringArea = ringPixels.length;
    if (ringArea < MIN_RING_SHARE * onPlane) continue;
    const mean = sum.map((s) => s / onPlane);
    const ringMean = ring.map((t) => t / ringArea);
    const delta = Math.hypot(
      (mean[0] ?? 0) - (ringMean[0] ?? 0),
      (mean[1] ?? 0) - (ringMean[1] ?? 0),
      (mean[2] ?? 0) - (ringMean[2] ?? 0),
    );
    if (delta < MIN_SEGMENT_DELTA) continue;
    if (onPlane >= MIN_WALL_SHARE * area && isWallGoingOn(ringPixels, (i) => deltaTo(i, mean)))
      continue;
    // Only the segment's pixels that differ from the wall round it: SAM's outline of a plant or
    // a chair takes in the wall between its leaves or bars. A patch of them that reaches down to
    // the floor is the wall seen under a table or between a chair's legs (decision 040's rule).
    const take = new Uint8Array(n);
    for (let i = 0; i < n; i++) {
      if (thing[i] && selection[i] && shadeFreeDelta(i, ringMean) >= MIN_PIXEL_DELTA) take[i] = 1;
    }
    takeOffFloor(take, floor, width, objects);
  }
  return objects;
}

/**
 * Whether a segment the parse calls wall is a panel of a two-tone wall (bedroom-1's dark panel
 * beside the lamp, issue 10), given the wall round it and each pixel's ΔE76 from the segment's
 * mean colour: that wall is part dark, part light, so its mean differs from the panel, but a good
 * share of it is the panel's own colour. A thing on the wall differs from all the wall round it.
 */
function isWallGoingOn(ringPixels: readonly number[], deltaFromSegment: (i: number) => number) {
  let alike = 0;
  for (const i of ringPixels) if (deltaFromSegment(i) < MIN_SEGMENT_DELTA) alike++;
  return alike >= MIN_RING_MATCH * ringPixels.length;
}

/** The pixels of SAM's answer that lie in the selection. */
function selectedOf(thing: Uint8Array, selection: Uint8Array): Uint8Array {
  const take = new Uint8Array(thing.length);
  for (let i = 0; i < thing.length; i++) if (thing[i] && selection[i]) take[i] = 1;
  return take;
}

/**
 * Marks in `objects` the connected patches of `take` that do not reach down to the parse's floor
 * (a patch that does is the wall under a table or between a chair's legs, decision 040's rule).
 */
function takeOffFloor(
  take: Uint8Array,
  floor: Uint8Array,
  width: number,
  objects: Uint8Array,
): void {
  const n = take.length;
  const seen = new Uint8Array(n);
  const stack: number[] = [];
  const patch: number[] = [];
  for (let s0 = 0; s0 < n; s0++) {
    if (!take[s0] || seen[s0]) continue;
    seen[s0] = 1;
    stack.push(s0);
    patch.length = 0;
    let onFloor = false;
    while (stack.length > 0) {
      const i = stack.pop() ?? 0;
      patch.push(i);
      const below = i + FLOOR_GAP * width;
      if (below < n && (floor[below] ?? 0) >= 128) onFloor = true;
      const x = i % width;
      for (const j of [i - 1, i + 1, i - width, i + width]) {
        if (j < 0 || j >= n || (j === i - 1 && x === 0) || (j === i + 1 && x === width - 1))
          continue;
        if (!take[j] || seen[j]) continue;
        seen[j] = 1;
        stack.push(j);
      }
    }
    if (onFloor) continue;
    for (const i of patch) objects[i] = 1;
  }
}

/**
 * Prompts at the fronts of the storage pieces the parse knows, where the parse calls the front
 * wall: the middle of the box's height at a quarter, half and three quarters of its width (SAM
 * outlines a front whole from one click on it, but which of its answers is best varies along
 * it), and at the same height just outside the box's left and right sides (`side` −1 and 1; 0
 * for the front); the largest pieces first.
 */
function frontPrompts(
  known: readonly KnownObject[],
  selection: Uint8Array,
  width: number,
  height: number,
): { x: number; y: number; object: KnownObject; side: -1 | 0 | 1 }[] {
  const pieces = known
    .filter((object) => STORAGE_CLASSES.has(object.classId))
    .sort((a, b) => b.box.width * b.box.height - a.box.width * a.box.height);
  const out: { x: number; y: number; object: KnownObject; side: -1 | 0 | 1 }[] = [];
  const push = (x: number, y: number, object: KnownObject, side: -1 | 0 | 1) => {
    const px = Math.round(x);
    const py = Math.min(height - 1, Math.max(0, Math.round(y)));
    if (px >= 0 && px < width && selection[py * width + px])
      out.push({ x: px, y: py, object, side });
  };
  for (const object of pieces) {
    const { box } = object;
    const y = box.y + FRONT_PROMPT_ROW * box.height;
    for (const c of SOLID_PROMPT_COLUMNS) push(box.x + c * box.width, y, object, 0);
    const gap = Math.max(TOUCH_GAP, SIDE_PROMPT_GAP * box.width);
    push(box.x - gap, y, object, -1);
    push(box.x + box.width + gap, y, object, 1);
  }
  return out;
}

/** The first and last column of the lower half (by rows) of a segment. */
function lowerHalfColumns(thing: Uint8Array, width: number): [number, number] {
  const box = boundsWhere(width, thing.length / width, (i) => thing[i] !== 0);
  if (!box) return [0, -1];
  const mid = (box.y0 + box.y1) / 2;
  let x0 = width;
  let x1 = -1;
  for (let i = Math.ceil(mid) * width; i < thing.length; i++) {
    if (!thing[i]) continue;
    const x = i % width;
    if (x < x0) x0 = x;
    if (x > x1) x1 = x;
  }
  return [x0, x1];
}

/**
 * Whether SAM's answer to a side prompt is a piece standing beside the storage piece (a tall
 * kitchen column beside the wall units): its near edge meets the piece's box, its top lines up
 * with the piece's top on that side (the wall beside a cabinet runs on up to the ceiling), it is
 * no larger than the piece's box and it does not meet the ceiling.
 */
function isPieceBeside(
  thing: Uint8Array,
  object: KnownObject,
  side: -1 | 1,
  ceiling: Uint8Array,
  width: number,
): boolean {
  const n = thing.length;
  const { box } = object;
  const edge = side === 1 ? box.x + box.width : box.x;
  const gap = Math.max(TOUCH_GAP, SIDE_PROMPT_GAP * box.width);
  // The piece's top on that side: its highest pixel within `gap` of the edge, inside its box.
  let pieceTop = Infinity;
  const cx0 = Math.max(0, Math.floor(side === 1 ? edge - gap : edge));
  const cx1 = Math.min(width - 1, Math.ceil(side === 1 ? edge : edge + gap));
  const cy1 = Math.min(n / width - 1, Math.ceil(box.y + box.height));
  for (let y = Math.max(0, Math.floor(box.y)); y <= cy1 && pieceTop === Infinity; y++) {
    for (let x = cx0; x <= cx1; x++) {
      if (object.mask.data[y * width + x]) {
        pieceTop = y;
        break;
      }
    }
  }
  if (pieceTop === Infinity) return false;
  let area = 0;
  let underCeiling = 0;
  let top = Infinity;
  let nearX = side === 1 ? Infinity : -Infinity;
  for (let i = 0; i < n; i++) {
    if (!thing[i]) continue;
    area++;
    const x = i % width;
    const y = (i - x) / width;
    if (y < top) top = y;
    nearX = side === 1 ? Math.min(nearX, x) : Math.max(nearX, x);
    if (i >= CEILING_GAP * width && (ceiling[i - CEILING_GAP * width] ?? 0) >= 128) underCeiling++;
  }
  return (
    area >= MIN_OBJECT_SHARE * n &&
    area <= box.width * box.height &&
    Math.abs(nearX - edge) <= gap &&
    Math.abs(top - pieceTop) <= MAX_TOP_OFFSET * box.height &&
    underCeiling <= MAX_UNDER_CEILING
  );
}

/**
 * Whether SAM's answer to a front prompt is the piece's front: it lies mostly in the piece's box
 * and is no larger than the box (an answer that runs on down the wall under a wall-hung vanity
 * is larger), and it does not run up to the ceiling. Its foot may reach the floor: a cabinet
 * standing on the floor is not wall down to its plinth, so 040's floor rule is not asked.
 */
function isFrontOf(
  thing: Uint8Array,
  box: KnownObject['box'],
  ceiling: Uint8Array,
  width: number,
): boolean {
  const n = thing.length;
  const bx0 = box.x - TOUCH_GAP;
  const by0 = box.y - TOUCH_GAP;
  const bx1 = box.x + box.width + TOUCH_GAP;
  const by1 = box.y + box.height + TOUCH_GAP;
  let area = 0;
  let inBox = 0;
  let underCeiling = 0;
  for (let i = 0; i < n; i++) {
    if (!thing[i]) continue;
    area++;
    const x = i % width;
    const y = (i - x) / width;
    if (x >= bx0 && x <= bx1 && y >= by0 && y <= by1) inBox++;
    if (i >= CEILING_GAP * width && (ceiling[i - CEILING_GAP * width] ?? 0) >= 128) underCeiling++;
  }
  return (
    area >= MIN_OBJECT_SHARE * n &&
    area <= box.width * box.height &&
    inBox >= MIN_BOX_SHARE * area &&
    underCeiling <= MAX_UNDER_CEILING
  );
}

/**
 * Prompts at the known objects that touch the selection: a flat object's pixel nearest its
 * centre, a solid piece's box a fifth of the way down (a sofa's back cushions, a dresser's or a
 * vanity's top drawers) at a quarter, half and three quarters of its width; the largest objects
 * first.
 */
function knownPrompts(
  known: readonly KnownObject[],
  selection: Uint8Array,
  width: number,
  height: number,
): { x: number; y: number; object: KnownObject & { area: number } }[] {
  const out: { x: number; y: number; object: KnownObject & { area: number }; size: number }[] = [];
  for (const object of known) {
    const flat = FLAT_CLASSES.has(object.classId);
    if (!flat && !SOLID_CLASSES.has(object.classId)) continue;
    const { x: bx, y: by, width: bw, height: bh } = object.box;
    let touches = false;
    const gx0 = Math.max(0, Math.floor(bx) - TOUCH_GAP);
    const gy0 = Math.max(0, Math.floor(by) - TOUCH_GAP);
    const gx1 = Math.min(width - 1, Math.ceil(bx + bw) + TOUCH_GAP);
    const gy1 = Math.min(height - 1, Math.ceil(by + bh) + TOUCH_GAP);
    for (let y = gy0; y <= gy1 && !touches; y++) {
      for (let x = gx0; x <= gx1; x++) {
        if (selection[y * width + x]) {
          touches = true;
          break;
        }
      }
    }
    if (!touches) continue;
    const mask = object.mask.data;
    let area = 0;
    let sx = 0;
    let sy = 0;
    for (let y = gy0; y <= gy1; y++) {
      for (let x = gx0; x <= gx1; x++) {
        if (!mask[y * width + x]) continue;
        area++;
        sx += x;
        sy += y;
      }
    }
    if (area === 0) continue;
    const points = flat
      ? [{ x: Math.round(sx / area), y: Math.round(sy / area) }]
      : SOLID_PROMPT_COLUMNS.map((c) => ({
          x: Math.round(bx + c * bw),
          y: Math.round(by + SOLID_PROMPT_ROW * bh),
        }));
    for (const point of points) {
      const at = nearestPixel(mask, point, gx0, gy0, gx1, gy1, width);
      if (at) out.push({ ...at, object: { ...object, area }, size: area });
    }
  }
  // The largest objects first, their points taken in turn.
  out.sort((a, b) => b.size - a.size);
  return out.map(({ x, y, object }) => ({ x, y, object }));
}

/** The pixel of `mask` in the given box nearest `point` (a frame has no centre pixel). */
function nearestPixel(
  mask: Uint8Array,
  point: { x: number; y: number },
  gx0: number,
  gy0: number,
  gx1: number,
  gy1: number,
  width: number,
): { x: number; y: number } | undefined {
  const { x: ox, y: oy } = point;
  let px = ox;
  let py = oy;
  if (!mask[oy * width + ox]) {
    let best = Infinity;
    for (let y = gy0; y <= gy1; y++) {
      for (let x = gx0; x <= gx1; x++) {
        if (!mask[y * width + x]) continue;
        const d = (x - ox) ** 2 + (y - oy) ** 2;
        if (d < best) {
          best = d;
          px = x;
          py = y;
        }
      }
    }
    if (best === Infinity) return undefined;
  }
  return { x: px, y: py };
}

/**
 * The paint surface less the objects SAM finds on its walls (see {@link objectsOnWall}); the
 * surface itself when there is none, when SAM is not installed, or when the surface is the
 * ceiling (no wall planes under it).
 */
export async function paintSurfaceWithoutObjects(
  image: Raster,
  surface: PaintSurface | undefined,
  planes: Uint8Array,
  ceiling: Uint8Array,
  floor: Uint8Array,
  segmenter: Segmenter,
  known: readonly KnownObject[] = [],
): Promise<PaintSurface | undefined> {
  if (!surface || segmenter.method !== 'sam') return surface;
  const n = image.width * image.height;
  let onPlanes = 0;
  let selected = 0;
  for (let i = 0; i < n; i++) {
    if (!surface.mask.data[i]) continue;
    selected++;
    if (planes[i]) onPlanes++;
  }
  if (selected === 0 || onPlanes < 0.5 * selected) return surface;
  const objects = await objectsOnWall(
    image,
    surface.mask.data,
    planes,
    ceiling,
    floor,
    segmenter,
    known,
  );
  if (!objects.some((v) => v === 1)) return surface;
  const data = Uint8Array.from(surface.mask.data);
  const matte = Uint8Array.from(surface.matte);
  for (let i = 0; i < n; i++) {
    if (!objects[i]) continue;
    data[i] = 0;
    matte[i] = 0;
  }
  return { mask: { ...surface.mask, data }, matte };
}
