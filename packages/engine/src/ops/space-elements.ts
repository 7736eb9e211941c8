/**
 * "Detect space elements" (spec §4, issue 10): the union of what the detector (YOLOX, COCO
 * furniture) and the room parse (ADE20K: lamps, rugs, cabinets, curtains, TVs, plants, mirrors,
 * paintings…) find, one element per thing — a detector box and the parse regions it holds are one
 * element, so one sofa is one element however many cushions the parse split it into — each with
 * the object's real outline rather than its box.
 */
import { boxIou, convexHull, traceContour } from '../geometry/outline';
import { floorWidthAt, type RoomCamera } from '../geometry/room-camera';
import type { Mask } from '../raster';
import { ADE } from '../scene/ade20k';
import type { RoomParse, SceneObject } from '../scene';
import { simplifyPolygon } from '../scene/objects';
import {
  grow,
  ONE_SEAT,
  rectOf,
  type Rect,
  SAME_SEAT_IOU,
  SEATING_CATEGORIES,
  shareInside,
} from '../scene/seats';
import type { DetectedElement, Point } from '../types';
import { cameraForImage } from './placement/pose';

/** Parse classes that are elements of the space (things a person could change or remove). */
const ELEMENT_CLASSES: ReadonlySet<number> = new Set([
  ADE.bed,
  ADE.cabinet,
  ADE.table,
  ADE.plant,
  ADE.curtain,
  ADE.chair,
  ADE.painting,
  ADE.sofa,
  ADE.shelf,
  ADE.mirror,
  ADE.rug,
  ADE.armchair,
  ADE.seat,
  ADE.desk,
  ADE.wardrobe,
  ADE.lamp,
  ADE.chest,
  ADE.fireplace,
  ADE.bookcase,
  ADE.blind,
  ADE.coffeeTable,
  ADE.flower,
  ADE.bench,
  ADE.kitchenIsland,
  ADE.swivelChair,
  ADE.light,
  ADE.chandelier,
  ADE.television,
  ADE.ottoman,
  ADE.buffet,
  ADE.poster,
  ADE.stool,
  ADE.vase,
  ADE.sconce,
  ADE.monitor,
  ADE.screen,
  ADE.clock,
  ADE.sculpture,
  ADE.basket,
]);

/** Parse classes each detector category takes into its element (what the box may hold of it). */
const SEATING: readonly number[] = [
  ADE.sofa,
  ADE.armchair,
  ADE.chair,
  ADE.seat,
  ADE.bed,
  ADE.ottoman,
  ADE.bench,
  ADE.swivelChair,
  ADE.cushion,
  ADE.pillow,
  ADE.blanket,
  ADE.stool,
];
const TABLES: readonly number[] = [
  ADE.table,
  ADE.coffeeTable,
  ADE.desk,
  ADE.kitchenIsland,
  ADE.counter,
];
const PARTS_OF: Readonly<Record<string, readonly number[]>> = {
  couch: SEATING,
  chair: SEATING,
  bed: [ADE.bed, ADE.cushion, ADE.pillow, ADE.blanket],
  bench: [ADE.bench, ADE.seat, ADE.cushion],
  'dining table': TABLES,
  'potted plant': [ADE.plant, ADE.flower, ADE.vase, ADE.pot],
  vase: [ADE.vase, ADE.flower, ADE.plant],
  tv: [ADE.television, ADE.monitor, ADE.screen, ADE.computer],
  laptop: [ADE.computer, ADE.monitor, ADE.screen],
  clock: [ADE.clock],
  refrigerator: [ADE.refrigerator],
  oven: [ADE.oven, ADE.stove],
  sink: [ADE.sink],
  toilet: [ADE.toilet],
  book: [ADE.book],
};

/** Smallest parse region shown as an element of its own (share of the photo). */
const MIN_ELEMENT_SHARE = 0.003;
/** Share of a parse region that must lie in a detector box for the box to take it. */
const TAKEN_INSIDE = 0.6;
/** Share of a parse region inside a bigger element's outline for it to count as part of that. */
const PART_INSIDE = 0.7;

