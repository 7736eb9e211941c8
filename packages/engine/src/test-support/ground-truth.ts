/**
 * Hand-labelled ground truth for the shared room photos: the yardstick the engine's room parse,
 * paint, floors and removal are measured against. One JSON file a photo in
 * `packages/engine/test-data/room-labels/<photo-file-name>.json`, polygons in the photo's own
 * upright pixels, painted in order (later regions over earlier ones, so walls and floor can be
 * drawn generously and the objects standing in front cut them out).
 */
import { readFile, readdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Mask, Raster } from '../raster';

/** The labels a region can carry. */
export const REGION_LABELS = [
  'ceiling',
  'wall-left',
  'wall-front',
  'wall-right',
  'floor',
  'window',
  'door',
  'object',
] as const;
export type RegionLabel = (typeof REGION_LABELS)[number];

/** The three wall planes, as a person standing at the camera would name them. */
export const WALL_LABELS: readonly RegionLabel[] = ['wall-left', 'wall-front', 'wall-right'];

export interface LabelledRegion {
  label: RegionLabel;
  /** What the object is (`sofa`, `lamp`, `painting`, …); only for `object`. */
  name?: string;
  polygon: Array<[number, number]>;
}

export interface RoomLabels {
  image: string;
  width: number;
  height: number;
  regions: LabelledRegion[];
}

/** `packages/engine/test-data/room-labels/`: this file is `packages/engine/src/test-support/`. */
export const ROOM_LABELS_DIR = fileURLToPath(
  new URL('../../test-data/room-labels/', import.meta.url),
);

/** Checks a parsed JSON document is a well-formed label file; throws saying what is wrong. */
export function validateRoomLabels(value: unknown): RoomLabels {
  const fail = (why: string): never => {
    throw new Error(`Invalid room labels: ${why}`);
  };
  if (typeof value !== 'object' || value === null) return fail('not an object');
  const doc = value as Record<string, unknown>;
  if (typeof doc.image !== 'string') fail('image must be a file name');
  if (!Number.isInteger(doc.width) || !Number.isInteger(doc.height)) fail('width/height');
  if (!Array.isArray(doc.regions)) return fail('regions must be an array');
  doc.regions.forEach((region: unknown, index) => {
    const r = region as Record<string, unknown>;
    if (!REGION_LABELS.includes(r.label as RegionLabel))
      fail(`region ${index}: label ${String(r.label)}`);
    if (r.label === 'object' && typeof r.name !== 'string')
      fail(`region ${index}: object without name`);
    if (!Array.isArray(r.polygon) || r.polygon.length < 3) fail(`region ${index}: polygon`);
    for (const point of r.polygon as unknown[]) {
      if (!Array.isArray(point) || point.length !== 2 || !point.every(Number.isFinite)) {
        fail(`region ${index}: point ${JSON.stringify(point)}`);
      }
    }
  });
  return doc as unknown as RoomLabels;
}

/** The labels of one photo, by its file name (e.g. `living-room-1.jpg`). */
export async function loadRoomLabels(photo: string): Promise<RoomLabels> {
  const text = await readFile(`${ROOM_LABELS_DIR}${photo}.json`, 'utf8');
  const labels = validateRoomLabels(JSON.parse(text));
  if (labels.image !== photo) throw new Error(`Label file for ${photo} names ${labels.image}`);
  return labels;
}

/** The photos that have labels, sorted by name. */
export async function labelledPhotos(): Promise<string[]> {
  const files = await readdir(ROOM_LABELS_DIR);
  return files
    .filter((file) => file.endsWith('.json'))
    .map((file) => file.slice(0, -'.json'.length))
    .sort();
}

/**
 * Fills a polygon into `out` with the even-odd rule, sampling each pixel at its centre
 * (x + 0.5, y + 0.5), so two polygons sharing an edge never both claim a pixel.
 */
