/**
 * The old piece of a swap whole (issue 11, docs/decisions/047): the room parse's outline of a
 * sofa is ragged (an arm's rim, the tops of its back pillows and a pale pillow come out as wall)
 * and the element's outline is simplified further, so the removal left grey rims of the old piece
 * round the new one. SAM, asked at each part of the piece and in the notches of its top, sees the
 * piece's real edges: what it returns that stays within the piece's reach is the old piece.
 * Asked just past each end of the piece, it sees an arm the parse called wall, with the throw
 * over it (docs/decisions/080). An answer that is a neighbour — mostly not the piece when asked at
 * a part, holding another object when asked outside it — is refused (docs/decisions/083).
 */
import { dilateMask, lumaAt, maskBounds, type Mask, type Raster } from '../../raster';
import { ADE } from '../../scene/ade20k';
import { labelComponents } from '../../scene/objects';
import type { Segmenter } from '../segment';
import type { Box } from './pose';
import { oldPiece, type PlacementObject, type PlacementScene } from './scene';

/** Smallest part or notch asked about (share of the image). */
const MIN_PART_SHARE = 0.001;
/** Share of a SAM segment that must lie within the piece's reach for it to count as the piece. */
const INSIDE_SHARE = 0.9;
/** The reach round the piece and its notches, as a share of the image's longer side. */
const REACH_SHARE = 0.012;
/** How far past SAM's edge the piece is taken (its rim), as a share of the longer side. */
const RIM_SHARE = 0.0025;
/** Most SAM questions asked (each ≈ 0.2–0.5 s on CPU). */
const MAX_CLICKS = 8;
/**
 * Rows (share of the piece's height from its top) at which SAM is asked just past each end of
 * the piece: an arm's height, under the back, where an arm the parse called wall stands out.
 */
const SIDE_ROWS = [0.35, 0.55] as const;
/**
 * Least share of an answer asked at a part that lies in the piece the parse saw: a loose selection
 * (a detector's box) holds the wall round the piece, and a neighbour's scrap the parse took for a
 * seat (a nightstand's corner called chair beside a bed) is answered with the neighbour, most of
 * it wall (docs/decisions/083): 36 % piece there, the bed's own parts 99.7–100 %.
 */
const PART_OWN = 0.5;
/** Least share of an answer past an end that lies in the piece: it carries the piece on. */
const SIDE_IN_PIECE = 0.4;
/** Most share of such an answer on a neighbour's pixels: more is the neighbour answered. */
const SIDE_NEIGHBOUR = 0.1;
/** How far past the piece's ends an answer may reach, as a share of the piece's width. */
const SIDE_REACH = 0.06;

/**
 * Most share of the piece a part's answer may be and still stand apart from it in front (a bench
 * at the foot of a bed): more is the piece itself answered.
 */
const APART_MOST = 0.33;
/**
 * Least share of the columns of a part's answer (with its legs) where it reaches lower than the
 * rest of the piece and stands on the floor: a pillow on a bed does neither, a bench at its foot
 * does both.
 */
const APART_COLUMNS = 0.5;
/**
 * Least share of a part's answer's columns with the floor just under it before its legs are
 * sought: a bench's top shows the floor under its rail between its legs, a pillow shows none.
 */
const FLOOR_UNDER_TOP = 0.25;
/** Most share of the piece a refused part's answer may hold and still be a neighbour's. */
const NEIGHBOUR_OF_PIECE = 0.1;
/** Widest a leg may be, as a share of the width of the piece it holds up. */
const LEG_WIDTH = 0.1;
/** Fewest legs a piece standing apart shows (two at least of any bench, stool or ottoman). */
const MIN_LEGS = 2;
/** Most legs asked about under a piece. */
const MAX_LEGS = 8;
/** Colour step (8-bit, largest channel) along a row that separates a leg from what is behind it. */
const LEG_EDGE = 40;

/**
 * Least colour step (8-bit, largest channel) from the piece's median colour of a region asked
 * about as a part of its own (a dark coffee table the parse ran into a pale sofa).
 */
const OFF_TONE = 56;
/** Most off-tone regions of a piece asked about. */
const MAX_OFF_TONE = 3;
/** Radius of the opening that parts off-tone regions touching at a corner (share of the longer side). */
const OPEN_SHARE = 0.006;
/**
 * Rows under a piece's top, one reach apart, along which narrow bars (legs) are sought: a dark
 * leg is lost in the dark shadow under a sofa behind it one reach down and shows lower down.
 */
