/**
 * Architectural style as a redesign (docs/decisions/025): one variant's plan carried out with the
 * engine's own operations on the room parse, in this order —
 * 1. the walls the parse sees take the plan's paint (ops/wall-paint.ts),
 * 2. a style floor is laid on the floor the parse sees (ops/find-floor.ts, ops/surface-fill.ts),
 * 3. main furniture pieces are swapped for catalogue products: the old pieces are removed
 *    structure-aware first (ops/removal.ts), so steps 1 and 2 run on behind them, and the new
 *    product takes the old one's place spanning its footprint (replaceFurniture),
 * 4. decor is added where the room has free floor (rug, plant, lamp) or free wall (art),
 * 5. the style's colour grade at a light strength (ops/restyle.ts).
 * Windows, doors and the ceiling are never in a step's mask; products only go over the furniture
 * they replace or over free floor and wall. Each step reports where it changed the image (the
 * pixels that moved by more than {@link CHANGED} levels), for the `used` record.
 */
import {
  floorMappingOf,
  cameraCentre,
  floorPointAt,
  projectToImage,
  type RoomCamera,
  type Vec3,
} from '../geometry/room-camera';
import type { Mask, Raster } from '../raster';
import { decodeImage, dilateMask } from '../raster';
import { ADE, type RoomParse } from '../scene';
import type {
  AppliedItem,
  AppliedRegion,
  PlacementProduct,
  RedesignPlan,
  StyleTarget,
} from '../types';
import { floorOf } from './find-floor';
import { inpaint } from './inpaint';
import { planRemoval, SURFACE_CEILING, SURFACE_FLOOR, SURFACE_RUG, SURFACE_WALL } from './removal';
import { allowedWindow, layFront, placeProduct, replaceRemovedFurniture } from './place-product';
import type { Box } from './placement/pose';
import { swapForeground, type SwapForeground } from './placement/scene';
import { wholeFront } from './placement/whole-front';
import type { Segmenter } from './segment';
import { restyle } from './restyle';
import { fillPolygon } from './space-elements';
import { fillSurface } from './surface-fill';
import type { VariantOptions } from './variants';
import { paintWalls } from './wall-paint';
import { shadeWallFill } from './wall-shading';
import { wallsToPaint } from './walls-to-paint';

/** A pixel counts as changed by a step when a channel moved by more than this. */
export const CHANGED = 8;

/** What a step may not touch: windows, doors, curtains (the room's openings and their dressing). */
const OPENINGS = [ADE.window, ADE.door, ADE.curtain] as const;

/** A step of the redesign, timed for the bench. */
type Step = 'remove' | 'walls' | 'floor' | 'swaps' | 'decor' | 'grade';

/**
 * Time of each step (ms), for the bench; `swaps` and `decor` are the sums of their pieces, whose
 * own times are `swap1`, `swap2`, … and `decor1`, … in the plan's order.
 */
export type StepTimes = Partial<Record<Step | `swap${number}` | `decor${number}`, number>>;

export interface RedesignResult {
  image: Raster;
  applied: AppliedItem[];
  /** Wall-clock time of each step (ms). */
  times: StepTimes;
  /**
   * CPU time of each step (ms, this process, user + system): what the step costs on a core of
   * its own, whatever else the machine runs at the time.
   */
  cpu: StepTimes;
}

/**
 * Carries out `plan` on `image`; `gradeStrength` is the closing grade's (0 skips it). A step
 * that cannot be done in this photo (no floor visible, no free space for a piece of decor) is
 * left out of `applied`, so the record says only what the image shows. With a SAM `segmenter`,
 * what stands in front of a swapped piece is kept whole where the parse gave part of it to the
 * piece; without one, as the parse and colour find it.
 */
export async function redesign(
  image: Raster,
  parse: RoomParse,
  plan: RedesignPlan,
  style: StyleTarget,
  gradeStrength: number,
  options: VariantOptions,
  checkpoint: () => void = () => undefined,
  segmenter: Segmenter | null = null,
): Promise<RedesignResult> {
  const applied: AppliedItem[] = [];
  const times: StepTimes = {};
  const cpu: StepTimes = {};
  let current = image;
  const timed = async <T>(
    step: Step,
    work: () => Promise<T> | T,
    piece?: `swap${number}` | `decor${number}`,
  ): Promise<T> => {
    const start = performance.now();
    const used = process.cpuUsage();
    try {
      return await work();
    } finally {
      const ms = performance.now() - start;
      const spent = process.cpuUsage(used);
      const cpuMs = (spent.user + spent.system) / 1000;
      times[step] = (times[step] ?? 0) + ms;
      cpu[step] = (cpu[step] ?? 0) + cpuMs;
      if (piece) {
        times[piece] = ms;
        cpu[piece] = cpuMs;
      }
      checkpoint();
    }
  };

  // Swapped pieces go first, structure-aware (wall above the wall–floor line, floor below), so
  // the new walls and floor run on behind them and a smaller product uncovers room, not smear.
  const pieces: SwapPiece[] = [];
  for (const swap of plan.swaps ?? []) {
    // A piece out of frame at its foot or joined to its neighbours is kept. One behind nearer
    // furniture is swapped with what stands in front kept whole and in front of the new product.
    const piece = pieceOf(parse, swap.outline, image);
    if (!piece || (piece.blocked && piece.blocked !== BEHIND)) continue;
    const size = sizingMask(piece.mask, swap.outline);
    pieces.push({
      mask: piece.mask,
      size,
      window: allowedWindow(size),
      product: swap.product,
      front: null,
      behind: piece.blocked === BEHIND,
    });
  }
  // Per pixel of the removed pieces: the surface now seen there (wall above the wall–floor line
  // continued across the hole, floor below it), for the walls and floor to run on behind them.
  let behind: Uint8Array | null = null;
  // Where the removal filled the hole with the rug the piece stood on: the kept rug goes on there,
  // not the new floor (which bit a piece-shaped patch of floor out of the rug).
  let rugFill: Uint8Array | null = null;
  if (pieces.length > 0) {
    await timed('remove', async () => {
      await keepFronts(image, parse, pieces, segmenter);
      for (let k = pieces.length - 1; k >= 0; k--) {
        // Behind nearer furniture and nothing found to keep in front: the new piece would be
        // drawn over it, so the old one stays.
        if (pieces[k]?.behind && !pieces[k]?.front) pieces.splice(k, 1);
      }
      if (pieces.length === 0) return;
      const union = unionOf(pieces.map((piece) => piece.mask));
      // What stands in front stays: it is not filled, and is laid back over the new product.
      for (const { front } of pieces) {
        if (!front) continue;
        for (let i = 0; i < union.data.length; i++) if (front.mask.data[i]) union.data[i] = 0;
      }
      takeWallShade(union, parse);
      const removed = removeShrunk(current, union, parse, options);
      behind = surfacesBehind(removed.hole, parse);
      rugFill = removed.rug;
      current = removed.image;
    });
  }
  const uncovered = (surface: number): Uint8Array | null => {
    const found = behind;
    if (!found) return null;
    const rug = surface === SURFACE_FLOOR ? rugFill : null;
    const out = new Uint8Array(found.length);
    for (let i = 0; i < out.length; i++) if (found[i] === surface && !rug?.[i]) out[i] = 1;
    return out;
  };

  if (plan.walls) {
    const hex = plan.walls.hex;
    await timed('walls', () => {
      const { mask, matte } = wallsToPaint(parse, image);
      extendInto(mask, matte, uncovered(SURFACE_WALL));
      if (!anySet(mask)) return;
      const next = paintWalls(current, mask, hex, options, { mask, matte });
      applied.push({ kind: 'paint', hex, region: changedRegion(current, next) });
      current = next;
    });
  }

  if (plan.floor) {
    const { id, texture } = plan.floor;
    await timed('floor', async () => {
      let floor;
      try {
        floor = floorOf(parse, { rug: 'keep', image });
      } catch {
        return; // Too little floor in view: nothing to lay.
      }
      extendInto(floor.mask, floor.matte, uncovered(SURFACE_FLOOR));
      const tile = await decodeImage(Buffer.from(texture.image));
      const next = fillSurface(
        current,
        floor.mask,
        { texture: tile, tileSizeCm: texture.tileSizeCm ?? 60 },
        floorMappingOf(parse.camera),
        options,
        floor.matte,
      );
      applied.push({ kind: 'floor', id, region: changedRegion(current, next) });
      current = next;
    });
  }

  // What products may no longer go over: the furniture the parse found, and what was placed.
  // A rug lies flat: a plant or a lamp may stand on it, another rug may not lie over it.
  const taken = occupiedMask(parse, false);
  const takenForRugs = occupiedMask(parse, true);
  const obstacles = obstaclesOf(parse);
  const swapped: Rect[] = [];
  const placed: Rect[] = [];
  /** Keeps a placed product (when it changed anything): its box is taken, its item recorded. */
  const accept = (next: Raster, product: PlacementProduct, role: 'swap' | 'decor') => {
    const region = changedRegion(current, next);
    if (region.share === 0) return;
    markBox(taken, region.box);
    markBox(takenForRugs, region.box);
    obstacles.push({ ...rectOf(region.box), stands: true });
    placed.push(rectOf(region.box));
    if (role === 'swap') swapped.push(rectOf(region.box));
    applied.push(productItem(product, role, region));
    current = next;
  };
  for (const [index, { size, window, product, front }] of pieces.entries()) {
    await timed(
      'swaps',
      async () => {
        // The old piece is gone already and the walls and floor run on behind it: the
        // replacement spans its footprint over them, so what a smaller product uncovers is the
        // new wall and floor (not a second fill of the hole, which smeared them).
        const placed = await replaceRemovedFurniture(
          current,
          size,
          product,
          parse.camera,
          options,
          parse,
        );
        const next = front ? layFront(placed, image, front.matte, window) : placed;
        accept(next, product, 'swap');
      },
      `swap${index + 1}`,
    );
  }

  for (const [index, product] of (plan.decor ?? []).entries()) {
    await timed(
      'decor',
      async () => {
        const spot =
          product.category === 'mirror'
            ? wallSpot(
                parse,
                freeWallNow(parse, taken, uncovered(SURFACE_WALL), placed),
                seatsOf(parse, swapped),
                product,
                options.variant + index,
              )
            : floorSpot(
                parse,
                product.category === 'rug' ? takenForRugs : taken,
                obstacles,
                product,
                options.variant + index,
              );
        if (!spot) return;
        const next = await placeProduct(current, spot, product, parse.camera, options);
        accept(next, product, 'decor');
      },
      `decor${index + 1}`,
    );
  }

  if (gradeStrength > 0) {
    await timed('grade', () => {
      current = restyle(current, style, gradeStrength, options);
    });
  }
  return { image: current, applied, times, cpu };
}