export function fillPolygon(
  polygon: ReadonlyArray<readonly [number, number]>,
  width: number,
  height: number,
  paint: (index: number) => void,
): void {
  const n = polygon.length;
  let minY = Infinity;
  let maxY = -Infinity;
  for (const [, y] of polygon) {
    minY = Math.min(minY, y);
    maxY = Math.max(maxY, y);
  }
  const crossings: number[] = [];
  const y0 = Math.max(0, Math.floor(minY - 0.5));
  const y1 = Math.min(height - 1, Math.ceil(maxY - 0.5));
  for (let y = y0; y <= y1; y++) {
    const sy = y + 0.5;
    crossings.length = 0;
    for (let i = 0; i < n; i++) {
      const [ax, ay] = polygon[i] ?? [0, 0];
      const [bx, by] = polygon[(i + 1) % n] ?? [0, 0];
      // Half-open rule: an edge counts when sy lies in [min(ay, by), max(ay, by)).
      if (ay <= sy === by <= sy) continue;
      crossings.push(ax + ((sy - ay) / (by - ay)) * (bx - ax));
    }
    crossings.sort((a, b) => a - b);
    for (let k = 0; k + 1 < crossings.length; k += 2) {
      // Pixel x is inside when its centre x + 0.5 lies in [left, right).
      const from = Math.max(0, Math.ceil((crossings[k] ?? 0) - 0.5));
      const to = Math.min(width - 1, Math.ceil((crossings[k + 1] ?? 0) - 0.5) - 1);
      for (let x = from; x <= to; x++) paint(y * width + x);
    }
  }
}

/** A labelled photo rasterised: every pixel's region (or none), in painter's order. */
export interface RasterisedLabels {
  width: number;
  height: number;
  /** Index into `regions` per pixel, -1 where no region was drawn. */
  regionIndex: Int32Array;
  regions: LabelledRegion[];
  /** The label of the region on top at a pixel index, or null where nothing was labelled. */
  classOf(pixel: number): RegionLabel | null;
  /** The region on top at a pixel index, or null. */
  regionAt(pixel: number): LabelledRegion | null;
}

export function rasteriseLabels(labels: RoomLabels): RasterisedLabels {
  const { width, height, regions } = labels;
  const regionIndex = new Int32Array(width * height).fill(-1);
  regions.forEach((region, index) => {
    fillPolygon(region.polygon, width, height, (pixel) => {
      regionIndex[pixel] = index;
    });
  });
  const regionAt = (pixel: number): LabelledRegion | null => {
    const index = regionIndex[pixel] ?? -1;
    return index < 0 ? null : (regions[index] ?? null);
  };
  return {
    width,
    height,
    regionIndex,
    regions,
    regionAt,
    classOf: (pixel) => regionAt(pixel)?.label ?? null,
  };
}

/**
 * Which visible pixels belong to a label: a region label (`floor`), `walls` for the three wall
 * planes together, `object:<name>` for objects of that name, or a predicate on the region.
 */
export type LabelSelector =
  RegionLabel | 'walls' | `object:${string}` | ((region: LabelledRegion) => boolean);

function selectorPredicate(selector: LabelSelector): (region: LabelledRegion) => boolean {
  if (typeof selector === 'function') return selector;
  if (selector === 'walls') return (region) => WALL_LABELS.includes(region.label);
  if (selector.startsWith('object:')) {
    const name = selector.slice('object:'.length);
    return (region) => region.label === 'object' && region.name === name;
  }
  return (region) => region.label === selector;
}

/** The visible pixels (after painter's order) of the regions a selector picks, as a Mask. */
export function labelMask(labels: RoomLabels | RasterisedLabels, selector: LabelSelector): Mask {
  const raster = 'regionIndex' in labels ? labels : rasteriseLabels(labels);
  const predicate = selectorPredicate(selector);
  const picked = raster.regions.map(predicate);
  const data = new Uint8Array(raster.width * raster.height);
  for (let i = 0; i < data.length; i++) {
    const index = raster.regionIndex[i] ?? -1;
    if (index >= 0 && picked[index]) data[i] = 1;
  }
  return { width: raster.width, height: raster.height, data };
}