const LEG_ROWS = 3;
/** Least contrast (8-bit luma) of a bar with the row on both sides of it to be asked about as a leg. */
const BAR_CONTRAST = 20;

/** Most overhang of a top past its outermost legs, as a share of the span between them. */
const OVERHANG = 0.1;

/** Classes that are the room itself: never relabelled as the piece. */
const KEEP = new Set<number>([ADE.window, ADE.door, ADE.rug]);

/**
 * The selection grown to the whole old piece, a scene whose labels call the added pixels the
 * piece's class (so the swap removes them too), and what SAM saw standing apart from the piece
 * though the parse gave it to the piece (`apart`, docs/decisions/086): a bench at the foot of a
 * bed with its legs, a nightstand's corner the parse called a seat. The swap keeps `apart` out of
 * the old piece and lays it from the photo over the new one. Unchanged when the parse finds no
 * piece or SAM confirms nothing.
 */
export async function wholeOldPiece(
  image: Raster,
  mask: Mask,
  scene: PlacementScene,
  segmenter: Segmenter,
): Promise<{ mask: Mask; scene: PlacementScene; apart: Mask | null }> {
  const found = oldPiece(mask, scene);
  if (!found) return { mask, scene, apart: null };
  const { width, height } = mask;
  const piece = found.piece;
  const b = found.box;
  const bounds = { x0: b.x0, y0: b.y0, x1: b.x1 + 1, y1: b.y1 + 1 };
  const minArea = MIN_PART_SHARE * width * height;
  const clicks = [
    ...partsOf(piece, scene, minArea).map((part) => ({
      point: interiorPoint(part),
      within: piece,
      notch: false,
      area: count(part),
    })),
    ...topNotches(piece, scene, minArea).map((notch) => ({
      point: interiorPoint(notch),
      within: union(piece, notch),
      notch: true,
      area: 0,
    })),
  ].slice(0, MAX_CLICKS);
  const reach = Math.max(3, Math.round(REACH_SHARE * Math.max(width, height)));
  const added = new Uint8Array(width * height);
  const selected = union(piece, mask);
  const others = otherObjects(scene, piece);
  const pieceArea = count(piece);
  const apart = new Uint8Array(width * height);
  let any = false;
  let anyApart = false;
  for (const { point, within, notch, area } of clicks) {
    if (!point) continue;
    // A part of a piece's size at most, asked about with the click alone (the piece's box pulls
    // the answer out to the whole piece): a piece the parse ran into this one, standing on its own
    // legs in front of it (a bench at the foot of a bed), stands apart.
    if (!notch && area <= APART_MOST * pieceArea) {
      const alone = await segmenter.segment(image, [{ ...point, label: 1 }]);
      const standing =
        count(alone) <= APART_MOST * pieceArea && ownPart(alone, piece)
          ? await standsApart(image, alone, piece, scene, segmenter, reach)
          : null;
      if (standing) {
        for (let i = 0; i < apart.length; i++) if (standing.data[i]) apart[i] = 1;
        anyApart = true;
        continue;
      }
    }
    const segment = await segmenter.segment(image, [{ ...point, label: 1 }], { objects: [bounds] });
    if (!mostlyWithin(segment, dilateMask(union(within, mask), reach))) continue;
    if (notch) {
      if (takesNeighbour(segment, others, minArea)) continue;
    } else if (!ownPart(segment, piece)) {
      // A neighbour's scrap the parse took for a part: the neighbour SAM answered stays whole.
      if (overlap(segment, piece) <= NEIGHBOUR_OF_PIECE * pieceArea) {
        for (let i = 0; i < apart.length; i++) if (segment.data[i]) apart[i] = 1;
        anyApart = true;
      }
      continue;
    }
    for (let i = 0; i < added.length; i++) if (segment.data[i]) added[i] = 1;
    any = true;
  }
  // The piece's off-tone regions, asked only whether they stand apart: a coffee table the parse
  // ran into the sofa behind it is no part of the parse's own.
  for (const part of offTone(image, piece, minArea).slice(0, MAX_OFF_TONE)) {
    const point = interiorPoint(part);
    if (!point || apart[point.y * width + point.x]) continue;
    const alone = await segmenter.segment(image, [{ ...point, label: 1 }]);
    if (count(alone) > APART_MOST * pieceArea || !ownPart(alone, piece)) continue;
    const standing = await standsApart(image, alone, piece, scene, segmenter, reach);
    if (!standing) continue;
    for (let i = 0; i < apart.length; i++) if (standing.data[i]) apart[i] = 1;
    anyApart = true;
  }
  // Past each end (an arm and the throw over it, which the parse called wall): the answers that
  // carry the piece on outward, within its rows and a little past its ends.
  for (const point of sideClicks(selected, b, reach)) {
    // The click alone: the piece's box would pull the answer back into the piece.
    const segment = await segmenter.segment(image, [{ ...point, label: 1 }]);
    if (!carriesOn(segment, selected, others, b, reach)) continue;
    if (takesNeighbour(segment, others, minArea)) continue;
    for (let i = 0; i < added.length; i++) if (segment.data[i]) added[i] = 1;
    any = true;
  }
  if (anyApart) withUnderside(apart, piece, reach);
  const apartMask = anyApart ? { width, height, data: apart } : null;
  if (!any) return { mask, scene, apart: apartMask };
  // SAM's edge (decoded at 256²) stops a few pixels short of the piece's bright rim.
  const rim = dilateMask(
    { width, height, data: added },
    Math.max(2, Math.round(RIM_SHARE * Math.max(width, height))),
  );
  const grown = new Uint8Array(mask.data);
  const labels = new Uint8Array(scene.labels);
  const own = dominantClass(piece, scene.labels);
  for (let i = 0; i < added.length; i++) {
    if (!rim.data[i] || others[i] || apart[i] || KEEP.has(scene.labels[i] ?? 0)) continue;
    grown[i] = 1;
    labels[i] = own;
  }
  return {
    mask: { width, height, data: grown },
    scene: relabelled(scene, labels),
    apart: apartMask,
  };
}

