/**
 * What a placement reads from the room parse (issue 11, "Products that belong in the photo"):
 * where the visible floor is, so a product stands on it and not on a chair; which objects stand
 * nearer the camera than the product (their contact with the floor is lower in the image), so they
 * stay in front of it; and where the windows are, for the side the light comes from. Without the
 * segmentation model there is no parse and placement works from the camera alone.
 */
import type { RoomCamera, Vec3 } from '../../geometry/room-camera';
import { floorPointAt } from '../../geometry/room-camera';
import { blurBinomial3, dilateMask, maskBounds } from '../../raster';
import type { Mask, Raster } from '../../raster';
import { ADE } from '../../scene/ade20k';
import { labelComponents } from '../../scene/objects';
import type { RemovalScene } from '../removal';
import type { Box } from './pose';
import { shadowMargin as shadowMarginOf } from './pose';

/** One furniture or decor instance of the parse (a `SceneObject` is one). */
export interface PlacementObject {
  classId: number;
  box: { x: number; y: number; width: number; height: number };
  mask: Mask;
  area: number;
}

/** What placement reads from the room parse (a `RoomParse` is one). */
export interface PlacementScene extends RemovalScene {
  /** Visible floor pixels (occluders excluded). */
  surface(name: 'floor'): Mask;
  classMask(classIds: readonly number[]): Mask;
  readonly objects: readonly PlacementObject[];
}

/** Flat things that lie on the floor: a product may stand on them and they are never in front. */
const LIES_ON_FLOOR = new Set<number>([ADE.rug]);

/** Fraction of `mask` pixels inside the box (x0..x1, y0..y1 inclusive) that are set, sampled. */
function fractionSet(mask: Mask, x0: number, y0: number, x1: number, y1: number): number {
  const ax = Math.max(0, Math.floor(x0));
  const bx = Math.min(mask.width - 1, Math.ceil(x1));
  const ay = Math.max(0, Math.floor(y0));
  const by = Math.min(mask.height - 1, Math.ceil(y1));
  if (bx < ax || by < ay) return 0;
  const step = Math.max(1, Math.floor(Math.sqrt(((bx - ax + 1) * (by - ay + 1)) / 1500)));
  let set = 0;
  let n = 0;
  for (let y = ay; y <= by; y += step) {
    for (let x = ax; x <= bx; x += step) {
      n++;
      if (mask.data[y * mask.width + x]) set++;
    }
  }
  return n > 0 ? set / n : 0;
}

/**
 * Where a floor-standing product added into `region` touches the floor: the column and row of its
 * front edge's midpoint. The user's region says roughly where; the parse says where there is
 * floor to stand on. Candidates run over the region's lower part; each is scored by how much of
 * the strip just above the contact row (where the footprint lies, `footprintRows` deep) is
 * visible floor or rug, with a pull towards the region's bottom centre (what the user drew). A
 * region drawn over an armchair thus puts the product on the floor beside or in front of it,
 * never on its seat. Returns null when the region has no floor at all (it stands on its bottom).
 */
export function floorAnchor(
  region: Mask,
  box: Box,
  scene: PlacementScene,
  centreColumn: number,
  footprintRows: number,
  footprintColumns: number,
  heightRows: number,
): { u: number; v: number } | null {
  // Floor to stand on: the visible floor and the rugs lying on it.
  const floor = scene.surface('floor');
  const rug = scene.classMask([ADE.rug]);
  const ground: Mask = {
    width: floor.width,
    height: floor.height,
    data: floor.data.map((v, i) => (v || rug.data[i] ? 1 : 0)),
  };
  // Per column, the lowest row of any standing object: a product whose contact is above it
  // there would stand behind that object and be hidden by it.
  const nearest = new Float32Array(floor.width).fill(-1);
  for (const object of scene.objects) {
    if (LIES_ON_FLOOR.has(object.classId)) continue;
    const b = object.box;
    for (let x = Math.max(box.x0, b.x); x <= Math.min(box.x1, b.x + b.width - 1); x++) {
      for (let y = b.y + b.height - 1; y >= b.y; y--) {
        if (object.mask.data[y * object.mask.width + x]) {
          nearest[x] = Math.max(nearest[x] ?? -1, y);
          break;
        }
      }
    }
  }
  const boxW = box.x1 - box.x0 + 1;
  const boxH = box.y1 - box.y0 + 1;
  const halfW = Math.max(2, Math.min(boxW / 2, footprintColumns / 2));
  const depth = Math.max(3, Math.min(boxH * 0.5, footprintRows));
  let best: { u: number; v: number; score: number } | null = null;
  let mostFloor = 0;
  const columns = 9;
  const rows = 8;
  for (let j = 0; j <= rows; j++) {
    // From the region's bottom up through its lower half.
    const v = box.y1 + 0.5 - (j / rows) * 0.5 * boxH;
    for (let i = 0; i < columns; i++) {
      const u = Math.min(
        box.x1 + 1 - halfW,
        Math.max(box.x0 + halfW, box.x0 + halfW + (i / (columns - 1)) * (boxW - 2 * halfW)),
      );
      const vi = Math.min(region.height - 1, Math.max(0, Math.round(v - 0.5)));
      const ui = Math.min(region.width - 1, Math.max(0, Math.round(u)));
      if (!region.data[vi * region.width + ui]) continue;
      const onFloor = fractionSet(ground, u - halfW, v - depth, u + halfW, v - 1);
      // The share of its columns where something nearer stands (and would hide it).
      let hidden = 0;
      let columnsSeen = 0;
      for (let x = Math.ceil(u - halfW); x <= Math.floor(u + halfW); x++) {
        if (x < box.x0 || x > box.x1) continue;
        columnsSeen++;
        const objectBottom = nearest[x] ?? -1;
        if (objectBottom > v + 2 && objectBottom - heightRows < v) hidden++;
      }
      const behind = columnsSeen > 0 ? hidden / columnsSeen : 0;
      // Prefer what the user drew: the bottom centre, then nearer rows.
      const pull = 0.25 * (Math.abs(u - centreColumn) / boxW) + 0.15 * (j / rows);
      const score = onFloor - 0.8 * behind - pull;
      mostFloor = Math.max(mostFloor, onFloor);
      if (!best || score > best.score) best = { u, v, score };
    }
  }
  // No floor anywhere in the region: nothing better than its bottom.
  if (!best || mostFloor < 0.15) return null;
  return { u: best.u, v: best.v };
}

