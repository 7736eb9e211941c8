/**
 * Remove elements, structure-aware (issue 10): the hole is filled from the surfaces that lie
 * behind the object — wall above the wall–floor line, floor below it, the line itself (and the
 * skirting along it) carried across — with the mask first grown over what still belongs to the
 * object: its own class's pixels touching the mask (the halo a brushed mask leaves) and its dark
 * contact shadow. The room parse (scene/) says which pixels are which; `inpaint` does the
 * texture synthesis, matching patches only within each surface.
 */
import { ADE } from '../scene/ade20k';
import type { Mask, Raster } from '../raster';
import { maskBounds } from '../raster';
import { labelComponents } from '../scene/objects';
import { insideEdges, splitGround, type GroundSplit } from './ground-split';
import { inpaint, type InpaintOptions, type InpaintStructure } from './inpaint';
import { shadeWallFill } from './wall-shading';

/** Surface ids the fill keeps apart. */
export const SURFACE_WALL = 1;
export const SURFACE_FLOOR = 2;
export const SURFACE_CEILING = 3;
/** A second floor material around the hole: the rug lying on the floor (ops/ground-split.ts). */
export const SURFACE_RUG = 4;
/** How many surface ids there are (0 included). */
const SURFACE_COUNT = 5;

/**
 * The ring round the hole shows a structure to continue when at least this share of it, above
 * the line or below it, is wall or floor (else the plain fill).
 */
const STRUCTURE_SHARE = 0.3;
/** The line predicts wall above it and floor below when at least this share of that side is. */
const PREDICTED_SHARE = 0.1;

/** Openings in a wall: below one's sill, behind a piece, lies the wall it is set in. */
const OPENINGS = new Set<number>([ADE.window, ADE.door]);

/** Whether a surface is the ground: the floor or a rug on it. */
function isGround(surface: number): boolean {
  return surface === SURFACE_FLOOR || surface === SURFACE_RUG;
}

/** What removal reads from the room parse (a `RoomParse` is one). */
export interface RemovalScene {
  width: number;
  height: number;
  /** Per pixel ADE20K class id. */
  labels: Uint8Array;
  /** Row of the wall–floor boundary per column (NaN where none is visible). */
  wallFloorLine: Float32Array;
}

/** The fill's plan: the grown hole, the surfaces behind it, and the line they meet along. */
export interface RemovalPlan {
  /** The user's mask grown over the object's halo and contact shadow. */
  hole: Mask;
  /** Pixels added to the mask by growing it (for looking at and for tests). */
  grownBy: { objectPixels: number; shadowPixels: number };
  /** The surfaces and line for `inpaint`, or null when the parse says nothing useful here. */
  structure: InpaintStructure | null;
}

/** Surface of an ADE20K class: wall, floor (a rug lies on it) or ceiling; 0 for the rest. */
function surfaceOfClass(classId: number): number {
  if (classId === ADE.wall) return SURFACE_WALL;
  if (classId === ADE.floor || classId === ADE.rug) return SURFACE_FLOOR;
  if (classId === ADE.ceiling) return SURFACE_CEILING;
  return 0;
}

/** Classes that are the room itself, never "the object" a mask is on. */
const ROOM_CLASSES = new Set<number>([
  ADE.other,
  ADE.wall,
  ADE.floor,
  ADE.ceiling,
  ADE.rug,
  ADE.window,
  ADE.door,
]);

/**
 * The object's class: the furniture class covering most of the mask (≥ 15% of it) and lying
 * mostly inside it (a bed the mask only overlaps is not the object), or null.
 */
function objectClassUnder(mask: Mask, labels: Uint8Array, band: number): number | null {
  const counts = new Map<number, number>();
  let total = 0;
  for (let i = 0; i < mask.data.length; i++) {
    if (!mask.data[i]) continue;
    total++;
    const c = labels[i] ?? 0;
    if (ROOM_CLASSES.has(c)) continue;
    counts.set(c, (counts.get(c) ?? 0) + 1);
  }
  let best: number | null = null;
  let bestCount = 0;
  for (const [c, n] of counts) {
    if (n > bestCount) {
      best = c;
      bestCount = n;
    }
  }
  if (best === null || bestCount < 0.15 * total) return null;
  // Pixels of that class near the mask but outside it (within `band` of its box).
  const bounds = maskBounds(mask);
  if (!bounds) return null;
  let outside = 0;
  for (
    let y = Math.max(0, bounds.y0 - band);
    y <= Math.min(mask.height - 1, bounds.y1 + band);
    y++
  ) {
    for (
      let x = Math.max(0, bounds.x0 - band);
      x <= Math.min(mask.width - 1, bounds.x1 + band);
      x++
    ) {
      const i = y * mask.width + x;
      if (!mask.data[i] && labels[i] === best) outside++;
    }
  }
  return outside <= 0.5 * bestCount ? best : null;
}

