/**
 * Measuring structure-aware removal (issue 10): objects pasted so they stand on the floor in
 * front of the wall — across the wall–floor line, placed from the hand labels, not from the
 * engine — removed three ways and scored by PSNR over the hole against the photo before the paste:
 *  - `structure`: the engine's removal (ops/removal.ts) on the room parse of the pasted photo;
 *  - `patchMatch`: the exemplar fill without the parse (`inpaint` alone, the removal before
 *    issue 10, still the engine's fallback when the segmentation model is missing);
 *  - `telea`: OpenCV's Telea.
 */
import { resolveModel } from '../models/model-store';
import { createSegmentationModel, type SegmentationModel } from '../models/segmentation-model';
import { inpaint } from '../ops/inpaint';
import { planRemoval } from '../ops/removal';
import { dilateMask } from '../raster';
import type { Mask, Raster } from '../raster';
import { parseRoom } from '../scene/room-parse';
import { labelMask, loadRoomLabels, scaleLabels } from './ground-truth';
import { pasteObject } from './paste-object';
import { roomRaster, SHARED_DIR } from './photos';
import { maskedPsnr } from './psnr';
import { teleaInpaint } from './telea';

/** The segmentation model from `../shared/models`, opened once. */
let model: Promise<SegmentationModel> | undefined;
export function sharedSegmentationModel(): Promise<SegmentationModel> {
  model ??= resolveModel('room_segmentation', { modelsDir: `${SHARED_DIR}models` }).then(
    createSegmentationModel,
  );
  return model;
}

/**
 * Photos the structure-aware fill was developed on (looked at while tuning); the benchmark
 * reports the others apart as the held-out set.
 */
export const STRUCTURE_TUNING_PHOTOS = [
  'living-room-1.jpg',
  'living-room-neutral-sofa.jpg',
] as const;

/** A cut-out standing on the floor at column `cx` (0–1), its foot `below` (0–1 of the height) under the labelled wall–floor line. */
export interface AcrossLineCase {
  photo: string;
  object: string;
  cx: number;
  height: number;
  below: number;
}

export function acrossLineCases(photos: readonly string[]): AcrossLineCase[] {
  return photos.flatMap((photo) => [
    { photo, object: 'chair-black-shell-wood-legs-cutout.png', cx: 0.3, height: 0.3, below: 0.05 },
    { photo, object: 'kenney-iso-potted-plant.png', cx: 0.72, height: 0.32, below: 0.04 },
  ]);
}

/**
 * Row where the labelled floor (bare or under a rug) starts in column `x`, scanning up from the
 * bottom through floor pixels; null when the column's bottom is not floor.
 */
export function labelledFloorTop(floor: Mask, x: number): number | null {
  const { width, height, data } = floor;
  let y = height - 1;
  while (y >= 0 && !data[y * width + x]) y--;
  if (y < 0) return null;
  while (y > 0 && data[(y - 1) * width + x]) y--;
  return y;
}

/**
 * The column nearest `cx` (0–1) where the labelled wall meets the labelled floor in sight (the
 * pixel just above the floor's top is wall), and that row; null when the photo shows none.
 * Columns within 6% of the width of the image's sides are skipped so a cut-out fits.
 */
export function visibleWallFloorColumn(
  floor: Mask,
  walls: Mask,
  cx: number,
): { x: number; y: number } | null {
  const { width } = floor;
  const want = Math.round(cx * width);
  let best: { x: number; y: number } | null = null;
  for (let x = Math.round(0.06 * width); x < Math.round(0.94 * width); x++) {
    const top = labelledFloorTop(floor, x);
    if (top === null || top < 3) continue;
    if (!walls.data[(top - 2) * width + x]) continue;
    if (!best || Math.abs(x - want) < Math.abs(best.x - want)) best = { x, y: top };
  }
  return best;
}

export interface AcrossLineResult {
  photo: string;
  object: string;
  holeFraction: number;
  structure: number;
  patchMatch: number;
  telea: number;
  structureMs: number;
  patchMatchMs: number;
  /** Pixels the plan added to the pasted hole. */
  grown: number;
  /** Whether the parse gave surfaces (else `structure` fell back to the plain fill). */
  structured: boolean;
  images: { input: Raster; structure: Raster; patchMatch: Raster; telea: Raster; truth: Raster };
}

