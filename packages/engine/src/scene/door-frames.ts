/**
 * Doors and doorways from the photo's geometry. A door the wall's own colour (a white leaf on a
 * white wall, a doorway onto the next room's wall) is wall to the network and to its runner-up
 * (decision 029), but its frame is two long near-vertical lines standing on the floor side of the
 * photo, reaching down towards the floor, joined by a line across the top. Where the opening is
 * not the colour of the wall beside it, its wall pixels become door, cut along the frame's own
 * straight lines (decision 038). A doorway the photo's edge cuts has one jamb and a head running
 * out of the photo under a lintel of wall (decision 052). A doorway whose head shows no line (a
 * white casing on a white wall) is told by the next room's floor, seen through it higher up than
 * the jambs' feet (decision 076).
 */
import { detectSegments, greyDownscaled, type LineSegment } from '../geometry/line-segments';
import { rgbToLab, type Lab } from '../colour';
import type { Raster } from '../raster';
import { ADE } from './ade20k';

/** Segments are found on the photo shrunk to this longer side. */
const ANALYSIS_SIDE = 640;
/** A jamb leans at most this far from vertical (radians): verticals converge a little. */
const MAX_JAMB_TILT = (6 * Math.PI) / 180;
/** A jamb is at least this share of the photo's height long (after its pieces are joined). */
const MIN_JAMB = 0.25;
/** A piece of a jamb is at least this share of the photo's height long. */
const MIN_JAMB_PIECE = 0.08;
/** Pieces of one jamb lie within this share of the photo's width of one line. */
const JAMB_ALIGN = 0.006;
/** The two jambs' tops and bottoms agree within this share of the photo's height. */
const JAMB_AGREE = 0.06;
/** Width over height of a door or doorway seen at an angle or straight on. */
const MIN_ASPECT = 0.18;
const MAX_ASPECT = 0.8;
/** A door stands on the floor: its jambs reach below this share of the photo's height. */
const MIN_BOTTOM = 0.55;
/** The head is a line across at least this share of the opening, at the jambs' tops. */
const MIN_HEAD_SPAN = 0.5;
/** A head leans at most this far from horizontal (a side wall's door is seen in perspective). */
const MAX_HEAD_TILT = (35 * Math.PI) / 180;
/** A head runs out of the photo when its far end is within this share of the width of the edge. */
const EDGE_REACH = 0.02;
/** Over a doorway's head stands wall, not ceiling: read over this share of the photo's height. */
const LINTEL = 0.03;
/** A head with at least this share of wall above it is a lintel, not a ceiling line. */
const MIN_LINTEL_WALL = 0.5;
/** At least this share of the opening must be what the parse calls wall to be worth a test. */
const MIN_WALL_SHARE = 0.4;
/** The casing round a door: this share of the opening's width, left out of both colours. */
const CASING = 0.06;
/** The wall beside the door is read over this share of the opening's width. */
const BESIDE = 0.25;
/** A side is read when at least this share of its strip is wall. */
const MIN_BESIDE = 0.05;
/** The opening is a door when its colour differs from the wall beside it by at least this. */
const MIN_DELTA_E = 4;
/**
 * A doorway whose head shows no line: the floor beyond it reaches at least this share of the
 * photo's height higher than the jambs' feet (the next room's floor meets its wall farther away).
 */
const DEEPER_FLOOR = 0.03;
/**
 * …in at least this share of the opening's columns (something in the next room may hide a little
 * of it), and in at most the rest of the columns beside each jamb.
 */
const MIN_DEEPER_COLUMNS = 0.75;
/** A door casing is at most this share of the opening's width wide (a hand's width on a door). */
const CASING_WIDTH = 0.1;
/** A casing's two edges run beside each other over at least this share of the jamb. */
const MOST = 0.75;

interface Jamb {
  x: number;
  top: number;
  bottom: number;
}

const jambOf = (s: LineSegment, scale: number): Jamb => ({
  x: (s.x1 + s.x2) / 2 / scale,
  top: Math.min(s.y1, s.y2) / scale,
  bottom: Math.max(s.y1, s.y2) / scale,
});