/**
 * A part's answer (`top`) as a piece standing apart in front of the rest of the piece, with its
 * legs, or null. The parse runs a bench at the foot of a bed into the bed — its legs and rail
 * bed, only its tufted top its own object — and SAM, asked at the top, answers the top alone.
 * Its legs hang from the top's underside: along the row one reach below it, each run of the
 * piece's pixels split where the colour steps (a dark leg before the pale bed base) is asked
 * about, and so is each narrow bar of a few rows under it (a dark coffee table's leg on a rug,
 * {@link barClicks}); an answer narrow, taller than wide and hanging from the top is a leg. The
 * top with its legs ({@link MIN_LEGS} at least) stands apart when, in at least
 * {@link APART_COLUMNS} of its columns, it reaches lower than the rest of the piece and the floor
 * lies just under it: it stands on the floor nearer the camera. A pillow on the bed reaches the
 * bed under it, not the floor. What stands apart is what stands on the legs
 * ({@link onItsLegs}; docs/decisions/105).
 */
async function standsApart(
  image: Raster,
  top: Mask,
  piece: Mask,
  scene: PlacementScene,
  segmenter: Segmenter,
  reach: number,
): Promise<Mask | null> {
  const { width, height } = top;
  const tb = maskBounds(top);
  if (!tb) return null;
  const floor = scene.surface('floor');
  const ground = (i: number): boolean => !!floor.data[i] || scene.labels[i] === ADE.rug;
  // No floor under a quarter of it (a pillow, a cushion on the seat): not asked about legs.
  if (columnsOnFloor(top, tb, ground, reach) < FLOOR_UNDER_TOP * (tb.x1 - tb.x0 + 1)) return null;
  const standing = { width, height, data: new Uint8Array(top.data) };
  const near = dilateMask(top, reach);
  const legs: Mask[] = [];
  const clicks = [
    ...legClicks(image, top, piece, tb, reach),
    ...barClicks(image, top, piece, ground, tb, reach),
  ];
  for (const point of clicks.slice(0, MAX_LEGS)) {
    if (standing.data[point.y * width + point.x]) continue;
    const leg = await segmenter.segment(image, [{ ...point, label: 1 }]);
    if (!hangsFrom(leg, near, tb, reach)) continue;
    for (let i = 0; i < leg.data.length; i++) if (leg.data[i]) standing.data[i] = 1;
    legs.push(leg);
  }
  // A throw hanging over a sofa's front to the floor reaches lower than the sofa, on the floor,
  // too: what stands apart stands on legs of its own.
  if (legs.length < MIN_LEGS) return null;
  const b = maskBounds(standing);
  if (!b) return null;
  // The rest of the piece: not the standing piece's own rim (SAM's edge stops short of it).
  const rim = dilateMask(standing, reach);
  let columns = 0;
  let standsLower = 0;
  for (let x = b.x0; x <= b.x1; x++) {
    let own = -1;
    let rest = -1;
    for (let y = height - 1; y >= 0 && (own < 0 || rest < 0); y--) {
      const i = y * width + x;
      if (own < 0 && standing.data[i]) own = y;
      if (rest < 0 && piece.data[i] && !rim.data[i]) rest = y;
    }
    if (own < 0) continue;
    columns++;
    if (own <= rest) continue;
    if (floorUnder(x, own, ground, width, height, reach)) standsLower++;
  }
  return columns > 0 && standsLower >= APART_COLUMNS * columns
    ? onItsLegs(standing, legs, reach)
    : null;
}

