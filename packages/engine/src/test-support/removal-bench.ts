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
import { planRemoval, removeElements } from '../ops/removal';
import { dilateMask, maskBounds } from '../raster';
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

/** Each surface, rug and bare floor, covers at least this share of a rug-edge case's hole. */
const MIN_SIDE_SHARE = 0.15;

/** A cut-out standing across a labelled rug's edge where the rug meets bare floor. */
export interface RugEdgeCase {
  photo: string;
  object: string;
  height: number;
}

/** Cases for every labelled photo with a rug: two cut-outs, each across the rug's edge. */
export function rugEdgeCases(photos: readonly string[]): RugEdgeCase[] {
  return photos.flatMap((photo) => [
    { photo, object: 'chair-black-shell-wood-legs-cutout.png', height: 0.24 },
    { photo, object: 'kenney-iso-potted-plant.png', height: 0.22 },
  ]);
}

/**
 * The point of the rug's edge where it meets labelled bare floor (a floor pixel 3 px away across
 * it) nearest the rug's own centre column, within the photo's middle 80% × lower 90%; null when
 * the photo shows no rug beside bare floor.
 */
export function rugEdgePoint(rug: Mask, bare: Mask): { x: number; y: number } | null {
  const { width, height } = rug;
  let sx = 0;
  let n = 0;
  for (let i = 0; i < rug.data.length; i++) {
    if (rug.data[i]) {
      sx += i % width;
      n++;
    }
  }
  if (n === 0) return null;
  const centre = sx / n;
  let best: { x: number; y: number } | null = null;
  let bestScore = Infinity;
  for (let y = Math.round(0.1 * height); y < height - 3; y++) {
    for (let x = Math.round(0.1 * width); x < Math.round(0.9 * width); x++) {
      const i = y * width + x;
      if (!rug.data[i]) continue;
      const across = [i - 3, i + 3, i - 3 * width, i + 3 * width].some((j) => bare.data[j]);
      if (!across) continue;
      const score = Math.abs(x - centre) + Math.abs(y - 0.75 * height);
      if (score < bestScore) {
        bestScore = score;
        best = { x, y };
      }
    }
  }
  return best;
}

export interface RugEdgeResult {
  photo: string;
  object: string;
  holeFraction: number;
  /** PSNR (dB) over the filled pixels, against the photo before the paste. */
  psnr: number;
  /**
   * Share of the filled pixels whose colour lies nearer the other surface's mean (rug's or bare
   * floor's, measured round the hole) than their own's: rug smeared into floor and floor into rug.
   */
  wrongSurface: number;
  ms: number;
  images: { input: Raster; output: Raster; truth: Raster };
}

/** Mean RGB of the pixels of `mask` within `pad` of the box of `hole`, outside the hole. */
function meanAround(image: Raster, mask: Mask, hole: Mask, pad: number): [number, number, number] {
  const b = maskBounds(hole);
  const sum = [0, 0, 0];
  let n = 0;
  if (!b) return [0, 0, 0];
  for (let y = Math.max(0, b.y0 - pad); y <= Math.min(image.height - 1, b.y1 + pad); y++) {
    for (let x = Math.max(0, b.x0 - pad); x <= Math.min(image.width - 1, b.x1 + pad); x++) {
      const i = y * image.width + x;
      if (hole.data[i] || !mask.data[i]) continue;
      for (let c = 0; c < 3; c++) sum[c] = (sum[c] ?? 0) + (image.data[i * 4 + c] ?? 0);
      n++;
    }
  }
  return [0, 1, 2].map((c) => (sum[c] ?? 0) / Math.max(1, n)) as [number, number, number];
}

/**
 * Pastes each case's cut-out across the rug's edge, removes it as `remove_elements` does (the
 * parse of the pasted photo, then `removeElements`), and scores the fill against the photo.
 */