function boxCorners(rect: Rect): Point[] {
  const x0 = Math.round(rect.x0);
  const y0 = Math.round(rect.y0);
  const x1 = Math.round(rect.x1);
  const y1 = Math.round(rect.y1);
  return [
    { x: x0, y: y0 },
    { x: x1, y: y0 },
    { x: x1, y: y1 },
    { x: x0, y: y1 },
  ];
}

/**
 * The outer contour of the largest connected region of `mask` inside `clip` (whole image when
 * absent), clockwise on screen, simplified to within ~0.4 % of the image's size; null when the
 * region is empty.
 */
export function outlineOf(mask: Mask, clip?: Rect): Point[] | null {
  const { width, height } = mask;
  const x0 = Math.max(0, Math.floor(clip?.x0 ?? 0));
  const y0 = Math.max(0, Math.floor(clip?.y0 ?? 0));
  const x1 = Math.min(width, Math.ceil(clip?.x1 ?? width));
  const y1 = Math.min(height, Math.ceil(clip?.y1 ?? height));
  const w = x1 - x0;
  const h = y1 - y0;
  if (w <= 0 || h <= 0) return null;
  // Largest 4-connected component inside the clip.
  const component = new Int32Array(w * h);
  const queue = new Int32Array(w * h);
  let best = 0;
  let bestArea = 0;
  let bestStart = -1;
  let next = 0;
  for (let start = 0; start < w * h; start++) {
    const sx = start % w;
    const sy = (start / w) | 0;
    if (component[start] !== 0 || mask.data[(sy + y0) * width + sx + x0] !== 1) continue;
    next++;
    component[start] = next;
    let head = 0;
    let tail = 0;
    queue[tail++] = start;
    while (head < tail) {
      const i = queue[head++] ?? 0;
      const x = i % w;
      const y = (i / w) | 0;
      const visit = (j: number, nx: number, ny: number) => {
        if (component[j] !== 0 || mask.data[(ny + y0) * width + nx + x0] !== 1) return;
        component[j] = next;
        queue[tail++] = j;
      };
      if (x > 0) visit(i - 1, x - 1, y);
      if (x < w - 1) visit(i + 1, x + 1, y);
      if (y > 0) visit(i - w, x, y - 1);
      if (y < h - 1) visit(i + w, x, y + 1);
    }
    if (tail > bestArea) {
      bestArea = tail;
      best = next;
      bestStart = start;
    }
  }
  if (bestStart < 0) return null;
  const inside = (x: number, y: number) =>
    x >= 0 && y >= 0 && x < w && y < h && component[y * w + x] === best;
  // The component's outline, traced from its first pixel in scan order.
  const contour = traceContour(inside, bestStart % w, (bestStart / w) | 0, 4 * (w + h) * 4).map(
    ({ x, y }) => ({ x: x + x0, y: y + y0 }),
  );
  if (contour.length < 3) return null;
  return boundedOutline(contour, Math.max(width, height));
}

/** Most points an element's outline keeps: a design stores a dozen elements in one form. */
export const MAX_OUTLINE_POINTS = 80;

/**
 * A closed contour simplified to within ~0.4 % of the image's size, and further (doubling the
 * tolerance) until it has at most MAX_OUTLINE_POINTS points; null when fewer than 3 remain.
 */
export function boundedOutline(contour: readonly Point[], imageSize: number): Point[] | null {
  let tolerance = Math.max(1.5, imageSize * 0.004);
  let simple = simplifyPolygon([...contour], tolerance);
  while (simple.length > MAX_OUTLINE_POINTS) {
    tolerance *= 2;
    simple = simplifyPolygon([...contour], tolerance);
  }
  return simple.length >= 3 ? simple : null;
}