/**
 * What stands on `legs`: `standing` within their columns and a top's overhang past the outermost
 * (a tenth of the span between them, a reach at least). SAM's answer for a table's dark top runs
 * on into the dark underside of the sofa behind it, which stands on no leg of the table.
 */
function onItsLegs(standing: Mask, legs: readonly Mask[], reach: number): Mask {
  let x0 = Infinity;
  let x1 = -Infinity;
  for (const leg of legs) {
    const b = maskBounds(leg);
    if (!b) continue;
    x0 = Math.min(x0, b.x0);
    x1 = Math.max(x1, b.x1);
  }
  const overhang = Math.max(reach, OVERHANG * (x1 - x0 + 1));
  const { width, height } = standing;
  const data = new Uint8Array(standing.data);
  for (let i = 0; i < data.length; i++) {
    const x = i % width;
    if (x < x0 - overhang || x > x1 + overhang) data[i] = 0;
  }
  return { width, height, data };
}

/**
 * More places to ask for legs under a piece's top: along {@link LEG_ROWS} rows under its lowest
 * pixel in each column, one reach apart, the narrow bars of the floor's or the piece's pixels —
 * no wider than a leg, their luma {@link BAR_CONTRAST} from the row half a leg's width past each
 * side. A dark leg on a rug whose tiles step in colour splits no run of the row where a soft edge
 * steps a little a pixel. Strongest first.
 */
function barClicks(
  image: Raster,
  top: Mask,
  piece: Mask,
  ground: (i: number) => boolean,
  tb: Box,
  reach: number,
): { x: number; y: number }[] {
  const { width, height } = top;
  const bottom = new Int32Array(width).fill(-1);
  for (let x = tb.x0; x <= tb.x1; x++) {
    for (let y = tb.y1; y >= tb.y0; y--) {
      if (top.data[y * width + x]) {
        bottom[x] = y;
        break;
      }
    }
  }
  const side = Math.ceil((LEG_WIDTH * (tb.x1 - tb.x0 + 1)) / 2) + 1;
  const bars: { x: number; y: number; contrast: number }[] = [];
  for (let depth = 1; depth <= LEG_ROWS; depth++) {
    const rowAt = (x: number) => (bottom[x] ?? -1) + depth * reach;
    const luma = (x: number): number => {
      if (x < tb.x0 || x > tb.x1 || (bottom[x] ?? -1) < 0) return NaN;
      const y = rowAt(x);
      if (y >= height) return NaN;
      const i = y * width + x;
      if (top.data[i] || !(piece.data[i] || ground(i))) return NaN;
      return lumaAt(image.data, i);
    };
    const contrast = new Float64Array(width).fill(NaN);
    for (let x = tb.x0; x <= tb.x1; x++) {
      const l = luma(x);
      contrast[x] = Math.min(Math.abs(l - luma(x - side)), Math.abs(l - luma(x + side)));
    }
    for (let x = tb.x0; x <= tb.x1; x++) {
      const c = contrast[x] ?? NaN;
      if (!(c >= BAR_CONTRAST)) continue;
      let peak = true;
      for (let d = 1; d <= side && peak; d++) {
        if ((contrast[x - d] ?? -1) > c || (contrast[x + d] ?? -1) >= c) peak = false;
      }
      if (peak) bars.push({ x, y: rowAt(x), contrast: c });
    }
  }
  return bars.sort((a, b) => b.contrast - a.contrast).map(({ x, y }) => ({ x, y }));
}

/** The columns of `top` (within `tb`) with the floor within `reach` under its lowest pixel. */
function columnsOnFloor(top: Mask, tb: Box, ground: (i: number) => boolean, reach: number): number {
  const { width, height } = top;
  let n = 0;
  for (let x = tb.x0; x <= tb.x1; x++) {
    for (let y = tb.y1; y >= tb.y0; y--) {
      if (!top.data[y * width + x]) continue;
      if (floorUnder(x, y, ground, width, height, reach)) n++;
      break;
    }
  }
  return n;
}