/** Why {@link pieceOf} keeps a piece that nearer furniture stands over. */
const BEHIND = 'behind nearer furniture';

/** A piece the redesign swaps: what goes, what sizes the new product, what stays in front. */
interface SwapPiece {
  /** The old piece with its legs and contact shadow: removed. */
  mask: Mask;
  /** The old piece down to its floor contact: the new product spans it. */
  size: Mask;
  /** Where the new product may change pixels (the size mask's box and shadow margin). */
  window: Box;
  product: PlacementProduct;
  /** What stands in front of it: kept out of the removal and laid back over the new product. */
  front: SwapForeground | null;
  /** Whether nearer furniture stands over it (it is swapped only with a front to keep). */
  behind: boolean;
}

/**
 * Finds what stands in front of each piece (decision 041's {@link swapForeground}, grown where SAM
 * sees more of it, decision 060's {@link wholeFront}), without what the redesign removes itself (a
 * coffee table swapped too, and what rests on it).
 */
async function keepFronts(
  image: Raster,
  parse: RoomParse,
  pieces: SwapPiece[],
  segmenter: Segmenter | null,
): Promise<void> {
  const { width } = parse;
  const boxes = new Map<SwapPiece, Box>();
  const fronts: (SwapForeground | null)[] = [];
  for (const piece of pieces) {
    const box = boxOf(piece.size);
    if (box) boxes.set(piece, rectOf(box));
    const front = box
      ? swapForeground(image, parse, piece.mask, piece.window, box.y + box.height - 0.5)
      : null;
    // Where SAM is installed, each front object whole where the parse gave part of it to the piece.
    fronts.push(
      front && segmenter?.method === 'sam'
        ? await wholeFront(image, front, piece.mask, piece.window, segmenter)
        : front,
    );
  }
  // A front part of one piece lying within another swapped piece's box is that piece's (the
  // foot of a drum coffee table the parse calls a tray): it goes with it, not laid back.
  pieces.forEach((piece, k) => {
    const front = fronts[k];
    if (front) for (const object of parse.objects) adoptPart(object, front.mask, piece, boxes);
  });
  pieces.forEach((piece, k) => {
    const front = fronts[k];
    if (!front) return;
    const ww = piece.window.x1 - piece.window.x0 + 1;
    let any = false;
    for (let y = piece.window.y0; y <= piece.window.y1; y++) {
      for (let x = piece.window.x0; x <= piece.window.x1; x++) {
        const i = y * width + x;
        const at = (y - piece.window.y0) * ww + (x - piece.window.x0);
        if (pieces.some((other) => other !== piece && other.mask.data[i])) {
          front.mask.data[i] = 0;
          front.matte[at] = 0;
        } else if (front.mask.data[i]) any = true;
      }
    }
    if (any) piece.front = front;
  });
}

/** Share of a part's pixels within a box for it to belong to the piece of that box. */
const PART_INSIDE = 0.75;

/**
 * Adds `object` to the removal mask of another piece whose box (`boxes`, by piece) holds it, when
 * it is not furniture of its own, lies mostly in `front` (what stands in front of `piece`) and at
 * least {@link PART_INSIDE} of it lies within that box.
 */
function adoptPart(
  object: RoomParse['objects'][number],
  front: Mask,
  piece: SwapPiece,
  boxes: ReadonlyMap<SwapPiece, Box>,
): void {
  if (object.classId === ADE.rug || STANDING.has(object.classId)) return;
  const { width } = front;
  const { box } = object;
  // Only boxes that can hold enough of it are looked at (the object's mask is read lazily).
  const owners = [...boxes].filter(([other, held]) => {
    const w = Math.min(box.x + box.width, held.x1 + 1) - Math.max(box.x, held.x0);
    const h = Math.min(box.y + box.height, held.y1 + 1) - Math.max(box.y, held.y0);
    return other !== piece && w > 0 && h > 0 && w * h >= PART_INSIDE * object.area;
  });
  if (owners.length === 0) return;
  let inFront = 0;
  for (let y = box.y; y < box.y + box.height; y++) {
    for (let x = box.x; x < box.x + box.width; x++) {
      const i = y * width + x;
      if (object.mask.data[i] && front.data[i]) inFront++;
    }
  }
  if (inFront < 0.5 * object.area) return;
  for (const [other, held] of owners) {
    let inside = 0;
    for (let y = Math.max(box.y, held.y0); y <= Math.min(box.y + box.height - 1, held.y1); y++) {
      for (let x = Math.max(box.x, held.x0); x <= Math.min(box.x + box.width - 1, held.x1); x++) {
        inside += object.mask.data[y * width + x] ?? 0;
      }
    }
    if (inside < PART_INSIDE * object.area) continue;
    for (let y = box.y; y < box.y + box.height; y++) {
      for (let x = box.x; x < box.x + box.width; x++) {
        const i = y * width + x;
        if (object.mask.data[i]) other.mask.data[i] = 1;
      }
    }
    return;
  }
}