/**
 * Breadth-first growth from `hole` (8-connected) into pixels `accept` allows, at most `limit`
 * steps from the hole; marks them in `hole` and returns how many it added.
 */
function growInto(
  hole: Uint8Array,
  width: number,
  height: number,
  limit: number,
  accept: (i: number) => boolean,
): number {
  const dist = new Int32Array(width * height).fill(-1);
  let frontier: number[] = [];
  for (let i = 0; i < hole.length; i++) {
    if (!hole[i]) continue;
    dist[i] = 0;
    const x = i % width;
    const y = (i - x) / width;
    // Only border pixels start the growth.
    if (
      (x > 0 && !hole[i - 1]) ||
      (x < width - 1 && !hole[i + 1]) ||
      (y > 0 && !hole[i - width]) ||
      (y < height - 1 && !hole[i + width])
    ) {
      frontier.push(i);
    }
  }
  let added = 0;
  for (let step = 1; step <= limit && frontier.length > 0; step++) {
    const next: number[] = [];
    for (const i of frontier) {
      const x = i % width;
      const y = (i - x) / width;
      for (let dy = -1; dy <= 1; dy++) {
        const ny = y + dy;
        if (ny < 0 || ny >= height) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx;
          if (nx < 0 || nx >= width) continue;
          const j = ny * width + nx;
          if (dist[j] !== -1) continue;
          dist[j] = step;
          if (!accept(j)) continue;
          hole[j] = 1;
          added++;
          next.push(j);
        }
      }
    }
    frontier = next;
  }
  return added;
}

/** Rec. 601 luma of a pixel. */
function lumaAt(image: Raster, i: number): number {
  const p = i * 4;
  return (
    0.299 * (image.data[p] ?? 0) +
    0.587 * (image.data[p + 1] ?? 0) +
    0.114 * (image.data[p + 2] ?? 0)
  );
}

/**
 * Median luma of each surface in a ring `from`–`to` pixels (box distance) around the hole's
 * bounds, sampled every few pixels: what the surface looks like outside the object's shadow.
 */
function surfaceReference(
  image: Raster,
  surfaces: Uint8Array,
  hole: Uint8Array,
  bounds: { x0: number; y0: number; x1: number; y1: number },
  from: number,
  to: number,
): number[] {
  const { width, height } = image;
  const samples: number[][] = Array.from({ length: SURFACE_COUNT }, () => []);
  const x0 = Math.max(0, bounds.x0 - to);
  const x1 = Math.min(width - 1, bounds.x1 + to);
  const y0 = Math.max(0, bounds.y0 - to);
  const y1 = Math.min(height - 1, bounds.y1 + to);
  const step = Math.max(1, Math.round((to - from) / 8));
  for (let y = y0; y <= y1; y += step) {
    for (let x = x0; x <= x1; x += step) {
      const dx = Math.max(bounds.x0 - x, x - bounds.x1, 0);
      const dy = Math.max(bounds.y0 - y, y - bounds.y1, 0);
      const d = Math.max(dx, dy);
      if (d < from || d > to) continue;
      const i = y * width + x;
      if (hole[i]) continue;
      samples[surfaces[i] ?? 0]?.push(lumaAt(image, i));
    }
  }
  return samples.map((values) => {
    if (values.length < 8) return NaN;
    values.sort((a, b) => a - b);
    return values[values.length >> 1] ?? NaN;
  });
}

/**
 * The wall–floor line continued across the hole: fitted (least squares, outliers beyond 3× the
 * median residual dropped) to the parse's line on each side of the hole, within one hole width;
 * where the two sides disagree in slope the room has a corner behind the object and the line is
 * the upper envelope of both (an inside corner: the floor lies below both walls' lines).
 * Returns a row per image column, or null when no side has enough of a visible line.
 */