/** Whether the floor lies within `reach` rows under row `y` of column `x`. */
function floorUnder(
  x: number,
  y: number,
  ground: (i: number) => boolean,
  width: number,
  height: number,
  reach: number,
): boolean {
  for (let r = y + 1; r <= Math.min(height - 1, y + reach); r++)
    if (ground(r * width + x)) return true;
  return false;
}

/**
 * Where to ask for the legs under a piece's top: along the row one reach under its lowest pixel
 * in each column, the middle of each run of the (old) piece's pixels, the runs split where the
 * colour steps; no wider than a leg ({@link LEG_WIDTH}: wider is the bed behind), widest first (the
 * narrowest are the grain of a fabric), at most {@link MAX_LEGS}.
 */
function legClicks(
  image: Raster,
  top: Mask,
  piece: Mask,
  tb: Box,
  reach: number,
): { x: number; y: number }[] {
  const { width, height } = top;
  const runs: { x0: number; x1: number }[] = [];
  const rowAt = new Int32Array(width).fill(-1);
  let run: { x0: number; x1: number } | null = null;
  let last: number[] | null = null;
  for (let x = tb.x0; x <= tb.x1; x++) {
    let bottom = -1;
    for (let y = tb.y1; y >= tb.y0; y--) {
      if (top.data[y * width + x]) {
        bottom = y;
        break;
      }
    }
    const y = bottom + reach;
    const i = y * width + x;
    const inPiece = bottom >= 0 && y < height && !!piece.data[i] && !top.data[i];
    const colour = inPiece ? [0, 1, 2].map((c) => image.data[i * 4 + c] ?? 0) : null;
    const step =
      colour && last ? Math.max(...colour.map((v, c) => Math.abs(v - (last?.[c] ?? v)))) : 0;
    if (run && (!colour || step > LEG_EDGE)) {
      runs.push(run);
      run = null;
    }
    if (colour) {
      run ??= { x0: x, x1: x };
      run.x1 = x;
      rowAt[x] = y;
    }
    last = colour;
  }
  if (run) runs.push(run);
  const widest = LEG_WIDTH * (tb.x1 - tb.x0 + 1);
  return runs
    .filter((r) => r.x1 - r.x0 >= 2 && r.x1 - r.x0 < widest)
    .sort((a, b) => b.x1 - b.x0 - (a.x1 - a.x0))
    .slice(0, MAX_LEGS)
    .map((r) => {
      const x = Math.round((r.x0 + r.x1) / 2);
      return { x, y: rowAt[x] ?? 0 };
    });
}

/**
 * Whether a SAM answer asked under a piece's top is one of its legs: it touches the top (`near`,
 * the top grown by a reach), stays under the top's upper edge and within its columns, is narrow
 * ({@link LEG_WIDTH} of the top's width) and taller than wide. (The parse may call the foot of a
 * leg a table: whose it is, the parse cannot say.)
 */
function hangsFrom(leg: Mask, near: Mask, tb: Box, reach: number): boolean {
  const b = maskBounds(leg);
  if (!b) return false;
  const w = b.x1 - b.x0 + 1;
  if (w > LEG_WIDTH * (tb.x1 - tb.x0 + 1) || b.y1 - b.y0 + 1 < w) return false;
  if (b.y0 < tb.y0 || b.x0 < tb.x0 - reach || b.x1 > tb.x1 + reach) return false;
  for (let i = 0; i < leg.data.length; i++) if (leg.data[i] && near.data[i]) return true;
  return false;
}

/**
 * Adds to `apart` its underside the parse gave to the piece (SAM's answer for a bench's top stops
 * short of its dark apron): in each column, a run of the piece's pixels under it no longer than
 * `reach` with something else (the floor) under that. A longer run is the piece seen under it.
 */
function withUnderside(apart: Uint8Array, piece: Mask, reach: number): void {
  const { width, height } = piece;
  for (let x = 0; x < width; x++) {
    for (let y = 0; y + 1 < height; y++) {
      if (!apart[y * width + x] || apart[(y + 1) * width + x]) continue;
      let k = 1;
      while (k <= reach && y + k < height && piece.data[(y + k) * width + x]) k++;
      if (k === 1 || k > reach || y + k >= height || apart[(y + k) * width + x]) continue;
      for (let r = 1; r < k; r++) apart[(y + r) * width + x] = 1;
    }
  }
}

/** How many pixels two masks share. */
function overlap(a: Mask, b: Mask): number {
  let n = 0;
  for (let i = 0; i < a.data.length; i++) if (a.data[i] && b.data[i]) n++;
  return n;
}

/**
 * The points just past the piece's left and right ends (by `reach`) at {@link SIDE_ROWS}: where
 * the piece's outermost pixel in the row is, one step further out, inside the image.
 */