/** Share of its base a product needs on visible floor (or rug) to stand there. */
const BASE_ON_FLOOR = 0.6;
/** How far apart (share of the image width) a piece's legs are looked for beside its rail. */
const LEG_SPACING = 0.05;
/** Share of its outline nearer furniture may hide before it counts as standing behind it. */
const MOST_HIDDEN = 0.25;

/** Why a product does not stand clear: no open floor under its base, or nearer things hide it. */
export type NotClear = 'no-floor' | 'hidden';

/**
 * Whether a product whose contact is pixel (u, v) and whose outline is `outline` (null: behind
 * the camera) stands clear (issue 11: "never on top of a chair", "in front of what is in front of
 * it"): null where it does, else why not. Its base (the middle half of its outline's width, its
 * footprint's `baseRows` above the contact, or the lowest tenth of its height) must lie at least
 * 60 % on floor or rug one sees in the open, and the parse's objects nearer the camera than its
 * contact may hide at most a quarter of its outline.
 *
 * An object's contact with the floor is its foot line, not only its lowest pixel in each column:
 * the carpet seen under a bed's raised rail, between its legs, lies under the bed. A product
 * standing there would float in front of the rail, behind the legs.
 */
export function whyNotClear(
  scene: PlacementScene,
): (u: number, v: number, outline: Box | null, baseRows?: number) => NotClear | null {
  const { width, height } = scene;
  const floor = scene.surface('floor');
  const rug = scene.classMask([ADE.rug]);
  const ground = new Uint8Array(width * height);
  for (let i = 0; i < ground.length; i++) ground[i] = floor.data[i] || rug.data[i] ? 1 : 0;
  const tolerance = Math.max(3, 0.015 * height);
  const reach = Math.round(LEG_SPACING * width);
  const standing = scene.objects
    .filter((object) => !LIES_ON_FLOOR.has(object.classId))
    .map((object) => {
      const lowest = lowestRows(object);
      const b = object.box;
      // Its foot line: per column it covers, the lowest row it reaches within a leg's spacing
      // either side (a bed's leg beside its raised rail). The floor above that line is under it.
      const foot = new Int32Array(lowest.length).fill(-1);
      for (let k = 0; k < lowest.length; k++) {
        const from = lowest[k] ?? -1;
        if (from < 0) continue;
        let to = from;
        for (let j = Math.max(0, k - reach); j <= Math.min(lowest.length - 1, k + reach); j++) {
          to = Math.max(to, lowest[j] ?? -1);
        }
        foot[k] = to;
        for (let y = from + 1; y <= Math.min(height - 1, to); y++) ground[y * width + b.x + k] = 0;
      }
      return { object, lowest, foot };
    });
  const open: Mask = { width, height, data: ground };
  return (u, v, outline, baseRows) => {
    if (!outline) return 'hidden';
    const x0 = Math.max(0, Math.floor(outline.x0));
    const x1 = Math.min(width - 1, Math.ceil(outline.x1) - 1);
    const y0 = Math.max(0, Math.floor(outline.y0));
    const y1 = Math.min(height - 1, Math.ceil(outline.y1) - 1);
    if (x1 < x0 || y1 < y0) return 'hidden';
    const quarter = (outline.x1 - outline.x0) / 4;
    const base = Math.max(3, baseRows ?? 0.1 * (v - outline.y0));
    if (fractionSet(open, u - quarter, v - base, u + quarter, v - 1) < BASE_ON_FLOOR) {
      return 'no-floor';
    }
    const step = Math.max(1, Math.floor(Math.sqrt(((x1 - x0 + 1) * (y1 - y0 + 1)) / 4000)));
    const across = Math.ceil((x1 - x0 + 1) / step);
    const hidden = new Uint8Array(across * Math.ceil((y1 - y0 + 1) / step));
    for (const { object, lowest, foot } of standing) {
      const b = object.box;
      for (let x = Math.max(x0, b.x); x <= Math.min(x1, b.x + b.width - 1); x++) {
        if ((x - x0) % step !== 0) continue;
        // Nearer the camera where its foot line is clearly below the product's contact.
        if ((foot[x - b.x] ?? -1) < v + tolerance) continue;
        const bottom = Math.min(y1, lowest[x - b.x] ?? -1);
        for (let y = Math.max(y0, b.y); y <= bottom; y++) {
          if ((y - y0) % step !== 0 || !object.mask.data[y * width + x]) continue;
          hidden[((y - y0) / step) * across + (x - x0) / step] = 1;
        }
      }
    }
    let count = 0;
    for (const h of hidden) count += h;
    return count <= MOST_HIDDEN * hidden.length ? null : 'hidden';
  };
}