export function continueWallFloorLine(
  line: Float32Array,
  bounds: { x0: number; x1: number },
  width: number,
): Float32Array | null {
  const holeWidth = bounds.x1 - bounds.x0 + 1;
  const span = Math.max(32, holeWidth);
  const points = (from: number, to: number): [number[], number[]] => {
    const xs: number[] = [];
    const ys: number[] = [];
    for (let x = Math.max(0, from); x <= Math.min(width - 1, to); x++) {
      const y = line[x] ?? NaN;
      if (Number.isFinite(y)) {
        xs.push(x);
        ys.push(y);
      }
    }
    return [xs, ys];
  };
  const [lx, ly] = points(bounds.x0 - 3 - span, bounds.x0 - 3);
  const [rx, ry] = points(bounds.x1 + 3, bounds.x1 + 3 + span);
  const left = trustSlope(fitLine(lx, ly), lx, ly, holeWidth, 'left');
  const right = trustSlope(fitLine(rx, ry), rx, ry, holeWidth, 'right');
  if (!left && !right) return null;
  // Both sides on one wall: one line through both.
  const both =
    left && right && Math.abs(left.b - right.b) < 0.08
      ? fitLine([...lx, ...rx], [...ly, ...ry])
      : null;
  const out = new Float32Array(width);
  for (let x = 0; x < width; x++) {
    if (both) out[x] = both.a + both.b * x;
    else if (left && right) out[x] = Math.max(left.a + left.b * x, right.a + right.b * x);
    else if (left) out[x] = left.a + left.b * x;
    else if (right) out[x] = right.a + right.b * x;
  }
  return out;
}

/**
 * The side's fit, or, when its visible line spans less than half the hole's width, a level line
 * at the row it reaches next to the hole: a slope from a scrap, carried across a wide hole, would
 * run far off (a few pixels of a rising line put the floor up to a sofa's seat).
 */
function trustSlope(
  fit: { a: number; b: number } | null,
  xs: number[],
  ys: number[],
  holeWidth: number,
  side: 'left' | 'right',
): { a: number; b: number } | null {
  if (!fit || xs.length === 0) return fit;
  const first = xs[0] ?? 0;
  const last = xs[xs.length - 1] ?? 0;
  if (last - first + 1 >= holeWidth / 2) return fit;
  const near = side === 'left' ? last : first;
  return { a: fit.a + fit.b * near, b: 0 };
}

/** Robust least-squares line y = a + b·x through at least 6 points, or null. */
function fitLine(xs: number[], ys: number[]): { a: number; b: number } | null {
  const solve = (keep: boolean[]): { a: number; b: number } | null => {
    let n = 0;
    let sx = 0;
    let sy = 0;
    let sxx = 0;
    let sxy = 0;
    xs.forEach((x, k) => {
      if (!keep[k]) return;
      const y = ys[k] ?? 0;
      n++;
      sx += x;
      sy += y;
      sxx += x * x;
      sxy += x * y;
    });
    const det = n * sxx - sx * sx;
    if (n < 6 || det === 0) return null;
    const b = (n * sxy - sx * sy) / det;
    return { a: (sy - b * sx) / n, b };
  };
  let keep = xs.map(() => true);
  let fit = solve(keep);
  for (let round = 0; round < 2 && fit; round++) {
    const f = fit;
    const residuals = xs.map((x, k) => Math.abs((ys[k] ?? 0) - (f.a + f.b * x)));
    const sorted = [...residuals].sort((a, b) => a - b);
    const mad = Math.max(1, sorted[sorted.length >> 1] ?? 1);
    keep = residuals.map((r) => r <= 3 * mad);
    fit = solve(keep);
  }
  return fit;
}

/**
 * Plans a removal: grows the mask over the object's own pixels and its contact shadow, and
 * decides which surface lies behind each hole pixel.
 */