function sideClicks(piece: Mask, box: Box, reach: number): { x: number; y: number }[] {
  const { width } = piece;
  const points: { x: number; y: number }[] = [];
  for (const share of SIDE_ROWS) {
    const y = Math.round(box.y0 + share * (box.y1 - box.y0));
    let left = -1;
    let right = -1;
    for (let x = box.x0; x <= box.x1; x++) {
      if (!piece.data[y * width + x]) continue;
      if (left < 0) left = x;
      right = x;
    }
    if (left < 0) continue;
    if (left - reach >= 0) points.push({ x: left - reach, y });
    if (right + reach < width) points.push({ x: right + reach, y });
  }
  return points;
}

/**
 * Whether a SAM answer asked past an end carries the piece on: a good share of it
 * ({@link SIDE_IN_PIECE}) is the piece, little of it ({@link SIDE_NEIGHBOUR}) another object's
 * (a table against the end, answered with the end of the piece behind it), and none of it leaves
 * the piece's rows (grown by `reach`) or reaches further than {@link SIDE_REACH} of its width past
 * its ends — the wall and the floor round the piece reach out further.
 */
function carriesOn(
  segment: Mask,
  piece: Mask,
  others: Uint8Array,
  box: Box,
  reach: number,
): boolean {
  const { width } = segment;
  const past = SIDE_REACH * (box.x1 - box.x0 + 1);
  let all = 0;
  let inside = 0;
  let neighbour = 0;
  for (let i = 0; i < segment.data.length; i++) {
    if (!segment.data[i]) continue;
    const x = i % width;
    const y = (i - x) / width;
    if (y < box.y0 - reach || y > box.y1 + reach) return false;
    if (x < box.x0 - past || x > box.x1 + past) return false;
    all++;
    if (piece.data[i]) inside++;
    if (others[i]) neighbour++;
  }
  return all > 0 && inside >= SIDE_IN_PIECE * all && neighbour <= SIDE_NEIGHBOUR * all;
}

/**
 * Whether a SAM answer asked outside the piece (in a notch of its top, past an end) takes in a
 * neighbour: as much of it as a part asked about (`minArea`) is another parse object's — a pillow
 * or an arm the parse called wall holds none. A nightstand beside a bed, whose top and lamp the
 * parse saw but whose front it called wall, is answered with the bed when SAM is asked in the
 * notch of the bed's top over it (docs/decisions/083). (Counted in the whole answer: a detector's
 * box as the selection holds the nightstand too.)
 */
function takesNeighbour(segment: Mask, others: Uint8Array, minArea: number): boolean {
  let theirs = 0;
  for (let i = 0; i < segment.data.length; i++) if (segment.data[i] && others[i]) theirs++;
  return theirs >= minArea;
}

/** Whether at least {@link PART_OWN} of a part's answer is the piece. */
function ownPart(segment: Mask, piece: Mask): boolean {
  let all = 0;
  let own = 0;
  for (let i = 0; i < segment.data.length; i++) {
    if (!segment.data[i]) continue;
    all++;
    if (piece.data[i]) own++;
  }
  return own >= PART_OWN * all;
}

/**
 * The regions of the piece whose colour stands far ({@link OFF_TONE}) from the piece's own (its
 * median colour), opened so that two such regions touching at a corner come apart: a dark coffee
 * table the parse ran into a pale sofa behind it, and the sofa's dark underside beside it. Large
 * enough, largest first. The parse gives them to the piece, so they are no part of their own.
 */
function offTone(image: Raster, piece: Mask, minArea: number): Mask[] {
  const { width, height } = piece;
  const hist = [0, 1, 2].map(() => new Uint32Array(256));
  let n = 0;
  for (let i = 0; i < piece.data.length; i++) {
    if (!piece.data[i]) continue;
    n++;
    for (let c = 0; c < 3; c++) {
      const h = hist[c] as Uint32Array;
      const v = image.data[i * 4 + c] ?? 0;
      h[v] = (h[v] ?? 0) + 1;
    }
  }
  if (n === 0) return [];
  const median = hist.map((h) => {
    let seen = 0;
    for (let v = 0; v < 256; v++) if ((seen += h[v] ?? 0) * 2 >= n) return v;
    return 255;
  });
  const off = new Uint8Array(width * height);
  for (let i = 0; i < off.length; i++) {
    if (!piece.data[i]) continue;
    let step = 0;
    for (let c = 0; c < 3; c++)
      step = Math.max(step, Math.abs((image.data[i * 4 + c] ?? 0) - (median[c] ?? 0)));
    if (step >= OFF_TONE) off[i] = 1;
  }
  const r = Math.max(2, Math.round(OPEN_SHARE * Math.max(width, height)));
  const outside = dilateMask({ width, height, data: off.map((v) => 1 - v) }, r);
  const core = { width, height, data: outside.data.map((v) => 1 - v) };
  return components(core)
    .map((c) => {
      const grown = dilateMask(c, r);
      for (let i = 0; i < grown.data.length; i++) grown.data[i] = grown.data[i] && off[i] ? 1 : 0;
      return grown;
    })
    .filter((c) => count(c) >= minArea)
    .sort((a, b) => count(b) - count(a));
}