/**
 * The part of a piece's removal mask that sizes its replacement: down to the detector's outline's
 * lowest row and a little below (legs, the contact itself). The removal grows down through legs
 * and contact shadow, and through a dark rug or pouf in front of the piece too: standing on that
 * row drew the new piece nearer the camera, so far too large (decision 036's neutral-sofa).
 */
function sizingMask(mask: Mask, outline: readonly { x: number; y: number }[]): Mask {
  const { width, height } = mask;
  let last = 0;
  for (const point of outline) last = Math.max(last, point.y);
  last += Math.max(2, Math.round(CONTACT_BELOW * height));
  const data = new Uint8Array(mask.data);
  if (last + 1 < height) data.fill(0, (last + 1) * width);
  return anySet({ width, height, data }) ? { width, height, data } : mask;
}

/** How far below its outline (share of the image height) a piece's floor contact may lie. */
const CONTACT_BELOW = 0.01;

function productItem(
  product: PlacementProduct,
  role: 'swap' | 'decor',
  region: AppliedRegion,
): AppliedItem {
  return { kind: 'product', id: product.id, colour: product.colour, role, region };
}

/** Where `after` differs from `before` by more than {@link CHANGED} levels: share and box. */
export function changedRegion(before: Raster, after: Raster): AppliedRegion {
  const { width, height } = after;
  const a = after.data;
  const b = before.data;
  let changed = 0;
  let x0 = width;
  let y0 = height;
  let x1 = -1;
  let y1 = -1;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const p = (y * width + x) * 4;
      if (
        Math.abs((a[p] ?? 0) - (b[p] ?? 0)) > CHANGED ||
        Math.abs((a[p + 1] ?? 0) - (b[p + 1] ?? 0)) > CHANGED ||
        Math.abs((a[p + 2] ?? 0) - (b[p + 2] ?? 0)) > CHANGED
      ) {
        changed++;
        if (x < x0) x0 = x;
        if (x > x1) x1 = x;
        if (y < y0) y0 = y;
        if (y > y1) y1 = y;
      }
    }
  }
  const box =
    changed === 0
      ? { x: 0, y: 0, width: 0, height: 0 }
      : { x: x0, y: y0, width: x1 - x0 + 1, height: y1 - y0 + 1 };
  return { share: Math.round((changed / (width * height)) * 10_000) / 10_000, box };
}

/**
 * The surface behind each hole pixel: wall above the room's wall–floor line, floor below it. The
 * line is the parse's, interpolated across the columns where furniture hides it (and held level
 * beyond its ends); ceiling stays ceiling. Null when the parse sees no wall–floor line at all.
 */
function surfacesBehind(hole: Mask, parse: RoomParse): Uint8Array | null {
  const { width, height } = hole;
  const line = interpolatedLine(parse.wallFloorLine);
  if (!line) return null;
  const out = new Uint8Array(hole.data.length);
  const isFloor = (label: number) => label === ADE.floor || label === ADE.rug;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (!hole.data[y * width + x]) continue;
      // A run of the hole along this row: what the room shows on either side of it at this
      // height says what lies behind (floor on a side: an open room seen past the piece); when
      // neither side is floor, wall above the wall–floor line and floor below it.
      let end = x;
      while (end < width && hole.data[y * width + end]) end++;
      const left = x > 0 ? (parse.labels[y * width + x - 1] ?? 0) : 0;
      const right = end < width ? (parse.labels[y * width + end] ?? 0) : 0;
      const sideFloor = isFloor(left) || isFloor(right);
      const ceiling = left === ADE.ceiling && right === ADE.ceiling;
      for (let c = x; c < end; c++) {
        const below = y >= (line[c] ?? 0);
        out[y * width + c] = ceiling
          ? SURFACE_CEILING
          : sideFloor || below
            ? SURFACE_FLOOR
            : SURFACE_WALL;
      }
      x = end;
    }
  }
  return out;
}

/** The removal works on at most this many pixels (the photo box-shrunk by a whole factor). */
const REMOVAL_MAX_PIXELS = 250_000;

/**
 * The structure-aware fill of `hole`, shrunk on large images: the walls and floor are repainted
 * and relaid over it, keeping only its smooth shading, so a finer fill would cost seconds for
 * nothing. The photo is box-shrunk by the smallest whole factor that brings it to
 * {@link REMOVAL_MAX_PIXELS}; only hole pixels change, upsampled bilinearly. `rug` marks the hole
 * pixels the fill took from the rug round it (nearest, at full size).
 */
function removeShrunk(
  image: Raster,
  pieces: Mask,
  parse: RoomParse,
  options: VariantOptions,
): { image: Raster; hole: Mask; rug: Uint8Array } {
  const { width, height } = image;
  const fill = (img: Raster, mask: Mask, scene: Parameters<typeof planRemoval>[2]) => {
    const plan = planRemoval(img, mask, scene);
    const filled = inpaint(img, plan.hole, {
      seed: options.seed,
      variant: options.variant,
      ...(plan.structure ? { structure: plan.structure } : {}),
    });
    // The wall's own light across the hole, as removeElements gives it (decision 043): the
    // exemplar fill alone left the top of a tall sofa's hole paler than the wall above it, and
    // the paint, which keeps the light it paints over, a white band above a lower new sofa.
    const shaded = plan.structure
      ? shadeWallFill(img, filled, plan.hole, plan.structure.surfaces, SURFACE_WALL, 2)
      : filled;
    const surfaces = plan.structure?.surfaces;
    const rug = new Uint8Array(plan.hole.data.length);
    for (let i = 0; i < rug.length; i++) {
      if (plan.hole.data[i] && surfaces?.[i] === SURFACE_RUG) rug[i] = 1;
    }
    return { image: shaded, hole: plan.hole, rug };
  };
  const f = Math.ceil(Math.sqrt((width * height) / REMOVAL_MAX_PIXELS));
  if (f <= 1) return fill(image, pieces, parse);
  const hole = pieces;
  const w = Math.floor(width / f);
  const h = Math.floor(height / f);
  const small: Raster = { width: w, height: h, data: new Uint8ClampedArray(w * h * 4) };
  const smallHole: Mask = { width: w, height: h, data: new Uint8Array(w * h) };
  const labels = new Uint8Array(w * h);
  const sums = new Float64Array(4);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const o = y * w + x;
      let any = 0;
      sums.fill(0);
      for (let dy = 0; dy < f; dy++) {
        for (let dx = 0; dx < f; dx++) {
          const i = (f * y + dy) * width + f * x + dx;
          for (let c = 0; c < 4; c++) sums[c] = (sums[c] ?? 0) + (image.data[i * 4 + c] ?? 0);
          any |= hole.data[i] ?? 0;
        }
      }
      for (let c = 0; c < 4; c++) small.data[o * 4 + c] = (sums[c] ?? 0) / (f * f);
      smallHole.data[o] = any;
      labels[o] = parse.labels[(f * y + (f >> 1)) * width + f * x + (f >> 1)] ?? 0;
    }
  }
  const line = new Float32Array(w);
  for (let x = 0; x < w; x++) {
    line[x] = ((parse.wallFloorLine[f * x + (f >> 1)] ?? Number.NaN) + 0.5) / f - 0.5;
  }
  const done = fill(small, smallHole, { width: w, height: h, labels, wallFloorLine: line });
  const filled = done.image;
  // The hole as planned small (grown over the pieces' halo and shadow), at full size.
  const grown: Mask = { width, height, data: new Uint8Array(width * height) };
  const rug = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const at = Math.min(h - 1, Math.floor(y / f)) * w + Math.min(w - 1, Math.floor(x / f));
      grown.data[i] = hole.data[i] || done.hole.data[at] ? 1 : 0;
      rug[i] = grown.data[i] ? (done.rug[at] ?? 0) : 0;
    }
  }
  const out: Raster = { width, height, data: new Uint8ClampedArray(image.data) };
  for (let y = 0; y < height; y++) {
    const fy = Math.min(h - 1, Math.max(0, (y + 0.5) / f - 0.5));
    const y0 = Math.floor(fy);
    const y1 = Math.min(h - 1, y0 + 1);
    const ty = fy - y0;
    for (let x = 0; x < width; x++) {
      if (!grown.data[y * width + x]) continue;
      const fx = Math.min(w - 1, Math.max(0, (x + 0.5) / f - 0.5));
      const x0 = Math.floor(fx);
      const x1 = Math.min(w - 1, x0 + 1);
      const tx = fx - x0;
      for (let c = 0; c < 3; c++) {
        const at = (xx: number, yy: number) => filled.data[(yy * w + xx) * 4 + c] ?? 0;
        const top = at(x0, y0) + tx * (at(x1, y0) - at(x0, y0));
        const bottom = at(x0, y1) + tx * (at(x1, y1) - at(x0, y1));
        out.data[(y * width + x) * 4 + c] = top + ty * (bottom - top);
      }
    }
  }
  return { image: out, hole: grown, rug };
}