/** The union of the objects' masks, at the image's size. */
function unionOf(objects: readonly SceneObject[], width: number, height: number): Mask {
  const data = new Uint8Array(width * height);
  for (const object of objects) {
    const { box, mask } = object;
    for (let y = box.y; y < box.y + box.height; y++) {
      for (let x = box.x; x < box.x + box.width; x++) {
        const i = y * width + x;
        if (mask.data[i] === 1) data[i] = 1;
      }
    }
  }
  return { width, height, data };
}

/** The element's outline as a rectangle, for containment tests. */
function rectOfPolygon(points: readonly Point[]): Rect {
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  return { x0: Math.min(...xs), y0: Math.min(...ys), x1: Math.max(...xs), y1: Math.max(...ys) };
}

/** Which parse classes are one kind of thing, for merging fragments the parse split apart. */
function groupOf(classId: number): string {
  if (SEATING.includes(classId)) return 'seat';
  if (TABLES.includes(classId)) return 'table';
  if (classId === ADE.plant || classId === ADE.flower || classId === ADE.pot) return 'plant';
  return String(classId);
}

/** Whether each pixel of the image lies inside `polygon` (even–odd rule, pixel centres). */
export function fillPolygon(polygon: readonly Point[], width: number, height: number): Mask {
  const data = new Uint8Array(width * height);
  const ys = polygon.map((p) => p.y);
  const top = Math.max(0, Math.floor(Math.min(...ys)));
  const bottom = Math.min(height - 1, Math.ceil(Math.max(...ys)));
  const crossings: number[] = [];
  for (let y = top; y <= bottom; y++) {
    const cy = y + 0.5;
    crossings.length = 0;
    for (let k = 0; k < polygon.length; k++) {
      const a = polygon[k] as Point;
      const b = polygon[(k + 1) % polygon.length] as Point;
      if (a.y <= cy !== b.y <= cy) crossings.push(a.x + ((cy - a.y) / (b.y - a.y)) * (b.x - a.x));
    }
    crossings.sort((p, q) => p - q);
    for (let k = 0; k + 1 < crossings.length; k += 2) {
      const from = Math.max(0, Math.ceil((crossings[k] ?? 0) - 0.5));
      const to = Math.min(width - 1, Math.floor((crossings[k + 1] ?? 0) - 0.5));
      for (let x = from; x <= to; x++) data[y * width + x] = 1;
    }
  }
  return { width, height, data };
}

/** The share of a parse object's pixels inside `area`. */
function shareWithin(object: SceneObject, area: Mask): number {
  const { box, mask } = object;
  let inside = 0;
  for (let y = box.y; y < box.y + box.height; y++) {
    for (let x = box.x; x < box.x + box.width; x++) {
      const i = y * mask.width + x;
      if (mask.data[i] === 1 && area.data[i] === 1) inside++;
    }
  }
  return inside / Math.max(1, object.area);
}

interface Entry {
  element: DetectedElement;
  /** What its outline's convex hull encloses, once asked for (parse-backed elements only). */
  filled?: Mask;
  /** The outline's extent (the box for an element the parse did not see). */
  rect: Rect;
  /** The parse regions the element is made of (none for a box the parse did not see). */
  parts: SceneObject[];
  group: string | null;
  /** A detector box (its label is the detector's word, not the parse's). */
  detected?: boolean;
  /** The seats the detector framed in its one-seat regions, when more than one (see `seats`). */
  seats?: number;
}

/**
 * The parse's classes an element is made of, the largest first (lower case; cushions, pillows
 * and blankets left out): a detector "Chair" over the parse's armchair is `['armchair']`.
 */
function kindsOf(parts: readonly SceneObject[]): string[] {
  const areas = new Map<string, number>();
  for (const part of parts) {
    if (isPart(part)) continue;
    const kind = part.label.toLowerCase();
    areas.set(kind, (areas.get(kind) ?? 0) + part.area);
  }
  return [...areas].sort((a, b) => b[1] - a[1]).map(([kind]) => kind);
}

function rectOfObject(object: SceneObject): Rect {
  const { box } = object;
  return { x0: box.x, y0: box.y, x1: box.x + box.width, y1: box.y + box.height };
}