/** The parse objects lying mostly in the piece (its halves, cushions, throws), large enough. */
function partsOf(piece: Mask, scene: PlacementScene, minArea: number): Mask[] {
  const parts: Mask[] = [];
  for (const object of scene.objects) {
    const own = objectWithin(object, piece);
    if (own.area < minArea || own.area < 0.6 * object.area) continue;
    parts.push(own.mask);
  }
  return parts.sort((a, b) => count(b) - count(a));
}

/** The object's pixels inside `piece`, and their count. */
function objectWithin(object: PlacementObject, piece: Mask): { mask: Mask; area: number } {
  const { width, height } = piece;
  const data = new Uint8Array(width * height);
  let area = 0;
  const b = object.box;
  for (let y = b.y; y < b.y + b.height; y++) {
    for (let x = b.x; x < b.x + b.width; x++) {
      const i = y * width + x;
      if (object.mask.data[i] && piece.data[i]) {
        data[i] = 1;
        area++;
      }
    }
  }
  return { mask: { width, height, data }, area };
}

/**
 * The notches in the piece's top (a pillow the parse called wall between two it saw): per column,
 * the pixels between the upper hull of the piece's top profile and its top, not another object,
 * as connected regions large enough to ask about.
 */
function topNotches(piece: Mask, scene: PlacementScene, minArea: number): Mask[] {
  const { width, height } = piece;
  const box = maskBounds(piece);
  if (!box) return [];
  const top = new Float64Array(width).fill(NaN);
  for (let x = box.x0; x <= box.x1; x++) {
    for (let y = box.y0; y <= box.y1; y++) {
      if (piece.data[y * width + x]) {
        top[x] = y;
        break;
      }
    }
  }
  const hull = upperHull(top, box.x0, box.x1);
  const others = otherObjects(scene, piece);
  const notch = new Uint8Array(width * height);
  for (let x = box.x0; x <= box.x1; x++) {
    const t = top[x] ?? NaN;
    const h = hull[x] ?? NaN;
    if (Number.isNaN(t) || Number.isNaN(h)) continue;
    for (let y = Math.ceil(h); y < t; y++) {
      const i = y * width + x;
      if (!others[i] && !KEEP.has(scene.labels[i] ?? 0)) notch[i] = 1;
    }
  }
  return components({ width, height, data: notch }).filter((c) => count(c) >= minArea);
}

/** The upper hull (smallest y on screen) of the profile `top` over x0..x1, per column. */
function upperHull(top: Float64Array, x0: number, x1: number): Float64Array {
  const points: [number, number][] = [];
  for (let x = x0; x <= x1; x++) {
    const y = top[x] ?? NaN;
    if (Number.isNaN(y)) continue;
    // Monotone chain, keeping the upper (small y) side: drop a point under the chord.
    while (points.length >= 2) {
      const [ax, ay] = points[points.length - 2] as [number, number];
      const [bx, by] = points[points.length - 1] as [number, number];
      if ((bx - ax) * (y - ay) - (by - ay) * (x - ax) <= 0) points.pop();
      else break;
    }
    points.push([x, y]);
  }
  const hull = new Float64Array(top.length).fill(NaN);
  for (let k = 0; k + 1 < points.length; k++) {
    const [ax, ay] = points[k] as [number, number];
    const [bx, by] = points[k + 1] as [number, number];
    for (let x = ax; x <= bx; x++) hull[x] = ay + ((by - ay) * (x - ax)) / Math.max(1, bx - ax);
  }
  return hull;
}