export function planRemoval(image: Raster, mask: Mask, scene: RemovalScene): RemovalPlan {
  const { width, height } = image;
  if (scene.width !== width || scene.height !== height || mask.width !== width) {
    throw new Error('planRemoval: the parse, mask and image must be the same size');
  }
  const n = width * height;
  const hole = new Uint8Array(mask.data);
  const bounds0 = maskBounds(mask);
  if (!bounds0)
    return { hole: mask, grownBy: { objectPixels: 0, shadowPixels: 0 }, structure: null };
  const size = Math.sqrt((bounds0.x1 - bounds0.x0 + 1) * (bounds0.y1 - bounds0.y0 + 1));
  const surfaces = new Uint8Array(n);
  for (let i = 0; i < n; i++) surfaces[i] = surfaceOfClass(scene.labels[i] ?? 0);

  // 1. The object's own pixels next to the mask: what a tight brush or polygon left of it.
  const growth = Math.round(Math.min(10, Math.max(3, 0.02 * size)));
  const objectClass = objectClassUnder(mask, scene.labels, growth);
  const objectPixels =
    objectClass === null
      ? 0
      : growInto(hole, width, height, growth, (i) => scene.labels[i] === objectClass);

  const bounds1 = maskBounds({ width, height, data: hole }) ?? bounds0;
  // 2. Two floors round the hole (a rug on wood): each its own surface from here on.
  const split = splitGround(image, hole, (i) => surfaces[i] === SURFACE_FLOOR, bounds1);
  if (split) markRug(surfaces, split, width);

  // 3. Its contact shadow: surface pixels touching the hole clearly darker than the surface
  //    looks a little farther out.
  const reach = Math.round(Math.min(30, Math.max(4, 0.06 * size)));
  const reference = surfaceReference(image, surfaces, hole, bounds1, reach + 4, 2 * reach + 12);
  // A contact shadow lies where the object stands: on the floor or the wall just behind its
  // foot, under its lower part and not far beside it.
  const shadowTop = bounds1.y0 + 0.7 * (bounds1.y1 - bounds1.y0);
  const margin = Math.round(0.15 * (bounds1.x1 - bounds1.x0 + 1));
  const shadowPixels = growInto(hole, width, height, reach, (i) => {
    const s = surfaces[i] ?? 0;
    if (!isGround(s) && s !== SURFACE_WALL) return false;
    const x = i % width;
    if ((i - x) / width < shadowTop || x < bounds1.x0 - margin || x > bounds1.x1 + margin)
      return false;
    const ref = reference[s] ?? NaN;
    return Number.isFinite(ref) && lumaAt(image, i) < 0.75 * ref;
  });

  const grown: Mask = { width, height, data: hole };
  return {
    hole: grown,
    grownBy: { objectPixels, shadowPixels },
    structure: surfacesBehind(grown, surfaces, scene, split),
  };
}

/**
 * Known floor pixels the split judged rug become the rug's surface; floor pixels of its window it
 * could not judge (cells on the parse's edges) go by the rug's edges when it has them.
 */
function markRug(surfaces: Uint8Array, split: GroundSplit, width: number): void {
  const { material, edges, window } = split;
  for (let y = window.y0; y <= window.y1; y++) {
    for (let x = window.x0; x <= window.x1; x++) {
      const i = y * width + x;
      if (surfaces[i] !== SURFACE_FLOOR) continue;
      const m = material[i] ?? 0;
      if (m === 1 || (m === 0 && edges.length > 0 && insideEdges(edges, x, y))) {
        surfaces[i] = SURFACE_RUG;
      }
    }
  }
}

/**
 * The surfaces for `inpaint`: known pixels keep their own; a hole pixel (the hole grown by the
 * 2 px `inpaint` adds, plus a margin) gets floor below the continued wall–floor line and the
 * ring's main surface above it (the wall, normally). Null when the ring around the hole shows
 * mostly furniture: then there is no surface to continue and the plain fill is better.
 */