/**
 * Runs the cases at `maxSide`. The score region is the union of every method's filled pixels
 * (the grown hole plus 2 px), so growing the hole costs the structure method, not the others.
 */
export async function acrossLineBenchmark(
  cases: readonly AcrossLineCase[],
  maxSide = 1224,
  seed = 1,
): Promise<AcrossLineResult[]> {
  const segmentation = await sharedSegmentationModel();
  const results: AcrossLineResult[] = [];
  for (const c of cases) {
    const truth = await roomRaster(c.photo, maxSide);
    const labels = scaleLabels(await loadRoomLabels(c.photo), truth.width, truth.height);
    const floor = labelMask(labels, (r) => r.label === 'floor' || r.name === 'rug');
    const walls = labelMask(labels, 'walls');
    const junction = visibleWallFloorColumn(floor, walls, c.cx);
    const cx = junction?.x ?? Math.round(c.cx * truth.width);
    const foot = (junction?.y ?? Math.round(0.7 * truth.height)) + c.below * truth.height;
    const pasted = await pasteObject(truth, c.object, {
      cx: cx / truth.width,
      cy: (foot - (c.height * truth.height) / 2) / truth.height,
      height: c.height,
    });
    let t0 = performance.now();
    const parse = await parseRoom(pasted.image, { model: segmentation });
    const plan = planRemoval(pasted.image, pasted.mask, parse);
    const structure = inpaint(pasted.image, plan.hole, {
      seed,
      ...(plan.structure ? { structure: plan.structure } : {}),
    });
    const structureMs = performance.now() - t0;
    t0 = performance.now();
    const patchMatch = inpaint(pasted.image, pasted.mask, { seed });
    const patchMatchMs = performance.now() - t0;
    const telea = await teleaInpaint(pasted.image, pasted.mask);
    const region = dilateMask(plan.hole, 2);
    results.push({
      photo: c.photo,
      object: c.object,
      holeFraction: pasted.area / (truth.width * truth.height),
      structure: maskedPsnr(structure, truth, region),
      patchMatch: maskedPsnr(patchMatch, truth, region),
      telea: maskedPsnr(telea, truth, region),
      structureMs,
      patchMatchMs,
      structured: plan.structure !== null,
      grown: plan.grownBy.objectPixels + plan.grownBy.shadowPixels,
      images: { input: pasted.image, structure, patchMatch, telea, truth },
    });
  }
  return results;
}

export function formatAcrossLineTable(results: readonly AcrossLineResult[]): string {
  const lines = [
    'photo                                   object                          hole%  structure  patchmatch  telea   ms(struct incl. parse)',
  ];
  const row = (
    name: string,
    object: string,
    r: Omit<AcrossLineResult, 'photo' | 'object' | 'images' | 'structured' | 'grown'>,
  ) =>
    [
      name.padEnd(39),
      object.padEnd(31),
      (r.holeFraction * 100).toFixed(1).padStart(5),
      r.structure.toFixed(2).padStart(10),
      r.patchMatch.toFixed(2).padStart(11),
      r.telea.toFixed(2).padStart(6),
      r.structureMs.toFixed(0).padStart(8),
    ].join(' ');
  for (const r of results) {
    lines.push(
      row(
        r.photo,
        r.object.replace(/\.png$/, '').slice(0, 18) +
          (r.structured ? '' : ' (no parse)') +
          ` +${r.grown}`,
        r,
      ),
    );
  }
  const mean = (f: (r: AcrossLineResult) => number) =>
    results.reduce((s, r) => s + f(r), 0) / Math.max(1, results.length);
  lines.push(
    row('mean', '', {
      holeFraction: mean((r) => r.holeFraction),
      structure: mean((r) => r.structure),
      patchMatch: mean((r) => r.patchMatch),
      telea: mean((r) => r.telea),
      structureMs: mean((r) => r.structureMs),
      patchMatchMs: mean((r) => r.patchMatchMs),
    }),
  );
  return lines.join('\n');
}
