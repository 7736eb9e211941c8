/**
 * The floor of a photo for the floors action, read from the room parse (scene/): exactly the
 * visible floor — under and between furniture legs, never onto objects — with its soft matte for
 * the edges. A rug stays unless the request asks to replace it. A photo that shows almost no
 * floor is refused (invalid input: the generation is refunded) rather than "floored" somewhere
 * else.
 */
import { ADE } from '../scene/ade20k';
import { labelComponents } from '../scene/objects';
import { findInnerFloor } from '../scene/inner-floor';
import { rugByItsBorder } from '../scene/rug-edge';
import type { RoomParse } from '../scene';
import { lumaAt, type Mask, type Raster } from '../raster';
import { EngineError } from '../types';
import { furnitureOnFloor, STANDING } from './floor-objects';
import { leaveFurnitureLegs } from './furniture-legs';
import { matteMask } from './matte';
import { plantFoliageOn } from './plant-foliage';

/** Less floor than this share of the photo is no floor to lay. */
const MIN_FLOOR_SHARE = 0.02;
/** Floor islands smaller than this share of the floor are the parse's mistakes (a grey cushion). */
const MIN_ISLAND_SHARE = 0.004;
/** Where the user's own mask holds less floor than this share of it, the mask is taken as is. */
const MIN_MASK_ON_FLOOR = 0.2;

export interface FloorChoice {
  /** Keep the rug (the default) or lay the new floor over it too. */
  rug?: 'keep' | 'replace';
  /** A region the user painted: the floor within it (or the region itself, if it is not floor). */
  within?: Mask;
  /**
   * The photo the parse was made from. With it, rugs, mats and a shower tray the network read as
   * floor are told apart from the floor by their colour and texture (scene/inner-floor.ts) and
   * kept like the parse's own rugs; without it only the parse's rug is known.
   */
  image?: Raster;
  /**
   * Pixels (1) of the floor's region that belong to things standing there, read from the photo
   * by SAM (ops/floor-objects.ts): never floored, whatever the parse says.
   */
  notFloor?: Uint8Array;
}

export interface FloorSurface {
  mask: Mask;
  /** 0–255 share of floor per pixel (fractional only on its edges). */
  matte: Uint8Array;
}

const noFloor = () =>
  new EngineError(
    'invalid_input',
    'No floor could be found in this photo: too little of it is visible',
  );

/** The refusal when the kept rugs cover the floor a replaced rug would have given (issue 10). */
const floorUnderRugs = () =>
  new EngineError(
    'invalid_input',
    'Too little bare floor is visible around the rugs: lay the new floor over the rugs instead',
    'floor_under_rugs',
  );

/** Pixels of the floor's widest reach that are kept (rugs and mats) rather than floored. */
function keptArea(keep: Uint8Array, reach: Uint8Array): number {
  let area = 0;
  for (let i = 0; i < keep.length; i++) if ((keep[i] ?? 0) >= 128 && (reach[i] ?? 0) >= 128) area++;
  return area;
}

/** Drops floor islands (the parse's small mistakes) from the matte, in place. */
function dropIslands(matte: Uint8Array, width: number, height: number): void {
  const hard = matteMask(matte, width, height).data;
  const { ids, count } = labelComponents(hard, width, height, new Set([1]));
  const area = new Int32Array(count + 1);
  let total = 0;
  for (let i = 0; i < hard.length; i++) {
    if (!hard[i]) continue;
    area[ids[i] ?? 0] = (area[ids[i] ?? 0] ?? 0) + 1;
    total++;
  }
  const min = Math.max(64, MIN_ISLAND_SHARE * total);
  for (let i = 0; i < hard.length; i++) {
    if (hard[i] && (area[ids[i] ?? 0] ?? 0) < min) matte[i] = 0;
  }
}

