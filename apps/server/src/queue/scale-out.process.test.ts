/**
 * The scale-out shape as real processes on loopback (decision 018): two API processes (each with
 * its own DATA_DIR, images in a local S3-compatible server, one PostgreSQL database) and two
 * engine workers on the machine's real Redis, with the real local engine and ../shared models.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Queue } from 'bullmq';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/database';
import { ledgerBalance, ledgerEntries } from '../modules/credits/credit-ledger.repository';
import { changeCredits } from '../modules/credits/credits.service';
import { connectRedis } from '../platform/redis';
import { roomPhoto } from '../test-support/images';
import { TEST_REDIS_URL, redisForTests } from '../test-support/redis';
import { startS3Server } from '../test-support/s3-server';
import { HttpClient, startServerProcess, type ServerProcess } from '../test-support/server-process';
import { aPerson, databaseTargets } from '../test-support/test-app';
import { startWorkerProcess, type WorkerProcess } from '../test-support/worker-process';
import { GENERATION_QUEUE } from './engine-tasks';

const POSTGRES_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const hasRedis = await redisForTests();
const hasPostgres = (await databaseTargets()).some((target) => target.name === 'postgres');
if (!hasPostgres) console.warn('SKIPPING the scale-out process tests: they need PostgreSQL');

/** A phone-sized photo, a wall mask for a quick paint, and a big one for a long removal. */
const photo = await sharp(roomPhoto('living-room-1.jpg')).resize({ width: 640 }).jpeg().toBuffer();
const size = await sharp(photo).metadata();
const mask = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .composite([
      {
        input: {
          create: {
            width: Math.round(width * 0.8),
            height: Math.round(height * 0.8),
            channels: 4,
            background: '#fff',
          },
        },
        left: Math.round(width * 0.1),
        top: Math.round(height * 0.1),
      },
    ])
    .png()
    .toBuffer();
const paintMask = await mask(size.width, size.height);
const bigPhoto = await sharp(roomPhoto('living-room-1.jpg'))
  .resize(2560, 1920, { fit: 'fill' })
  .jpeg({ quality: 85 })
  .toBuffer();
const bigMask = await mask(2560, 1920);

const file = (bytes: Buffer, name: string, type: string) =>
  new File([new Uint8Array(bytes)], name, { type });

function paintForm() {
  const form = new FormData();
  form.append('state_image', file(photo, 'room.jpg', 'image/jpeg'));
  form.append('masked_image', file(paintMask, 'mask.png', 'image/png'));
  form.append('color', '#9CAF88');
  return form;
}

function removalForm() {
  const form = new FormData();
  form.append('state_image', file(bigPhoto, 'room.jpg', 'image/jpeg'));
  form.append('masked_image', file(bigMask, 'mask.png', 'image/png'));
  form.append('quantity', '1');
  return form;
}

