/**
 * The room parse, wall paint and floors measured against the hand-labelled ground truth
 * (test-data/room-labels, ground-truth.ts): floor and wall IoU per photo, and for paint and
 * floors the share of changed pixels outside the target surface (spill) and of the target left
 * unchanged (miss). Used by the quality test (thresholds) and `npm run bench:engine` (table).
 */
import { floorMappingOf } from '../geometry/room-camera';
import { floorOf, floorRegionOf } from '../ops/find-floor';
import { objectsOverFloor } from '../ops/floor-objects';
import { fillSurface } from '../ops/surface-fill';
import { paintableSurface, paintWalls } from '../ops/wall-paint';
import type { Mask, Raster } from '../raster';
import type { RoomParse } from '../scene';
import {
  changeAgainstTarget,
  iou,
  labelMask,
  loadRoomLabels,
  type RasterisedLabels,
  WALL_LABELS,
  rasteriseLabels,
  scaleLabels,
} from './ground-truth';
import { roomRaster, textureRaster } from './photos';
import { parseOf } from './room-parse';
import { samSegmenter } from './sam';
import { paintSurfaceWithoutObjects } from '../ops/wall-objects';

/** A pixel counts as changed when a channel moves by more than this. */
export const CHANGE_THRESHOLD = 6;

export interface SceneQuality {
  photo: string;
  width: number;
  height: number;
  parseMs: number;
  floorIou: number;
  /** Per plane, null where the labels have no such wall. */
  wallIou: { left: number | null; front: number | null; right: number | null; all: number };
  paint: { spill: number; miss: number };
  /** Where the paint spilled: share of all painted pixels per label (see paintSpillBreakdown). */
  paintSpillBy: Record<string, number>;
  floors: { spill: number; miss: number; refused: boolean };
}

const PAINTS = ['#2f4f6f', '#c0673d', '#e9dca6'];
const FLOOR_TEXTURES = ['wood-planks-black-painted.jpg', 'ceramic-tile-long-white-floor.jpg'];

/** Mean RGB of the image under a mask. */
function meanColour(image: Raster, mask: Mask): [number, number, number] {
  const sum = [0, 0, 0];
  let n = 0;
  for (let i = 0; i < mask.data.length; i++) {
    if (!mask.data[i]) continue;
    for (let c = 0; c < 3; c++) sum[c] = (sum[c] ?? 0) + (image.data[i * 4 + c] ?? 0);
    n++;
  }
  return [0, 1, 2].map((c) => (sum[c] ?? 0) / Math.max(1, n)) as [number, number, number];
}

const distance = (a: readonly number[], b: readonly number[]) =>
  Math.hypot((a[0] ?? 0) - (b[0] ?? 0), (a[1] ?? 0) - (b[1] ?? 0), (a[2] ?? 0) - (b[2] ?? 0));

const hexRgb = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));

/** The candidate farthest from the surface's own colour, so "unchanged" means missed. */
function farthest<T>(candidates: T[], colourOf: (c: T) => number[], from: number[]): T {
  return candidates.reduce((best, c) =>
    distance(colourOf(c), from) > distance(colourOf(best), from) ? c : best,
  );
}

function planeIou(parse: RoomParse, truth: Mask, name: 'wall-left' | 'wall-front' | 'wall-right') {
  return truth.data.some((v) => v !== 0) ? iou(parse.surface(name), truth) : null;
}

