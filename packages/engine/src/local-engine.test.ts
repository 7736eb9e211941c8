import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalEngine } from './local-engine';
import { decodeImage } from './raster';
import { SHARED_DIR, maskPng, roomPhoto } from './test-support/photos';
import { EngineError } from './types';

const MODELS_DIR = path.join(SHARED_DIR, 'models');

/** A room photo as the server stores it: upright, at most 1024 px, JPEG. */
async function storedPhoto() {
  return sharp(await roomPhoto('living-room-1.jpg'))
    .rotate()
    .resize(1024, 1024, { fit: 'inside' })
    .jpeg({ quality: 90 })
    .toBuffer();
}

function rectMask(width: number, height: number, x: number, y: number, w: number, h: number) {
  return maskPng(
    width,
    height,
    `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="white"/>`,
  );
}

describe('the local engine (worker pool)', () => {
  const engine = createLocalEngine({ modelsDir: MODELS_DIR, threads: 2, maxQueue: 2 });
  let photo: Buffer;
  let width = 0;
  let height = 0;

  beforeAll(async () => {
    photo = await storedPhoto();
    ({ width, height } = await sharp(photo).metadata());
  });
  afterAll(() => engine.close());

  it('detects the sofa of a living room in a worker thread', async () => {
    const elements = await engine.detectElements(photo);
    expect(elements.map((e) => e.label)).toContain('Sofa');
  });

  it('makes `quantity` different PNGs at the natural size, changing nothing outside the mask', async () => {
    const mask = await rectMask(width, height, 40, 30, 300, 160);
    const result = await engine.generate({
      op: 'wall_paint',
      image: photo,
      quantity: 2,
      mask,
      colour: { hex: '#9caf88' },
    });
    expect(result.images).toHaveLength(2);
    expect([result.width, result.height]).toEqual([width, height]);
    const input = await decodeImage(photo);
    const [a, b] = await Promise.all(result.images.map((png) => decodeImage(png)));
    if (!a || !b) throw new Error('missing variant');
    let outsideChanged = 0;
    let variantsDiffer = 0;
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const p = (y * width + x) * 4;
        const near = x >= 36 && x < 344 && y >= 26 && y < 194;
        for (let c = 0; c < 3; c++) {
          if (!near && a.data[p + c] !== input.data[p + c]) outsideChanged++;
          variantsDiffer += Math.abs((a.data[p + c] ?? 0) - (b.data[p + c] ?? 0));
        }
      }
    }
    expect(outsideChanged).toBe(0);
    expect(variantsDiffer / (300 * 160 * 3)).toBeGreaterThan(1);
  });

  it('refuses a mask of the wrong size as invalid input', async () => {
    const mask = await rectMask(width - 1, height, 0, 0, 10, 10);
    await expect(
      engine.generate({ op: 'remove_elements', image: photo, quantity: 1, mask }),
    ).rejects.toMatchObject({ kind: 'invalid_input' });
  });

  it('refuses quantity 5', async () => {
    const mask = await rectMask(width, height, 0, 0, 10, 10);
    await expect(
      engine.generate({ op: 'remove_elements', image: photo, quantity: 5, mask }),
    ).rejects.toBeInstanceOf(EngineError);
  });

  it('cancels a running generation when its signal aborts', async () => {
    const mask = await rectMask(width, height, 200, 200, 400, 300);
    const controller = new AbortController();
    const running = engine.generate(
      { op: 'remove_elements', image: photo, quantity: 1, mask },
      controller.signal,
    );
    setTimeout(() => controller.abort(), 50);
    await expect(running).rejects.toMatchObject({ kind: 'timeout' });
  });
});

describe('the local engine when busy or missing a model', () => {
  it('refuses work beyond its threads and queue', async () => {
    const engine = createLocalEngine({ modelsDir: MODELS_DIR, threads: 1, maxQueue: 0 });
    try {
      const photo = await storedPhoto();
      const { width, height } = await sharp(photo).metadata();
      const mask = await rectMask(width, height, 200, 200, 300, 200);
      const first = engine.generate({ op: 'remove_elements', image: photo, quantity: 1, mask });
      expect(engine.hasCapacity()).toBe(false);
      await expect(
        engine.generate({ op: 'remove_elements', image: photo, quantity: 1, mask }),
      ).rejects.toMatchObject({ kind: 'busy' });
      await first;
      expect(engine.hasCapacity()).toBe(true);
    } finally {
      await engine.close();
    }
  });

  it('detects elements from the weights shipped in the repository when MODELS_DIR is empty and downloads are off', async () => {
    // (A missing model's message is tested in models/open-ops.test.ts, with useShipped: false.)
    const empty = await mkdtemp(path.join(tmpdir(), 'roomcraft-models-'));
    const engine = createLocalEngine({ modelsDir: empty, threads: 1, allowDownload: false });
    try {
      const elements = await engine.detectElements(await storedPhoto());
      expect(elements.length).toBeGreaterThan(0);
    } finally {
      await engine.close();
      await rm(empty, { recursive: true, force: true });
    }
  });
});
