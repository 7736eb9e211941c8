/**
 * A window's frame the parse called wall (decision 075). The network sees a white frame on a
 * white or grey wall as wall (decision 068: neither brightness nor its votes mark it), but the
 * photo shows the frame by its shape: a band between two parallel straight edges, the glass's
 * edge on one side (where the parse's window begins) and the frame's outer edge on the other,
 * evenly coloured and unlike the wall beyond it. Painted pixels between the two lines are not
 * painted, so the paint stops on the frame's outer edge, a straight line.
 */
import { rgbToLab, type Lab } from '../colour';
import { detectSegments, greyDownscaled, type LineSegment } from '../geometry/line-segments';
import type { Raster } from '../raster';
import { lumaAt } from '../raster';
import { ADE } from '../scene';

/** Segments are found on the photo shrunk to this longer side. */
const ANALYSIS_SIDE = 800;
/** An edge of a frame is at least this share of the photo's longer side long. */
const MIN_EDGE = 0.04;
/** The sides of an edge are read this far from it (share of the longer side). */
const SIDE_OFFSET = 0.004;
/** An edge is the glass's when at least this share of one side is the parse's window. */
const MIN_GLASS_SIDE = 0.6;
/** The outer edge is parallel to the glass's: its direction within this angle (radians). */
const PARALLEL = (3 * Math.PI) / 180;
/** A frame is at most this share of its glass edge's length wide (a few percent of the pane). */
const MAX_BAND_SHARE = 0.25;
/** ...and at most this share of the photo's longer side. */
const MAX_BAND = 0.04;
/** Along the outer edge the frame goes on while its cross-section is this near its colour (ΔE). */
const FRAME_COLOUR_MATCH = 6;
/** A bar between two panes (a mullion) is at most this share of the longer side wide. */
const MAX_BAR = 0.02;
/** At least this share of a band is painted, or there is nothing to take back. */
const MIN_BAND_PAINTED = 0.3;
/** The outer edge runs beside at least this share of the glass edge. */
const MIN_OVERLAP = 0.6;
/** The band is one colour: the spread of its luma (standard deviation, levels) at most this. */
const MAX_BAND_SPREAD = 18;
/** The band differs from the strip beyond its outer edge by at least this (CIELAB ΔE). */
const MIN_FRAME_CONTRAST = 8;
/** The strip beyond the outer edge is at least this share painted: wall, not the next pane. */
const MIN_WALL_BEYOND = 0.6;
/**
 * A window the parse half sees (decision 101): the glass beside its glass edge that it called
 * wall reaches out at most this share of the photo's longer side to the window's own edge.
 */
const MAX_PANE = 0.12;
/** Past the window's own edge lies wall at least this much darker than the glass (levels). */
const MIN_DARKER = 16;
/** A line inside the window runs beside at least this share of the glass edge. */
const MIN_INNER_OVERLAP = 0.25;
/** The band out to the window's edge is at least this share painted (the parse called it wall). */
const MIN_PANE_PAINTED = 0.5;
/** The band is the colour of the glass beside its glass edge within this (ΔE). */
const GLASS_MATCH = 10;
/** The network's mean vote for window or door over the band is at least this (0–1)… */
const MIN_PANE_VOTE = 0.04;
/** …and this many times its mean vote over the painted wall (its background of such votes). */
const MIN_PANE_RATIO = 3;
/** Along the glass edge the pane goes on while its cross-section is this near its colour (ΔE). */
const PANE_COLOUR_MATCH = 10;
/** The strips either side of a line are read this deep (share of the longer side). */
const STRIP = 0.01;

/** A band out from a glass edge, in pixels along and across that edge. */
interface Band {
  /** The stretch along the glass edge where the outer edge runs beside it. */
  t0: number;
  t1: number;
  /** How far out the outer edge lies: the band's width. */
  distance: number;
  /** The outer edge's own span along the glass edge (it may run past the glass's corner). */
  a: number;
  b: number;
}

/** A straight line through a segment: a point, its unit direction and unit normal. */
interface Edge {
  px: number;
  py: number;
  dx: number;
  dy: number;
  nx: number;
  ny: number;
  length: number;
}