/** An object's lowest row in each column of its box (−1 where it has no pixel there). */
function lowestRows(object: PlacementObject): Int32Array {
  const b = object.box;
  const lowest = new Int32Array(b.width).fill(-1);
  for (let x = b.x; x < b.x + b.width; x++) {
    for (let y = b.y + b.height - 1; y >= b.y; y--) {
      if (object.mask.data[y * object.mask.width + x]) {
        lowest[x - b.x] = y;
        break;
      }
    }
  }
  return lowest;
}

/**
 * The parse's objects that stand in front of a product whose floor contact is at row
 * `contactRow`: their own lowest row is clearly lower in the image (nearer the camera), so they
 * are drawn over the product. Objects mostly inside `exclude` (the piece a swap removes) and flat
 * things on the floor (rugs) are never in front. The result is a soft matte over `window`
 * (1 = the photo's object stays), its edge softened by a pixel like the photo's own edges.
 */
export function foregroundMatte(
  scene: PlacementScene,
  window: Box,
  contactRow: number,
  exclude: Mask | null,
): Float32Array | null {
  const hard = foregroundObjects(scene, window, contactRow, exclude);
  return hard ? blurBinomial3(hard, window.x1 - window.x0 + 1, window.y1 - window.y0 + 1) : null;
}

/** {@link foregroundMatte} before its edge is softened: 1 where a nearer object stands. */
function foregroundObjects(
  scene: PlacementScene,
  window: Box,
  contactRow: number,
  exclude: Mask | null,
  whole = false,
): Float32Array | null {
  const ww = window.x1 - window.x0 + 1;
  const wh = window.y1 - window.y0 + 1;
  const tolerance = Math.max(3, 0.015 * scene.height);
  const matte = new Float32Array(ww * wh);
  let any = false;
  for (const object of scene.objects) {
    if (LIES_ON_FLOOR.has(object.classId)) continue;
    const b = object.box;
    if (b.x + b.width <= window.x0 || b.x > window.x1) continue;
    if (b.y + b.height <= window.y0 || b.y > window.y1) continue;
    if (b.y + b.height - 1 < contactRow + tolerance) continue;
    const { mask } = object;
    if (exclude && mostlyInside(object, exclude, 0.5)) continue;
    // Column by column: where the object's own lowest pixel (its contact, or the lowest part of
    // it one sees) is clearly below the product's contact, that part of it is nearer the camera.
    // (Two chairs merged into one object are still judged each where it stands.)
    for (let x = Math.max(window.x0, b.x); x <= Math.min(window.x1, b.x + b.width - 1); x++) {
      let lowest = -1;
      for (let y = b.y + b.height - 1; y >= b.y; y--) {
        if (mask.data[y * mask.width + x]) {
          lowest = y;
          break;
        }
      }
      if (lowest < contactRow + tolerance) continue;
      for (let y = Math.max(window.y0, b.y); y <= Math.min(window.y1, lowest); y++) {
        if (mask.data[y * mask.width + x]) {
          matte[(y - window.y0) * ww + (x - window.x0)] = 1;
          any = true;
        }
      }
    }
    if (whole) spreadOver(object, matte, window);
  }
  // What stands on something in front (a plant on a coffee table) is in front too: an object
  // whose lowest pixels rest on the matte joins it, and what rests on that (a plate on a side
  // table's rim, the parse's pieces of one table stacked).
  const joined = new Set<PlacementObject>();
  for (let pass = 0; any && pass < 4; pass++) {
    let more = false;
    for (const object of scene.objects) {
      if (joined.has(object) || LIES_ON_FLOOR.has(object.classId)) continue;
      const b = object.box;
      if (b.x + b.width <= window.x0 || b.x > window.x1) continue;
      if (b.y + b.height <= window.y0 || b.y > window.y1) continue;
      if (exclude && mostlyInside(object, exclude, 0.5)) continue;
      if (!restsOn(object, matte, window)) continue;
      joined.add(object);
      more = true;
      for (let y = Math.max(window.y0, b.y); y <= Math.min(window.y1, b.y + b.height - 1); y++) {
        for (let x = Math.max(window.x0, b.x); x <= Math.min(window.x1, b.x + b.width - 1); x++) {
          if (object.mask.data[y * object.mask.width + x]) {
            matte[(y - window.y0) * ww + (x - window.x0)] = 1;
          }
        }
      }
    }
    if (!more) break;
  }
  return any ? matte : null;
}

/** Colours this near (8-bit RGB) count as the same when a swap sorts front from old piece. */
const SAME_COLOUR = 24;

/** What of a swap's old piece stands in front of it, and stays: see {@link swapForeground}. */
export interface SwapForeground {
  /** Soft matte over the window (1 = the photo's own pixel stays, over the new product). */
  matte: Float32Array;
  /** The same pixels, whole image, hard: never part of the removal hole. */
  mask: Mask;
}

