/**
 * A room-size woven rug on a smooth floor, told by its border. The network calls such a rug
 * floor and gives it no rug evidence, so `findInnerFloor` cannot see it; and its weave cannot be
 * told from the floor over the whole region (decision 053: two-means split the rug's own near
 * and far weave, and took a plain plank floor for a rug). What a rug does have is a straight
 * border lying in the floor: a long straight edge inside the floor region with a coarse weave
 * on one side and a smooth floor on the other, all along it — compared locally, on the two
 * sides of the same edge, where light and distance are the same. A plank seam is straight too,
 * but has the same grain on both sides. The rug is the floor on the woven side of every such
 * border (a rectangle's sides bound a convex piece).
 */
import { detectSegments, greyDownscaled, type LineSegment } from '../geometry/line-segments';
import { boxMean, lumaAt, type Raster } from '../raster';

/** Segments are found on the photo scaled to this longer side. */
const ANALYSIS_SIDE = 1200;
/** A border is at least this share of the photo's longer side long. */
const MIN_BORDER_LENGTH = 0.08;
/** Each side's texture is read this far off the edge (share of the longer side)… */
const SIDE_OFFSET = 0.012;
/** …over a strip this wide. */
const SIDE_STRIP = 0.02;
/** At least this share of the edge's samples has floor on both sides. */
const MIN_ON_FLOOR = 0.6;
/**
 * Log ratio of the two sides' fine texture (mean neighbour difference + 1) at a border: ×5.75.
 * The one rug border measured lies at 1.9–2.2; the nearest non-border (a pouf's lower rim on
 * the woven rug) at 1.66, every edge on the other 20 room photos at or below 1.11.
 */
const MIN_WEAVE_RATIO = 1.75;
/** The woven side is the rougher one at this share of the edge's samples (not a patch of it). */
const MIN_CONSISTENT = 0.9;
/** A sample's log ratio counts as consistent beyond this. */
const SAMPLE_RATIO = 0.4;
/** A pixel's weave is its fine texture averaged over this radius (share of the longer side). */
const WEAVE_WINDOW = 0.008;
/** A pixel is bare floor up to this many times the smooth side's texture (+1) at the border. */
const BARE_SPREAD = 2;
/** The rug covers at least this share of the floor region (a room-size rug, not a mat). */
const MIN_RUG_SHARE = 0.3;

/** A border in photo pixels: its line, and the side (sign of the normal) the rug lies on. */
interface Border {
  x: number;
  y: number;
  nx: number;
  ny: number;
  /** Mean fine texture along the border on the woven side and on the smooth side. */
  woven: number;
  smooth: number;
}

/** Fine texture per pixel: mean absolute lightness difference to the right and lower neighbour. */
export function fineTexture(image: Raster): Float32Array {
  const { width, height, data } = image;
  const texture = new Float32Array(width * height);
  for (let y = 0; y < height - 1; y++) {
    for (let x = 0; x < width - 1; x++) {
      const i = y * width + x;
      const l = lumaAt(data, i);
      texture[i] = (Math.abs(l - lumaAt(data, i + 1)) + Math.abs(l - lumaAt(data, i + width))) / 2;
    }
  }
  return texture;
}

/**
 * The segment as a rug border when, all along it, the floor on one side is much rougher than on
 * the other; null otherwise.
 */
function borderOf(
  segment: LineSegment,
  texture: Float32Array,
  region: Uint8Array,
  width: number,
  height: number,
): Border | null {
  const { x1, y1, x2, y2, length } = segment;
  const side = Math.max(width, height);
  const nx = -(y2 - y1) / length;
  const ny = (x2 - x1) / length;
  const from = SIDE_OFFSET * side;
  const to = from + SIDE_STRIP * side;
  const steps = Math.max(1, Math.round(length / 4));
  const ratios: number[] = [];
  let plusSum = 0;
  let minusSum = 0;
  for (let k = 0; k <= steps; k++) {
    const px = x1 + ((x2 - x1) * k) / steps;
    const py = y1 + ((y2 - y1) * k) / steps;
    const sum = [0, 0];
    const count = [0, 0];
    for (let d = from; d <= to; d += 2) {
      for (const s of [0, 1]) {
        const sign = s === 0 ? 1 : -1;
        const qx = Math.round(px + sign * nx * d);
        const qy = Math.round(py + sign * ny * d);
        if (qx < 0 || qy < 0 || qx >= width || qy >= height || !region[qy * width + qx]) continue;
        sum[s] = (sum[s] ?? 0) + (texture[qy * width + qx] ?? 0);
        count[s] = (count[s] ?? 0) + 1;
      }
    }
    if ((count[0] ?? 0) <= 3 || (count[1] ?? 0) <= 3) continue;
    const plus = (sum[0] ?? 0) / (count[0] ?? 1);
    const minus = (sum[1] ?? 0) / (count[1] ?? 1);
    ratios.push(Math.log((plus + 1) / (minus + 1)));
    plusSum += plus;
    minusSum += minus;
  }
  if (ratios.length < MIN_ON_FLOOR * (steps + 1)) return null;
  const median = [...ratios].sort((a, b) => a - b)[Math.floor(ratios.length / 2)] ?? 0;
  if (Math.abs(median) < MIN_WEAVE_RATIO) return null;
  const sign = Math.sign(median);
  const consistent = ratios.filter((r) => r * sign > SAMPLE_RATIO).length;
  if (consistent < MIN_CONSISTENT * ratios.length) return null;
  const plus = plusSum / ratios.length;
  const minus = minusSum / ratios.length;
  return {
    x: x1,
    y: y1,
    nx: nx * sign,
    ny: ny * sign,
    woven: sign > 0 ? plus : minus,
    smooth: sign > 0 ? minus : plus,
  };
}

/**
 * 1 per pixel of the floor region that lies on the woven side of every rug border found and is
 * itself woven: its fine texture, averaged over a small window, beyond what the bare floor shows
 * beside the border (a near weave is coarse, a far one fine, so the bare floor's own measure is
 * the steadier one), and a strip of bare floor beside the rug, beyond the border's reach, stays
 * floor. All 0 when there is no border or the piece is too small for a room-size rug.
 */
export function rugByItsBorder(image: Raster, region: Uint8Array): Uint8Array {
  const { width, height } = image;
  const rug = new Uint8Array(width * height);
  const { grey, scale } = greyDownscaled(image, ANALYSIS_SIDE);
  const texture = fineTexture(image);
  const borders: Border[] = [];
  for (const s of detectSegments(grey)) {
    const segment = {
      x1: s.x1 / scale,
      y1: s.y1 / scale,
      x2: s.x2 / scale,
      y2: s.y2 / scale,
      length: s.length / scale,
    };
    if (segment.length < MIN_BORDER_LENGTH * Math.max(width, height)) continue;
    const border = borderOf(segment, texture, region, width, height);
    if (border) borders.push(border);
  }
  if (!borders.length) return rug;
  const woven = Math.min(...borders.map((b) => BARE_SPREAD * (b.smooth + 1) - 1));
  const local = boxMean(texture, width, height, Math.round(WEAVE_WINDOW * Math.max(width, height)));
  let floorArea = 0;
  let rugArea = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      if (!region[i]) continue;
      floorArea++;
      if ((local[i] ?? 0) < woven) continue;
      if (borders.every((b) => (x - b.x) * b.nx + (y - b.y) * b.ny > 0)) {
        rug[i] = 1;
        rugArea++;
      }
    }
  }
  if (rugArea < MIN_RUG_SHARE * floorArea) rug.fill(0);
  return rug;
}
