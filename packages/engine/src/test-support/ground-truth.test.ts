import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { Mask, Raster } from '../raster';
import {
  changeAgainstTarget,
  fillPolygon,
  iou,
  labelMask,
  labelledPhotos,
  loadRoomLabels,
  rasteriseLabels,
  validateRoomLabels,
  type RoomLabels,
} from './ground-truth';
import { roomPhoto } from './photos';

function filled(polygon: Array<[number, number]>, width: number, height: number): Uint8Array {
  const out = new Uint8Array(width * height);
  fillPolygon(polygon, width, height, (i) => {
    out[i] = 1;
  });
  return out;
}

const count = (data: Uint8Array): number => data.reduce((sum, v) => sum + (v ? 1 : 0), 0);

function mask(width: number, height: number, on: number[]): Mask {
  const data = new Uint8Array(width * height);
  for (const i of on) data[i] = 1;
  return { width, height, data };
}

function raster(width: number, height: number, grey: number[]): Raster {
  const data = new Uint8ClampedArray(width * height * 4);
  grey.forEach((g, i) => data.set([g, g, g, 255], i * 4));
  return { width, height, data };
}

describe('polygon rasteriser', () => {
  it('fills the pixels whose centres lie inside, edges shared by two polygons claimed once', () => {
    expect(
      count(
        filled(
          [
            [0, 0],
            [4, 0],
            [4, 4],
            [0, 4],
          ],
          8,
          8,
        ),
      ),
    ).toBe(16);
    const left = filled(
      [
        [0, 0],
        [3, 0],
        [3, 8],
        [0, 8],
      ],
      8,
      8,
    );
    const right = filled(
      [
        [3, 0],
        [8, 0],
        [8, 8],
        [3, 8],
      ],
      8,
      8,
    );
    expect(count(left) + count(right)).toBe(64);
    expect(left.every((v, i) => !(v && right[i]))).toBe(true);
  });

  it('uses the even-odd rule: a path that goes round twice leaves a hole', () => {
    const ring = filled(
      [
        [0, 0],
        [10, 0],
        [10, 10],
        [0, 10],
        [0, 0],
        [3, 3],
        [7, 3],
        [7, 7],
        [3, 7],
        [3, 3],
      ],
      10,
      10,
    );
    expect(count(ring)).toBe(100 - 16);
    expect(ring[5 * 10 + 5]).toBe(0);
    const star = filled(
      [
        [5, 0],
        [8, 10],
        [0, 4],
        [10, 4],
        [2, 10],
      ],
      10,
      10,
    );
    expect(star[6 * 10 + 5]).toBe(0); // the pentagram's centre is crossed twice
    expect(star[2 * 10 + 4]).toBe(1); // inside the top spike
  });

  it('clips polygons that run outside the image', () => {
    expect(
      count(
        filled(
          [
            [-5, -5],
            [20, -5],
            [20, 3],
            [-5, 3],
          ],
          10,
          10,
        ),
      ),
    ).toBe(30);
  });
});

describe('labels in painter’s order', () => {
  const labels: RoomLabels = {
    image: 'synthetic.jpg',
    width: 10,
    height: 10,
    regions: [
      {
        label: 'wall-front',
        polygon: [
          [0, 0],
          [10, 0],
          [10, 6],
          [0, 6],
        ],
      },
      {
        label: 'floor',
        polygon: [
          [0, 6],
          [10, 6],
          [10, 10],
          [0, 10],
        ],
      },
      {
        label: 'object',
        name: 'sofa',
        polygon: [
          [2, 4],
          [8, 4],
          [8, 8],
          [2, 8],
        ],
      },
    ],
  };

  it('gives each pixel the region drawn last over it', () => {
    const raster = rasteriseLabels(labels);
    expect(raster.classOf(0)).toBe('wall-front');
    expect(raster.classOf(9 * 10)).toBe('floor');
    expect(raster.classOf(5 * 10 + 5)).toBe('object');
    expect(raster.regionAt(5 * 10 + 5)?.name).toBe('sofa');
  });

  it('selects visible pixels by label, walls together, objects by name or predicate', () => {
    expect(count(labelMask(labels, 'wall-front').data)).toBe(60 - 12);
    expect(count(labelMask(labels, 'walls').data)).toBe(48);
    expect(count(labelMask(labels, 'floor').data)).toBe(40 - 12);
    expect(count(labelMask(labels, 'object:sofa').data)).toBe(24);
    expect(count(labelMask(labels, 'object:lamp').data)).toBe(0);
    expect(count(labelMask(labels, (r) => r.label !== 'object').data)).toBe(76);
  });

  it('rejects malformed files, saying what is wrong', () => {
    expect(() =>
      validateRoomLabels({
        image: 'a.jpg',
        width: 2,
        height: 2,
        regions: [{ label: 'sky', polygon: [] }],
      }),
    ).toThrow(/label sky/);
    expect(() =>
      validateRoomLabels({
        image: 'a.jpg',
        width: 2,
        height: 2,
        regions: [
          {
            label: 'object',
            polygon: [
              [0, 0],
              [1, 0],
              [1, 1],
            ],
          },
        ],
      }),
    ).toThrow(/without name/);
  });
});

describe('metrics', () => {
  it('iou is intersection over union', () => {
    expect(iou(mask(4, 1, [0, 1, 2]), mask(4, 1, [1, 2, 3]))).toBeCloseTo(2 / 4);
    expect(iou(mask(4, 1, []), mask(4, 1, []))).toBe(1);
    expect(iou(mask(4, 1, [0]), mask(4, 1, [3]))).toBe(0);
  });

  it('change against a target: spill outside it and miss inside it', () => {
    const input = raster(5, 1, [100, 100, 100, 100, 100]);
    // Pixels 0-2 are the target; 0 and 1 changed, 2 barely moved, 3 changed outside, 4 untouched.
    const output = raster(5, 1, [150, 160, 103, 200, 100]);
    const result = changeAgainstTarget(input, output, mask(5, 1, [0, 1, 2]), 8);
    expect(result.changed).toBe(3);
    expect(result.spill).toBeCloseTo(1 / 3);
    expect(result.miss).toBeCloseTo(1 / 3);
  });
});

describe('the hand-labelled room photos', () => {
  it('cover at least 10 photos across living rooms, bedrooms, kitchens, a bathroom and dining', async () => {
    const photos = await labelledPhotos();
    expect(photos.length).toBeGreaterThanOrEqual(10);
    for (const kind of ['living-room', 'bedroom', 'kitchen', 'bathroom', 'dining']) {
      expect(photos.some((p) => p.includes(kind))).toBe(true);
    }
  });

  it('each file matches its photo’s upright size and labels floor, a wall and objects', async () => {
    for (const photo of await labelledPhotos()) {
      const labels = await loadRoomLabels(photo);
      const meta = await sharp(await roomPhoto(photo)).metadata();
      const turned = (meta.orientation ?? 1) >= 5;
      expect([labels.width, labels.height], photo).toEqual(
        turned ? [meta.height, meta.width] : [meta.width, meta.height],
      );
      const raster = rasteriseLabels(labels);
      const labelled = raster.regionIndex.reduce((n, v) => n + (v >= 0 ? 1 : 0), 0);
      expect(labelled / raster.regionIndex.length, photo).toBeGreaterThan(0.97);
      expect(count(labelMask(raster, 'floor').data), photo).toBeGreaterThan(0);
      expect(count(labelMask(raster, 'walls').data), photo).toBeGreaterThan(0);
      expect(
        labels.regions.filter((r) => r.label === 'object').length,
        photo,
      ).toBeGreaterThanOrEqual(3);
    }
  });
});