/** The pixels of the parse's objects that are not part of the piece (a lamp, a table). */
function otherObjects(scene: PlacementScene, piece: Mask): Uint8Array {
  const out = new Uint8Array(piece.width * piece.height);
  for (const object of scene.objects) {
    const own = objectWithin(object, piece);
    if (own.area >= 0.6 * object.area) continue;
    const b = object.box;
    for (let y = b.y; y < b.y + b.height; y++) {
      for (let x = b.x; x < b.x + b.width; x++) {
        const i = y * piece.width + x;
        if (object.mask.data[i] && !piece.data[i]) out[i] = 1;
      }
    }
  }
  return out;
}

/** The 4-connected regions of a mask, each as its own mask. */
function components(mask: Mask): Mask[] {
  const { width, height } = mask;
  const { ids, count } = labelComponents(mask.data, width, height, new Set([1]));
  const out = Array.from({ length: count }, () => ({
    width,
    height,
    data: new Uint8Array(width * height),
  }));
  for (let i = 0; i < ids.length; i++) {
    const id = ids[i] ?? 0;
    if (id > 0) (out[id - 1] as Mask).data[i] = 1;
  }
  return out;
}

/** The pixel of a region farthest from its edge (city-block distance, two passes). */
export function interiorPoint(region: Mask): { x: number; y: number } | null {
  const { width, height, data } = region;
  const box = maskBounds(region);
  if (!box) return null;
  const d = new Float32Array(width * height);
  const far = width + height;
  for (let y = box.y0; y <= box.y1; y++) {
    for (let x = box.x0; x <= box.x1; x++) {
      const i = y * width + x;
      if (!data[i]) continue;
      const up = y > box.y0 ? (d[i - width] ?? 0) : 0;
      const left = x > box.x0 ? (d[i - 1] ?? 0) : 0;
      d[i] = Math.min(far, up + 1, left + 1);
    }
  }
  let best = -1;
  let bestD = 0;
  for (let y = box.y1; y >= box.y0; y--) {
    for (let x = box.x1; x >= box.x0; x--) {
      const i = y * width + x;
      if (!data[i]) continue;
      const down = y < box.y1 ? (d[i + width] ?? 0) : 0;
      const right = x < box.x1 ? (d[i + 1] ?? 0) : 0;
      const v = Math.min(d[i] ?? 0, down + 1, right + 1);
      d[i] = v;
      if (v > bestD) {
        bestD = v;
        best = i;
      }
    }
  }
  return best < 0 ? null : { x: best % width, y: Math.floor(best / width) };
}

/** Whether at least INSIDE_SHARE of `segment` (and something) lies in `area`. */
function mostlyWithin(segment: Mask, area: Mask): boolean {
  let all = 0;
  let inside = 0;
  for (let i = 0; i < segment.data.length; i++) {
    if (!segment.data[i]) continue;
    all++;
    if (area.data[i]) inside++;
  }
  return all > 0 && inside >= INSIDE_SHARE * all;
}

/** The union of two masks of one size. */
function union(a: Mask, b: Mask): Mask {
  const data = new Uint8Array(a.data);
  for (let i = 0; i < data.length; i++) if (b.data[i]) data[i] = 1;
  return { width: a.width, height: a.height, data };
}

/** How many pixels a mask sets. */
export function count(mask: Mask): number {
  let n = 0;
  for (let i = 0; i < mask.data.length; i++) n += mask.data[i] ? 1 : 0;
  return n;
}

/** The parse class most of the piece's pixels have. */
function dominantClass(piece: Mask, labels: Uint8Array): number {
  const counts = new Map<number, number>();
  for (let i = 0; i < piece.data.length; i++) {
    if (piece.data[i]) counts.set(labels[i] ?? 0, (counts.get(labels[i] ?? 0) ?? 0) + 1);
  }
  let best: number = ADE.sofa;
  let n = 0;
  for (const [label, c] of counts) if (c > n) [best, n] = [label, c];
  return best;
}

/** The scene with other labels: its surfaces and class masks read from them. */
function relabelled(scene: PlacementScene, labels: Uint8Array): PlacementScene {
  const { width, height } = scene;
  const changed = (i: number) => labels[i] !== scene.labels[i];
  return {
    width,
    height,
    labels,
    wallFloorLine: scene.wallFloorLine,
    objects: scene.objects,
    surface(name: 'floor'): Mask {
      const floor = scene.surface(name);
      const data = new Uint8Array(floor.data);
      for (let i = 0; i < data.length; i++) if (changed(i)) data[i] = 0;
      return { width, height, data };
    },
    classMask(classIds: readonly number[]): Mask {
      const ids = new Set(classIds);
      const data = new Uint8Array(width * height);
      for (let i = 0; i < data.length; i++) if (ids.has(labels[i] ?? 0)) data[i] = 1;
      return { width, height, data };
    },
  };
}
