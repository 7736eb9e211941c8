import { mkdir, writeFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { cloneRaster, type Mask, type Raster } from '../raster';
import { rasterToPng, roomRaster, type FractionRect } from '../test-support/photos';
import { detectFloor } from './floor-mask';
import { defaultFloorMapping } from './surface-fill';

const OUT_DIR = '/tmp/engine-A';

/**
 * Photos with hand-marked regions (fractions of the image): `floor` is open floor in the photo,
 * `notFloor` are things that are not (furniture, walls) that a careless fill would take.
 */
const CASES: {
  photo: string;
  floor: FractionRect;
  notFloor: FractionRect[];
  /** Share of the `floor` rectangle that must be found. */
  minCover?: number;
}[] = [
  {
    photo: 'living-room-beamed-ceiling.jpg',
    floor: { x0: 0, y0: 0.86, x1: 1, y1: 1 },
    notFloor: [
      { x0: 0.7, y0: 0.63, x1: 0.93, y1: 0.76 }, // the white sofa
      { x0: 0.05, y0: 0.3, x1: 0.95, y1: 0.55 }, // windows and fireplace wall
    ],
  },
  {
    photo: 'living-room-neutral-sofa.jpg',
    floor: { x0: 0, y0: 0.93, x1: 0.6, y1: 1 },
    notFloor: [
      { x0: 0.2, y0: 0.52, x1: 0.9, y1: 0.62 }, // the sofa
      { x0: 0.27, y0: 0.68, x1: 0.5, y1: 0.76 }, // the round wooden table
    ],
  },
  {
    photo: 'living-room-cognac-leather-sofa.jpg',
    floor: { x0: 0.35, y0: 0.9, x1: 0.75, y1: 1 },
    notFloor: [{ x0: 0.22, y0: 0.62, x1: 0.6, y1: 0.75 }], // the leather sofa
  },
  {
    photo: 'bedroom-minimal-mirror.jpg',
    floor: { x0: 0.5, y0: 0.9, x1: 1, y1: 1 },
    notFloor: [
      { x0: 0.02, y0: 0.64, x1: 0.45, y1: 0.8 }, // the bed
      { x0: 0.25, y0: 0.5, x1: 0.8, y1: 0.62 }, // the sideboard
    ],
  },
  {
    photo: 'living-room-1.jpg',
    floor: { x0: 0.7, y0: 0.92, x1: 1, y1: 1 },
    notFloor: [
      { x0: 0.25, y0: 0.5, x1: 0.68, y1: 0.62 }, // the pale sofa, close in colour to the floor
      { x0: 0.3, y0: 0.22, x1: 0.58, y1: 0.45 }, // the painting on the wall
    ],
  },
  {
    photo: 'kitchen-black-minimal.jpg',
    floor: { x0: 0, y0: 0.9, x1: 0.4, y1: 1 },
    notFloor: [{ x0: 0.6, y0: 0.75, x1: 1, y1: 0.95 }], // the black island
    // Known limit: the window-washed boards on the left are paler than the rest and are left out.
    minCover: 0.4,
  },
];

function coverage(mask: Mask, rect: FractionRect): number {
  let on = 0;
  let n = 0;
  for (let y = Math.round(rect.y0 * mask.height); y < Math.round(rect.y1 * mask.height); y++) {
    for (let x = Math.round(rect.x0 * mask.width); x < Math.round(rect.x1 * mask.width); x++) {
      on += mask.data[y * mask.width + x] ?? 0;
      n++;
    }
  }
  return on / n;
}

async function writeOverlay(name: string, image: Raster, mask: Mask): Promise<void> {
  const over = cloneRaster(image);
  for (let i = 0; i < mask.data.length; i++) {
    if (!mask.data[i]) continue;
    over.data[i * 4] = 255;
    over.data[i * 4 + 1] = (over.data[i * 4 + 1] ?? 0) >> 1;
    over.data[i * 4 + 2] = (over.data[i * 4 + 2] ?? 0) >> 1;
  }
  await mkdir(OUT_DIR, { recursive: true });
  await writeFile(`${OUT_DIR}/floor-mask-${name}.png`, await rasterToPng(over));
}

describe('detectFloor', () => {
  it.each(CASES)('finds the floor of $photo', async ({ photo, floor, notFloor, minCover }) => {
    const image = await roomRaster(photo, 1000);
    const mapping = defaultFloorMapping(image.width, image.height);
    const mask = detectFloor(image, mapping);
    await writeOverlay(photo, image, mask);

    expect(mask.width).toBe(image.width);
    expect(mask.height).toBe(image.height);
    let total = 0;
    let lower = 0;
    for (let i = 0; i < mask.data.length; i++) {
      if (!mask.data[i]) continue;
      total++;
      if (i / image.width >= mapping.horizonY) lower++;
    }
    // A reasonable share of the picture, all of it below the horizon.
    expect(total / mask.data.length).toBeGreaterThan(0.06);
    expect(total / mask.data.length).toBeLessThan(0.6);
    expect(lower).toBe(total);
    // The open floor is found, the furniture and walls are not.
    expect(coverage(mask, floor)).toBeGreaterThan(minCover ?? 0.75);
    for (const rect of notFloor) expect(coverage(mask, rect)).toBeLessThan(0.1);
  });

  it('follows the horizon it is given: nothing above a lower horizon', async () => {
    const image = await roomRaster('living-room-beamed-ceiling.jpg', 800);
    const mapping = {
      ...defaultFloorMapping(image.width, image.height),
      horizonY: image.height * 0.7,
    };
    const mask = detectFloor(image, mapping);
    let above = 0;
    for (let i = 0; i < Math.floor(mapping.horizonY) * image.width; i++) above += mask.data[i] ?? 0;
    expect(above).toBe(0);
    expect(mask.data.some((v) => v === 1)).toBe(true);
  });
});