/**
 * Share of the columns the wall–floor line must be seen in to be continued behind the removed
 * pieces. A room whose furniture stands along most of its walls shows little of it (plants-bright:
 * 4.6% of the columns); without a line the uncovered wall kept the removal's fill, unpainted.
 */
const MIN_LINE_SHARE = 0.02;

/** The line with its gaps (NaN) filled linearly between known rows, level past its ends. */
function interpolatedLine(line: Float32Array): Float32Array | null {
  const known: number[] = [];
  for (let x = 0; x < line.length; x++) if (Number.isFinite(line[x])) known.push(x);
  if (known.length < Math.max(8, MIN_LINE_SHARE * line.length)) return null;
  const out = new Float32Array(line.length);
  let k = 0;
  for (let x = 0; x < line.length; x++) {
    while (k + 1 < known.length && (known[k + 1] ?? 0) <= x) k++;
    const a = known[k] ?? 0;
    const b = known[Math.min(known.length - 1, k + 1)] ?? a;
    const ya = line[a] ?? 0;
    const yb = line[b] ?? ya;
    out[x] = x <= a || b === a ? ya : x >= b ? yb : ya + ((x - a) / (b - a)) * (yb - ya);
  }
  return out;
}

/** How far above a removed piece (a share of the image height) its shade on the wall reaches. */
const WALL_SHADE_REACH = 0.02;

/**
 * Adds to the pieces' mask the wall just above them: the old piece's soft shade on the wall
 * behind it. Left out, it stayed as a darker strip over the fill, which is lit as the open wall
 * is, and above a lower new sofa the paint showed the pale fill as a band under that strip,
 * with the old cushions' outline as its top edge (living-room-1).
 */
function takeWallShade(pieces: Mask, parse: RoomParse): void {
  const { width, height, data } = pieces;
  const reach = Math.max(2, Math.round(WALL_SHADE_REACH * height));
  for (let x = 0; x < width; x++) {
    let top = -1;
    for (let y = 0; y < height && top < 0; y++) if (data[y * width + x]) top = y;
    for (let y = top - 1; top > 0 && y >= Math.max(0, top - reach); y--) {
      const i = y * width + x;
      if (parse.labels[i] !== ADE.wall) break;
      data[i] = 1;
    }
  }
}

function unionOf(masks: readonly Mask[]): Mask {
  const first = masks[0] as Mask;
  const data = new Uint8Array(first.data.length);
  for (const mask of masks) for (let i = 0; i < data.length; i++) if (mask.data[i]) data[i] = 1;
  return { width: first.width, height: first.height, data };
}

/** Adds the pixels of `extra` (where a removed piece stood) to a surface's mask and matte. */
function extendInto(mask: Mask, matte: Uint8Array, extra: Uint8Array | null): void {
  if (!extra) return;
  for (let i = 0; i < extra.length; i++) {
    if (!extra[i]) continue;
    mask.data[i] = 1;
    matte[i] = 255;
  }
}

function anySet(mask: Mask): boolean {
  for (let i = 0; i < mask.data.length; i++) if (mask.data[i]) return true;
  return false;
}

/**
 * The piece to swap: the outline filled, together with the parse objects it mostly covers (so
 * the whole piece goes, not the part the outline caught), minus windows and doors, grown a
 * little so its edge goes too. Null when the outline covers nothing.
 */
export function pieceMask(
  parse: RoomParse,
  outline: readonly { x: number; y: number }[],
): Mask | null {
  return pieceOf(parse, outline)?.mask ?? null;
}

/** Share of the piece's box bottom that counts as its legs and contact shadow. */
const LEG_BAND = 0.4;
/** How far past its outline's box (share of its size) a piece's parse pixels may reach. */
const PIECE_MARGIN = 0.08;
/**
 * Share of its parse regions' pixels a piece must hold near its outline: less, and the region is
 * its neighbours' too (two armchairs and their side table, dining chairs and their table), so the
 * piece is kept. Measured: a piece alone holds 0.97–1 of its regions, one joined to its
 * neighbours 0.76–0.82 (living-room-beige-armchairs).
 */
const MIN_OWN_SHARE = 0.9;
/** Share of a region near the piece for the region to go whole with it. */
const WHOLE_SHARE = 0.75;

/**
 * The piece to swap (see {@link pieceMask}) and whether it may be swapped: not when its floor
 * contact is cut by the bottom of the frame or it is cut by two frame edges, nor when nearer
 * furniture (its base lower in the image) stands over it — a product has no occlusion, so it
 * would be drawn over what stands in front. The mask takes in the lower part of the box of each
 * parse object it holds, down to the floor contact and a few px below (legs the parse missed,
 * the contact shadow), without the pixels of the other objects.
 */