/**
 * What stands in front of a swap's old piece (issue 11): the parse's objects nearer the camera
 * than the old piece's floor contact or the new one's (`contactRow`), as {@link foregroundMatte}
 * finds them but each whole where it is in one piece (a chair's arm over the old sofa is as near
 * as its leg; an added product keeps the column rule, for chairs the parse merged), and the parts of them the parse gave to the old piece (`piece`: what the swap
 * would remove, {@link removalHole}). A coffee table's top or a
 * side table's rim seen against the sofa often comes out of the parse as sofa: from each front
 * object's own pixels, the old piece's pixels joined to them whose colour is nearer the object's
 * than the piece's are taken back, up to a third of the object's height away. These pixels stay
 * out of the removal hole and are laid from the photo over the new product. Null when nothing
 * stands in front.
 */
export function swapForeground(
  image: Raster,
  scene: PlacementScene,
  piece: Mask,
  window: Box,
  contactRow: number,
): SwapForeground | null {
  const found = foregroundObjects(scene, window, contactRow, piece, true);
  if (!found) return null;
  const hard: Float32Array = found;
  const { width, height } = piece;
  const ww = window.x1 - window.x0 + 1;
  const wh = window.y1 - window.y0 + 1;
  const at = (k: number): number => (window.y0 + Math.floor(k / ww)) * width + window.x0 + (k % ww);
  // What lies within a few dozen pixels (steps) of the piece, in the window.
  const near = new Uint8Array(ww * wh);
  let edge: number[] = [];
  for (let k = 0; k < ww * wh; k++) {
    if (piece.data[at(k)]) {
      near[k] = 1;
      edge.push(k);
    }
  }
  for (let d = Math.max(4, Math.round(width / 60)); d > 0 && edge.length > 0; d--) {
    const next: number[] = [];
    for (const k of edge) {
      const x = k % ww;
      for (const q of [k - ww, k + ww, x > 0 ? k - 1 : -1, x < ww - 1 ? k + 1 : -1]) {
        if (q < 0 || q >= ww * wh || near[q]) continue;
        near[q] = 1;
        next.push(q);
      }
    }
    edge = next;
  }
  const matte = new Float32Array(hard);
  const surfaceAt: number[] = [];
  for (let k = 0; k < ww * wh; k++) {
    const label = scene.labels[at(k)] ?? 0;
    if ((label === ADE.wall || label === ADE.floor || label === ADE.rug) && !hard[k]) {
      surfaceAt.push(at(k));
    }
  }
  const room = palette(surfaceAt);
  // The window's span of the pixels taken back (only there may gaps need closing).
  const taken: Box = { x0: ww, y0: wh, x1: -1, y1: -1 };
  // The piece's colours: all of it but its rim against what stands in front (mixed pixels).
  // What of it is a front object's, mislabelled, is a small share of the piece: a colour common
  // on the object and rare on the piece is the object's.
  const steps = new Int8Array(ww * wh).fill(-1);
  let rim: number[] = [];
  for (let k = 0; k < ww * wh; k++) {
    if (hard[k]) {
      steps[k] = 0;
      rim.push(k);
    }
  }
  for (let d = 1; d <= 3 && rim.length > 0; d++) {
    const next: number[] = [];
    for (const k of rim) {
      const x = k % ww;
      for (const q of [k - ww, k + ww, x > 0 ? k - 1 : -1, x < ww - 1 ? k + 1 : -1]) {
        if (q < 0 || q >= ww * wh || steps[q] !== -1) continue;
        steps[q] = d;
        next.push(q);
      }
    }
    rim = next;
  }
  const ownAt: number[] = [];
  for (let k = 0; k < ww * wh; k++) if (steps[k] === -1 && piece.data[at(k)]) ownAt.push(at(k));
  const own = palette(ownAt);
  const seen = new Int32Array(ww * wh);
  // Each thing in front on its own (a chair and a plant have their own colours).
  const component = new Int32Array(ww * wh).fill(-1);
  let count = 0;
  for (let k0 = 0; k0 < ww * wh; k0++) {
    if (!hard[k0] || component[k0] !== -1) continue;
    const pixels = [k0];
    component[k0] = count;
    for (let n = 0; n < pixels.length; n++) {
      const k = pixels[n] ?? 0;
      const x = k % ww;
      for (const q of [k - ww, k + ww, x > 0 ? k - 1 : -1, x < ww - 1 ? k + 1 : -1]) {
        if (q < 0 || q >= ww * wh || !hard[q] || component[q] !== -1) continue;
        component[q] = count;
        pixels.push(q);
      }
    }
    takeBack(pixels);
    count++;
  }
  if (taken.x1 >= taken.x0) closeGaps(matte, ww, wh, 2, taken);

  /** The piece's pixels joined to one front object and of its colour, into the matte. */
  function takeBack(pixels: number[]): void {
    let top = wh;
    let bottom = 0;
    for (const k of pixels) {
      top = Math.min(top, Math.floor(k / ww));
      bottom = Math.max(bottom, Math.floor(k / ww));
    }
    const reach = Math.max(3, Math.round(Math.min((bottom - top + 1) / 3, 0.03 * height)));
    const frontAt: number[] = [];
    for (const k of pixels) if (near[k]) frontAt.push(at(k));
    // Not next to the piece: nothing of it to take back.
    if (frontAt.length < 20) return;
    const front = palette(frontAt);
    if (own.length === 0) return;
    // The verdict per colour (6 bits a channel): 0 not known, 1 the object's, 2 not.
    const verdict = new Uint8Array(1 << 18);
    const isFrontColour = (p: number): boolean => {
      const key =
        (((image.data[p] ?? 0) >> 2) << 12) |
        (((image.data[p + 1] ?? 0) >> 2) << 6) |
        ((image.data[p + 2] ?? 0) >> 2);
      if (!verdict[key]) {
        const onFront = shareNear(front, p);
        const theObjects =
          onFront >= 0.03 && onFront >= 3 * shareNear(own, p) && onFront >= 3 * shareNear(room, p);
        verdict[key] = theObjects ? 1 : 2;
      }
      return verdict[key] === 1;
    };
    // Breadth first from the object into the piece, a pixel a step.
    let ring = pixels.slice();
    const stamp = count + 1;
    for (let d = 0; d < reach && ring.length > 0; d++) {
      const next: number[] = [];
      for (const k of ring) {
        const x = k % ww;
        for (const q of [k - ww, k + ww, x > 0 ? k - 1 : -1, x < ww - 1 ? k + 1 : -1]) {
          if (q < 0 || q >= ww * wh || seen[q] === stamp || matte[q]) continue;
          seen[q] = stamp;
          const i = at(q) * 4;
          if (!piece.data[at(q)]) continue;
          // A colour common on the object and rare on the piece and on the wall and floor round
          // it (which show between a table's legs and through a chair's back).
          if (!isFrontColour(i)) continue;
          matte[q] = 1;
          taken.x0 = Math.min(taken.x0, q % ww);
          taken.x1 = Math.max(taken.x1, q % ww);
          taken.y0 = Math.min(taken.y0, Math.floor(q / ww));
          taken.y1 = Math.max(taken.y1, Math.floor(q / ww));
          next.push(q);
        }
      }
      ring = next;
    }
  }
  function palette(from: number[]): number[] {
    const into: number[] = [];
    const step = Math.max(1, Math.floor(from.length / 384));
    for (let n = 0; n < from.length; n += step) {
      const p = (from[n] ?? 0) * 4;
      into.push(image.data[p] ?? 0, image.data[p + 1] ?? 0, image.data[p + 2] ?? 0);
    }
    return into;
  }
  /** The share of `colours` within {@link SAME_COLOUR} of pixel `p`'s colour. */
  function shareNear(colours: number[], p: number): number {
    const r = image.data[p] ?? 0;
    const g = image.data[p + 1] ?? 0;
    const b = image.data[p + 2] ?? 0;
    let n = 0;
    for (let c = 0; c < colours.length; c += 3) {
      const d =
        ((colours[c] ?? 0) - r) ** 2 +
        ((colours[c + 1] ?? 0) - g) ** 2 +
        ((colours[c + 2] ?? 0) - b) ** 2;
      if (d < SAME_COLOUR ** 2) n++;
    }
    return (3 * n) / colours.length;
  }

  const mask = new Uint8Array(width * height);
  for (let k = 0; k < ww * wh; k++) if (matte[k]) mask[at(k)] = 1;
  return { matte: blurBinomial3(matte, ww, wh), mask: { width, height, data: mask } };
}