function surfacesBehind(
  hole: Mask,
  surfaces: Uint8Array,
  scene: RemovalScene,
  split: GroundSplit | null,
): InpaintStructure | null {
  const { width, height } = scene;
  const bounds = maskBounds(hole);
  if (!bounds) return null;
  const line = continueWallFloorLine(scene.wallFloorLine, bounds, width);
  // What surrounds the hole above and below the line (a ring 3–12 px out, box distance).
  const above = new Array<number>(SURFACE_COUNT).fill(0);
  const below = new Array<number>(SURFACE_COUNT).fill(0);
  // The lowest row of a window or door the ring shows: below it the opening has ended.
  let openingFoot = -1;
  for (let y = Math.max(0, bounds.y0 - 12); y <= Math.min(height - 1, bounds.y1 + 12); y++) {
    for (let x = Math.max(0, bounds.x0 - 12); x <= Math.min(width - 1, bounds.x1 + 12); x++) {
      const i = y * width + x;
      if (hole.data[i]) continue;
      if (OPENINGS.has(scene.labels[i] ?? 0)) openingFoot = y;
      // The rug is the ground too: the line predicts the ground below it, whichever.
      const s = isGround(surfaces[i] ?? 0) ? SURFACE_FLOOR : (surfaces[i] ?? 0);
      const lineY = line ? (line[x] ?? Infinity) : Infinity;
      const counts = y < lineY ? above : below;
      counts[s] = (counts[s] ?? 0) + 1;
    }
  }
  const main = (counts: number[], prefer: number, share: number): number => {
    const total = counts.reduce((a, b) => a + b, 0);
    if (total === 0) return -1;
    if ((counts[prefer] ?? 0) >= share * total) return prefer;
    let best = 0;
    counts.forEach((c, s) => {
      if (c > (counts[best] ?? 0)) best = s;
    });
    return best;
  };
  // Mostly furniture all round: nothing structural to continue.
  if (
    main(above, SURFACE_WALL, STRUCTURE_SHARE) <= 0 &&
    main(below, SURFACE_FLOOR, STRUCTURE_SHARE) <= 0
  )
    return null;
  // The surface the line predicts: wall above it, floor below, unless the ring shows next to
  // none of it. The furniture round a large piece (a table and a chair before a sofa, a plant
  // beside it) can outnumber the wall in the ring, but it stands beside or before the piece; it
  // is not what the line says lies behind it.
  const upper = main(above, SURFACE_WALL, PREDICTED_SHARE);
  const lower = main(below, SURFACE_FLOOR, PREDICTED_SHARE);
  const behind = new Uint8Array(surfaces);
  const reach = new Uint8Array(hole.data);
  // The hole `inpaint` fills is this one grown by 2 px: label a margin beyond it too.
  for (let pass = 0; pass < 3; pass++) {
    const next = new Uint8Array(reach);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const i = y * width + x;
        if (reach[i]) continue;
        if (
          (x > 0 && reach[i - 1]) ||
          (x < width - 1 && reach[i + 1]) ||
          (y > 0 && reach[i - width]) ||
          (y < height - 1 && reach[i + width])
        ) {
          next[i] = 1;
        }
      }
    }
    reach.set(next);
  }
  const front = standsOnGround(hole, surfaces, bounds)
    ? standingInFront(scene.labels, surfaces, reach, bounds, width, height)
    : null;
  // Per hole pixel, what lies behind is voted by the nearest known pixels in four directions —
  // left and right parallel to the line, up and down its column — each weighing 1 / distance,
  // the surface the line predicts (wall above, floor below) counting half as much again. So a
  // lamp's leg in front of a chair is filled with chair, a chair in front of a bed with bed,
  // and a sofa in front of the wall with wall above the line and floor below it. Furniture
  // standing in front of the object is looked past: it hides what is behind, it is not it.
  const lineAt = (x: number): number => (line ? (line[x] ?? 0) : 0);
  const nearest = (x: number, y: number, dx: number, dy: number): number => {
    const offset = y - lineAt(x);
    for (let k = 1; ; k++) {
      const xk = x + dx * k;
      if (xk < 0 || xk >= width) return -1;
      const yk = dx !== 0 ? Math.round(lineAt(xk) + offset) : y + dy * k;
      if (yk < 0 || yk >= height) return -1;
      const j = yk * width + xk;
      if (!reach[j] && !front?.[j]) return j;
    }
  };
  const score = new Float64Array(SURFACE_COUNT);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      if (!reach[i]) continue;
      // A window's own pixels in the margin stay what they are: taken for wall, they would lend
      // their daylight to the wall's fill and its shading.
      if (!hole.data[i] && OPENINGS.has(scene.labels[i] ?? 0)) continue;
      const lineY = line ? (line[x] ?? Infinity) : Infinity;
      let predicted = y < lineY ? upper : lower;
      if (predicted < 0) predicted = upper < 0 ? lower : upper;
      score.fill(0);
      for (const [dx, dy] of [
        [-1, 0],
        [1, 0],
        [0, -1],
        [0, 1],
      ] as const) {
        const j = nearest(x, y, dx, dy);
        if (j < 0) continue;
        const jx = j % width;
        const d = Math.max(1, Math.hypot(jx - x, (j - jx) / width - y));
        const own = surfaces[j] ?? 0;
        // Floor and rug vote as the ground; which of the two is decided below. Below the lowest
        // row the ring shows of a window or door, the opening votes as the wall it is set in:
        // what a piece hides under a sill is that wall, not furniture (a sofa under a window was
        // filled with "anything" up to its sill). Where the ring shows the opening going on
        // lower, it may go on behind the piece (a chair before a window) and votes as itself.
        const l = isGround(own)
          ? SURFACE_FLOOR
          : own === 0 && y > openingFoot && OPENINGS.has(scene.labels[j] ?? 0)
            ? SURFACE_WALL
            : own;
        score[l] = (score[l] ?? 0) + (line && l === predicted ? 1.5 : 1) / d;
        if (own === SURFACE_RUG) score[SURFACE_RUG] = (score[SURFACE_RUG] ?? 0) + 1 / d;
      }
      let best = predicted;
      for (let l = 0; l < SURFACE_RUG; l++) if ((score[l] ?? 0) > (score[best] ?? 0)) best = l;
      if (best === SURFACE_FLOOR && split) best = groundAt(split, x, y, score);
      behind[i] = best;
    }
  }
  // The rug's fill takes only rug pixels: no pot or chair leg standing on it at a patch's edge.
  return { surfaces: behind, line, pure: [SURFACE_RUG] };
}