export function pieceOf(
  parse: RoomParse,
  outline: readonly { x: number; y: number }[],
  image?: Raster,
): { mask: Mask; blocked: string | null } | null {
  if (outline.length < 3) return null;
  const { width, height } = parse;
  const mask = fillPolygon(outline, width, height);
  const own = boxOf(mask);
  if (!own) return null;
  // One piece: a member's pixels count only near the outline's box. The parse may give two
  // armchairs and the table between them one region, or dining chairs and their table.
  const padX = Math.round(PIECE_MARGIN * own.width);
  const padY = Math.round(PIECE_MARGIN * own.height);
  const near = {
    x0: Math.max(0, own.x - padX),
    y0: Math.max(0, own.y - padY),
    x1: Math.min(width - 1, own.x + own.width - 1 + padX),
    y1: Math.min(height - 1, own.y + own.height - 1 + padY),
  };
  /** What the piece's mask may reach: near its outline, and the whole of its own regions. */
  const reach = { ...near };
  const members: typeof parse.objects = [];
  const others: typeof parse.objects = [];
  let memberArea = 0;
  let memberNear = 0;
  let outlineArea = 0;
  for (let i = 0; i < mask.data.length; i++) outlineArea += mask.data[i] ?? 0;
  // The outline a small part of a larger region: its neighbours' region, not its own.
  let inOthers = false;
  for (const object of parse.objects) {
    let inside = 0;
    const { box } = object;
    for (let y = box.y; y < box.y + box.height; y++) {
      for (let x = box.x; x < box.x + box.width; x++) {
        const i = y * width + x;
        if (object.mask.data[i] && mask.data[i]) inside++;
      }
    }
    if (inside < 0.35 * object.area) {
      if (STANDING.has(object.classId) && inside >= MIN_OWN_SHARE * outlineArea) inOthers = true;
      others.push(object);
      continue;
    }
    members.push(object);
    memberArea += object.area;
    let own = 0;
    for (let y = Math.max(box.y, near.y0); y <= Math.min(box.y + box.height - 1, near.y1); y++) {
      for (let x = Math.max(box.x, near.x0); x <= Math.min(box.x + box.width - 1, near.x1); x++) {
        if (object.mask.data[y * width + x]) own++;
      }
    }
    memberNear += own;
    // A region mostly near the piece is its own (an arm past the detector's box, the small table
    // it holds) and goes whole; of one that reaches far, only what lies near the piece.
    const whole = own >= WHOLE_SHARE * object.area;
    if (whole) {
      reach.x0 = Math.min(reach.x0, box.x);
      reach.y0 = Math.min(reach.y0, box.y);
      reach.x1 = Math.max(reach.x1, box.x + box.width - 1);
    }
    for (let y = box.y; y < box.y + box.height; y++) {
      for (let x = box.x; x < box.x + box.width; x++) {
        const i = y * width + x;
        const isNear = x >= near.x0 && x <= near.x1 && y >= near.y0 && y <= near.y1;
        if (object.mask.data[i] && (whole || isNear)) mask.data[i] = 1;
      }
    }
  }
  // What the parse could not part from its neighbours stays: removing it would cut them.
  const tangled = inOthers || (memberArea > 0 && memberNear < MIN_OWN_SHARE * memberArea);
  // What the other objects hold stays theirs.
  const theirs = new Uint8Array(width * height);
  for (const object of others) {
    if (object.classId === ADE.rug) continue;
    const { box } = object;
    for (let y = box.y; y < box.y + box.height; y++) {
      for (let x = box.x; x < box.x + box.width; x++) {
        const i = y * width + x;
        if (object.mask.data[i]) theirs[i] = 1;
      }
    }
  }
  // Legs and contact shadow: the lower band of each member's box, and a few px under it.
  const below = Math.max(2, Math.round(0.01 * height));
  for (const { box } of [...members, { box: boxOf(mask) }]) {
    if (!box || box.height <= 0) continue;
    const top = box.y + Math.floor((1 - LEG_BAND) * box.height);
    const bottom = Math.min(height - 1, box.y + box.height - 1 + below);
    for (let y = Math.max(top, reach.y0); y <= bottom; y++) {
      for (let x = Math.max(box.x, reach.x0); x <= Math.min(box.x + box.width - 1, reach.x1); x++) {
        const i = y * width + x;
        if (!theirs[i]) mask.data[i] = 1;
      }
    }
  }
  if (image) growToContact(mask, image, parse, theirs);
  const grown = dilateMask(mask, Math.max(2, Math.round(0.004 * Math.max(width, height))));
  // The grown mask stays near the piece too (the legs band aside, which is below it).
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (x < reach.x0 || x > reach.x1 || y < reach.y0) grown.data[y * width + x] = 0;
    }
  }
  const openings = parse.classMask(OPENINGS).data;
  let any = false;
  for (let i = 0; i < grown.data.length; i++) {
    if (openings[i] || theirs[i]) grown.data[i] = 0;
    else if (grown.data[i]) any = true;
  }
  if (!any) return null;
  return {
    mask: grown,
    blocked: tangled
      ? 'one region with its neighbours'
      : swapBlocked(parse, boxOf(fillPolygon(outline, width, height)), others, mask),
  };
}

/** Luminance difference from the floor beside it above which a pixel under a piece is a leg. */
const LEG_CONTRAST = 35;

/**
 * Thin legs the parse calls floor: from the bottom of each column of the piece, down through
 * pixels unlike the floor beside the piece at that row (the mean of the floor pixels within a
 * piece width left and right of it), gaps of 2 px allowed, at most ¾ of the piece's larger side.
 */
function growToContact(mask: Mask, image: Raster, parse: RoomParse, theirs: Uint8Array): void {
  const box = boxOf(mask);
  if (!box) return;
  const { width, height } = mask;
  const lum = (i: number) =>
    0.299 * (image.data[i * 4] ?? 0) +
    0.587 * (image.data[i * 4 + 1] ?? 0) +
    0.114 * (image.data[i * 4 + 2] ?? 0);
  // A table's legs are long under a thin top: the reach goes by its larger side.
  const reach = Math.round(0.75 * Math.max(box.width, box.height));
  const last = Math.min(height - 1, box.y + box.height - 1 + reach);
  const reference = new Float32Array(height).fill(Number.NaN);
  for (let y = box.y; y <= last; y++) {
    let sum = 0;
    let n = 0;
    const from = Math.max(0, box.x - box.width);
    const to = Math.min(width - 1, box.x + 2 * box.width);
    for (let x = from; x <= to; x++) {
      if (x >= box.x && x < box.x + box.width) continue;
      const i = y * width + x;
      if (parse.labels[i] !== ADE.floor) continue;
      sum += lum(i);
      n++;
    }
    if (n >= 8) reference[y] = sum / n;
  }
  for (let x = box.x; x < box.x + box.width; x++) {
    let bottom = -1;
    for (let y = box.y + box.height - 1; y >= box.y; y--) {
      if (mask.data[y * width + x]) {
        bottom = y;
        break;
      }
    }
    if (bottom < 0) continue;
    let gap = 0;
    const add: number[] = [];
    for (let y = bottom + 1; y <= last; y++) {
      const i = y * width + x;
      const ref = reference[y] ?? Number.NaN;
      // A rug under the piece is not its leg: it stays.
      if (theirs[i] || parse.labels[i] === ADE.rug || !Number.isFinite(ref)) break;
      if (Math.abs(lum(i) - ref) > LEG_CONTRAST) {
        gap = 0;
        add.push(i);
      } else if (++gap > 2) break;
    }
    for (const i of add) mask.data[i] = 1;
    // Fill the gaps between the added pixels too.
    if (add.length > 0) {
      for (let i = bottom * width + x; i <= (add[add.length - 1] ?? 0); i += width)
        mask.data[i] = 1;
    }
  }
}

function boxOf(mask: Mask): { x: number; y: number; width: number; height: number } | null {
  const { width, height } = mask;
  let x0 = width;
  let y0 = height;
  let x1 = -1;
  let y1 = -1;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (!mask.data[y * width + x]) continue;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
    }
  }
  return x1 < 0 ? null : { x: x0, y: y0, width: x1 - x0 + 1, height: y1 - y0 + 1 };
}

/** Share of a piece's pixels nearer furniture may stand over before the piece is kept. */
const MAX_OCCLUDED = 0.12;