/**
 * The whole connected part of `object` (within `window`) that touches its pixels already in
 * `matte`: a chair's arm reaching out over the old piece is as near as the leg it stands on.
 */
function spreadOver(object: PlacementObject, matte: Float32Array, window: Box): void {
  const ww = window.x1 - window.x0 + 1;
  const wh = window.y1 - window.y0 + 1;
  const b = object.box;
  const { mask } = object;
  const x0 = Math.max(window.x0, b.x);
  const x1 = Math.min(window.x1, b.x + b.width - 1);
  const y0 = Math.max(window.y0, b.y);
  const y1 = Math.min(window.y1, b.y + b.height - 1);
  const queue: number[] = [];
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      if (mask.data[y * mask.width + x] && matte[(y - window.y0) * ww + (x - window.x0)]) {
        queue.push((y - window.y0) * ww + (x - window.x0));
      }
    }
  }
  for (let n = 0; n < queue.length; n++) {
    const k = queue[n] ?? 0;
    const x = k % ww;
    const y = (k - x) / ww;
    for (const [dx, dy] of [
      [1, 0],
      [-1, 0],
      [0, 1],
      [0, -1],
    ] as const) {
      const nx = x + dx;
      const ny = y + dy;
      if (nx < 0 || ny < 0 || nx >= ww || ny >= wh) continue;
      const q = ny * ww + nx;
      if (matte[q] || !mask.data[(ny + window.y0) * mask.width + nx + window.x0]) continue;
      matte[q] = 1;
      queue.push(q);
    }
  }
}

/**
 * Closes gaps up to `radius` pixels in a 0/1 matte (`w` wide) within `span` (grow, then shrink,
 * square steps); it only ever adds.
 */