/** How far (share of the photo's height) the floor may be carried up to the foot of the wall. */
const MAX_FOOT_REACH = 0.03;
/** Rows (each side) whose colour stands for the floor below / the wall above the edge. */
const FOOT_SAMPLE_ROWS = 12;
/** A pixel joins when it lies within this many of the floor's spreads of its colour… */
const FOOT_MATCH_SPREAD = 4;
/** …or this RGB distance, whichever is more (and nearer the floor than the wall). */
const FOOT_MIN_MATCH = 18;
/** Floor and wall must differ by this much (RGB distance) for a column to be judged. */
const MIN_FOOT_CONTRAST = 24;

/** What the floor may be carried into: the wall, and pixels the parse left unnamed. */
const FOOT = new Uint8Array(256);
FOOT[ADE.wall] = 1;
FOOT[ADE.other] = 1;

/**
 * The network's floor stops a few pixels short of the wall in many photos (its grid is coarse and
 * the strip at the wall's foot is in shadow): a strip of old floor would stay. Per column, the
 * wall pixels just above the floor's top edge that look like the floor below — within a few of
 * its own colour spreads (the shadow at the wall's foot), and nearer it than the wall's above —
 * join the floor, up to where they stop looking like it (a skirting board, the wall). Only pixels
 * labelled wall (or nothing) are taken; objects standing there are not.
 */
function reachWallFoot(matte: Uint8Array, image: Raster, labels: Uint8Array): void {
  const { width, height, data } = image;
  const reach = Math.max(2, Math.round(MAX_FOOT_REACH * height));
  const colour = (i: number) => [data[i * 4] ?? 0, data[i * 4 + 1] ?? 0, data[i * 4 + 2] ?? 0];
  const d2 = (a: number[], b: number[]) =>
    ((a[0] ?? 0) - (b[0] ?? 0)) ** 2 +
    ((a[1] ?? 0) - (b[1] ?? 0)) ** 2 +
    ((a[2] ?? 0) - (b[2] ?? 0)) ** 2;
  const top = new Int32Array(width).fill(-1);
  for (let x = 0; x < width; x++) {
    for (let y = 1; y < height; y++) {
      const i = y * width + x;
      if (
        (matte[i] ?? 0) >= 128 &&
        (matte[i - width] ?? 0) < 128 &&
        labels[i - width] === ADE.wall
      ) {
        top[x] = y;
        break;
      }
    }
  }
  for (let x = 0; x < width; x++) {
    const yf = top[x] ?? -1;
    if (yf < 0) continue;
    // Mean colours over a few columns: the floor below its edge, the wall above the reach; and
    // how far the floor's own pixels stray from theirs.
    const floorMean = [0, 0, 0];
    const wallMean = [0, 0, 0];
    const floorSamples: number[][] = [];
    let nw = 0;
    for (let xx = Math.max(0, x - 2); xx <= Math.min(width - 1, x + 2); xx++) {
      for (let k = 1; k <= FOOT_SAMPLE_ROWS; k++) {
        const below = (yf + k) * width + xx;
        if (yf + k < height && (matte[below] ?? 0) >= 255) floorSamples.push(colour(below));
        const above = (yf - reach - k) * width + xx;
        if (yf - reach - k >= 0 && FOOT[labels[above] ?? 0]) {
          const c = colour(above);
          for (let j = 0; j < 3; j++) wallMean[j] = (wallMean[j] ?? 0) + (c[j] ?? 0);
          nw++;
        }
      }
    }
    const nf = floorSamples.length;
    if (nf < 10 || nw < 10) continue;
    for (const c of floorSamples)
      for (let j = 0; j < 3; j++) floorMean[j] = (floorMean[j] ?? 0) + (c[j] ?? 0) / nf;
    for (let j = 0; j < 3; j++) wallMean[j] = (wallMean[j] ?? 0) / nw;
    if (d2(floorMean, wallMean) < MIN_FOOT_CONTRAST ** 2) continue;
    let spread = 0;
    for (const c of floorSamples) spread += d2(c, floorMean) / nf;
    const near = Math.max(FOOT_MIN_MATCH, FOOT_MATCH_SPREAD * Math.sqrt(spread)) ** 2;
    for (let y = yf - 1; y >= Math.max(0, yf - reach); y--) {
      const i = y * width + x;
      if (!FOOT[labels[i] ?? 0]) break;
      const c = colour(i);
      const toFloor = d2(c, floorMean);
      if (toFloor > near || toFloor >= d2(c, wallMean)) break;
      matte[i] = 255;
    }
  }
}