/** The straight edges of a photo, found once per raster for the frames and the panes. */
const edgesOf = new WeakMap<Raster, readonly Edge[]>();

/** The photo's straight edges of at least {@link MIN_EDGE} of its longer side, at full scale. */
function windowEdges(image: Raster): readonly Edge[] {
  const known = edgesOf.get(image);
  if (known) return known;
  const { grey, scale } = greyDownscaled(image, ANALYSIS_SIDE);
  const edges = detectSegments(grey, {
    minLength: MIN_EDGE * Math.max(grey.width, grey.height),
  }).map((s) => edgeOf(s, scale));
  edgesOf.set(image, edges);
  return edges;
}

/** A segment of the shrunk photo as an edge in photo pixels. */
function edgeOf(s: LineSegment, scale: number): Edge {
  const x1 = s.x1 / scale;
  const y1 = s.y1 / scale;
  const x2 = s.x2 / scale;
  const y2 = s.y2 / scale;
  const length = Math.hypot(x2 - x1, y2 - y1);
  const dx = (x2 - x1) / length;
  const dy = (y2 - y1) / length;
  return { px: x1, py: y1, dx, dy, nx: -dy, ny: dx, length };
}

/** Share of the samples on a line offset from an edge by `offset` along its normal where `test`. */
function sideShare(
  e: Edge,
  offset: number,
  width: number,
  height: number,
  test: (i: number) => boolean,
): number {
  let hit = 0;
  let all = 0;
  for (let t = 0; t <= e.length; t += 1) {
    const x = Math.round(e.px + e.dx * t + e.nx * offset);
    const y = Math.round(e.py + e.dy * t + e.ny * offset);
    if (x < 0 || y < 0 || x >= width || y >= height) continue;
    all++;
    if (test(y * width + x)) hit++;
  }
  return all === 0 ? 0 : hit / all;
}

/** The pixels of a band along an edge: along [t0, t1], out from the edge over [s0, s1]. */
function bandPixels(
  e: Edge,
  t0: number,
  t1: number,
  s0: number,
  s1: number,
  width: number,
  height: number,
): number[] {
  const out = new Set<number>();
  for (let t = t0; t <= t1; t += 0.5) {
    for (let s = s0; s <= s1; s += 0.5) {
      const x = Math.round(e.px + e.dx * t + e.nx * s);
      const y = Math.round(e.py + e.dy * t + e.ny * s);
      if (x < 0 || y < 0 || x >= width || y >= height) continue;
      out.add(y * width + x);
    }
  }
  return [...out];
}

/** Mean CIELAB of the given pixels. */
function meanLab(image: Raster, pixels: readonly number[]): Lab {
  const sum = [0, 0, 0];
  for (const i of pixels)
    for (let c = 0; c < 3; c++) sum[c] = (sum[c] ?? 0) + (image.data[i * 4 + c] ?? 0);
  const n = Math.max(1, pixels.length);
  return rgbToLab([(sum[0] ?? 0) / n, (sum[1] ?? 0) / n, (sum[2] ?? 0) / n]);
}

/** Mean luma of the given pixels (levels). */
function meanLuma(image: Raster, pixels: readonly number[]): number {
  let sum = 0;
  for (const i of pixels) sum += lumaAt(image.data, i);
  return sum / Math.max(1, pixels.length);
}

/** Standard deviation of the given pixels' luma (levels). */
function lumaSpread(image: Raster, pixels: readonly number[]): number {
  let sum = 0;
  let squares = 0;
  for (const i of pixels) {
    const l = lumaAt(image.data, i);
    sum += l;
    squares += l * l;
  }
  const n = Math.max(1, pixels.length);
  return Math.sqrt(Math.max(0, squares / n - (sum / n) ** 2));
}

const deltaE = (a: Lab, b: Lab) => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);

/**
 * The painted pixels on window frames: for each straight edge with the parse's glass on one side,
 * the nearest parallel edge out from it within a frame's width whose band is one colour and
 * unlike the wall beyond. `painted` is the walls' matte (non-zero where painted).
 */