function closeGaps(matte: Float32Array, w: number, h: number, radius: number, span: Box): void {
  const x0 = Math.max(0, span.x0 - 2 * radius);
  const x1 = Math.min(w - 1, span.x1 + 2 * radius);
  const y0 = Math.max(0, span.y0 - 2 * radius);
  const y1 = Math.min(h - 1, span.y1 + 2 * radius);
  const sw = x1 - x0 + 1;
  const sh = y1 - y0 + 1;
  let m: Float32Array = new Float32Array(sw * sh);
  for (let y = 0; y < sh; y++) {
    for (let x = 0; x < sw; x++) m[y * sw + x] = matte[(y + y0) * w + x + x0] ?? 0;
  }
  const pass = (from: Float32Array, grow: boolean): Float32Array => {
    const out = new Float32Array(from.length);
    for (let y = 0; y < sh; y++) {
      for (let x = 0; x < sw; x++) {
        let v = grow ? 0 : 1;
        for (let dy = -1; dy <= 1; dy++) {
          for (let dx = -1; dx <= 1; dx++) {
            const nx = Math.min(sw - 1, Math.max(0, x + dx));
            const ny = Math.min(sh - 1, Math.max(0, y + dy));
            const value = from[ny * sw + nx] ?? 0;
            v = grow ? Math.max(v, value) : Math.min(v, value);
          }
        }
        out[y * sw + x] = v;
      }
    }
    return out;
  };
  for (let r = 0; r < radius; r++) m = pass(m, true);
  for (let r = 0; r < radius; r++) m = pass(m, false);
  for (let y = 0; y < sh; y++) {
    for (let x = 0; x < sw; x++) {
      const i = (y + y0) * w + x + x0;
      matte[i] = Math.max(matte[i] ?? 0, m[y * sw + x] ?? 0);
    }
  }
}

/** Whether a third of the object's columns end (lowest pixel) just above pixels of `matte`. */
function restsOn(object: PlacementObject, matte: Float32Array, window: Box): boolean {
  const ww = window.x1 - window.x0 + 1;
  const b = object.box;
  let columns = 0;
  let resting = 0;
  for (let x = Math.max(window.x0, b.x); x <= Math.min(window.x1, b.x + b.width - 1); x++) {
    let lowest = -1;
    for (let y = b.y + b.height - 1; y >= b.y; y--) {
      if (object.mask.data[y * object.mask.width + x]) {
        lowest = y;
        break;
      }
    }
    if (lowest < 0) continue;
    columns++;
    for (let y = lowest + 1; y <= Math.min(window.y1, lowest + 4); y++) {
      if (y >= window.y0 && (matte[(y - window.y0) * ww + (x - window.x0)] ?? 0) > 0) {
        resting++;
        break;
      }
    }
  }
  return columns > 0 && resting * 3 >= columns;
}

/** Whether at least `share` of the object's pixels lie inside `mask`. */
export function mostlyInside(object: PlacementObject, mask: Mask, share: number): boolean {
  const b = object.box;
  let inside = 0;
  let total = 0;
  for (let y = b.y; y < b.y + b.height; y += 2) {
    for (let x = b.x; x < b.x + b.width; x += 2) {
      const i = y * mask.width + x;
      if (!object.mask.data[i]) continue;
      total++;
      if (mask.data[i]) inside++;
    }
  }
  return total > 0 && inside / total >= share;
}

/** Things one sits on: a chair's parts may come out of the parse as different seat classes. */
const SEATS = new Set<number>([
  ADE.sofa,
  ADE.armchair,
  ADE.chair,
  ADE.seat,
  ADE.swivelChair,
  ADE.ottoman,
  ADE.bench,
]);

/** Seats and beds: the parse mistakes one for the other on the same piece. */
const RESTS_ON = new Set<number>([...SEATS, ADE.bed]);

/** What lies on a seat or bed and goes with it (when the parse did not fold it in). */
const SOFT_FURNISHINGS = new Set<number>([ADE.cushion, ADE.pillow, ADE.blanket]);

/** Classes that are the room itself: a swap never removes them. */
const ROOM = new Set<number>([ADE.wall, ADE.floor, ADE.ceiling, ADE.window, ADE.door, ADE.rug]);

/**
 * The old piece a swap removes, from a mask that may be loose (a detector's box): the parse's
 * object overlapping the mask most (a sofa with its cushions and throws, which the parse folds
 * into it) and whatever of the mask is neither the room itself (wall, floor, ceiling, window,
 * door, rug) nor another object (the nightstand a box clips stays) nor cut off from the piece's
 * parse parts (the sink a bed's box reaches through a doorway stays; docs/decisions/097), grown
 * by a few pixels over the piece's rim and kept inside the mask — except the piece's own parse
 * pixels (and its kin's), which it takes whole where the mask cuts them, within the window a
 * swap may change. `box` is their bounds (the piece proper: its size sets the new one's). What
 * SAM saw stand apart from the piece though the parse gave it to the piece (`apart`: a bench at
 * the foot of a bed, a nightstand's corner; docs/decisions/086) is never the piece. Null when no
 * object overlaps the mask.
 */