/** Parses, paints and floors one labelled photo at `maxSide` and scores each against the labels. */
export async function measureScene(photo: string, maxSide = 1600): Promise<SceneQuality> {
  const image = await roomRaster(photo, maxSide);
  const labels = scaleLabels(await loadRoomLabels(photo), image.width, image.height);
  const truth = rasteriseLabels(labels);
  const started = performance.now();
  const parse = await parseOf(image);
  const parseMs = performance.now() - started;

  const floorTruth = labelMask(truth, 'floor');
  const wallTruth = labelMask(truth, 'walls');
  const all: Mask = {
    width: image.width,
    height: image.height,
    data: new Uint8Array(image.width * image.height).fill(1),
  };

  // Paint: the whole photo as the region (the engine keeps to the walls), a colour far from them.
  const hex = farthest(PAINTS, hexRgb, meanColour(image, wallTruth));
  const surface = await paintSurfaceWithoutObjects(
    image,
    paintableSurface(
      all,
      parse.surfaceAlpha('walls'),
      parse.surfaceAlpha('ceiling'),
      parse.wallPlanes,
    ),
    parse.wallPlanes,
    parse.surfaceAlpha('ceiling'),
    parse.surfaceAlpha('floor'),
    await samSegmenter(),
    parse.objects,
  );
  const painted = paintWalls(image, all, hex, { variant: 0, seed: 1 }, surface);
  const paint = changeAgainstTarget(image, painted, wallTruth, CHANGE_THRESHOLD);
  const paintSpillBy = paintSpillBreakdown(image, painted, truth, CHANGE_THRESHOLD);

  // Floors: as the app asks (no mask, SAM's objects out of the floor), a texture far from the
  // floor's colour.
  let floors = { spill: 0, miss: 1, refused: true };
  const notFloor = await objectsOverFloor(image, floorRegionOf(parse), await samSegmenter());
  try {
    const floor = floorOf(parse, { image, notFloor });
    const textures = await Promise.all(FLOOR_TEXTURES.map((t) => textureRaster(t, 1024)));
    const texture = farthest(
      textures,
      (t) =>
        meanColour(t, {
          width: t.width,
          height: t.height,
          data: new Uint8Array(t.width * t.height).fill(1),
        }),
      meanColour(image, floorTruth),
    );
    const out = fillSurface(
      image,
      floor.mask,
      { texture, tileSizeCm: 60 },
      floorMappingOf(parse.camera),
      { variant: 0, seed: 1 },
      floor.matte,
    );
    const scored = changeAgainstTarget(image, out, floorTruth, CHANGE_THRESHOLD);
    floors = { spill: scored.spill, miss: scored.miss, refused: false };
  } catch {
    // Refused (no visible floor): scored as all missed.
  }
  return {
    photo,
    width: image.width,
    height: image.height,
    parseMs,
    floorIou: iou(parse.surface('floor'), floorTruth),
    wallIou: {
      left: planeIou(parse, labelMask(truth, 'wall-left'), 'wall-left'),
      front: planeIou(parse, labelMask(truth, 'wall-front'), 'wall-front'),
      right: planeIou(parse, labelMask(truth, 'wall-right'), 'wall-right'),
      all: iou(parse.surface('walls'), wallTruth),
    },
    paint: { spill: paint.spill, miss: paint.miss },
    paintSpillBy,
    floors,
  };
}

/**
 * What the paint spilled onto: for each changed pixel not labelled wall, the label under it
 * (`ceiling`, `floor`, `window`, `door`, the object's name, or `unlabelled`), as a share of all
 * changed pixels, so the shares add up to the paint spill.
 */
export function paintSpillBreakdown(
  input: Raster,
  output: Raster,
  truth: RasterisedLabels,
  threshold: number,
): Record<string, number> {
  const counts = new Map<string, number>();
  let changed = 0;
  for (let i = 0; i < truth.width * truth.height; i++) {
    const p = i * 4;
    let moved = false;
    for (let c = 0; c < 3; c++) {
      if (Math.abs((input.data[p + c] ?? 0) - (output.data[p + c] ?? 0)) > threshold) moved = true;
    }
    if (!moved) continue;
    changed++;
    const region = truth.regionAt(i);
    if (region && WALL_LABELS.includes(region.label)) continue;
    const label = !region
      ? 'unlabelled'
      : region.label === 'object'
        ? (region.name ?? 'object')
        : region.label;
    counts.set(label, (counts.get(label) ?? 0) + 1);
  }
  return Object.fromEntries([...counts].map(([label, n]) => [label, n / Math.max(1, changed)]));
}

/** Per photo, the labels the paint spilled onto, largest first (those under 0.5 % left out). */
export function formatSpillBreakdown(rows: SceneQuality[]): string {
  const lines = rows.map((r) => {
    const parts = Object.entries(r.paintSpillBy)
      .filter(([, share]) => share >= 0.005)
      .sort((a, b) => b[1] - a[1])
      .map(([label, share]) => `${label} ${(100 * share).toFixed(1)}%`);
    return `${r.photo.padEnd(38)}  ${pct(r.paint.spill)} = ${parts.join(', ')}`;
  });
  return ['paint spill by label (share of painted pixels)', ...lines].join('\n');
}

const pct = (v: number) => `${(100 * v).toFixed(1)}%`.padStart(6);
const num = (v: number | null) => (v === null ? '   — ' : v.toFixed(3));

/** The per-photo table the bench prints. */
export function formatSceneTable(rows: SceneQuality[]): string {
  const head =
    'photo                                   floor IoU  walls IoU  left   front  right   paint spill  miss   floors spill  miss';
  const lines = rows.map(
    (r) =>
      `${r.photo.padEnd(38)}  ${num(r.floorIou)}      ${num(r.wallIou.all)}      ${num(r.wallIou.left)}  ${num(r.wallIou.front)}  ${num(r.wallIou.right)}   ${pct(r.paint.spill)}  ${pct(r.paint.miss)}   ${r.floors.refused ? ' refused        ' : `${pct(r.floors.spill)}  ${pct(r.floors.miss)}`}`,
  );
  return [head, ...lines].join('\n');
}