async function until(check: () => Promise<boolean> | boolean, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.runIf(hasRedis && hasPostgres)('2 API processes and 2 engine workers', () => {
  const prefix = `roomcraft-test-${randomBytes(4).toString('hex')}`;
  const dbName = `roomcraft_test_${randomBytes(6).toString('hex')}`;
  const dirs: string[] = [];
  const apis: ServerProcess[] = [];
  const workers: WorkerProcess[] = [];
  let s3: Awaited<ReturnType<typeof startS3Server>>;
  let database: DatabaseHandle;
  let env: Record<string, string>;
  const redis = connectRedis(TEST_REDIS_URL, { forQueue: true });
  const queue = new Queue(GENERATION_QUEUE, { connection: redis, prefix });

  const newDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'roomcraft-scale-'));
    dirs.push(dir);
    return dir;
  };
  const startWorker = async () => {
    const worker = await startWorkerProcess({ dataDir: newDir(), env });
    workers.push(worker);
    return worker;
  };

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: POSTGRES_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    await admin.end();
    const url = new URL(POSTGRES_URL);
    url.pathname = `/${dbName}`;
    s3 = await startS3Server();
    env = {
      DATABASE_URL: url.toString(),
      REDIS_URL: TEST_REDIS_URL,
      REDIS_PREFIX: prefix,
      SESSION_SECRET: randomBytes(32).toString('hex'),
      ENGINE_THREADS: '1',
      ENGINE_MAX_QUEUE: '64',
      ENGINE_TIMEOUT_SECONDS: '120',
      WORKER_LOCK_SECONDS: '2',
      REGISTRATIONS_PER_IP_PER_HOUR: '1000',
      SHUTDOWN_GRACE_SECONDS: '5',
      ...s3.env,
    };
    // The first API process migrates; then the rest start together.
    apis.push(await startServerProcess({ dataDir: newDir(), env }));
    const started = await Promise.all([
      startServerProcess({ dataDir: newDir(), env }),
      startWorker(),
      startWorker(),
    ]);
    apis.push(started[0]);
    database = openDatabase({ databaseUrl: url.toString(), dataDir: newDir() });
  }, 120_000);

  afterAll(async () => {
    for (const each of [...apis, ...workers]) await each.stop();
    await queue.obliterate({ force: true }).catch(() => undefined);
    await queue.close();
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
    await database.destroy();
    await s3.close();
    const admin = new pg.Client({ connectionString: POSTGRES_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  /** A user registered through API process `api`, holding exactly `credits`. */
  async function newUser(api: ServerProcess, credits: number) {
    const client = new HttpClient(api.url);
    await client.get('/api/csrf-cookie');
    const person = aPerson();
    expect((await client.post('/api/auth/register', person)).status).toBe(201);
    const user = await database.db
      .selectFrom('users')
      .select(['id', 'available_credits'])
      .where('email', '=', person.email)
      .executeTakeFirstOrThrow();
    await database.db.transaction().execute((trx) =>
      changeCredits(trx, {
        userId: user.id,
        delta: credits - user.available_credits,
        reason: 'adjustment',
        reference: `test_${randomBytes(4).toString('hex')}`,
        at: new Date(),
      }),
    );
    return { client, person, userId: user.id };
  }

  const balanceOf = async (userId: number) =>
    (
      await database.db
        .selectFrom('users')
        .select('available_credits')
        .where('id', '=', userId)
        .executeTakeFirstOrThrow()
    ).available_credits;

  it('runs 40 concurrent generations of 4 users holding 20 credits: exactly 20 succeed', async () => {
    const [one, two] = apis;
    if (!one || !two) throw new Error('two API processes');
    const users = await Promise.all([0, 1, 2, 3].map((i) => newUser(i % 2 ? two : one, 5)));
    const started = Date.now();
    const statuses = await Promise.all(
      Array.from({ length: 40 }, async (_, i) => {
        const user = users[i % 4];
        if (!user) throw new Error('user');
        // Each user's session works on either API process: they share the secret and database.
        const client = user.client.at(i % 2 ? two.url : one.url);
        const response = await client.post('/api/actions/generate/wall-paint', paintForm());
        const body = (await response.json()) as { images?: string[] };
        if (response.status === 200) {
          // The image is in the bucket and served by the other process too.
          const image = await user.client.at(i % 2 ? one.url : two.url).get(body.images?.[0] ?? '');
          expect(image.status).toBe(200);
        }
        return response.status;
      }),
    );
    const seconds = (Date.now() - started) / 1000;
    const ok = statuses.filter((status) => status === 200).length;
    console.info(
      `[scale-out] 40 generations over 2 API processes and 2 workers in ${seconds.toFixed(1)} s: ` +
        `${ok} succeeded, others ${JSON.stringify(statuses.filter((status) => status !== 200))}`,
    );
    expect(ok).toBe(20);
    expect(statuses.filter((status) => status !== 200).every((status) => status === 402)).toBe(
      true,
    );
    for (const user of users) {
      expect(await balanceOf(user.userId)).toBe(0);
      expect(await ledgerBalance(database.db, user.userId)).toBe(0);
    }
  }, 240_000);

  it('settles a generation exactly once when its worker is killed with -9 mid-job', async () => {
    const [one] = apis;
    if (!one) throw new Error('an API process');
    // One worker stops gracefully (SIGTERM, nothing running): the job can only go to the other.
    const leaving = workers[1];
    leaving?.child.kill('SIGTERM');
    expect((await leaving?.exited)?.code).toBe(0);
    const victim = workers[0];
    if (!victim) throw new Error('a worker');
    const { client, userId } = await newUser(one, 10);
    const answer = client.post('/api/actions/generate/remove-elements', removalForm());
    await until(
      async () => (await queue.getJobCounts('active')).active === 1,
      60_000,
      'the job to be taken',
    );
    expect(await balanceOf(userId)).toBe(9);
    victim.child.kill('SIGKILL');
    await victim.exited;
    // A new worker finds the stalled job: it runs once more, or fails and is refunded.
    await startWorker();
    const response = await answer;
    const entries = (await ledgerEntries(database.db, userId)).filter((entry) =>
      entry.reference?.startsWith('gen_'),
    );
    const debits = entries.filter((entry) => entry.reason === 'generation');
    const refunds = entries.filter((entry) => entry.reason === 'refund');
    console.info(
      `[scale-out kill -9] answer ${response.status}; ledger ` +
        JSON.stringify(entries.map(({ reason, delta, note }) => ({ reason, delta, note }))),
    );
    expect(debits).toHaveLength(1);
    if (response.status === 200) {
      expect(refunds).toHaveLength(0);
      expect(await balanceOf(userId)).toBe(9);
    } else {
      expect(refunds).toHaveLength(1);
      expect(await balanceOf(userId)).toBe(10);
    }
    expect(await ledgerBalance(database.db, userId)).toBe(await balanceOf(userId));
  }, 240_000);

  it('reports the queue, its workers and the bucket as ready', async () => {
    const [one] = apis;
    if (!one) throw new Error('an API process');
    const response = await fetch(`${one.url}/api/ready`);
    expect(response.status).toBe(200);
    const answer = (await response.json()) as { checks: Record<string, unknown> };
    expect(answer.checks.queue).toMatchObject({ ok: true, mode: 'redis', workers: 1 });
    expect(answer.checks.storage).toMatchObject({ ok: true, kind: 's3' });
    expect(answer.checks.models).toEqual({ location: 'engine workers' });
  });

  it('counts a throttle hit on API process 1 on API process 2', async () => {
    const [one, two] = apis;
    if (!one || !two) throw new Error('two API processes');
    const { person } = await newUser(one, 0);
    const login = async (api: ServerProcess) => {
      const client = new HttpClient(api.url);
      await client.get('/api/csrf-cookie');
      return (
        await client.post('/api/auth/login', { email: person.email, password: 'wrong password!' })
      ).status;
    };
    const first: number[] = [];
    for (let i = 0; i < 6; i++) first.push(await login(one));
    expect(first.at(-1)).toBe(429);
    // The next guess goes to the other process: it counts in the same place.
    expect(await login(two)).toBe(429);
  });
});
