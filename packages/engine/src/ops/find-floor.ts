/**
 * The floor of a photo for the floors action, which gets no mask from the user (spec §7).
 *
 * Colour region growing (detectFloor) finds where the floor is reliably but stops at every rug
 * edge and shadow, and on some photos grows onto a sofa of the floor's colour. SAM segments
 * whole surfaces cleanly but needs clicks. So: grow the region, pick clicks inside it that are
 * near the bottom and away from detected furniture, let SAM segment the floor from them, and keep
 * SAM's answer only where it is plausible (below the horizon; inside a furniture box only where
 * the colour region agrees). Without the models, or when SAM's answer is implausible, the grown
 * region is the floor, less what lies in furniture boxes. A photo that shows almost no floor is
 * refused (invalid input: the generation is refunded) rather than "floored" somewhere else.
 */
import type { Mask, Raster } from '../raster';
import type { ClickPoint, DetectedElement } from '../types';
import { EngineError } from '../types';
import { detectFloor } from './floor-mask';
import type { FloorMapping } from './surface-fill';

export interface FloorModels {
  detect?: (image: Raster) => Promise<DetectedElement[]>;
  segment?: (image: Raster, points: ClickPoint[]) => Promise<Mask>;
}

/** Labels of things that stand on the floor and hide it. */
const FURNITURE = new Set(['Sofa', 'Chair', 'Bed', 'Table', 'Bench', 'Toilet', 'Plant']);
const MAX_CLICKS = 6;

type Box = { x0: number; y0: number; x1: number; y1: number };

function boxOf(element: DetectedElement): Box {
  const xs = element.box.map((p) => p.x);
  const ys = element.box.map((p) => p.y);
  return { x0: Math.min(...xs), y0: Math.min(...ys), x1: Math.max(...xs), y1: Math.max(...ys) };
}

const inside = (box: Box, x: number, y: number) =>
  x >= box.x0 && x <= box.x1 && y >= box.y0 && y <= box.y1;

/**
 * Up to MAX_CLICKS points of the grown floor in the lower part of the photo, outside furniture,
 * spread out (greedy farthest-point choice from a grid of candidates).
 */
export function floorClicks(grown: Mask, furniture: Box[], horizonY: number): ClickPoint[] {
  const { width, height } = grown;
  const top = Math.max(horizonY + 0.1 * height, 0.55 * height);
  const candidates: ClickPoint[] = [];
  for (let fy = 0.97; fy * height > top; fy -= 0.06) {
    for (let fx = 0.08; fx < 0.95; fx += 0.07) {
      const x = Math.round(fx * width);
      const y = Math.round(fy * height);
      if (!grown.data[y * width + x]) continue;
      if (furniture.some((box) => inside(box, x, y))) continue;
      candidates.push({ x, y, label: 1 });
    }
  }
  const chosen: ClickPoint[] = [];
  const first = candidates[Math.floor(candidates.length / 2)];
  if (!first) return chosen;
  chosen.push(first);
  while (chosen.length < MAX_CLICKS) {
    let best: ClickPoint | undefined;
    let bestDistance = 0;
    for (const c of candidates) {
      const d = Math.min(...chosen.map((p) => (p.x - c.x) ** 2 + (p.y - c.y) ** 2));
      if (d > bestDistance) {
        bestDistance = d;
        best = c;
      }
    }
    // Stop once the remaining candidates crowd the chosen ones (closer than 8% of the width).
    if (!best || bestDistance < (0.08 * width) ** 2) break;
    chosen.push(best);
  }
  return chosen;
}

const count = (mask: Mask) => mask.data.reduce((sum, v) => sum + v, 0);