/** Where a segment crosses column x (photo pixels), or null when it does not span x. */
function rowAt(s: LineSegment, x: number, scale: number): number | null {
  const x1 = s.x1 / scale;
  const x2 = s.x2 / scale;
  if (x < Math.min(x1, x2) || x > Math.max(x1, x2) || x1 === x2) return null;
  return (s.y1 + ((x * scale - s.x1) / (s.x2 - s.x1)) * (s.y2 - s.y1)) / scale;
}

/**
 * Joins, in place, pieces of one jamb a plant or a handle broke: in line within `align` pixels,
 * apart by at most `gap` pixels.
 */
function mergeJambs(jambs: Jamb[], align: number, gap: number): void {
  for (let merged = true; merged;) {
    merged = false;
    for (let i = 0; i < jambs.length && !merged; i++) {
      for (let j = i + 1; j < jambs.length && !merged; j++) {
        const a = jambs[i] as Jamb;
        const b = jambs[j] as Jamb;
        if (Math.abs(a.x - b.x) > align) continue;
        if (Math.max(a.top, b.top) - Math.min(a.bottom, b.bottom) > gap) continue;
        const la = a.bottom - a.top;
        const lb = b.bottom - b.top;
        jambs[i] = {
          x: (a.x * la + b.x * lb) / (la + lb),
          top: Math.min(a.top, b.top),
          bottom: Math.max(a.bottom, b.bottom),
        };
        jambs.splice(j, 1);
        merged = true;
      }
    }
  }
}

/** A door's opening in photo pixels: between its jambs, from its head down to the jambs' feet. */
export interface DoorFrame {
  x0: number;
  x1: number;
  /** The head's row over each jamb (a side wall's door is seen in perspective). */
  topLeft: number;
  topRight: number;
  bottom: number;
}

const deltaE = (a: Lab, b: Lab) => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);

/** The head's row at column x of a frame. */
const topAt = (f: DoorFrame, x: number) =>
  f.topLeft + ((x - f.x0) / Math.max(1, f.x1 - f.x0)) * (f.topRight - f.topLeft);

/**
 * Door-shaped frames in the photo whose opening the parse calls (largely) wall; overlapping
 * frames keep the larger.
 */