/** Why the piece must be kept rather than swapped, or null when it may be swapped. */
function swapBlocked(
  parse: RoomParse,
  box: { x: number; y: number; width: number; height: number } | null,
  others: RoomParse['objects'],
  piece: Mask,
): string | null {
  if (!box) return 'empty';
  const { width, height } = parse;
  const edge = Math.max(2, Math.round(0.01 * Math.max(width, height)));
  const left = box.x <= edge;
  const right = box.x + box.width - 1 >= width - 1 - edge;
  const top = box.y <= edge;
  const bottom = box.y + box.height - 1 >= height - 1 - edge;
  if (bottom) return 'floor contact out of frame';
  if ([left, right, top].filter(Boolean).length >= 2) return 'cut by the frame';
  // Nearer furniture over it: an object standing lower in the image whose pixels lie in its box.
  const base = box.y + box.height - 1;
  let area = 0;
  for (let i = 0; i < piece.data.length; i++) area += piece.data[i] ?? 0;
  let covered = 0;
  for (const object of others) {
    if (object.classId === ADE.rug || !STANDING.has(object.classId)) continue;
    const b = object.box;
    if (b.y + b.height - 1 <= base + Math.round(0.02 * box.height)) continue;
    for (let y = Math.max(b.y, box.y); y < Math.min(b.y + b.height, box.y + box.height); y++) {
      for (let x = Math.max(b.x, box.x); x < Math.min(b.x + b.width, box.x + box.width); x++) {
        if (object.mask.data[y * width + x]) covered++;
      }
    }
  }
  return area > 0 && covered > MAX_OCCLUDED * area ? 'behind nearer furniture' : null;
}

/** Furniture that stands on the floor (and so can stand in front of a piece). */
const STANDING = new Set<number>([
  ADE.table,
  ADE.chair,
  ADE.sofa,
  ADE.armchair,
  ADE.seat,
  ADE.desk,
  ADE.bed,
  ADE.cabinet,
  ADE.chest,
  ADE.shelf,
  ADE.wardrobe,
  ADE.counter,
]);

/**
 * Every pixel that is not free: furniture and decor objects (rugs only `withRugs`), windows,
 * doors, curtains.
 */
function occupiedMask(parse: RoomParse, withRugs: boolean): Mask {
  const { width, height } = parse;
  const data = new Uint8Array(width * height);
  for (const object of parse.objects) {
    if (!withRugs && object.classId === ADE.rug) continue;
    const { box } = object;
    for (let y = box.y; y < box.y + box.height; y++) {
      for (let x = box.x; x < box.x + box.width; x++) {
        const i = y * width + x;
        if (object.mask.data[i]) data[i] = 1;
      }
    }
  }
  const openings = parse.classMask(OPENINGS).data;
  for (let i = 0; i < data.length; i++) if (openings[i]) data[i] = 1;
  return dilateMask(
    { width, height, data },
    Math.max(3, Math.round(0.006 * Math.max(width, height))),
  );
}

/**
 * Besides furniture, what a new lamp or plant may not stand before the middle of: the lamps and
 * plants already on the floor, and a fireplace, whose front a room keeps clear.
 */
const KEPT_CLEAR = new Set<number>([ADE.lamp, ADE.plant, ADE.fireplace]);

/** The box of something in the room, and whether it is furniture standing on the floor. */
interface Obstacle extends Rect {
  stands: boolean;
}

/** Boxes of what is in the room (a rug lies flat: it hides nothing). */
function obstaclesOf(parse: RoomParse): Obstacle[] {
  return parse.objects
    .filter((object) => object.classId !== ADE.rug)
    .map((object) => ({
      x0: object.box.x,
      y0: object.box.y,
      x1: object.box.x + object.box.width - 1,
      y1: object.box.y + object.box.height - 1,
      stands: STANDING.has(object.classId) || KEPT_CLEAR.has(object.classId),
    }));
}

const rectOf = (box: AppliedRegion['box']): Rect => ({
  x0: box.x,
  y0: box.y,
  x1: box.x + box.width - 1,
  y1: box.y + box.height - 1,
});

function markBox(mask: Mask, box: AppliedRegion['box']): void {
  for (let y = box.y; y < box.y + box.height; y++) {
    mask.data.fill(1, y * mask.width + box.x, y * mask.width + box.x + box.width);
  }
}