/** How deep (share of the photo's height) a band at the floor's top may be taken back as a unit's foot. */
const MAX_PLINTH_DEPTH = 0.05;
/**
 * Rows (share of the photo's height, at least 2) of the edge between an object's foot and the
 * floor that may look like neither: the photo's blur across a sharp edge.
 */
const MAX_EDGE_BLUR = 0.003;
/**
 * Unit and floor must differ by this much (RGB distance): a white bath panel over pale grey tiles
 * casts a shadow on them as sharp, and as like the panel, as any plinth.
 */
const MIN_PLINTH_CONTRAST = 64;
/** A plinth cut out of the floor spans at least this share of the photo's width. */
const MIN_PLINTH_RUN = 0.02;
/** Across those rows the colour moves at least this share of the way from the object's to the floor's. */
const EDGE_STEP = 0.5;

/**
 * Units that stand on the floor on a plinth or their own base, never on legs: below them is no
 * floor to lay. Under a sofa, a chair or a table on legs the floor runs on in shadow, and a
 * shadow can look as much like the seat's fabric as a plinth does like the unit's front.
 */
const UNITS = new Uint8Array(256);
for (const c of [
  ADE.cabinet,
  ADE.wardrobe,
  ADE.chest,
  ADE.counter,
  ADE.kitchenIsland,
  ADE.bookcase,
  ADE.buffet,
  ADE.case,
  ADE.refrigerator,
  ADE.dishwasher,
  ADE.stove,
  ADE.oven,
  ADE.washer,
  ADE.bathtub,
])
  UNITS[c] = 1;

/**
 * The network's floor runs up onto the foot of the units standing on it: the recessed plinth
 * under a kitchen's units, the dark base of a cabinet. Per column, where the floor's top meets
 * such a unit (`UNITS`) that differs clearly from the floor, the pixels going down from the edge
 * that look like the unit (nearer its colour just above than the floor's a band's depth below)
 * are taken out of the floor, in place — only when they end on the photo's own edge (within a
 * few rows the colour crosses at least half the way to the floor's) and along a run of columns
 * as a plinth runs. A soft shadow at a unit's foot fades into the floor over many rows and is
 * left as floor (the new floor is shaded there).
 */