export function findDoorFrames(image: Raster, labels: Uint8Array): DoorFrame[] {
  const { width, height } = image;
  const { grey, scale } = greyDownscaled(image, ANALYSIS_SIDE);
  const segments = detectSegments(grey, { minLength: 0.1 * grey.height });
  const jambs: Jamb[] = [];
  const heads: LineSegment[] = [];
  for (const s of segments) {
    const dx = Math.abs(s.x2 - s.x1);
    const dy = Math.abs(s.y2 - s.y1);
    if (dx <= Math.tan(MAX_JAMB_TILT) * dy) {
      if (dy >= MIN_JAMB_PIECE * grey.height) jambs.push(jambOf(s, scale));
    } else if (dy <= Math.tan(MAX_HEAD_TILT) * dx) {
      heads.push(s);
    }
  }
  const agree = JAMB_AGREE * height;
  mergeJambs(jambs, JAMB_ALIGN * width, agree);
  const long = jambs.filter((j) => j.bottom - j.top >= MIN_JAMB * height);
  const frames: DoorFrame[] = [];
  const cut: DoorFrame[] = [];
  const deeper: DoorFrame[] = [];
  for (const a of long) {
    for (const b of long) {
      if (b.x <= a.x) continue;
      if (Math.abs(a.top - b.top) > agree || Math.abs(a.bottom - b.bottom) > agree) continue;
      const top = (a.top + b.top) / 2;
      const bottom = Math.max(a.bottom, b.bottom);
      if (bottom < MIN_BOTTOM * height) continue;
      const aspect = (b.x - a.x) / (bottom - top);
      if (aspect < MIN_ASPECT || aspect > MAX_ASPECT) continue;
      // The head: a line across the opening meeting both jambs near their tops.
      const headed = heads.some((h) => {
        const x0 = Math.max(a.x, Math.min(h.x1, h.x2) / scale);
        const x1 = Math.min(b.x, Math.max(h.x1, h.x2) / scale);
        if (x1 - x0 < MIN_HEAD_SPAN * (b.x - a.x)) return false;
        const ya = rowAt(h, x0, scale);
        const yb = rowAt(h, x1, scale);
        return (
          ya !== null &&
          yb !== null &&
          Math.abs(ya - a.top) <= agree &&
          Math.abs(yb - b.top) <= agree
        );
      });
      if (!headed) continue;
      frames.push({ x0: a.x, x1: b.x, topLeft: a.top, topRight: b.top, bottom });
    }
    cut.push(...edgeFrames(a, heads, scale, labels, width, height));
    deeper.push(...deeperFloorFrames(a, jambs, labels, width, height));
  }
  const area = (f: DoorFrame) => (f.x1 - f.x0) * (f.bottom - Math.min(f.topLeft, f.topRight));
  // A frame seen whole (two jambs) is the better evidence: it goes before any cut by the edge.
  const byArea = (p: DoorFrame, q: DoorFrame) => area(q) - area(p);
  const candidates = [...frames.sort(byArea), ...cut.sort(byArea), ...deeper.sort(byArea)];
  const kept: DoorFrame[] = [];
  for (const f of candidates) {
    const overlaps = kept.some((k) => f.x0 < k.x1 && k.x0 < f.x1);
    if (overlaps) continue;
    let wall = 0;
    let all = 0;
    const step = Math.max(1, Math.round(1 / scale));
    for (let x = Math.ceil(f.x0); x < Math.min(width, f.x1); x += step) {
      for (let y = Math.ceil(topAt(f, x)); y < Math.min(height, f.bottom); y += step) {
        all++;
        if (labels[y * width + x] === ADE.wall) wall++;
      }
    }
    if (all === 0 || wall < MIN_WALL_SHARE * all) continue;
    kept.push(f);
  }
  return kept;
}

/**
 * Doorways cut by the photo's edge: one jamb standing on the floor side, and a head from its top
 * that runs out of the photo (bedroom-1's door into the bathroom). A room's corner with its
 * ceiling line looks the same, so the head must have wall above it — the lintel — where a corner's
 * line has the ceiling.
 */
function edgeFrames(
  jamb: Jamb,
  heads: readonly LineSegment[],
  scale: number,
  labels: Uint8Array,
  width: number,
  height: number,
): DoorFrame[] {
  const frames: DoorFrame[] = [];
  const long = jamb.bottom - jamb.top;
  if (jamb.bottom < MIN_BOTTOM * height) return frames;
  for (const edge of [0, width]) {
    const wide = Math.abs(edge - jamb.x);
    if (wide < MIN_ASPECT * long || wide > MAX_ASPECT * long) continue;
    const [x0, x1] = edge === 0 ? [0, jamb.x] : [jamb.x, width];
    for (const h of heads) {
      const hx0 = Math.min(h.x1, h.x2) / scale;
      const hx1 = Math.max(h.x1, h.x2) / scale;
      const reachesEdge = edge === 0 ? hx0 <= EDGE_REACH * width : hx1 >= (1 - EDGE_REACH) * width;
      if (!reachesEdge) continue;
      const near = Math.max(x0, Math.min(x1, edge === 0 ? hx1 : hx0));
      if (Math.abs(near - jamb.x) > (1 - MIN_HEAD_SPAN) * wide) continue;
      const atJamb = rowAt(h, near, scale);
      const atEdge = rowAt(h, edge === 0 ? Math.max(hx0, 0) : Math.min(hx1, width - 1), scale);
      if (atJamb === null || atEdge === null) continue;
      if (Math.abs(atJamb - jamb.top) > JAMB_AGREE * height) continue;
      const frame: DoorFrame =
        edge === 0
          ? { x0, x1, topLeft: atEdge, topRight: jamb.top, bottom: jamb.bottom }
          : { x0, x1, topLeft: jamb.top, topRight: atEdge, bottom: jamb.bottom };
      if (lintelWallShare(frame, labels, width, height) < MIN_LINTEL_WALL) continue;
      frames.push(frame);
      break;
    }
  }
  return frames;
}