export function windowFrameBands(
  image: Raster,
  labels: Uint8Array,
  painted: Uint8Array,
): Uint8Array {
  const { width, height } = image;
  const frames = new Uint8Array(width * height);
  const side = Math.max(width, height);
  const edges = windowEdges(image);
  const offset = Math.max(2, SIDE_OFFSET * side);
  const isGlass = (i: number) => labels[i] === ADE.window;
  const isPainted = (i: number) => (painted[i] ?? 0) > 0;
  const cosParallel = Math.cos(PARALLEL);
  for (const glass of edges) {
    // Which side is the glass: orient the normal from the glass out towards the frame.
    for (const sign of [1, -1]) {
      const out = { ...glass, nx: glass.nx * sign, ny: glass.ny * sign };
      if (sideShare(out, -offset, width, height, isGlass) < MIN_GLASS_SIDE) continue;
      const maxBand = Math.min(MAX_BAND * side, MAX_BAND_SHARE * out.length);
      // The first parallel edge out whose band is a frame: a shade inside the frame or a rebate
      // line leaves a band whose far side is frame too, not unlike it.
      for (const band of parallelEdgesOut(out, edges, maxBand, cosParallel)) {
        const colour = frameColour(image, out, band, isGlass, isPainted);
        if (!colour) continue;
        const [from, to] = alongTheFrame(image, out, band, colour);
        for (const i of bandPixels(out, from, to, 0, band.distance, width, height)) frames[i] = 1;
        break;
      }
    }
  }
  return frames;
}

/**
 * The painted pixels on a window the parse half sees (decision 101): the network calls one pane
 * window (or door: a glazed sash is a door to it) and the panes beside it, as bright as that
 * glass, wall. From each straight edge with the parse's opening on one side, out across the
 * parallel lines inside the window (bars, a sash's edge, a reveal's) to the window's own edge,
 * the first line past which lies painted wall unlike the glass and darker than it; the band up
 * to it is left out when it is the glass's colour and the network's votes for window or door
 * over it stand well above their background on the wall. `vote` is that vote (0–1) per pixel.
 */
export function windowPanes(
  image: Raster,
  labels: Uint8Array,
  painted: Uint8Array,
  vote: (x: number, y: number) => number,
): Uint8Array {
  const { width, height } = image;
  const panes = new Uint8Array(width * height);
  const side = Math.max(width, height);
  const edges = windowEdges(image);
  const offset = Math.max(2, SIDE_OFFSET * side);
  const isOpening = (i: number) => labels[i] === ADE.window || labels[i] === ADE.door;
  const cosParallel = Math.cos(PARALLEL);
  const test = paneTest(image, painted, vote);
  for (const glass of edges) {
    for (const sign of [1, -1]) {
      const out = { ...glass, nx: glass.nx * sign, ny: glass.ny * sign };
      if (sideShare(out, -offset, width, height, isOpening) < MIN_GLASS_SIDE) continue;
      const reach = Math.min(MAX_PANE * side, out.length);
      // A band no wider than a frame is a frame: 075's rule, above, takes it or leaves it.
      const frame = Math.min(MAX_BAND * side, MAX_BAND_SHARE * out.length);
      // The last line inside the window within a frame's width of its edge is the glass's own
      // edge: the strip beyond it is the frame's, or a recess's reveal (as bright as the glass,
      // but wall). The detector often finds only a stretch of that faint line, so any line
      // beside part of the glass edge counts.
      let inner = 0;
      for (const band of parallelEdgesOut(out, edges, reach, cosParallel, MIN_INNER_OVERLAP)) {
        const verdict = test(out, band, offset);
        const whole = band.t1 - band.t0 >= MIN_OVERLAP * out.length;
        if (verdict === 'inside' || !whole) {
          if (verdict === 'inside') inner = band.distance;
          continue;
        }
        const end = band.distance - inner <= frame ? inner : band.distance;
        if (verdict === 'pane' && end > frame) {
          const [from, to] = alongThePane(image, out, { ...band, distance: end });
          for (const i of bandPixels(out, from, to, 0, end, width, height)) panes[i] = 1;
        }
        break;
      }
    }
  }
  return panes;
}

