/**
 * What stands in front of a swapped piece, whole (issue 11, docs/decisions/060): the parse often
 * gives part of a front object to the piece (a coffee table's lit top against a sofa's walnut
 * rail comes out as sofa), and decision 041's colour take-back cannot separate them when the two
 * share a colour. SAM, asked at the front object's pixels next to the piece, sees the object's
 * own edge: what it returns that carries the object on into the piece is the object's, kept.
 */
import { dilateMask, type Mask, type Raster } from '../../raster';
import { labelComponents } from '../../scene/objects';
import type { Segmenter } from '../segment';
import type { Box } from './pose';
import type { SwapForeground } from './scene';
import { count, interiorPoint } from './whole-piece';

/** The band of a front object next to the piece asked about, as a share of the longer side. */
const REACH_SHARE = 0.012;
/** Smallest band asked about (share of the image). */
const MIN_BAND_SHARE = 0.0005;
/** Share of a SAM segment that must lie in the front object or the piece (not the room). */
const INSIDE_SHARE = 0.9;
/** Least share of a SAM segment that must be the front object already (it is that object). */
const OWN_SHARE = 0.25;
/** Most of the piece a segment may claim: more is SAM returning the piece itself. */
const MOST_OF_PIECE = 0.3;
/** Most SAM questions asked (each ≈ 0.2–0.5 s on CPU). */
const MAX_CLICKS = 4;

/**
 * `front` grown by what SAM sees of each front object inside the piece (`piece`, what the swap
 * removes), within the swap's window: those pixels stay out of the removal and are laid from the
 * photo over the new product. Unchanged when SAM confirms nothing.
 */
export async function wholeFront(
  image: Raster,
  front: SwapForeground,
  piece: Mask,
  window: Box,
  segmenter: Segmenter,
): Promise<SwapForeground> {
  const { width, height } = piece;
  const reach = Math.max(3, Math.round(REACH_SHARE * Math.max(width, height)));
  const nearPiece = dilateMask(piece, reach);
  const pieceArea = count(piece);
  const clicks = bandsNextTo(front.mask, nearPiece, MIN_BAND_SHARE * width * height);
  const ww = window.x1 - window.x0 + 1;
  const mask = { width, height, data: new Uint8Array(front.mask.data) };
  const matte = new Float32Array(front.matte);
  for (const { band, object } of clicks.slice(0, MAX_CLICKS)) {
    const point = interiorPoint(band);
    if (!point) continue;
    const segment = await segmenter.segment(image, [{ ...point, label: 1 }]);
    if (!carriesOn(segment, object, piece, pieceArea, reach)) continue;
    for (let y = window.y0; y <= window.y1; y++) {
      for (let x = window.x0; x <= window.x1; x++) {
        const i = y * width + x;
        if (!segment.data[i] || !piece.data[i]) continue;
        mask.data[i] = 1;
        matte[(y - window.y0) * ww + (x - window.x0)] = 1;
      }
    }
  }
  return { mask, matte };
}

/**
 * Each front object's pixels within reach of the piece, as connected bands large enough to ask
 * about, largest first, with the object (connected region of the front) each lies on.
 */
function bandsNextTo(
  front: Mask,
  nearPiece: Mask,
  minArea: number,
): { band: Mask; object: Mask }[] {
  const { width, height } = front;
  const objects = labelComponents(front.data, width, height, new Set([1])).ids;
  const near = new Uint8Array(width * height);
  for (let i = 0; i < near.length; i++) near[i] = front.data[i] && nearPiece.data[i] ? 1 : 0;
  const bands = labelComponents(near, width, height, new Set([1]));
  const sizes = new Int32Array(bands.count + 1);
  for (const id of bands.ids) sizes[id] = (sizes[id] ?? 0) + 1;
  const out: { band: Mask; object: Mask }[] = [];
  for (let b = 1; b <= bands.count; b++) {
    if ((sizes[b] ?? 0) < minArea) continue;
    const band = new Uint8Array(width * height);
    for (let i = 0; i < band.length; i++) band[i] = bands.ids[i] === b ? 1 : 0;
    const id = objects[band.indexOf(1)] ?? 0;
    const object = new Uint8Array(width * height);
    for (let i = 0; i < object.length; i++) object[i] = objects[i] === id ? 1 : 0;
    out.push({ band: { width, height, data: band }, object: { width, height, data: object } });
  }
  return out.sort((a, b) => count(b.band) - count(a.band));
}

/**
 * Whether a SAM segment is the front object carried on into the piece: it lies in the object or
 * the piece (not the wall or floor round them), is that object in good part, and claims only a
 * small part of the piece.
 */
function carriesOn(
  segment: Mask,
  object: Mask,
  piece: Mask,
  pieceArea: number,
  reach: number,
): boolean {
  const around = dilateMask(object, reach);
  let all = 0;
  let own = 0;
  let inPiece = 0;
  let inside = 0;
  for (let i = 0; i < segment.data.length; i++) {
    if (!segment.data[i]) continue;
    all++;
    if (object.data[i]) own++;
    if (piece.data[i]) inPiece++;
    if (around.data[i] || piece.data[i]) inside++;
  }
  return (
    all > 0 &&
    inPiece > 0 &&
    own >= OWN_SHARE * all &&
    inside >= INSIDE_SHARE * all &&
    inPiece <= MOST_OF_PIECE * pieceArea
  );
}