/** The whole area of one region's polygon, ignoring what is painted over it. */
export function regionMask(labels: RoomLabels, region: LabelledRegion): Mask {
  const data = new Uint8Array(labels.width * labels.height);
  fillPolygon(region.polygon, labels.width, labels.height, (pixel) => {
    data[pixel] = 1;
  });
  return { width: labels.width, height: labels.height, data };
}

function sameSize(
  a: { width: number; height: number },
  b: { width: number; height: number },
): void {
  if (a.width !== b.width || a.height !== b.height) {
    throw new Error(`Size mismatch: ${a.width}×${a.height} vs ${b.width}×${b.height}`);
  }
}

/** Intersection over union of two masks; two empty masks agree fully (1). */
export function iou(a: Mask, b: Mask): number {
  sameSize(a, b);
  let inter = 0;
  let union = 0;
  for (let i = 0; i < a.data.length; i++) {
    const p = a.data[i] ? 1 : 0;
    const q = b.data[i] ? 1 : 0;
    inter += p & q;
    union += p | q;
  }
  return union === 0 ? 1 : inter / union;
}

/**
 * How well an edit kept to its target: `spill` is the share of changed pixels that lie outside
 * the target, `miss` the share of target pixels left unchanged. A pixel is changed when any RGB
 * channel moved by more than `threshold` (0–255).
 */
export function changeAgainstTarget(
  input: Raster,
  output: Raster,
  target: Mask,
  threshold: number,
): { spill: number; miss: number; changed: number } {
  sameSize(input, output);
  sameSize(input, target);
  let changed = 0;
  let changedOutside = 0;
  let targetPixels = 0;
  let targetUnchanged = 0;
  for (let i = 0; i < target.data.length; i++) {
    const p = i * 4;
    const moved =
      Math.abs((input.data[p] ?? 0) - (output.data[p] ?? 0)) > threshold ||
      Math.abs((input.data[p + 1] ?? 0) - (output.data[p + 1] ?? 0)) > threshold ||
      Math.abs((input.data[p + 2] ?? 0) - (output.data[p + 2] ?? 0)) > threshold;
    const inTarget = target.data[i] !== 0;
    if (moved) changed++;
    if (moved && !inTarget) changedOutside++;
    if (inTarget) targetPixels++;
    if (inTarget && !moved) targetUnchanged++;
  }
  return {
    spill: changed === 0 ? 0 : changedOutside / changed,
    miss: targetPixels === 0 ? 0 : targetUnchanged / targetPixels,
    changed,
  };
}

/** Resizes a mask to another size by nearest neighbour (e.g. labels onto a shrunk photo). */
export function resizeMask(mask: Mask, width: number, height: number): Mask {
  if (mask.width === width && mask.height === height) return mask;
  const data = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    const sy = Math.min(mask.height - 1, Math.floor(((y + 0.5) * mask.height) / height));
    for (let x = 0; x < width; x++) {
      const sx = Math.min(mask.width - 1, Math.floor(((x + 0.5) * mask.width) / width));
      data[y * width + x] = mask.data[sy * mask.width + sx] ?? 0;
    }
  }
  return { width, height, data };
}

/** Labels scaled to another size of the same photo (e.g. the photo shrunk to 1024 px). */
export function scaleLabels(labels: RoomLabels, width: number, height: number): RoomLabels {
  const sx = width / labels.width;
  const sy = height / labels.height;
  return {
    image: labels.image,
    width,
    height,
    regions: labels.regions.map((region) => ({
      ...region,
      polygon: region.polygon.map(([x, y]) => [x * sx, y * sy] as [number, number]),
    })),
  };
}