function leavePlinths(matte: Uint8Array, image: Raster, labels: Uint8Array): void {
  const { width, height, data } = image;
  const depth = Math.max(2, Math.round(MAX_PLINTH_DEPTH * height));
  const maxBlur = Math.max(2, Math.round(MAX_EDGE_BLUR * height));
  const colour = (i: number) => [data[i * 4] ?? 0, data[i * 4 + 1] ?? 0, data[i * 4 + 2] ?? 0];
  const d2 = (a: number[], b: number[]) =>
    ((a[0] ?? 0) - (b[0] ?? 0)) ** 2 +
    ((a[1] ?? 0) - (b[1] ?? 0)) ** 2 +
    ((a[2] ?? 0) - (b[2] ?? 0)) ** 2;
  const wasFloor = (i: number) => (matte[i] ?? 0) >= 128;
  const cut = new Uint8Array(width * height);
  for (let x = 0; x < width; x++) {
    for (let yt = 1; yt < height - depth; yt++) {
      const top = yt * width + x;
      if (!wasFloor(top) || wasFloor(top - width)) continue;
      // The object above: the first label up that is not the floor's own soft edge.
      let above: number = ADE.floor;
      for (let k = 1; k <= maxBlur + 1 && yt - k >= 0 && above === ADE.floor; k++)
        above = labels[top - k * width] ?? 0;
      if (!UNITS[above]) continue;
      // The object's colour just above the edge, the floor's a band's depth below it.
      const objectMean = [0, 0, 0];
      const floorMean = [0, 0, 0];
      const floorSamples: number[][] = [];
      let no = 0;
      for (let xx = Math.max(0, x - 2); xx <= Math.min(width - 1, x + 2); xx++) {
        for (let k = 1; k <= FOOT_SAMPLE_ROWS; k++) {
          const up = (yt - k) * width + xx;
          if (yt - k >= 0 && labels[up] === above && !wasFloor(up)) {
            const c = colour(up);
            for (let j = 0; j < 3; j++) objectMean[j] = (objectMean[j] ?? 0) + (c[j] ?? 0);
            no++;
          }
          const down = (yt + depth + k) * width + xx;
          if (yt + depth + k < height && (matte[down] ?? 0) >= 255) floorSamples.push(colour(down));
        }
      }
      const nf = floorSamples.length;
      if (nf < 10 || no < 10) continue;
      for (const c of floorSamples)
        for (let j = 0; j < 3; j++) floorMean[j] = (floorMean[j] ?? 0) + (c[j] ?? 0) / nf;
      for (let j = 0; j < 3; j++) objectMean[j] = (objectMean[j] ?? 0) / no;
      if (d2(floorMean, objectMean) < MIN_PLINTH_CONTRAST ** 2) continue;
      // Down the column: the object's foot (nearer its colour than the floor's), then the floor.
      let end = -1;
      for (let y = yt; y < yt + depth; y++) {
        const i = y * width + x;
        if (!wasFloor(i)) break;
        const c = colour(i);
        if (d2(c, floorMean) < d2(c, objectMean)) {
          end = y;
          break;
        }
      }
      if (end <= yt || end + maxBlur >= height) continue;
      // A sharp edge: across a few rows either side of it, the colour moves at least half the way
      // from the object's to the floor's. A soft shadow at a sofa's foot moves much less.
      const last = colour(Math.max(yt, end - maxBlur) * width + x);
      const past = colour((end + maxBlur) * width + x);
      if (
        d2(past, floorMean) >= d2(past, objectMean) ||
        d2(last, past) < EDGE_STEP * EDGE_STEP * d2(objectMean, floorMean)
      )
        continue;
      for (let y = yt; y < end; y++) cut[y * width + x] = 1;
    }
  }
  // A plinth runs along its unit: a cut only a few columns wide is a shadow's sharp corner.
  const { ids, count } = labelComponents(cut, width, height, new Set([1]));
  const x0 = new Int32Array(count + 1).fill(width);
  const x1 = new Int32Array(count + 1).fill(-1);
  for (let i = 0; i < cut.length; i++) {
    const id = ids[i] ?? 0;
    if (!id) continue;
    const x = i % width;
    x0[id] = Math.min(x0[id] ?? width, x);
    x1[id] = Math.max(x1[id] ?? -1, x);
  }
  const minRun = Math.max(2, Math.round(MIN_PLINTH_RUN * width));
  for (let i = 0; i < cut.length; i++) {
    const id = ids[i] ?? 0;
    if (id && (x1[id] ?? -1) - (x0[id] ?? width) + 1 >= minRun) matte[i] = 0;
  }
}

/**
 * A foot is at most this share of the floor's lightness under its piece: a black chair base or a
 * dark wooden leg on the boards. A contact shadow under a seat darkens the floor far less.
 */
const MAX_FEET_LIGHTNESS = 0.5;
/** …and at least this far (RGB distance) from the floor's colour there. */
const MIN_FEET_CONTRAST = 96;
/**
 * Only on a light floor (median luma) is darkness a foot's sign: on dark boards the shadow under
 * a table is as dark as any leg.
 */
const MIN_FEET_FLOOR_LUMA = 128;
/** A foot meets its piece over at most a stem's width: this share of the photo's longer side each side of a middle. */
const FEET_CONTACT = 0.01;