/**
 * Doorways whose head the photo shows no line for (a white casing on a white wall): one jamb
 * standing on the floor and a partner whose top agrees, which may stop short of the floor (its
 * foot lost against what lies beyond), with wall over the line joining their tops (the lintel)
 * and the next room's floor seen through the opening higher than the jambs' feet, and not beside
 * them: a wall corner has no deeper floor between its lines, two legs of a piece have it beside
 * them too.
 */
function deeperFloorFrames(
  a: Jamb,
  pieces: readonly Jamb[],
  labels: Uint8Array,
  width: number,
  height: number,
): DoorFrame[] {
  const frames: DoorFrame[] = [];
  const long = a.bottom - a.top;
  const agree = JAMB_AGREE * height;
  if (a.bottom < MIN_BOTTOM * height) return frames;
  for (const b of pieces) {
    const wide = Math.abs(b.x - a.x);
    if (wide < MIN_ASPECT * long || wide > MAX_ASPECT * long) continue;
    if (Math.abs(a.top - b.top) > agree || b.bottom > a.bottom + agree) continue;
    const [l, r] = a.x < b.x ? [a, b] : [b, a];
    const left = casingInside(l, 1, wide, pieces);
    const right = casingInside(r, -1, wide, pieces);
    const frame = {
      x0: left.x,
      x1: right.x,
      topLeft: left.top,
      topRight: right.top,
      bottom: a.bottom,
    };
    if (lintelWallShare(frame, labels, width, height) < MIN_LINTEL_WALL) continue;
    if (!floorGoesDeeper(frame, labels, width, height)) continue;
    frames.push(frame);
  }
  return frames;
}

/**
 * Where the opening starts on a jamb's side: a casing shows as two lines a casing's width apart,
 * its outer edge on our wall and its inner edge on the opening, and the casing is our room's trim.
 * The inner line (the one farthest `inward` within `CASING_WIDTH` of the opening's width, running
 * beside the jamb over `MOST` of its length; its top is the head's underside), else the jamb.
 */
function casingInside(jamb: Jamb, inward: 1 | -1, wide: number, pieces: readonly Jamb[]): Jamb {
  let inner = jamb;
  for (const p of pieces) {
    const step = (p.x - jamb.x) * inward;
    const beside = Math.min(p.bottom, jamb.bottom) - Math.max(p.top, jamb.top);
    if (step <= 0 || step > CASING_WIDTH * wide || beside < MOST * (jamb.bottom - jamb.top))
      continue;
    if ((p.x - inner.x) * inward > 0) inner = p;
  }
  return inner;
}

/** The highest row in [from, to) of column x that the parse calls floor, or NaN. */
function floorTop(labels: Uint8Array, width: number, x: number, from: number, to: number): number {
  for (let y = Math.max(0, Math.ceil(from)); y < to; y++) {
    if (labels[y * width + x] === ADE.floor) return y;
  }
  return Number.NaN;
}

/**
 * Whether the floor seen between a frame's jambs reaches `DEEPER_FLOOR` of the height higher than
 * their feet across most of the opening, and not beside it: the next room's floor shows through
 * the whole doorway and its jambs hide the rest of it. Lines inside the opening (a curtain or a
 * window in the next room) have that floor on both sides; a wall beside the doorway has none.
 */
function floorGoesDeeper(f: DoorFrame, labels: Uint8Array, width: number, height: number): boolean {
  const limit = f.bottom - DEEPER_FLOOR * height;
  const w = f.x1 - f.x0;
  const casing = Math.max(3, CASING * w);
  const deeperShare = (x0: number, x1: number) => {
    let deeper = 0;
    let all = 0;
    for (let x = Math.max(0, Math.ceil(x0)); x < Math.min(width, x1); x++) {
      all++;
      if (floorTop(labels, width, x, topAt(f, x), f.bottom) <= limit) deeper++;
    }
    return all === 0 ? 0 : deeper / all;
  };
  return (
    deeperShare(f.x0 + casing, f.x1 - casing) >= MIN_DEEPER_COLUMNS &&
    deeperShare(f.x0 - casing - BESIDE * w, f.x0 - casing) <= 1 - MIN_DEEPER_COLUMNS &&
    deeperShare(f.x1 + casing, f.x1 + casing + BESIDE * w) <= 1 - MIN_DEEPER_COLUMNS
  );
}