/**
 * One list of the space's elements from the detector's and the parse's findings:
 * - each detector element takes the parse regions of its kind that lie mostly inside its box
 *   (a sofa's halves, cushions and pillows); its outline is theirs, cut to the box grown a little.
 *   A box the parse saw none of its kind in, but mostly filled with another thing (YOLOX calling
 *   a round coffee table a plant), is dropped: the parse's region stands for it;
 * - each parse region of an element class left over, of at least 0.3 % of the photo, is an
 *   element of its own (lamps, rugs, curtains, paintings, mirrors, cabinets, TVs, plants…) with
 *   its own outline — unless it lies mostly inside an element already listed: then it is merged
 *   into it when of the same kind (the two halves of a pouf) and otherwise taken as part of it
 *   (a reflection in a painting the parse called a curtain).
 * Ordered by label, then left to right, like the detector's list.
 */
export function spaceElements(
  detected: readonly DetectedElement[],
  parse: Pick<RoomParse, 'objects' | 'confidence' | 'width' | 'height'>,
): DetectedElement[] {
  const { width, height, objects } = parse;
  const taken = new Set<number>();
  const entries: Entry[] = [];
  const candidates = objects.filter((o) => ELEMENT_CLASSES.has(o.classId) || isPart(o));
  for (const element of [...detected].sort((a, b) => b.score - a.score)) {
    const rect = rectOf(element);
    const near = grow(rect, 0.05, width, height);
    const kinds = new Set(PARTS_OF[element.category] ?? []);
    const parts = candidates.filter(
      (o) => !taken.has(o.id) && kinds.has(o.classId) && shareInside(o, near) >= TAKEN_INSIDE,
    );
    if (parts.length === 0) {
      const holder = SEATING_CATEGORIES.has(element.category)
        ? seatHolder(entries, rect, near)
        : undefined;
      if (holder) {
        // Another seat in a region the parse did not part: the element that took it holds two.
        holder.seats = (holder.seats ?? 1) + 1;
        continue;
      }
      const boxArea = (rect.x1 - rect.x0) * (rect.y1 - rect.y0);
      const other = candidates.find(
        (o) =>
          ELEMENT_CLASSES.has(o.classId) &&
          shareInside(o, near) >= TAKEN_INSIDE &&
          o.area >= 0.35 * boxArea,
      );
      if (!other) entries.push({ element, rect, parts: [], group: null });
      continue;
    }
    for (const part of parts) taken.add(part.id);
    const polygon = outlineOf(unionOf(parts, width, height), near);
    entries.push({
      element: polygon ? { ...element, polygon } : element,
      rect: polygon ? rectOfPolygon(polygon) : rect,
      parts,
      group: groupOf(parts[0]?.classId ?? 0),
      detected: true,
    });
  }
  const minArea = MIN_ELEMENT_SHARE * width * height;
  const own = candidates
    .filter((o) => !taken.has(o.id) && ELEMENT_CLASSES.has(o.classId) && o.area >= minArea)
    .sort((a, b) => b.area - a.area);
  for (const object of own) {
    const container = entries.find((entry) => {
      const outline = entry.element.polygon;
      if (entry.parts.length === 0 || !outline || shareInside(object, entry.rect) < PART_INSIDE) {
        return false;
      }
      // The hull: a fragment in a notch of the outline (the other half of a pouf) counts too.
      entry.filled ??= fillPolygon(convexHull(outline), width, height);
      return shareWithin(object, entry.filled) >= PART_INSIDE;
    });
    if (container) {
      if (container.group !== groupOf(object.classId)) continue;
      container.parts.push(object);
      const polygon = outlineOf(unionOf(container.parts, width, height));
      if (polygon) {
        container.element = { ...container.element, polygon };
        container.rect = rectOfPolygon(polygon);
        delete container.filled;
        container.element.box = boxCorners(container.rect);
      }
      continue;
    }
    const polygon =
      object.polygon.length >= 3
        ? boundedOutline(object.polygon, Math.max(width, height))
        : outlineOf(object.mask);
    const rect = rectOfObject(object);
    entries.push({
      element: {
        label: object.label,
        category: object.label.toLowerCase(),
        score: Math.round(meanConfidence(object, parse.confidence) * 1000) / 1000,
        box: boxCorners(rect),
        ...(polygon ? { polygon } : {}),
      },
      rect,
      parts: [object],
      group: groupOf(object.classId),
    });
  }
  return entries
    .map((entry) => {
      const kinds = entry.detected ? kindsOf(entry.parts) : [];
      return {
        ...entry.element,
        ...(kinds.length > 0 ? { kinds } : {}),
        ...(entry.seats ? { seats: entry.seats } : {}),
      };
    })
    .sort(compareElements);
}