/**
 * Whether the object stands on the floor: below its foot (the columns where the hole reaches
 * its lowest rows) lies mostly floor or rug, not furniture. Only then does lower in the picture
 * mean nearer: a vase on a counter has the counter under it, which reaches the floor lower down
 * and yet is behind the vase, not in front of it.
 */
function standsOnGround(
  hole: Mask,
  surfaces: Uint8Array,
  bounds: { x0: number; y0: number; x1: number; y1: number },
): boolean {
  const { width, height, data } = hole;
  const band = Math.max(2, Math.round(0.03 * (bounds.y1 - bounds.y0 + 1)));
  // Past the 3 px margin the fill labels round the hole.
  const below = 4;
  let ground = 0;
  let furniture = 0;
  for (let x = bounds.x0; x <= bounds.x1; x++) {
    let y = bounds.y1;
    while (y >= bounds.y1 - band && !data[y * width + x]) y--;
    if (y < bounds.y1 - band || y + below >= height) continue;
    const s = surfaces[(y + below) * width + x] ?? 0;
    if (isGround(s)) ground++;
    else if (s === 0) furniture++;
  }
  return ground > furniture;
}

/**
 * Known furniture standing nearer the camera than the removed object: each piece (a connected
 * run of one class outside the hole) whose lowest row, in the columns round the hole, lies below
 * the hole's foot. On the floor, lower in the picture is nearer; such a piece hides part of what
 * was behind the object (a sofa in front of a removed table, a table in front of a removed sofa),
 * so its colours must not fill the wall and floor there. Only the columns round the hole (its
 * span and half its width either side) count: a counter or bed running back along a side wall
 * reaches low far off, at its near end, and stands behind the object where it passes it; a
 * table's legs, not the underside of its top, say where it stands.
 */
