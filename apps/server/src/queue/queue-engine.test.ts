/** Engine calls over the real Redis queue to an in-process worker running the real local engine. */
import { EngineError, createLocalEngine } from '@roomcraft/engine';
import { Queue } from 'bullmq';
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectRedis } from '../platform/redis';
import { roomPhoto } from '../test-support/images';
import { TEST_REDIS_URL, redisForTests } from '../test-support/redis';
import { SHARED_MODELS_DIR } from '../test-support/test-app';
import { GENERATION_QUEUE } from './engine-tasks';
import { startEngineWorker } from './engine-worker';
import { QueueEngine } from './queue-engine';

const hasRedis = await redisForTests();

describe.runIf(hasRedis)('the queue engine', () => {
  const prefix = `roomcraft-test-${randomBytes(4).toString('hex')}`;
  const connection = connectRedis(TEST_REDIS_URL, { forQueue: true });
  const engine = createLocalEngine({
    modelsDir: SHARED_MODELS_DIR,
    allowDownload: false,
    threads: 1,
  });
  const log = { info: () => undefined, warn: () => undefined };
  let queue: QueueEngine;
  let worker: ReturnType<typeof startEngineWorker> | undefined;
  const photo = sharp(roomPhoto()).resize({ width: 480 }).jpeg().toBuffer();

  beforeAll(async () => {
    queue = await QueueEngine.open(connection, { waitMs: 60_000, prefix });
  });
  afterAll(async () => {
    await worker?.close();
    await queue.close();
    const raw = new Queue(GENERATION_QUEUE, { connection, prefix });
    await raw.obliterate({ force: true });
    await raw.close();
    await engine.close();
    await connection.quit();
  });

  it('withdraws a job no worker has taken when its caller gives up', async () => {
    const controller = new AbortController();
    const call = queue.detectElements(await photo, controller.signal);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await queue.counts()).waiting).toBe(1);
    controller.abort(new EngineError('timeout', 'deadline'));
    await expect(call).rejects.toThrow('deadline');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await queue.counts()).waiting).toBe(0);
  });

  it('brings back a generation whose images are real PNGs, and keeps the engine error kinds', async () => {
    worker = startEngineWorker({
      connection: connection.duplicate(),
      prefix,
      engine,
      concurrency: 1,
      timeoutMs: 60_000,
      lockMs: 5_000,
      log,
    });
    await worker.waitUntilReady();
    const image = await photo;
    const { width, height } = await sharp(image).metadata();
    const mask = await sharp({
      create: { width, height, channels: 3, background: '#ffffff' },
    })
      .png()
      .toBuffer();
    const result = await queue.generate({
      op: 'wall_paint',
      image,
      quantity: 1,
      seed: 7,
      mask,
      colour: { hex: '#9caf88' },
    });
    expect(result.images).toHaveLength(1);
    const painted = await sharp(result.images[0]).metadata();
    expect(painted).toMatchObject({ format: 'png', width, height });

    // A mask of another size is the caller's mistake: it crosses the queue as invalid_input.
    const wrongMask = await sharp({
      create: { width: 10, height: 10, channels: 3, background: '#fff' },
    })
      .png()
      .toBuffer();
    const failure = await queue
      .generate({
        op: 'wall_paint',
        image,
        quantity: 1,
        seed: 7,
        mask: wrongMask,
        colour: { hex: '#9caf88' },
      })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(EngineError);
    expect((failure as EngineError).kind).toBe('invalid_input');
  });
});