/**
 * The seating element already listed whose one-seat region (an armchair, a chair: its largest
 * part) a further seating box `rect` frames, at a place of its own (not the same box again,
 * {@link SAME_SEAT_IOU}): the parse gave two seats standing together one region, which the
 * element took whole. A sofa that took a chair beside it is a sofa, not two seats.
 */
function seatHolder(entries: readonly Entry[], rect: Rect, near: Rect): Entry | undefined {
  const boxArea = (rect.x1 - rect.x0) * (rect.y1 - rect.y0);
  return entries.find((entry) => {
    if (!entry.detected || !SEATING_CATEGORIES.has(entry.element.category)) return false;
    const main = entry.parts
      .filter((part) => !isPart(part))
      .reduce<SceneObject | undefined>((a, b) => (a && a.area >= b.area ? a : b), undefined);
    return (
      main !== undefined &&
      ONE_SEAT.has(main.classId) &&
      boxIou(rectOf(entry.element), rect) < SAME_SEAT_IOU &&
      shareInside(main, near) >= TAKEN_INSIDE &&
      main.area >= 0.35 * boxArea
    );
  });
}

/**
 * The elements with their width on the floor (`widthCm`) measured by the room camera across the
 * lowest row of their outline (the polygon, else the box): what size of product can stand in
 * a piece's place (a restyle's swap, docs/decisions/036).
 */
export function withFloorWidths(
  elements: readonly DetectedElement[],
  camera: RoomCamera,
  width: number,
  height: number,
): DetectedElement[] {
  const scaled = cameraForImage(camera, width, height);
  return elements.map((element) => {
    const outline = element.polygon && element.polygon.length >= 3 ? element.polygon : element.box;
    const xs = outline.map((p) => p.x);
    const bottom = Math.max(...outline.map((p) => p.y));
    const cm = floorWidthAt(scaled, Math.min(...xs), Math.max(...xs) + 1, bottom + 0.5);
    return cm === null || !Number.isFinite(cm) ? element : { ...element, widthCm: Math.round(cm) };
  });
}

/** The parse's mean confidence (0–1) over the object's pixels: the element's score. */
function meanConfidence(object: SceneObject, confidence: Uint8Array): number {
  const { box, mask } = object;
  let sum = 0;
  for (let y = box.y; y < box.y + box.height; y++) {
    for (let x = box.x; x < box.x + box.width; x++) {
      const i = y * mask.width + x;
      if (mask.data[i] === 1) sum += confidence[i] ?? 0;
    }
  }
  return sum / Math.max(1, object.area) / 255;
}

/** Cushions, pillows and blankets: taken by the seat they lie on, never elements of their own. */
function isPart(object: SceneObject): boolean {
  return (
    object.classId === ADE.cushion ||
    object.classId === ADE.pillow ||
    object.classId === ADE.blanket
  );
}

function compareElements(a: DetectedElement, b: DetectedElement): number {
  if (a.label !== b.label) return a.label < b.label ? -1 : 1;
  const ax = a.box[0]?.x ?? 0;
  const bx = b.box[0]?.x ?? 0;
  return ax !== bx ? ax - bx : b.score - a.score;
}
