import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { estimateRoomCamera, floorMappingOf } from '../geometry/room-camera';
import { openDetector, openSegmenter } from '../models/open-ops';
import type { Mask } from '../raster';
import { SHARED_DIR, roomRaster, type FractionRect } from '../test-support/photos';
import type { Detector } from './detect';
import { findFloor, type FloorModels } from './find-floor';
import type { Segmenter } from './segment';

const modelsDir = path.join(SHARED_DIR, 'models');

function coverage(mask: Mask, rect: FractionRect): number {
  let on = 0;
  let all = 0;
  for (let y = Math.round(rect.y0 * mask.height); y < Math.round(rect.y1 * mask.height); y++) {
    for (let x = Math.round(rect.x0 * mask.width); x < Math.round(rect.x1 * mask.width); x++) {
      on += mask.data[y * mask.width + x] ?? 0;
      all++;
    }
  }
  return on / all;
}

/** Hand-marked on the photos: open floor (including rugs), and things that are not floor. */
const CASES: { photo: string; floor: FractionRect[]; notFloor: FractionRect[] }[] = [
  {
    photo: 'living-room-1.jpg',
    floor: [
      { x0: 0.7, y0: 0.92, x1: 1, y1: 1 }, // boards
      { x0: 0.2, y0: 0.86, x1: 0.6, y1: 0.97 }, // the patterned rug, which colour growing leaves out
    ],
    notFloor: [
      { x0: 0.25, y0: 0.5, x1: 0.68, y1: 0.62 }, // the pale sofa
      { x0: 0.3, y0: 0.22, x1: 0.58, y1: 0.45 }, // the painting
    ],
  },
  {
    photo: 'living-room-neutral-sofa.jpg',
    floor: [{ x0: 0, y0: 0.93, x1: 0.6, y1: 1 }],
    notFloor: [{ x0: 0.2, y0: 0.52, x1: 0.9, y1: 0.62 }],
  },
  {
    // Colour growing takes the olive wall at the right here; clicks along the foot find the boards.
    photo: 'kitchen-dining-1.jpg',
    floor: [{ x0: 0.3, y0: 0.85, x1: 0.6, y1: 1 }],
    notFloor: [{ x0: 0.93, y0: 0.3, x1: 1, y1: 0.8 }],
  },
  {
    photo: 'kitchen-galley-modern.jpg',
    floor: [{ x0: 0.3, y0: 0.85, x1: 0.6, y1: 1 }],
    notFloor: [{ x0: 0.75, y0: 0.5, x1: 1, y1: 0.7 }], // the island's front
  },
];

describe('finding the floor with detection and SAM', () => {
  let detector: Detector;
  let segmenter: Segmenter;
  let models: FloorModels;

  beforeAll(async () => {
    detector = await openDetector({ modelsDir });
    segmenter = await openSegmenter({ modelsDir });
    models = {
      detect: (image) => detector.detect(image),
      segment: (image, points) => segmenter.segment(image, points),
    };
  });
  afterAll(async () => {
    await detector.dispose();
    await segmenter.dispose();
  });

  it.each(CASES)('covers the floor of $photo and not its furniture', async (c) => {
    const image = await roomRaster(c.photo, 900);
    const floor = await findFloor(image, floorMappingOf(estimateRoomCamera(image)), models);
    for (const rect of c.floor) expect(coverage(floor, rect)).toBeGreaterThan(0.7);
    for (const rect of c.notFloor) expect(coverage(floor, rect)).toBeLessThan(0.1);
  });

  it('refuses a photo whose floor is hidden by a bed rather than lay a floor on the bed', async () => {
    const image = await roomRaster('bedroom-1.jpg', 900);
    await expect(
      findFloor(image, floorMappingOf(estimateRoomCamera(image)), models),
    ).rejects.toMatchObject({ kind: 'invalid_input' });
  });

  it('works from colour alone without the models', async () => {
    const image = await roomRaster('living-room-neutral-sofa.jpg', 900);
    const floor = await findFloor(image, floorMappingOf(estimateRoomCamera(image)), {});
    expect(coverage(floor, { x0: 0, y0: 0.93, x1: 0.6, y1: 1 })).toBeGreaterThan(0.7);
  });
});
