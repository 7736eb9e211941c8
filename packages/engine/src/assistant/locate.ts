/**
 * Finds an assistant target in the photo, so an instruction needs no mask: the room parse's
 * surface for "the walls" or "the floor", the space elements' outlines for "the sofa" or "the
 * lamps". A mask the user painted with the assistant narrows it: the named object inside it, the
 * surface within it, or (when nothing is named) the mask itself.
 */
import { convexHull } from '../geometry/outline';
import { fillPolygon } from '../ops/space-elements';
import { dilateMask, type Mask } from '../raster';
import type { DetectedElement } from '../types';
import type { AssistantTarget } from './targets';

/** What is known of the photo for locating: its size, its elements and the target's surface. */
export interface TargetScene {
  width: number;
  height: number;
  /** The space's elements (detector and room parse), for object targets. */
  elements?: readonly DetectedElement[];
  /** The parse's mask of the target's surface, for surface targets. */
  surface?: Mask | null;
}

/**
 * Where to act: a mask at the photo's size, or null for the whole room (a style); or why the
 * target cannot be found (a sentence for the user; nothing should be charged).
 */
export type Located =
  | { ok: true; mask: Mask | null; found: readonly DetectedElement[] }
  | { ok: false; reason: string };

/** A surface smaller than this share of the photo is not there to work on. */
const MIN_SURFACE_SHARE = 0.002;
/** An element counts as inside the user's mask when this share of it is painted over… */
const ELEMENT_IN_MASK = 0.15;
/** …or when this share of the mask lies on it (a small stroke across a big sofa). */
const MASK_ON_ELEMENT = 0.3;

export const NEEDS_MASK_MESSAGE =
  'Paint the area to change first, or name what to change (e.g. "remove the lamp").';

/** Adding needs a place: the words name what, never where. */
export const NEEDS_PLACE_MESSAGE =
  'Paint where it should go first: the assistant adds it in the marked area.';

const count = (mask: Mask) => {
  let n = 0;
  for (const v of mask.data) n += v === 0 ? 0 : 1;
  return n;
};

function intersect(a: Mask, b: Mask): Mask {
  const data = new Uint8Array(a.data.length);
  for (let i = 0; i < data.length; i++) data[i] = a.data[i] !== 0 && b.data[i] !== 0 ? 1 : 0;
  return { width: a.width, height: a.height, data };
}

function union(masks: readonly Mask[], width: number, height: number): Mask {
  const data = new Uint8Array(width * height);
  for (const mask of masks) {
    for (let i = 0; i < data.length; i++) if (mask.data[i] !== 0) data[i] = 1;
  }
  return { width, height, data };
}

/**
 * The element's region: its traced outline, else its box; with `hull`, the outline's convex hull
 * (a swap's footprint: the gaps between a sofa's back cushions belong to the piece replaced).
 */
export function elementMask(
  element: DetectedElement,
  width: number,
  height: number,
  hull = false,
): Mask {
  const outline = element.polygon && element.polygon.length >= 3 ? element.polygon : element.box;
  return fillPolygon(hull ? convexHull(outline) : outline, width, height);
}

/** How a target is turned into a mask. */
export interface LocateOptions {
  /** Objects as their outline's convex hull (for a swap), not the outline itself. */
  hull?: boolean;
}

/**
 * Whether the element is one of the named kind: its label, its detector category, or the room
 * parse's class it mostly is (YOLOX has no armchair: the red armchair is its "Chair", the parse's
 * Armchair).
 */
export function elementIs(element: DetectedElement, labels: readonly string[]): boolean {
  const label = element.label.toLowerCase();
  const category = element.category.toLowerCase();
  const parsed = element.kinds?.[0];
  return labels.some((wanted) => wanted === label || wanted === category || wanted === parsed);
}