function standingInFront(
  labels: Uint8Array,
  surfaces: Uint8Array,
  hole: Uint8Array,
  bounds: { x0: number; x1: number; y1: number },
  width: number,
  height: number,
): Uint8Array {
  const furniture = new Uint8Array(labels.length);
  for (let i = 0; i < labels.length; i++) {
    // Class ids shifted by one: 0 is "not furniture" (the hole, wall, floor, ceiling).
    if (!hole[i] && !surfaces[i]) furniture[i] = (labels[i] ?? 0) + 1;
  }
  const { ids, count } = labelComponents(furniture, width, height, nonZero(furniture));
  const half = Math.round((bounds.x1 - bounds.x0 + 1) / 2);
  const x0 = Math.max(0, bounds.x0 - half);
  const x1 = Math.min(width - 1, bounds.x1 + half);
  const lowest = new Int32Array(count + 1).fill(-1);
  for (let y = 0; y < height; y++) {
    for (let x = x0; x <= x1; x++) {
      const id = ids[y * width + x] ?? 0;
      if (id) lowest[id] = y;
    }
  }
  const isFront = new Uint8Array(count + 1);
  for (let id = 1; id <= count; id++) if ((lowest[id] ?? -1) > bounds.y1) isFront[id] = 1;
  restingOnFront(ids, count, isFront, width, height);
  const front = new Uint8Array(labels.length);
  for (let i = 0; i < ids.length; i++) if (isFront[ids[i] ?? 0]) front[i] = 1;
  return front;
}

/** How far below a piece's underside (px) the piece it rests on may begin. */
const REST_GAP = 3;

/**
 * Pieces that rest on a piece in front (a book, a vase, a pot on the coffee table standing before
 * the sofa) stand in front too, though their own lowest row is high: most of their underside —
 * the pixels with no pixel of the piece below them — has a piece in front within a few pixels
 * below. Marks them in `isFront` (by component id), repeatedly, so a vase on a book on the table
 * goes too.
 */
function restingOnFront(
  ids: Int32Array,
  count: number,
  isFront: Uint8Array,
  width: number,
  height: number,
): void {
  for (let round = 0; round < 3; round++) {
    const under = new Int32Array(count + 1);
    const onFront = new Int32Array(count + 1);
    for (let y = 0; y < height - 1; y++) {
      for (let x = 0; x < width; x++) {
        const id = ids[y * width + x] ?? 0;
        if (!id || isFront[id] || ids[(y + 1) * width + x] === id) continue;
        under[id] = (under[id] ?? 0) + 1;
        for (let k = 1; k <= REST_GAP && y + k < height; k++) {
          const below = ids[(y + k) * width + x] ?? 0;
          if (below && below !== id && isFront[below]) {
            onFront[id] = (onFront[id] ?? 0) + 1;
            break;
          }
        }
      }
    }
    let changed = false;
    for (let id = 1; id <= count; id++) {
      if (!isFront[id] && (under[id] ?? 0) > 0 && (onFront[id] ?? 0) >= 0.5 * (under[id] ?? 0)) {
        isFront[id] = 1;
        changed = true;
      }
    }
    if (!changed) return;
  }
}

/** The non-zero values of a label image. */
function nonZero(labels: Uint8Array): Set<number> {
  const seen = new Uint8Array(256);
  for (const l of labels) seen[l] = 1;
  const values = new Set<number>();
  for (let l = 1; l < 256; l++) if (seen[l]) values.add(l);
  return values;
}

/**
 * Floor or rug behind a ground pixel of the hole: by the rug's edges carried across the hole when
 * it has them (inside all of them is rug), else by the nearer of the two (`score` holds the whole
 * ground's vote at the floor's id and the rug's share of it at the rug's).
 */
function groundAt(split: GroundSplit, x: number, y: number, score: Float64Array): number {
  if (split.edges.length > 0) return insideEdges(split.edges, x, y) ? SURFACE_RUG : SURFACE_FLOOR;
  const rug = score[SURFACE_RUG] ?? 0;
  return rug > (score[SURFACE_FLOOR] ?? 0) - rug ? SURFACE_RUG : SURFACE_FLOOR;
}

/**
 * Removes the masked object structure-aware when the parse gives surfaces around it, else with
 * the plain exemplar fill. Pixels outside the grown hole (plus `inpaint`'s 2 px) are unchanged.
 */
export function removeElements(
  image: Raster,
  mask: Mask,
  scene: RemovalScene,
  options: Omit<InpaintOptions, 'structure'> = {},
): Raster {
  const plan = planRemoval(image, mask, scene);
  const filled = inpaint(image, plan.hole, {
    ...options,
    ...(plan.structure ? { structure: plan.structure } : {}),
  });
  // The wall's own light across the hole, not the light of wherever its patches came from.
  return plan.structure
    ? shadeWallFill(image, filled, plan.hole, plan.structure.surfaces, SURFACE_WALL, 2)
    : filled;
}