/** The grown region without what lies in furniture boxes (a bed the colour of the floor). */
function withoutFurniture(grown: Mask, furniture: Box[]): Mask {
  if (furniture.length === 0) return grown;
  const { width, height } = grown;
  const data = new Uint8Array(grown.data);
  for (const box of furniture) {
    for (let y = Math.max(0, Math.floor(box.y0)); y <= Math.min(height - 1, box.y1); y++) {
      data.fill(
        0,
        y * width + Math.max(0, Math.floor(box.x0)),
        y * width + Math.min(width, Math.ceil(box.x1) + 1),
      );
    }
  }
  return { width, height, data };
}

/** Less floor than this share of the photo is no floor to lay. */
const MIN_FLOOR_SHARE = 0.02;

/** Share of the photo's bottom rows a mask covers: a floor spans the foot of a room photo. */
function footCoverage(mask: Mask): number {
  const rows = Math.max(1, Math.round(mask.height * 0.04));
  let on = 0;
  for (let i = (mask.height - rows) * mask.width; i < mask.data.length; i++) {
    on += mask.data[i] ?? 0;
  }
  return on / (rows * mask.width);
}

/** A floor covers at least this share of the bottom rows (a wall or a doorway does not). */
const MIN_FOOT_COVERAGE = 0.2;

/** Clicks along the foot of the photo, off furniture: where a floor almost always is. */
function footClicks(furniture: Box[], width: number, height: number): ClickPoint[] {
  const clicks: ClickPoint[] = [];
  for (const fy of [0.96, 0.9]) {
    for (const fx of [0.2, 0.35, 0.5, 0.65, 0.8]) {
      const x = Math.round(fx * width);
      const y = Math.round(fy * height);
      if (!furniture.some((box) => inside(box, x, y))) clicks.push({ x, y, label: 1 });
    }
  }
  return clicks.slice(0, MAX_CLICKS);
}

const noFloor = () =>
  new EngineError(
    'invalid_input',
    'No floor could be found in this photo: too little of it is visible',
  );

export async function findFloor(
  image: Raster,
  mapping: FloorMapping,
  models: FloorModels,
): Promise<Mask> {
  const { width, height } = image;
  const furniture = models.detect
    ? (await models.detect(image)).filter((e) => FURNITURE.has(e.label)).map(boxOf)
    : [];
  const grown = detectFloor(image, mapping);
  const grownArea = count(grown);
  const isFloor = (mask: Mask, minArea: number) => {
    const area = count(mask);
    return (
      area >= Math.max(minArea, MIN_FLOOR_SHARE * width * height) &&
      area <= 0.75 * width * height &&
      footCoverage(mask) >= MIN_FOOT_COVERAGE
    );
  };
  const segment = models.segment;
  if (segment) {
    /** SAM's floor from clicks, below the horizon; in furniture boxes only the floor's colour. */
    const segmentFrom = async (clicks: ClickPoint[]) => {
      const segmented = await segment(image, clicks);
      const out = new Uint8Array(width * height);
      for (let y = Math.max(0, Math.floor(mapping.horizonY)); y < height; y++) {
        for (let x = 0; x < width; x++) {
          const i = y * width + x;
          if (!segmented.data[i]) continue;
          if (!grown.data[i] && furniture.some((box) => inside(box, x, y))) continue;
          out[i] = 1;
        }
      }
      return { width, height, data: out };
    };
    // 1. Clicks on the colour-grown floor: SAM completes what the colour missed (rugs, shade).
    const onRegion = floorClicks(grown, furniture, mapping.horizonY);
    if (onRegion.length > 0) {
      const floor = await segmentFrom(onRegion);
      if (isFloor(floor, 0.6 * grownArea)) return floor;
    }
    // 2. The colour took something else (a wall of the floor's colour): click along the foot.
    const onFoot = footClicks(furniture, width, height);
    if (onFoot.length > 0) {
      const floor = await segmentFrom(onFoot);
      if (isFloor(floor, 0)) return floor;
    }
  }
  // 3. The colour-grown region alone, less what stands in furniture boxes.
  const floor = withoutFurniture(grown, furniture);
  if (isFloor(floor, 0)) return floor;
  throw noFloor();
}