/**
 * The feet of the furniture standing on the floor that the network read as floor: an egg chair's
 * star base, an armchair's short dark legs (decision 090). Below each piece the parse names
 * standing there (`furnitureOnFloor`, its box reaching down where its legs stand), on a light
 * floor, the pixels much darker than the floor's median there and far from its colour, joined
 * into pieces that hang from the furniture (its label, or what SAM showed standing there, right
 * above) by no more than a stem's width, are taken out, in place.
 */
function leaveFurnitureFeet(
  matte: Uint8Array,
  image: Raster,
  labels: Uint8Array,
  standing?: Uint8Array,
): void {
  const { width, height, data } = image;
  const n = width * height;
  const region = matteMask(matte, width, height).data;
  const foot = new Uint8Array(n);
  for (const { box } of furnitureOnFloor(labels, region, width, height)) {
    const lumas: number[] = [];
    const rgb: number[][] = [[], [], []];
    for (let y = box.y0; y < box.y1; y++)
      for (let x = box.x0; x < box.x1; x++) {
        const i = y * width + x;
        if (!region[i]) continue;
        lumas.push(lumaAt(data, i));
        for (let c = 0; c < 3; c++) rgb[c]?.push(data[i * 4 + c] ?? 0);
      }
    if (lumas.length < 16) continue;
    const median = (v: number[]) => v.sort((a, b) => a - b)[v.length >> 1] ?? 0;
    const floorLuma = median(lumas);
    if (floorLuma < MIN_FEET_FLOOR_LUMA) continue;
    const floorRgb = rgb.map(median);
    for (let y = box.y0; y < box.y1; y++)
      for (let x = box.x0; x < box.x1; x++) {
        const i = y * width + x;
        if (!region[i] || lumaAt(data, i) > MAX_FEET_LIGHTNESS * floorLuma) continue;
        let d2 = 0;
        for (let c = 0; c < 3; c++) d2 += ((data[i * 4 + c] ?? 0) - (floorRgb[c] ?? 0)) ** 2;
        if (d2 >= MIN_FEET_CONTRAST ** 2) foot[i] = 1;
      }
  }
  // Only what hangs from the piece, by no more than a stem's width: a dark board or a rug's stripe
  // nearby stays floor, and so does the dark gap under a seat, which meets it all along its front.
  const { ids, count } = labelComponents(foot, width, height, new Set([1]));
  const contact = new Int32Array(count + 1);
  // Columns, not pixels: a foot's ragged top meets the piece on more than one row.
  const met = new Set<number>();
  const isPiece = (j: number) => STANDING.has(labels[j] ?? 0) || standing?.[j] === 1;
  for (let i = width; i < n; i++) {
    const id = ids[i] ?? 0;
    const x = i % width;
    if (!id || met.has(id * width + x)) continue;
    if (
      isPiece(i - width) ||
      (x > 0 && isPiece(i - width - 1)) ||
      (x + 1 < width && isPiece(i - width + 1))
    ) {
      met.add(id * width + x);
      contact[id] = (contact[id] ?? 0) + 1;
    }
  }
  const maxContact = 2 * Math.max(1, Math.round(FEET_CONTACT * Math.max(width, height))) + 1;
  for (let i = 0; i < n; i++) {
    const c = contact[ids[i] ?? 0] ?? 0;
    if (c > 0 && c <= maxContact) matte[i] = 0;
  }
}

/** How far (share of the photo's width) a doorway's threshold is read off the wall–floor line beside it. */
const MAX_THRESHOLD_REACH = 0.25;
/** Floor this far (share of the photo's height) above the threshold is beyond it. */
const THRESHOLD_MARGIN = 0.01;

/**
 * The row of the wall–floor line at column `x`, read across a gap where it is not seen: the
 * nearest rows seen on either side (within the reach), joined by a straight line, or the one
 * side's row when only one is seen; NaN when neither is.
 */