interface Rect {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

function rectMask(width: number, height: number, r: Rect): Mask {
  const data = new Uint8Array(width * height);
  for (let y = Math.max(0, r.y0); y <= Math.min(height - 1, r.y1); y++) {
    data.fill(1, y * width + Math.max(0, r.x0), y * width + Math.min(width - 1, r.x1) + 1);
  }
  return { width, height, data };
}

/** Share of the rectangle's pixels where `test` holds. */
function shareWhere(width: number, r: Rect, test: (i: number) => boolean): number {
  let yes = 0;
  let all = 0;
  for (let y = r.y0; y <= r.y1; y++) {
    for (let x = r.x0; x <= r.x1; x++) {
      all++;
      if (test(y * width + x)) yes++;
    }
  }
  return all > 0 ? yes / all : 0;
}

/** The image box of a product of these real dimensions standing on the floor at (u, v). */
function standingBox(
  camera: RoomCamera,
  u: number,
  v: number,
  size: PlacementProduct['dimensions'],
): Rect | null {
  const foot = floorPointAt(camera, u, v);
  if (!foot) return null;
  const corners: [number, number][] = [];
  for (const dx of [-0.5, 0.5]) {
    for (const dz of [-0.5, 0.5]) {
      for (const h of [0, size.height]) {
        const p = projectToImage(camera, [
          foot[0] + dx * size.width,
          h,
          foot[2] + dz * size.depth - size.depth / 2,
        ]);
        if (!p) return null;
        corners.push(p);
      }
    }
  }
  const xs = corners.map((c) => c[0]);
  const ys = corners.map((c) => c[1]);
  return {
    x0: Math.round(Math.min(...xs)),
    y0: Math.round(Math.min(...ys)),
    x1: Math.round(Math.max(...xs)),
    y1: Math.round(v),
  };
}

/**
 * A free spot on the floor for a standing piece of decor (or a rug): a box of the product's
 * projected size whose footprint is floor and which covers no furniture, opening or earlier
 * product. Plants and lamps stand near the wall, at the sides of the room (the side alternates
 * with `turn`); a rug lies in the open floor nearest the middle. Null when there is none.
 */
function floorSpot(
  parse: RoomParse,
  taken: Mask,
  obstacles: readonly Obstacle[],
  product: PlacementProduct,
  turn: number,
): Mask | null {
  const { width, height } = parse;
  const floor = parse.classMask([ADE.floor, ADE.rug]).data;
  const free = (i: number) => !taken.data[i];
  const camera = parse.camera;
  const rug = product.category === 'rug';
  const wallLine = interpolatedLine(parse.wallFloorLine);
  const candidates: { u: number; v: number; cost: number }[] = [];
  const columns = 24;
  const rows = 16;
  const first = camera.horizonY + 0.05 * (height - camera.horizonY);
  for (let k = 1; k < columns; k++) {
    const u = Math.round((k / columns) * width);
    for (let r = 0; r <= rows; r++) {
      const t = r / rows;
      const v = Math.round(first + t * (height - 2 - first));
      // Only where the photo shows free floor under the spot.
      const at = v * width + Math.min(width - 1, u);
      if (floor[at] !== 1 || taken.data[at]) continue;
      const side = u / width;
      const cost = rug
        ? Math.abs(side - 0.5) + Math.abs(t - 0.6)
        : (turn % 2 === 0 ? side : 1 - side) + 0.6 * t;
      candidates.push({ u, v, cost });
    }
  }
  candidates.sort((a, b) => a.cost - b.cost);
  // First a spot in the clear; only then one in front of something further back.
  for (const clear of [true, false]) {
    const spot = firstSpot(clear);
    if (spot) return spot;
  }
  return null;

  function firstSpot(clear: boolean): Mask | null {
    for (const { u, v } of candidates) {
      const box = standingBox(camera, u, v, product.dimensions);
      if (!box) continue;
      if (box.x0 < 0 || box.x1 >= width || box.y0 < 0 || box.y1 >= height) continue;
      const w = box.x1 - box.x0 + 1;
      const h = box.y1 - box.y0 + 1;
      if (w < 0.03 * width || h < 0.03 * height) continue;
      // What stands on the floor is its base, not its box: a plant's leaves or a lamp's shade
      // may reach over the wall or a sofa's arm behind it, its pot may not stand on them.
      const base = baseSamples(camera, u, v, product.dimensions, width, height);
      if (shareOf(base, (i) => floor[i] === 1) < 0.92) continue;
      if (shareOf(base, free) < 0.98) continue;
      // A rug lies flat on free floor: it stands in front of nothing.
      if (rug) return rectMask(width, height, box);
      if (!wallLine || wallGap(camera, wallLine, u, v, product.dimensions.depth) > NEAR_WALL) {
        continue;
      }
      if (hidesSomethingInFront(box, obstacles)) continue;
      if (clear && obstacles.some((o) => overlaps(o, box))) continue;
      // Even in front of something further back, it may only overlap the edge of a piece of
      // furniture (a lamp before the middle of a sofa reads as misplaced); what hangs on or leans
      // against the wall behind it (a painting, a vase the parse found on it) it may hide.
      if (!clear && obstacles.some((o) => o.stands && overlapShare(o, box) > 0.25)) continue;
      return rectMask(width, height, box);
    }
    return null;
  }
}

/**
 * How far from the wall (cm) a plant or a lamp may stand: a person puts one against the wall or
 * in a corner, beside the furniture, not out in the open floor where people walk.
 */
const NEAR_WALL = 60;

/**
 * The floor distance (cm) from the back of a base whose front edge is at (u, v) to the wall
 * behind it: the wall–floor line (`line`, per column, its gaps filled) in the column of the
 * base's back. Infinity where that is not on the floor in view.
 */
function wallGap(
  camera: RoomCamera,
  line: Float32Array,
  u: number,
  v: number,
  depth: number,
): number {
  const foot = floorPointAt(camera, u, v);
  if (!foot) return Infinity;
  const back: [number, number, number] = [foot[0], 0, foot[2] - depth];
  const seen = projectToImage(camera, back);
  if (!seen) return Infinity;
  const column = Math.min(line.length - 1, Math.max(0, Math.round(seen[0])));
  const wall = floorPointAt(camera, column, line[column] ?? NaN);
  if (!wall) return Infinity;
  return Math.hypot(wall[0] - back[0], wall[2] - back[2]);
}

/** Points across a product's base on the floor, per side (a grid of this many squared). */
const BASE_SAMPLES = 7;

/**
 * The pixels (index, or -1 out of frame) under a grid of points across the base of a product of
 * these real dimensions standing on the floor at (u, v): its footprint as the photo shows it,
 * from its front edge on row v back by its depth, as {@link standingBox} places it.
 */
function baseSamples(
  camera: RoomCamera,
  u: number,
  v: number,
  size: PlacementProduct['dimensions'],
  width: number,
  height: number,
): number[] {
  const foot = floorPointAt(camera, u, v);
  if (!foot) return [];
  const samples: number[] = [];
  for (let a = 0; a < BASE_SAMPLES; a++) {
    for (let b = 0; b < BASE_SAMPLES; b++) {
      const p = projectToImage(camera, [
        foot[0] + (a / (BASE_SAMPLES - 1) - 0.5) * size.width,
        0,
        foot[2] - (b / (BASE_SAMPLES - 1)) * size.depth,
      ]);
      const x = p ? Math.round(p[0]) : -1;
      const y = p ? Math.min(Math.round(p[1]), v) : -1;
      samples.push(x >= 0 && x < width && y >= 0 && y < height ? y * width + x : -1);
    }
  }
  return samples;
}

/** Share of the samples in frame where `test` holds (a sample out of frame fails it). */
function shareOf(samples: readonly number[], test: (i: number) => boolean): number {
  let yes = 0;
  for (const i of samples) if (i >= 0 && test(i)) yes++;
  return samples.length > 0 ? yes / samples.length : 0;
}

/** The overlap of two boxes as a share of the smaller one. */
function overlapShare(a: Rect, b: Rect): number {
  const w = Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0) + 1;
  const h = Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0) + 1;
  if (w <= 0 || h <= 0) return 0;
  const area = (r: Rect) => (r.x1 - r.x0 + 1) * (r.y1 - r.y0 + 1);
  return (w * h) / Math.min(area(a), area(b));
}

const overlaps = (a: Rect, b: Rect) => a.x0 <= b.x1 && a.x1 >= b.x0 && a.y0 <= b.y1 && a.y1 >= b.y0;

/**
 * Whether a standing product in `box` would be drawn over something that stands in front of it
 * (its base lower in the image than the product's): it has no occlusion, so that spot is out.
 * What stands behind it (a painting, a sofa further back) it may hide, as a real one would.
 */
function hidesSomethingInFront(box: Rect, obstacles: readonly Rect[]): boolean {
  const margin = Math.round(0.02 * (box.y1 - box.y0 + 1));
  return obstacles.some(
    (o) =>
      o.y1 > box.y1 - margin &&
      o.x0 <= box.x1 &&
      o.x1 >= box.x0 &&
      o.y0 <= box.y1 &&
      o.y1 >= box.y0,
  );
}

/**
 * The sofas and beds art may hang over, as the image shows them now: the parse's box, with the
 * top of the product swapped in for it (it may be lower or higher than the old piece); a swap
 * spans the old piece's footprint, so its columns stay the old piece's.
 */
function seatsOf(parse: RoomParse, swapped: readonly Rect[]): Seat[] {
  return parse.objects
    .filter((object) => object.classId === ADE.sofa || object.classId === ADE.bed)
    .map((object) => {
      const seat = { ...rectOf(object.box), depth: SEAT_DEPTH[object.classId] ?? 0 };
      const swap = swapped.find((box) => overlapShare(box, seat) > 0.5);
      return swap ? { ...seat, y0: swap.y0 } : seat;
    });
}

/** A sofa or a bed as the image shows it, and how deep (cm) it stands out from the wall. */
interface Seat extends Rect {
  depth: number;
}

/**
 * How far (cm) from the wall the front of a sofa, or the foot of a bed, at least stands: the
 * wall behind one is at least that far back, whatever the wall–floor line says.
 */
const SEAT_DEPTH: Partial<Record<number, number>> = { [ADE.sofa]: 80, [ADE.bed]: 190 };

/**
 * The free wall the image shows now, where art may hang: the parse's wall clear of what it
 * found, the wall the removal uncovered behind the swapped pieces (above a lower new sofa the
 * parse still says "sofa" where there is wall now), and neither under a product placed since.
 */
function freeWallNow(
  parse: RoomParse,
  taken: Mask,
  uncovered: Uint8Array | null,
  placed: readonly Rect[],
): Uint8Array {
  const free = parse.classMask([ADE.wall]).data;
  for (let i = 0; i < free.length; i++) {
    free[i] = (free[i] === 1 && !taken.data[i]) || uncovered?.[i] === 1 ? 1 : 0;
  }
  for (const box of placed) {
    for (let y = Math.max(0, box.y0); y <= Math.min(parse.height - 1, box.y1); y++) {
      free.fill(0, y * parse.width + Math.max(0, box.x0), y * parse.width + box.x1 + 1);
    }
  }
  return free;
}

/** Real distance (cm) from the top of the sofa's or bed's back to the bottom of art over it. */
const ART_ABOVE_SEAT = 25;

