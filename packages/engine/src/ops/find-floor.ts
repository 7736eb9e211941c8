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

export async function findFloor(
  image: Raster,
  mapping: FloorMapping,
  models: FloorModels,
): Promise<Mask> {
  const furniture = models.detect
    ? (await models.detect(image)).filter((e) => FURNITURE.has(e.label)).map(boxOf)
    : [];
  const grown = detectFloor(image, mapping);
  const fallback = () => {
    const floor = withoutFurniture(grown, furniture);
    if (count(floor) < MIN_FLOOR_SHARE * image.width * image.height) {
      throw new EngineError(
        'invalid_input',
        'No floor could be found in this photo: too little of it is visible',
      );
    }
    return floor;
  };
  if (!models.segment) return fallback();
  const clicks = floorClicks(grown, furniture, mapping.horizonY);
  if (clicks.length === 0) return fallback();
  const segmented = await models.segment(image, clicks);
  const { width, height } = image;
  const floorTop = Math.max(0, Math.floor(mapping.horizonY));
  const out = new Uint8Array(width * height);
  for (let y = floorTop; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      if (!segmented.data[i]) continue;
      // Inside a piece of furniture's box, only what also has the floor's colour.
      if (!grown.data[i] && furniture.some((box) => inside(box, x, y))) continue;
      out[i] = 1;
    }
  }
  const floor: Mask = { width, height, data: out };
  const area = count(floor);
  const grownArea = count(grown);
  // SAM took something else (a wall through a doorway, the whole room) or very little: distrust.
  const plausible = area >= 0.6 * grownArea && area <= 0.75 * width * height;
  return plausible ? floor : fallback();
}