function lineAcross(line: Float32Array, x: number, reach: number): number {
  let left = -1;
  let right = -1;
  for (let d = 0; d <= reach && (left < 0 || right < 0); d++) {
    if (left < 0 && x - d >= 0 && Number.isFinite(line[x - d] ?? Number.NaN)) left = x - d;
    if (right < 0 && x + d < line.length && Number.isFinite(line[x + d] ?? Number.NaN))
      right = x + d;
  }
  const l = line[left] ?? Number.NaN;
  const r = line[right] ?? Number.NaN;
  if (left >= 0 && right >= 0)
    return right === left ? l : l + ((r - l) * (x - left)) / (right - left);
  return left >= 0 ? l : right >= 0 ? r : Number.NaN;
}

/** A doorway's opening spans at least this share of the photo's width. */
const MIN_DOORWAY_WIDTH = 0.05;

/**
 * An open doorway shows the next room's floor running on up to that room's far wall: the parse
 * calls the opening door and the floor in it floor, so the new floor was laid into the next
 * room. This room's floor ends at the threshold, where the wall–floor line beside the doorway
 * runs across it. In each column where the floor meets the parse's door above it, above that
 * line (read across the opening from the wall beside it), the floor is taken out, in place —
 * over a run of such columns as wide as a doorway: a few columns where the floor touches the
 * parse's door are its ragged edge at a glass door's sill, not an opening.
 */
function stopAtThresholds(matte: Uint8Array, parse: RoomParse): void {
  const { width, height, labels, wallFloorLine } = parse;
  const reach = Math.round(MAX_THRESHOLD_REACH * width);
  const margin = Math.max(2, Math.round(THRESHOLD_MARGIN * height));
  // Per column, the floor's top under a door and the threshold's row, where the first is above.
  const top = new Int32Array(width).fill(-1);
  const threshold = new Float32Array(width);
  for (let x = 0; x < width; x++) {
    let y = 1;
    while (
      y < height &&
      !((matte[y * width + x] ?? 0) >= 128 && labels[(y - 1) * width + x] === ADE.door)
    )
      y++;
    if (y >= height) continue;
    const row = lineAcross(wallFloorLine, x, reach);
    if (!(y < row - margin)) continue;
    top[x] = y;
    threshold[x] = row;
  }
  const minRun = Math.max(2, Math.round(MIN_DOORWAY_WIDTH * width));
  for (let x0 = 0; x0 < width;) {
    if ((top[x0] ?? -1) < 0) {
      x0++;
      continue;
    }
    let x1 = x0;
    while (x1 < width && (top[x1] ?? -1) >= 0) x1++;
    if (x1 - x0 >= minRun) {
      for (let x = x0; x < x1; x++) {
        for (let y = top[x] ?? 0; y < Math.round(threshold[x] ?? 0); y++) matte[y * width + x] = 0;
      }
    }
    x0 = x1;
  }
}

/** A rug worth keeping covers at least this share of the floor it lies on. */
const MIN_RUG_SHARE = 0.12;

function aRealRug(rug: Uint8Array, floor: Uint8Array): boolean {
  let rugArea = 0;
  let floorArea = 0;
  for (let i = 0; i < rug.length; i++) {
    if ((rug[i] ?? 0) >= 128) rugArea++;
    if ((floor[i] ?? 0) >= 128) floorArea++;
  }
  return rugArea >= MIN_RUG_SHARE * (rugArea + floorArea);
}

/** The floor with everything lying on it (rugs and mats included): the new floor's widest reach. */
function widestFloor(parse: RoomParse): Uint8Array {
  const floor = parse.surfaceAlpha('floor');
  const rug = parse.surfaceAlpha('rug');
  const matte = new Uint8Array(parse.width * parse.height);
  for (let i = 0; i < matte.length; i++) {
    matte[i] = Math.min(255, (floor[i] ?? 0) + (rug[i] ?? 0));
  }
  return matte;
}