/**
 * Where along a sofa or bed art hangs, as a share of its width from its middle: centred, else
 * shifted (still over its middle half) where a window or a lamp beside it leaves no room.
 */
const OFF_CENTRE = [0, -0.125, 0.125, -0.25, 0.25];

/** Centre height (cm) of art hung elsewhere (no sofa or bed with free wall over it): eye level. */
const ART_EYE_LEVEL = 150;

/**
 * A free spot on a wall for wall decor (a mirror, the catalogue's art): its real size in the
 * wall's plane, all of it and a margin round it wall, clear of furniture, openings, paintings,
 * lamps, the ceiling and earlier products. Over a sofa or a bed first, centred on it with its
 * bottom {@link ART_ABOVE_SEAT} above the seat's top where that meets the wall, as a person hangs
 * it; else at eye level along the wall (the side alternates with `turn`). Null when there is none.
 */
function wallSpot(
  parse: RoomParse,
  free: Uint8Array,
  seats: readonly Seat[],
  product: PlacementProduct,
  turn: number,
): Mask | null {
  const { width } = parse;
  const line = interpolatedLine(parse.wallFloorLine);
  if (!line) return null;
  const over = [...seats].sort((a, b) => b.x1 - b.x0 - (a.x1 - a.x0));
  for (const seat of over) {
    for (const shift of OFF_CENTRE) {
      const u = Math.round((seat.x0 + seat.x1) / 2 + shift * (seat.x1 - seat.x0));
      const plane = wallBehind(parse.camera, wallPlaneAt(parse.camera, line, u), seat, u);
      const seatTop = plane && heightOnWall(parse.camera, plane, seat.y0);
      if (!plane || seatTop === null) continue;
      const centre = seatTop + ART_ABOVE_SEAT + product.dimensions.height / 2;
      const spot = freeWallRect(parse, free, plane, centre, product);
      if (spot) return spot;
    }
  }
  const columns = 16;
  const order = Array.from({ length: columns - 1 }, (_, k) => k + 1).sort((a, b) => {
    const centre = turn % 2 === 0 ? 0.4 : 0.6;
    return Math.abs(a / columns - centre) - Math.abs(b / columns - centre);
  });
  for (const k of order) {
    const plane = wallPlaneAt(parse.camera, line, Math.round((k / columns) * width));
    const spot = plane && freeWallRect(parse, free, plane, ART_EYE_LEVEL, product);
    if (spot) return spot;
  }
  return null;
}

/** A wall seen at an image column: its foot on the floor there and its direction along the floor. */
interface WallPlane {
  foot: Vec3;
  along: [number, number];
}

/**
 * The wall behind column u: its foot where the wall–floor line (`line`, gaps filled) meets the
 * floor, its direction from the line's points a few columns either side, so art hung on it
 * follows the wall's own slant and not the image's. Null where the line is not on the floor.
 */
function wallPlaneAt(camera: RoomCamera, line: Float32Array, u: number): WallPlane | null {
  const at = (x: number) => {
    const column = Math.min(line.length - 1, Math.max(0, x));
    return floorPointAt(camera, column, line[column] ?? NaN);
  };
  const step = Math.max(2, Math.round(0.02 * line.length));
  const foot = at(u);
  const left = at(u - step);
  const right = at(u + step);
  if (!foot || !left || !right) return null;
  const dx = right[0] - left[0];
  const dz = right[2] - left[2];
  const n = Math.hypot(dx, dz);
  if (n === 0) return null;
  return { foot, along: [dx / n, dz / n] };
}

/**
 * The wall moved back to at least the seat's depth behind its front (column u, the seat's
 * lowest row): where the wall–floor line is hidden by the furniture, the line the parse filled
 * in may run along a piece's foot (plants-bright at 800 px: the cabinet's), the wall a metre
 * forward and art on it twice its size.
 */
function wallBehind(
  camera: RoomCamera,
  plane: WallPlane | null,
  seat: Seat,
  u: number,
): WallPlane | null {
  const front = floorPointAt(camera, u, seat.y1);
  if (!plane || !front) return plane;
  const eye = cameraCentre(camera);
  // The wall's normal, pointing away from the camera.
  let nx = -plane.along[1];
  let nz = plane.along[0];
  if (nx * (plane.foot[0] - eye[0]) + nz * (plane.foot[2] - eye[2]) < 0) {
    nx = -nx;
    nz = -nz;
  }
  const gap = nx * (plane.foot[0] - front[0]) + nz * (plane.foot[2] - front[2]);
  if (gap >= seat.depth) return plane;
  const back = seat.depth - gap;
  return { ...plane, foot: [plane.foot[0] + back * nx, 0, plane.foot[2] + back * nz] };
}

/** The world point on the wall `along` cm from its foot, `up` cm above the floor. */
function onWall(plane: WallPlane, along: number, up: number): Vec3 {
  return [plane.foot[0] + along * plane.along[0], up, plane.foot[2] + along * plane.along[1]];
}

/**
 * The height (cm) on the wall above its foot seen at image row `row` (the top of what stands in
 * front of it): the wall hidden below that row is behind the piece. Null when the row is under
 * the wall's foot or the wall's top is out of sight.
 */
function heightOnWall(camera: RoomCamera, plane: WallPlane, row: number): number | null {
  const rowAt = (up: number) => projectToImage(camera, onWall(plane, 0, up))?.[1] ?? -Infinity;
  if (rowAt(0) < row) return null;
  let low = 0;
  let high = 400;
  if (rowAt(high) > row) return null;
  for (let k = 0; k < 20; k++) {
    const mid = (low + high) / 2;
    if (rowAt(mid) > row) low = mid;
    else high = mid;
  }
  return (low + high) / 2;
}

/**
 * The image box of the product hung flat on the wall with its centre `centre` cm above the
 * wall's foot, when it and a margin round it are wall and free (a window frame, a painting, a
 * lamp, the ceiling line or furniture in the margin rule it out). Null otherwise.
 */
function freeWallRect(
  parse: RoomParse,
  free: Uint8Array,
  plane: WallPlane,
  centre: number,
  product: PlacementProduct,
): Mask | null {
  const { width, height } = parse;
  const w = product.dimensions.width;
  const h = product.dimensions.height;
  const corners = [
    [-w / 2, centre - h / 2],
    [w / 2, centre - h / 2],
    [-w / 2, centre + h / 2],
    [w / 2, centre + h / 2],
  ].map(([along, up]) => projectToImage(parse.camera, onWall(plane, along ?? 0, up ?? 0)));
  if (corners.some((c) => !c)) return null;
  const xs = corners.map((c) => c?.[0] ?? 0);
  const ys = corners.map((c) => c?.[1] ?? 0);
  const box: Rect = {
    x0: Math.round(Math.min(...xs)),
    y0: Math.round(Math.min(...ys)),
    x1: Math.round(Math.max(...xs)),
    y1: Math.round(Math.max(...ys)),
  };
  if (box.x0 < 0 || box.x1 >= width || box.y0 < 0 || box.y1 >= height) return null;
  if (box.x1 - box.x0 < 0.03 * width) return null;
  // A margin of wall around it, so it never touches a window frame or a ceiling line.
  const m = Math.round(0.15 * (box.x1 - box.x0));
  const around: Rect = {
    x0: Math.max(0, box.x0 - m),
    y0: Math.max(0, box.y0 - m),
    x1: Math.min(width - 1, box.x1 + m),
    y1: Math.min(height - 1, box.y1 + m),
  };
  if (shareWhere(width, around, (i) => free[i] === 1) < 0.97) return null;
  return rectMask(width, height, box);
}