export function oldPiece(
  mask: Mask,
  scene: PlacementScene,
  apart: Mask | null = null,
): { piece: Mask; box: Box } | null {
  const { width, height } = mask;
  let main: PlacementObject | null = null;
  let mainOverlap = 0;
  for (const object of scene.objects) {
    const b = object.box;
    let overlap = 0;
    for (let y = b.y; y < b.y + b.height; y += 2) {
      for (let x = b.x; x < b.x + b.width; x += 2) {
        const i = y * width + x;
        if (object.mask.data[i] && mask.data[i]) overlap++;
      }
    }
    if (overlap > mainOverlap) {
      mainOverlap = overlap;
      main = object;
    }
  }
  if (!main || mainOverlap * 4 < 0.1 * maskArea(mask)) return null;
  const piece = new Uint8Array(width * height);
  for (let i = 0; i < piece.length; i++) {
    if (mask.data[i] && !ROOM.has(scene.labels[i] ?? 0)) piece[i] = 1;
  }
  // Parts of the piece the parse found apart (a swivel chair's base under its shell, cushions and
  // throws on it): objects of its kind lying mostly inside the mask.
  const mainClass = main.classId;
  // A throw over a sofa's arm comes out of the parse as a bed as easily as a blanket: seats and
  // beds are kin, unless the part stands clearly nearer the camera (its own piece in front).
  const mainBottom = main.box.y + main.box.height;
  const nearer = (o: PlacementObject): boolean =>
    o.box.y + o.box.height > mainBottom + 0.03 * height;
  const kin = (o: PlacementObject): boolean =>
    (o.classId === mainClass ||
      (RESTS_ON.has(o.classId) && RESTS_ON.has(mainClass) && !nearer(o)) ||
      SOFT_FURNISHINGS.has(o.classId)) &&
    mostlyInside(o, mask, 0.6);
  const parts = scene.objects.filter((o) => o === main || kin(o));
  for (const object of scene.objects) {
    if (parts.includes(object)) continue;
    const b = object.box;
    for (let y = b.y; y < b.y + b.height; y++) {
      for (let x = b.x; x < b.x + b.width; x++) {
        const i = y * width + x;
        if (object.mask.data[i]) piece[i] = 0;
      }
    }
  }
  // The whole piece, also where the element's outline (a detector's box) cuts it, within the
  // window a swap may change: a strip of the old piece left beside the new one is the first
  // thing one sees.
  const within = new Uint8Array(mask.data);
  const b = maskBounds(mask);
  const m = b ? shadowMarginOf(b) - 4 : 0;
  for (const part of parts) {
    const pb = part.box;
    for (let y = pb.y; y < pb.y + pb.height; y++) {
      for (let x = pb.x; x < pb.x + pb.width; x++) {
        const i = y * width + x;
        if (!part.mask.data[i]) continue;
        if (!mask.data[i] && b && (x < b.x0 - m || x > b.x1 + m || y < b.y0 - m || y > b.y1 + m)) {
          continue;
        }
        piece[i] = 1;
        within[i] = 1;
      }
    }
  }
  attachedToParts(piece, parts);
  if (apart) withoutApart(piece, apart);
  const grown = dilateMask({ width, height, data: piece }, Math.max(2, Math.round(width / 400)));
  for (let i = 0; i < grown.data.length; i++) {
    grown.data[i] = grown.data[i] && within[i] && !apart?.data[i] ? 1 : 0;
  }
  // The piece's size from its pixels inside the mask (a box cut by the border stays cut).
  const box = maskBounds(grown);
  return box ? { piece: grown, box } : null;
}

/**
 * `piece` without the scraps of a loose mask that touch none of the piece's parse parts: a
 * detector's box over a bed reaches through a doorway to a vanity's counter, a lamp, a switch,
 * which the parse calls neither the room nor one of its objects. They are not the piece, and the
 * fill smeared them dark.
 */
function attachedToParts(piece: Uint8Array, parts: readonly PlacementObject[]): void {
  const { width, height } = parts[0]?.mask ?? { width: 0, height: 0 };
  if (width === 0) return;
  const { ids, count } = labelComponents(piece, width, height, new Set([1]));
  const attached = new Uint8Array(count + 1);
  for (const part of parts) {
    const b = part.box;
    for (let y = b.y; y < b.y + b.height; y++) {
      for (let x = b.x; x < b.x + b.width; x++) {
        const i = y * width + x;
        if (part.mask.data[i]) attached[ids[i] ?? 0] = 1;
      }
    }
  }
  for (let i = 0; i < ids.length; i++)
    if ((ids[i] ?? 0) > 0 && !attached[ids[i] ?? 0]) piece[i] = 0;
}

/**
 * `piece` without what stands apart in front of it, nor the scraps of it seen only under that (the
 * parse gives a bench's shadow on the floor to the bed): the regions of the piece that lie, every
 * pixel of them, below a pixel of `apart` in their column.
 */
function withoutApart(piece: Uint8Array, apart: Mask): void {
  const { width, height } = apart;
  const apartTop = new Int32Array(width).fill(height);
  for (let i = 0; i < piece.length; i++) {
    if (!apart.data[i]) continue;
    piece[i] = 0;
    const x = i % width;
    apartTop[x] = Math.min(apartTop[x] ?? height, (i - x) / width);
  }
  const { ids, count } = labelComponents(piece, width, height, new Set([1]));
  const above = new Uint8Array(count + 1);
  for (let i = 0; i < ids.length; i++) {
    const id = ids[i] ?? 0;
    const x = i % width;
    if (id > 0 && (i - x) / width <= (apartTop[x] ?? height)) above[id] = 1;
  }
  for (let i = 0; i < ids.length; i++) if ((ids[i] ?? 0) > 0 && !above[ids[i] ?? 0]) piece[i] = 0;
}

function maskArea(mask: Mask): number {
  let n = 0;
  for (const v of mask.data) n += v;
  return n;
}

/**
 * The side the daylight comes from, from the windows the parse found: −1 left, +1 right of
 * column `u`, or null when there are no windows (or they are evenly spread).
 */