/**
 * The test for glass the parse called wall beside a glass edge, out to a parallel line. A line
 * past which there is no painted wall, or only what is the colour of the strip before it or not
 * darker than the glass, is `inside` the window (a bar, a sash's edge, a reveal's): the next
 * line out is tried. Otherwise it is the window's own edge, and the band up to it is a `pane`
 * when most of it is painted, it is the glass's colour, and the network's votes for window or
 * door over it stand well over their background on the painted wall; if not, `none`.
 */
function paneTest(
  image: Raster,
  painted: Uint8Array,
  windowVote: (x: number, y: number) => number,
): (glass: Edge, band: Band, offset: number) => Verdict {
  const { width, height } = image;
  let sum = 0;
  let count = 0;
  for (let y = 0; y < height; y += 4) {
    for (let x = 0; x < width; x += 4) {
      if (!painted[y * width + x]) continue;
      sum += windowVote(x, y);
      count++;
    }
  }
  const background = count === 0 ? 0 : sum / count;
  const minVote = Math.max(MIN_PANE_VOTE, MIN_PANE_RATIO * background);
  const side = Math.max(width, height);
  const isPainted = (i: number) => (painted[i] ?? 0) > 0;
  return (glass, band, offset) => {
    const { t0, t1, distance } = band;
    const reach = Math.max(offset, Math.min(distance, STRIP * side));
    // Clear of the line itself (the detector's line may lie a pixel or two off the step).
    const gap = offset;
    const before = bandPixels(
      glass,
      t0,
      t1,
      Math.max(1, distance - gap - reach),
      distance - gap,
      width,
      height,
    );
    const beyond = bandPixels(glass, t0, t1, distance + gap, distance + gap + reach, width, height);
    if (before.length === 0) return 'inside';
    if (beyond.length === 0) return 'none';
    if (beyond.filter(isPainted).length < MIN_WALL_BEYOND * beyond.length) return 'inside';
    if (deltaE(meanLab(image, before), meanLab(image, beyond)) < MIN_FRAME_CONTRAST)
      return 'inside';
    // Light comes in through the glass: the wall past the window's edge is darker than it.
    const glassSide = bandPixels(glass, t0, t1, -reach, -1, width, height);
    if (meanLuma(image, beyond) > meanLuma(image, glassSide) - MIN_DARKER) return 'inside';
    // Past the window's edge the wall goes on, as far out as the band is wide: not a pier
    // between two windows, with the next window's glass past it.
    const wall = bandPixels(
      glass,
      t0,
      t1,
      distance + gap,
      distance + gap + distance,
      width,
      height,
    );
    if (wall.filter(isPainted).length < MIN_WALL_BEYOND * wall.length) return 'none';
    const inside = bandPixels(glass, t0, t1, 1, distance - 1, width, height);
    // The pane is one the parse called wall: most of the band is painted (not the glass itself).
    if (inside.filter(isPainted).length < MIN_PANE_PAINTED * inside.length) return 'none';
    if (deltaE(meanLab(image, inside), meanLab(image, glassSide)) > GLASS_MATCH) return 'none';
    let vote = 0;
    for (const i of inside) vote += windowVote(i % width, Math.floor(i / width));
    return vote >= minVote * inside.length ? 'pane' : 'none';
  };
}

type Verdict = 'pane' | 'inside' | 'none';

/**
 * The band's colour when it is a frame the paint took: partly painted, one colour, and either a
 * frame (the wall beyond its outer edge is painted and unlike it) or a bar between two panes
 * (narrow, glass beyond it too). Undefined when it is not.
 */
function frameColour(
  image: Raster,
  glass: Edge,
  band: Band,
  isGlass: (i: number) => boolean,
  isPainted: (i: number) => boolean,
): Lab | undefined {
  const { width, height } = image;
  const { t0, t1, distance } = band;
  const inside = bandPixels(glass, t0, t1, 1, distance - 1, width, height);
  const beyond = bandPixels(glass, t0, t1, distance + 2, 2 * distance + 2, width, height);
  if (inside.length === 0 || beyond.length === 0) return undefined;
  if (inside.filter(isPainted).length < MIN_BAND_PAINTED * inside.length) return undefined;
  if (lumaSpread(image, inside) > MAX_BAND_SPREAD) return undefined;
  const colour = meanLab(image, inside);
  const side = Math.max(width, height);
  const bar =
    distance <= MAX_BAR * side && beyond.filter(isGlass).length >= MIN_GLASS_SIDE * beyond.length;
  const frame =
    beyond.filter(isPainted).length >= MIN_WALL_BEYOND * beyond.length &&
    deltaE(colour, meanLab(image, beyond)) >= MIN_FRAME_CONTRAST;
  return bar || frame ? colour : undefined;
}