/** Where the floor may be laid at most (1 per pixel): the region floor-objects reads. */
export function floorRegionOf(parse: RoomParse): Uint8Array {
  return widestFloor(parse).map((a) => (a >= 128 ? 1 : 0));
}

export function floorOf(parse: RoomParse, choice: FloorChoice = {}): FloorSurface {
  const { width, height } = parse;
  const n = width * height;
  const floor = parse.surfaceAlpha('floor');
  const rug = parse.surfaceAlpha('rug');
  const matte = widestFloor(parse);
  // Kept: the parse's rug when it saw a real one (a rug seen only in patches, most of a carpet
  // read as floor, would leave islands of old carpet), and the pieces the photo shows lying on
  // the floor in another colour or texture — unless the user asks to replace the rug. What is
  // seen through a shower's glass is kept either way: the floor is never laid through glass.
  const keep =
    choice.rug !== 'replace' && aRealRug(rug, floor) ? new Uint8Array(rug) : new Uint8Array(n);
  if (choice.image) {
    const region = matteMask(matte, width, height).data;
    const inner = findInnerFloor(
      choice.image,
      region,
      rug,
      parse.classShare?.(ADE.rug),
      parse.labels,
    );
    const kept = choice.rug === 'replace' ? inner.behindGlass : inner.matte;
    for (let i = 0; i < n; i++) keep[i] = Math.max(keep[i] ?? 0, kept[i] ?? 0);
    if (choice.rug !== 'replace') {
      // A room-size woven rug the network took for floor, bounded by its straight border.
      const woven = rugByItsBorder(choice.image, region);
      for (let i = 0; i < n; i++) if (woven[i]) keep[i] = 255;
    }
  }
  const rugsKept = choice.rug !== 'replace' ? keptArea(keep, matte) : 0;
  for (let i = 0; i < n; i++) matte[i] = Math.max(0, (matte[i] ?? 0) - (keep[i] ?? 0));
  if (choice.notFloor) for (let i = 0; i < n; i++) if (choice.notFloor[i]) matte[i] = 0;
  if (choice.image) {
    // A plant standing on the floor keeps its stems and leaves, which the parse calls floor.
    const foliage = plantFoliageOn(choice.image, parse.labels, matte);
    for (let i = 0; i < n; i++) if (foliage[i]) matte[i] = 0;
    // The recessed plinth under a kitchen's units, the base of a cabinet or a bathtub.
    leavePlinths(matte, choice.image, parse.labels);
    // The dark base or legs of a chair standing on a light floor.
    leaveFurnitureFeet(matte, choice.image, parse.labels, choice.notFloor);
    // The thin legs, of any colour, by their two upright sides.
    leaveFurnitureLegs(matte, choice.image, parse.labels, choice.notFloor);
  }
  stopAtThresholds(matte, parse);
  if (choice.image) reachWallFoot(matte, choice.image, parse.labels);
  dropIslands(matte, width, height);
  if (choice.within) {
    const user = choice.within.data;
    let inMask = 0;
    let onFloor = 0;
    for (let i = 0; i < n; i++) {
      if (!user[i]) continue;
      inMask++;
      if ((matte[i] ?? 0) >= 128) onFloor++;
    }
    if (inMask > 0 && onFloor < MIN_MASK_ON_FLOOR * inMask) {
      // The user painted something that is not floor: respect the painting.
      const own = new Uint8Array(n);
      for (let i = 0; i < n; i++) own[i] = user[i] ? 255 : 0;
      return { mask: { width, height, data: new Uint8Array(user) }, matte: own };
    }
    for (let i = 0; i < n; i++) if (!user[i]) matte[i] = 0;
  }
  const mask = matteMask(matte, width, height);
  let area = 0;
  for (let i = 0; i < n; i++) area += mask.data[i] ?? 0;
  if (area >= MIN_FLOOR_SHARE * n) return { mask, matte };
  // Replacing the rugs would have laid enough floor: say how, rather than that there is none.
  throw area + rugsKept >= MIN_FLOOR_SHARE * n ? floorUnderRugs() : noFloor();
}