export function windowSide(scene: PlacementScene, u: number): -1 | 1 | null {
  const { width, height, labels } = scene;
  let left = 0;
  let right = 0;
  const step = Math.max(1, Math.floor(Math.sqrt((width * height) / 60000)));
  for (let y = 0; y < height; y += step) {
    for (let x = 0; x < width; x += step) {
      if (labels[y * width + x] !== ADE.window) continue;
      if (x < u) left++;
      else right++;
    }
  }
  const total = left + right;
  if (total < (0.005 * width * height) / (step * step)) return null;
  if (left > 1.5 * right) return -1;
  if (right > 1.5 * left) return 1;
  return null;
}

/**
 * What a swap removes of the old piece: its pixels and, below its lowest pixel in each column,
 * its legs (which a box drawn around the body often cuts) and the dark contact shadow under it,
 * a depth of `legDepth` × the piece's height. The growth stays 4 px inside `window` and, with the
 * parse, on the room's surfaces and the piece's own class (a neighbour in front ends it, and so
 * does what stands apart in front of the piece, `apart`, though the parse calls it the piece).
 */
export function removalHole(
  piece: Mask,
  window: Box,
  scene: PlacementScene | null,
  legDepth = 0.16,
  apart: Mask | null = null,
): Mask {
  const { width, height } = piece;
  const box = maskBounds(piece);
  if (!box) return piece;
  // The piece's own class: the label most of its pixels have (a lamp its box overlaps is not).
  const own = new Set<number>();
  if (scene) {
    const counts = new Map<number, number>();
    for (let i = 0; i < piece.data.length; i++) {
      if (!piece.data[i]) continue;
      const label = scene.labels[i] ?? 0;
      if (!ROOM.has(label)) counts.set(label, (counts.get(label) ?? 0) + 1);
    }
    let best = -1;
    for (const [label, n] of counts) if (best < 0 || n > (counts.get(best) ?? 0)) best = label;
    if (best >= 0) own.add(best);
  }
  const allowed = (i: number): boolean => {
    if (apart?.data[i]) return false;
    if (piece.data[i]) return true;
    if (!scene) return true;
    const label = scene.labels[i] ?? 0;
    return ROOM.has(label) || own.has(label);
  };
  // 4 px inside the window: the fill blends a little past its hole, never past the window.
  const inset = 4;
  const out = new Uint8Array(piece.data);
  // Down from the lowest pixel of each column of the piece: the legs and the shadow. (No growth
  // all round: the removal grows over the piece's own halo, and a ring grown here would take a
  // floor lamp's thin pole beside it.)
  const depth = Math.max(2, Math.round(legDepth * (box.y1 - box.y0 + 1)));
  for (let x = Math.max(0, window.x0 + inset); x <= Math.min(width - 1, window.x1 - inset); x++) {
    let lowest = -1;
    for (let y = box.y1; y >= box.y0; y--) {
      if (piece.data[y * width + x]) {
        lowest = y;
        break;
      }
    }
    if (lowest < 0) continue;
    for (let y = lowest + 1; y <= Math.min(window.y1 - inset, height - 1, lowest + depth); y++) {
      const i = y * width + x;
      // A neighbour in front ends the column's growth.
      if (!allowed(i)) break;
      out[i] = 1;
    }
  }
  return { width, height, data: out };
}

/** How far (cm) a coffee table or open floor may be from a seat and still be what it faces. */
const FOCUS_REACH_CM = 380;

/**
 * The floor point a seat or bed faces (issue 11, "facing"): a sofa turns to its coffee table, or
 * else to the open floor of the room around it (the room's centre, where one walks and sits
 * facing). Only a coffee table sits in front of a sofa with any regularity: a dining or side table
 * says nothing. A sofa seen from behind has its table beyond it, one against the back wall has the
 * room in front of it, so the side the new piece shows the camera follows from the photo. Null
 * when neither a table nor enough floor is within reach.
 */
export function seatFocus(scene: PlacementScene, box: Box, camera: RoomCamera): Vec3 | null {
  const standsAt = floorPointAt(camera, (box.x0 + box.x1 + 1) / 2, box.y1 + 0.5);
  if (!standsAt) return null;
  const distance = (p: Vec3): number => Math.hypot(p[0] - standsAt[0], p[2] - standsAt[2]);
  let table: Vec3 | null = null;
  for (const object of scene.objects) {
    if (object.classId !== ADE.coffeeTable) continue;
    const b = object.box;
    const p = floorPointAt(camera, b.x + b.width / 2, b.y + b.height - 0.5);
    if (!p || distance(p) > FOCUS_REACH_CM) continue;
    if (!table || distance(p) < distance(table)) table = p;
  }
  if (table) return table;
  // The open floor within reach, outside the piece's own box (what it hides is not open floor).
  const floor = scene.surface('floor');
  const rug = scene.classMask([ADE.rug]);
  const { width, height } = scene;
  const step = Math.max(1, Math.floor(Math.sqrt((width * height) / 20000)));
  let sx = 0;
  let sz = 0;
  let n = 0;
  let total = 0;
  for (let y = 0; y < height; y += step) {
    for (let x = 0; x < width; x += step) {
      const i = y * width + x;
      if (!floor.data[i] && !rug.data[i]) continue;
      if (x >= box.x0 && x <= box.x1 && y >= box.y0 && y <= box.y1) continue;
      total++;
      const p = floorPointAt(camera, x + 0.5, y + 0.5);
      if (!p || distance(p) > FOCUS_REACH_CM) continue;
      sx += p[0];
      sz += p[2];
      n++;
    }
  }
  if (n < 30 || n < 0.1 * total) return null;
  return [sx / n, 0, sz / n];
}
