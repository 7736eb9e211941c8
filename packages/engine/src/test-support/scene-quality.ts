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
import { paintWalls } from '../ops/wall-paint';
import { wallPaintSurface } from '../ops/walls-to-paint';
import type { Mask, Raster } from '../raster';
import type { RoomParse } from '../scene';
import {
  changeAgainstTarget,
  iou,
  labelMask,
  loadRoomLabels,
  rasteriseLabels,
  scaleLabels,
  WALL_LABELS,
  type RasterisedLabels,
} from './ground-truth';
import { roomRaster, textureRaster } from './photos';
import { parseOf } from './room-parse';
import { samSegmenter } from './sam';

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
  paint: {
    spill: number;
    miss: number;
    /** Share of the painted pixels per label they fall on off the walls (`ceiling`, `door`…). */
    spillOn: Record<string, number>;
  };
  floors: {
    spill: number;
    miss: number;
    refused: boolean;
    /** Share of the changed pixels per label they fall on off the floor (`rug`, `sofa`, `wall`…). */
    spillOn: Record<string, number>;
  };
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

/** What a labelled pixel is called in the spill breakdown: an object's name, `wall`, or its label. */
function spillName(truth: RasterisedLabels, pixel: number): string {
  const region = truth.regionAt(pixel);
  if (!region) return 'unlabelled';
  if (region.label === 'object') return region.name ?? 'object';
  return WALL_LABELS.includes(region.label) ? 'wall' : region.label;
}

/**
 * What an edit spilled onto: for each changed pixel (as changeAgainstTarget counts them) off the
 * `target` surface, the label under it (`ceiling`, `wall`, `door`, the object's name, or
 * `unlabelled`), as a share of all changed pixels, largest first; the shares add up to the spill.
 */
export function spillByLabel(
  input: Raster,
  output: Raster,
  truth: RasterisedLabels,
  threshold: number,
  target: 'floor' | 'wall',
): Record<string, number> {
  const counts = new Map<string, number>();
  let changed = 0;
  for (let i = 0; i < truth.regionIndex.length; i++) {
    const p = i * 4;
    let moved = false;
    for (let c = 0; c < 3; c++) {
      if (Math.abs((input.data[p + c] ?? 0) - (output.data[p + c] ?? 0)) > threshold) moved = true;
    }
    if (!moved) continue;
    changed++;
    const name = spillName(truth, i);
    if (name !== target) counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  const shares: Record<string, number> = {};
  for (const [name, count] of [...counts].sort((a, b) => b[1] - a[1])) {
    shares[name] = count / Math.max(1, changed);
  }
  return shares;
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
  const surface = await wallPaintSurface(image, all, parse, await samSegmenter());
  const painted = paintWalls(image, all, hex, { variant: 0, seed: 1 }, surface);
  const paint = changeAgainstTarget(image, painted, wallTruth, CHANGE_THRESHOLD);

  // Floors: as the app asks (no mask, SAM's objects out of the floor), a texture far from the
  // floor's colour.
  let floors: SceneQuality['floors'] = { spill: 0, miss: 1, refused: true, spillOn: {} };
  const notFloor = await objectsOverFloor(
    image,
    floorRegionOf(parse),
    await samSegmenter(),
    parse.labels,
  );
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
    floors = {
      spill: scored.spill,
      miss: scored.miss,
      refused: false,
      spillOn: spillByLabel(image, out, truth, CHANGE_THRESHOLD, 'floor'),
    };
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
    paint: {
      spill: paint.spill,
      miss: paint.miss,
      spillOn: spillByLabel(image, painted, truth, CHANGE_THRESHOLD, 'wall'),
    },
    floors,
  };
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

/** Labels taking less than this share of a photo's changed pixels are left out of the breakdown. */
const MIN_LISTED_SPILL = 0.002;

/** Per photo, which labels the paint's spilled pixels fall on (share of all painted pixels). */
export function formatPaintSpillTable(rows: SceneQuality[]): string {
  return spillTable('paint spill by label (share of painted pixels)', rows, (r) => r.paint.spillOn);
}

/** Per photo, which labels the floors' spilled pixels fall on (share of all changed pixels). */
export function formatFloorSpillTable(rows: SceneQuality[]): string {
  return spillTable('floors spill by label (share of changed pixels)', rows, (r) =>
    r.floors.refused ? null : r.floors.spillOn,
  );
}

/** One line per photo: its spill's labels, largest first (null: the edit was refused). */
function spillTable(
  title: string,
  rows: SceneQuality[],
  spillOn: (row: SceneQuality) => Record<string, number> | null,
): string {
  const lines = rows.map((r) => {
    const shares = spillOn(r);
    const parts = Object.entries(shares ?? {})
      .filter(([, share]) => share >= MIN_LISTED_SPILL)
      .map(([name, share]) => `${name} ${(100 * share).toFixed(1)}%`);
    return `${r.photo.padEnd(38)}  ${shares === null ? 'refused' : parts.join(', ') || '—'}`;
  });
  return [title, ...lines].join('\n');
}