interface Rect {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

function rectOf(points: readonly { x: number; y: number }[]): Rect {
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  return { x0: Math.min(...xs), y0: Math.min(...ys), x1: Math.max(...xs), y1: Math.max(...ys) };
}

const areaOf = (r: Rect) => Math.max(0, r.x1 - r.x0) * Math.max(0, r.y1 - r.y0);

/** A share of a part's box inside the whole's box (grown by a tenth) that makes it a part. */
const PART_INSIDE = 0.8;

/** Whether `part` is a smaller element lying within `whole`'s box: a piece of it. */
export function isPartOf(part: DetectedElement, whole: DetectedElement): boolean {
  const p = rectOf(part.box);
  const w = rectOf(whole.box);
  if (areaOf(p) >= areaOf(w)) return false;
  const dx = (w.x1 - w.x0) * 0.1;
  const dy = (w.y1 - w.y0) * 0.1;
  const inside = areaOf({
    x0: Math.max(p.x0, w.x0 - dx),
    y0: Math.max(p.y0, w.y0 - dy),
    x1: Math.min(p.x1, w.x1 + dx),
    y1: Math.min(p.y1, w.y1 + dy),
  });
  return inside >= PART_INSIDE * areaOf(p);
}

const article = (name: string) => (/^[aeiou]/i.test(name) ? 'an' : 'a');

/**
 * The mask the planned action works on. Objects are grown by a few pixels (an outline traced on
 * the parse sits on the object's edge; its halo belongs to it), surfaces are taken as the parse
 * sees them.
 */
export function locateTarget(
  target: AssistantTarget,
  scene: TargetScene,
  userMask?: Mask | null,
  options: LocateOptions = {},
): Located {
  const { width, height } = scene;
  const painted = userMask && count(userMask) > 0 ? userMask : null;
  switch (target.kind) {
    case 'room':
      return { ok: true, mask: null, found: [] };
    case 'selection':
      return painted
        ? { ok: true, mask: painted, found: [] }
        : { ok: false, reason: NEEDS_MASK_MESSAGE };
    case 'surface': {
      const surface = scene.surface;
      const within = surface && painted ? intersect(surface, painted) : surface;
      if (!within || count(within) < MIN_SURFACE_SHARE * width * height) {
        const name = target.surface === 'walls' ? 'walls' : `the ${target.surface}`;
        return {
          ok: false,
          reason: painted
            ? `I couldn't see ${name === 'walls' ? 'a wall' : name} in the area you marked.`
            : `I couldn't see ${name === 'walls' ? 'any walls' : name} in this photo.`,
        };
      }
      return { ok: true, mask: within, found: [] };
    }
    case 'object': {
      // The closest kind first: "the armchair" is an element labelled Armchair, or that the
      // parse sees as one, when there is one, and only otherwise a chair or seat.
      const matching = (scene.elements ?? []).filter((element) =>
        elementIs(element, target.labels),
      );
      const rank = (element: DetectedElement) =>
        target.labels.findIndex((label) => elementIs(element, [label]));
      const best = Math.min(...matching.map(rank));
      const candidates = matching
        .filter((element) => rank(element) === best)
        .map((element) => {
          const mask = elementMask(element, width, height, options.hull);
          return { element, mask, area: count(mask) };
        })
        .filter((candidate) => candidate.area > 0);
      const maskArea = painted ? count(painted) : 0;
      const chosen = painted
        ? candidates.filter((candidate) => {
            const inside = count(intersect(candidate.mask, painted));
            return (
              inside >= ELEMENT_IN_MASK * candidate.area || inside >= MASK_ON_ELEMENT * maskArea
            );
          })
        : candidates;
      if (chosen.length === 0) {
        const where = painted ? 'in the area you marked' : 'in this photo';
        return {
          ok: false,
          reason: `I couldn't find ${article(target.name)} ${target.name} ${where}. Paint over it with the brush, or try another instruction.`,
        };
      }
      // "The lamp": the most certain, largest one (a mask already picked it out); "the lamps": all.
      // Among equals, first those the parse saw partly as a closer kind ("the armchair": a Chair
      // the parse shows partly as an armchair, the upholstered seat, before a dining chair).
      const nearest = (candidate: (typeof chosen)[number]) => {
        const ranks = (candidate.element.kinds ?? [])
          .map((kind) => target.labels.indexOf(kind))
          .filter((index) => index >= 0);
        return ranks.length > 0 ? Math.min(...ranks) : target.labels.length;
      };
      const closest = Math.min(...chosen.map(nearest));
      const picked =
        target.all || painted
          ? chosen
          : [
              chosen
                .filter((candidate) => nearest(candidate) === closest)
                .reduce((best, candidate) =>
                  candidate.area * candidate.element.score > best.area * best.element.score
                    ? candidate
                    : best,
                ),
            ];
      // What the detector called something else inside the piece belongs to it (a lamp's shade
      // seen as a TV, a cushion on the sofa).
      const parts = (scene.elements ?? []).filter(
        (element) =>
          !picked.some((candidate) => candidate.element === element) &&
          picked.some((candidate) => isPartOf(element, candidate.element)),
      );
      const grow = Math.max(2, Math.round(0.004 * Math.max(width, height)));
      const mask = dilateMask(
        union(
          [
            ...picked.map((candidate) => candidate.mask),
            ...parts.map((part) => elementMask(part, width, height, options.hull)),
          ],
          width,
          height,
        ),
        grow,
      );
      return { ok: true, mask, found: picked.map((candidate) => candidate.element) };
    }
  }
}
