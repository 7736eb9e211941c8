// `npm run bench:queue`: the generation queue's figures (issue 16), on the machine's Redis.
// 1. Queue overhead per job: an engine call through BullMQ (enqueue, a worker takes it, the answer
//    comes back) against the same call made directly, with a real 1280 px photo and mask as the
//    payload both ways, so serialization counts. Target < 20 ms.
// 2. Generations per minute with 1 and with 2 engine worker processes (`src/worker.ts`, one engine
//    process each) running wall paint on 1280 px photos; on 2 cores expect ≈ 2× with 2.
// Prints a table, writes .artifacts/bench-queue.json.
import type { GenerateRequest, ImageEngine } from '@roomcraft/engine';
import type { Worker } from 'bullmq';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { connectRedis } from '../../apps/server/src/platform/redis';
import { startEngineWorker } from '../../apps/server/src/queue/engine-worker';
import { QueueEngine } from '../../apps/server/src/queue/queue-engine';
import { roomPhoto } from '../../apps/server/src/test-support/images';
import { startWorkerProcess } from '../../apps/server/src/test-support/worker-process';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const OVERHEAD_JOBS = 200;
const THROUGHPUT_JOBS = Number(process.env.BENCH_JOBS ?? 24);

const photo = await sharp(roomPhoto('living-room-1.jpg')).resize({ width: 1280 }).jpeg().toBuffer();
const { width, height } = await sharp(photo).metadata();
const mask = await sharp({
  create: { width, height, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
})
  .composite([
    {
      input: {
        create: { width: width >> 1, height: height >> 1, channels: 4, background: '#fff' },
      },
      left: width >> 2,
      top: height >> 3,
    },
  ])
  .png()
  .toBuffer();
const paint = (): GenerateRequest => ({
  op: 'wall_paint',
  image: photo,
  quantity: 1,
  seed: Math.floor(Math.random() * 2 ** 31),
  mask,
  colour: { hex: '#9caf88' },
});

/** An engine that answers at once with the photo: what is left of a job is the queue's work. */
const echo: ImageEngine = {
  name: 'echo',
  hasCapacity: () => true,
  detectElements: () => Promise.resolve([]),
  segment: () => Promise.resolve(mask),
  surface: () => Promise.resolve(mask),
  generate: (request) =>
    Promise.resolve({ images: [request.image], engine: 'echo' } as unknown as Awaited<
      ReturnType<ImageEngine['generate']>
    >),
  close: () => Promise.resolve(),
};

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};
const p95 = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length * 0.95)] ?? 0;
};

async function overhead() {
  const prefix = `roomcraft-bench-${randomBytes(3).toString('hex')}`;
  const connection = connectRedis(REDIS_URL, { forQueue: true });
  const log = { info: () => undefined, warn: () => undefined };
  const worker: Worker = startEngineWorker({
    connection: connection.duplicate(),
    prefix,
    engine: echo,
    concurrency: 1,
    timeoutMs: 60_000,
    lockMs: 30_000,
    log,
  });
  await worker.waitUntilReady();
  const queue = await QueueEngine.open(connection, { waitMs: 60_000, prefix });
  const direct: number[] = [];
  const queued: number[] = [];
  const empty: number[] = [];
  const nothing = Buffer.alloc(16);
  for (let i = 0; i < OVERHEAD_JOBS; i++) {
    let start = performance.now();
    await echo.generate(paint());
    direct.push(performance.now() - start);
    start = performance.now();
    await queue.generate(paint());
    queued.push(performance.now() - start);
    start = performance.now();
    await queue.detectElements(nothing);
    empty.push(performance.now() - start);
  }
  await queue.close();
  await worker.close();
  await connection.quit();
  return {
    jobs: OVERHEAD_JOBS,
    payloadKb: Math.round((photo.length + mask.length) / 1024),
    emptyMedianMs: median(empty),
    medianMs: median(queued) - median(direct),
    p95Ms: p95(queued) - median(direct),
  };
}

async function throughput(workerCount: number) {
  const prefix = `roomcraft-bench-${randomBytes(3).toString('hex')}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'roomcraft-bench-'));
  const env = {
    REDIS_URL,
    REDIS_PREFIX: prefix,
    ENGINE_THREADS: '1',
    LOG_LEVEL: 'info',
  };
  const workers = await Promise.all(
    Array.from({ length: workerCount }, () => startWorkerProcess({ dataDir, env })),
  );
  const connection = connectRedis(REDIS_URL, { forQueue: true });
  const queue = await QueueEngine.open(connection, { waitMs: 600_000, prefix });
  // Warm each worker's engine process (sharp, first decode) before timing.
  await Promise.all(workers.map(() => queue.generate(paint())));
  const start = performance.now();
  await Promise.all(Array.from({ length: THROUGHPUT_JOBS }, () => queue.generate(paint())));
  const seconds = (performance.now() - start) / 1000;
  await queue.close();
  await connection.quit();
  for (const worker of workers) {
    worker.child.kill('SIGTERM');
    await worker.exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
  return {
    workers: workerCount,
    jobs: THROUGHPUT_JOBS,
    seconds,
    perMinute: (THROUGHPUT_JOBS / seconds) * 60,
  };
}

const queueOverhead = await overhead();
const load = (await import('node:os')).loadavg()[0] ?? 0;
const one = await throughput(1);
const two = await throughput(2);
const result = {
  queueOverhead,
  throughput: [one, two],
  speedup: two.perMinute / one.perMinute,
  loadAverage: load,
};
console.table({
  'queue overhead, empty job (median, ms)': queueOverhead.emptyMedianMs.toFixed(2),
  'queue overhead per job (median, ms)': queueOverhead.medianMs.toFixed(2),
  'queue overhead per job (p95, ms)': queueOverhead.p95Ms.toFixed(2),
  'payload each way (kB)': queueOverhead.payloadKb,
  'wall paint 1280 px, 1 worker (per min)': one.perMinute.toFixed(1),
  'wall paint 1280 px, 2 workers (per min)': two.perMinute.toFixed(1),
  'speed-up 2 vs 1 workers': result.speedup.toFixed(2),
  'load average at the start (1 min)': load.toFixed(1),
});
await mkdir('.artifacts', { recursive: true });
await writeFile('.artifacts/bench-queue.json', JSON.stringify(result, null, 2));
const missed = queueOverhead.medianMs >= 20;
if (missed) console.error('queue overhead target (< 20 ms) missed');
process.exit(missed ? 1 : 0);