export async function rugEdgeBenchmark(
  cases: readonly RugEdgeCase[],
  maxSide = 1224,
  seed = 1,
): Promise<RugEdgeResult[]> {
  const segmentation = await sharedSegmentationModel();
  const results: RugEdgeResult[] = [];
  for (const c of cases) {
    const truth = await roomRaster(c.photo, maxSide);
    const labels = scaleLabels(await loadRoomLabels(c.photo), truth.width, truth.height);
    const rug = labelMask(labels, (r) => r.name === 'rug');
    const floor = labelMask(labels, 'floor');
    const bare: Mask = {
      width: floor.width,
      height: floor.height,
      data: floor.data.map((v, i) => (v && !rug.data[i] ? 1 : 0)),
    };
    const point = rugEdgePoint(rug, bare);
    if (!point) continue;
    const foot = point.y + 0.05 * truth.height;
    const pasted = await pasteObject(truth, c.object, {
      cx: point.x / truth.width,
      cy: (foot - (c.height * truth.height) / 2) / truth.height,
      height: c.height,
    });
    const t0 = performance.now();
    const parse = await parseRoom(pasted.image, { model: segmentation });
    const output = removeElements(pasted.image, pasted.mask, parse, { seed });
    const ms = performance.now() - t0;
    const region = dilateMask(pasted.mask, 2);
    const pad = Math.round(0.05 * truth.height);
    const rugMean = meanAround(truth, rug, region, pad);
    const bareMean = meanAround(truth, bare, region, pad);
    const d2 = (i: number, m: readonly number[]) =>
      [0, 1, 2].reduce((s, k) => s + ((output.data[i * 4 + k] ?? 0) - (m[k] ?? 0)) ** 2, 0);
    let onRug = 0;
    let onBare = 0;
    let wrong = 0;
    for (let i = 0; i < region.data.length; i++) {
      if (!region.data[i] || !(rug.data[i] || bare.data[i])) continue;
      if (rug.data[i]) onRug++;
      else onBare++;
      const nearRug = d2(i, rugMean) < d2(i, bareMean);
      if (nearRug !== (rug.data[i] === 1)) wrong++;
    }
    const judged = onRug + onBare;
    // Only cut-outs that stand across the edge: each surface a fair share of the hole's.
    if (Math.min(onRug, onBare) < MIN_SIDE_SHARE * judged) continue;
    results.push({
      photo: c.photo,
      object: c.object,
      holeFraction: pasted.area / (truth.width * truth.height),
      psnr: maskedPsnr(output, truth, region),
      wrongSurface: wrong / judged,
      ms,
      images: { input: pasted.image, output, truth },
    });
  }
  return results;
}

/** The rug-edge results as a table, with their means. */
export function formatRugEdgeTable(results: readonly RugEdgeResult[]): string {
  const lines = [
    'photo                                   object              hole%   PSNR  wrong-surface   ms',
  ];
  const row = (
    photo: string,
    object: string,
    r: Pick<RugEdgeResult, 'holeFraction' | 'psnr' | 'wrongSurface' | 'ms'>,
  ) =>
    [
      photo.padEnd(39),
      object.padEnd(18),
      (r.holeFraction * 100).toFixed(1).padStart(5),
      r.psnr.toFixed(2).padStart(6),
      `${(r.wrongSurface * 100).toFixed(1)}%`.padStart(14),
      r.ms.toFixed(0).padStart(6),
    ].join(' ');
  for (const r of results) lines.push(row(r.photo, r.object.replace(/\.png$/, '').slice(0, 18), r));
  const mean = (f: (r: RugEdgeResult) => number) =>
    results.reduce((s, r) => s + f(r), 0) / Math.max(1, results.length);
  lines.push(
    row('mean', '', {
      holeFraction: mean((r) => r.holeFraction),
      psnr: mean((r) => r.psnr),
      wrongSurface: mean((r) => r.wrongSurface),
      ms: mean((r) => r.ms),
    }),
  );
  return lines.join('\n');
}