/**
 * The edges parallel to `glass` on its outer side within `maxBand` that run beside most of it,
 * nearest first: each one's distance out and the stretch of `glass` (along it) the two share.
 */
function parallelEdgesOut(
  glass: Edge,
  edges: readonly Edge[],
  maxBand: number,
  cosParallel: number,
  minOverlap = MIN_OVERLAP,
): Band[] {
  const along = (x: number, y: number) => (x - glass.px) * glass.dx + (y - glass.py) * glass.dy;
  const across = (x: number, y: number) => (x - glass.px) * glass.nx + (y - glass.py) * glass.ny;
  const found: Band[] = [];
  for (const e of edges) {
    if (Math.abs(e.dx * glass.dx + e.dy * glass.dy) < cosParallel) continue;
    const ex2 = e.px + e.dx * e.length;
    const ey2 = e.py + e.dy * e.length;
    const distance = (across(e.px, e.py) + across(ex2, ey2)) / 2;
    if (distance < 2 || distance > maxBand) continue;
    const a = along(e.px, e.py);
    const b = along(ex2, ey2);
    const t0 = Math.max(0, Math.min(a, b));
    const t1 = Math.min(glass.length, Math.max(a, b));
    if (t1 - t0 < minOverlap * glass.length) continue;
    found.push({ t0, t1, distance, a: Math.min(a, b), b: Math.max(a, b) });
  }
  return found.sort((p, q) => p.distance - q.distance);
}

/**
 * The stretch along a glass edge a pane's band runs: from where the glass edge and the window's
 * edge run side by side, on while the band's cross-section keeps its colour, at most the band's
 * own width past the window edge's ends (the detector ends a line early where the wall beyond it
 * is lit as brightly as the glass, or something stands in front of it) and not past the glass
 * edge's own ends.
 */
function alongThePane(image: Raster, glass: Edge, band: Band): [number, number] {
  const { width, height } = image;
  const { distance } = band;
  const colour = meanLab(
    image,
    bandPixels(glass, band.t0, band.t1, 1, distance - 1, width, height),
  );
  const samePane = (t: number) => {
    const across = bandPixels(glass, t, t, 1, distance - 1, width, height);
    return across.length > 0 && deltaE(meanLab(image, across), colour) <= PANE_COLOUR_MATCH;
  };
  // Not past the glass edge's own ends: a window's head or sill seen in perspective is not
  // parallel to it, and beyond them lies the recess's head, wall.
  const first = Math.max(0, band.a - distance);
  const last = Math.min(glass.length, band.b + distance);
  let from = band.t0;
  while (from - 1 >= first && samePane(from - 1)) from--;
  let to = band.t1;
  while (to + 1 <= last && samePane(to + 1)) to++;
  return [from, to];
}

/**
 * The stretch along a glass edge the frame runs: from where the two edges run side by side, on
 * along the outer edge (past the glass's corner, where the glass edge ends but the frame goes on
 * round it) while the band's cross-section keeps the frame's colour.
 */
function alongTheFrame(image: Raster, glass: Edge, band: Band, colour: Lab): [number, number] {
  const { width, height } = image;
  const sameFrame = (t: number) => {
    const section = bandPixels(glass, t, t, 1, band.distance - 1, width, height);
    return section.length > 0 && deltaE(meanLab(image, section), colour) <= FRAME_COLOUR_MATCH;
  };
  // At a corner the frame turns: it goes on past the outer edge's end by about its own width
  // (the other side's band), where the segment detector often ends the line early.
  let from = band.t0;
  while (from - 1 >= band.a - band.distance && sameFrame(from - 1)) from--;
  let to = band.t1;
  while (to + 1 <= band.b + band.distance && sameFrame(to + 1)) to++;
  return [from, to];
}