/** Share of the band just above a frame's head that the parse calls wall. */
function lintelWallShare(f: DoorFrame, labels: Uint8Array, width: number, height: number): number {
  const band = Math.max(2, Math.round(LINTEL * height));
  let wall = 0;
  let all = 0;
  for (let x = Math.max(0, Math.ceil(f.x0)); x < Math.min(width, f.x1); x++) {
    const head = Math.round(topAt(f, x));
    for (let y = Math.max(0, head - band); y < Math.max(0, head - 2); y++) {
      all++;
      if (labels[y * width + x] === ADE.wall) wall++;
    }
  }
  return all === 0 ? 0 : wall / all;
}

/** Mean CIELAB of the parse's wall pixels in columns [x0, x1) between a frame's head and foot. */
function wallColour(
  image: Raster,
  labels: Uint8Array,
  f: DoorFrame,
  x0: number,
  x1: number,
): { lab: Lab; count: number } {
  const { width, height, data } = image;
  const sum = [0, 0, 0];
  let count = 0;
  for (let x = Math.max(0, Math.ceil(x0)); x < Math.min(width, x1); x++) {
    for (let y = Math.max(0, Math.ceil(topAt(f, x))); y < Math.min(height, f.bottom); y++) {
      const i = y * width + x;
      if (labels[i] !== ADE.wall) continue;
      for (let c = 0; c < 3; c++) sum[c] = (sum[c] ?? 0) + (data[i * 4 + c] ?? 0);
      count++;
    }
  }
  const n = Math.max(1, count);
  return { lab: rgbToLab([(sum[0] ?? 0) / n, (sum[1] ?? 0) / n, (sum[2] ?? 0) / n]), count };
}

/**
 * Relabels, in place, as door the wall pixels inside each door frame whose opening is not the
 * wall's colour beside it (a white leaf on a cream wall, a doorway onto a darker room); returns
 * how many pixels changed. A frame the wall's own colour could be panelling or a niche: it stays.
 */
export function takeDoorFramesFromWall(image: Raster, labels: Uint8Array): number {
  const { width, height } = image;
  // Every frame is judged on the parse's labels as they came: a doorway cut by the photo's edge
  // next to a door just taken would otherwise have no wall beside it to differ from.
  const doors = findDoorFrames(image, labels).filter((f) => opensOffTheWall(image, labels, f));
  let changed = 0;
  for (const f of doors) {
    for (let x = Math.max(0, Math.ceil(f.x0)); x < Math.min(width, f.x1); x++) {
      for (let y = Math.max(0, Math.ceil(topAt(f, x))); y < Math.min(height, f.bottom); y++) {
        const i = y * width + x;
        if (labels[i] !== ADE.wall) continue;
        labels[i] = ADE.door;
        changed++;
      }
    }
  }
  return changed;
}

/** Whether a frame's opening differs in colour from the wall beside each jamb that has wall. */
function opensOffTheWall(image: Raster, labels: Uint8Array, f: DoorFrame): boolean {
  const w = f.x1 - f.x0;
  // The casing lies just outside the jambs; the wall beside it a little farther out.
  const casing = Math.max(3, CASING * w);
  const opening = wallColour(image, labels, f, f.x0 + casing, f.x1 - casing);
  const left = wallColour(image, labels, f, f.x0 - casing - BESIDE * w, f.x0 - casing);
  const right = wallColour(image, labels, f, f.x1 + casing, f.x1 + casing + BESIDE * w);
  const beside = [left, right].filter(
    (side) => side.count >= MIN_BESIDE * w * (f.bottom - f.topLeft),
  );
  return beside.length > 0 && beside.every((side) => deltaE(side.lab, opening.lab) >= MIN_DELTA_E);
}
