/**
 * The room parse, wall paint and floors against the hand-labelled ground truth: per photo, floor
 * and wall IoU and the paint/floor spill and miss. The floors are set just under what the engine
 * measured when this test was written (`npm run bench:engine` prints the same table), so a
 * regression fails; raise them when the engine improves. The goals (spill ≤ 2 %, miss ≤ 3 %) are
 * far from met on several photos — see the notes in decision 012.
 */
import { describe, expect, it } from 'vitest';
import { labelledPhotos } from '../test-support/ground-truth';
import { formatSceneTable, measureScene, type SceneQuality } from '../test-support/scene-quality';

interface Floors {
  floor: number;
  walls: number;
  left: number | null;
  front: number | null;
  right: number | null;
  paintSpill: number;
  paintMiss: number;
  floorSpill: number;
  floorMiss: number;
}

/** Measured at 1600 px (IoU − 0.02, spill/miss + 0.02). */
const THRESHOLDS: Record<string, Floors> = {
  'bathroom-grey-tile-bathtub.webp': {
    floor: 0.46,
    walls: 0.68,
    left: 0.0,
    front: 0.45,
    right: 0.64,
    paintSpill: 0.27,
    paintMiss: 0.12,
    floorSpill: 0.5,
    floorMiss: 0.16,
  },
  'bedroom-minimal-mirror.jpg': {
    floor: 0.91,
    walls: 0.76,
    left: null,
    front: 0.75,
    right: null,
    paintSpill: 0.24,
    paintMiss: 0.03,
    floorSpill: 0.06,
    floorMiss: 0.03,
  },
  'bedroom-tufted-headboard.jpg': {
    floor: 0.89,
    walls: 0.74,
    left: null,
    front: 0.68,
    right: 0.0,
    paintSpill: 0.2,
    paintMiss: 0.11,
    floorSpill: 0.08,
    floorMiss: 0.06,
  },
  'dining-room-green-velvet-chairs.webp': {
    floor: 0.43,
    walls: 0.55,
    left: 0.0,
    front: 0.56,
    right: null,
    paintSpill: 0.44,
    paintMiss: 0.07,
    floorSpill: 0.56,
    floorMiss: 0.07,
  },
  'kitchen-black-minimal.jpg': {
    floor: 0.78,
    walls: 0.63,
    left: null,
    front: 0.83,
    right: 0.33,
    paintSpill: 0.36,
    paintMiss: 0.04,
    floorSpill: 0.18,
    floorMiss: 0.02,
  },
  'kitchen-dining-1.jpg': {
    floor: 0.85,
    walls: 0.75,
    left: 0.55,
    front: 0.26,
    right: 0.0,
    paintSpill: 0.22,
    paintMiss: 0.08,
    floorSpill: 0.12,
    floorMiss: 0.06,
  },
  'living-dining-room-red-armchair.jpg': {
    floor: 0.63,
    walls: 0.51,
    left: 0.02,
    front: null,
    // The left/right split of this corner shot moves with a pixel's change in the coarse
    // labels (0.48 before the working grid was aligned to whole blocks): fragile, see 012.
    right: 0.2,
    paintSpill: 0.46,
    paintMiss: 0.15,
    floorSpill: 0.33,
    floorMiss: 0.13,
  },
  'living-room-1.jpg': {
    floor: 0.4,
    walls: 0.84,
    left: null,
    front: 0.83,
    right: null,
    paintSpill: 0.15,
    paintMiss: 0.05,
    floorSpill: 0.62,
    floorMiss: 0.06,
  },
  'living-room-beamed-ceiling.jpg': {
    floor: 0.9,
    walls: 0.57,
    left: null,
    front: 0.53,
    right: 0.15,
    paintSpill: 0.4,
    paintMiss: 0.12,
    floorSpill: 0.1,
    floorMiss: 0.03,
  },
  'living-room-neutral-sofa.jpg': {
    floor: 0.03,
    walls: 0.79,
    left: null,
    front: 0.2,
    right: null,
    paintSpill: 0.2,
    paintMiss: 0.05,
    floorSpill: 0.97,
    floorMiss: 0.22,
  },
};

const measured: SceneQuality[] = [];

describe('scene quality against the ground-truth labels', async () => {
  const photos = await labelledPhotos();

  it('has thresholds for every labelled photo', () => {
    expect(photos.length).toBeGreaterThanOrEqual(8);
    expect(Object.keys(THRESHOLDS).sort()).toEqual(photos);
  });

  it.each(photos)('%s: parse, paint and floors no worse than measured', async (photo) => {
    const q = await measureScene(photo);
    measured.push(q);
    const t = THRESHOLDS[photo];
    if (!t) throw new Error(`no thresholds for ${photo}`);
    expect(q.floorIou).toBeGreaterThanOrEqual(t.floor);
    expect(q.wallIou.all).toBeGreaterThanOrEqual(t.walls);
    for (const plane of ['left', 'front', 'right'] as const) {
      const floor = t[plane];
      if (floor !== null) expect(q.wallIou[plane]).toBeGreaterThanOrEqual(floor);
    }
    expect(q.paint.spill).toBeLessThanOrEqual(t.paintSpill);
    expect(q.paint.miss).toBeLessThanOrEqual(t.paintMiss);
    expect(q.floors.refused).toBe(false);
    expect(q.floors.spill).toBeLessThanOrEqual(t.floorSpill);
    expect(q.floors.miss).toBeLessThanOrEqual(t.floorMiss);
    if (measured.length === photos.length) console.log(formatSceneTable(measured));
  });
});
