/**
 * Paid generations against the REAL server as a child process on loopback, with the real local
 * engine (worker processes, ../shared models) and heavy inputs (12 MP photos, removal of most of
 * the picture): abandoned work never takes the server down, and a generation paid for is never
 * lost — not at its deadline, not at a graceful shutdown, not when the server is killed.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../db/database';
import { roomPhoto } from '../../test-support/images';
import {
  HttpClient,
  isAlive,
  startServerProcess,
  type ServerProcess,
} from '../../test-support/server-process';
import { aPerson, databaseTargets } from '../../test-support/test-app';
import { ledgerBalance, ledgerEntries } from '../credits/credit-ledger.repository';
import { changeCredits } from '../credits/credits.service';

const POSTGRES_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const TEST_TIMEOUT = 240_000;

/** Where a server process keeps its data: a folder, and a PostgreSQL database when asked. */
interface Place {
  dataDir: string;
  databaseUrl: string | undefined;
  open(): DatabaseHandle;
  remove(): Promise<void>;
}

async function newPlace(dialect: 'sqlite' | 'postgres'): Promise<Place> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'roomcraft-process-'));
  let databaseUrl: string | undefined;
  let name: string | undefined;
  if (dialect === 'postgres') {
    name = `roomcraft_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: POSTGRES_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(POSTGRES_URL);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
  }
  return {
    dataDir,
    databaseUrl,
    open: () => openDatabase({ databaseUrl, dataDir }),
    async remove() {
      if (name) {
        const admin = new pg.Client({ connectionString: POSTGRES_URL });
        await admin.connect();
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A 12 MP photo (stored at 2560 × 1920) and a mask over most of it: ~10 s of removal. */
const bigPhoto = await sharp(roomPhoto('living-room-1.jpg'))
  .resize(4000, 3000, { fit: 'fill' })
  .jpeg({ quality: 85 })
  .toBuffer();
const STORED = { width: 2560, height: 1920 };
const bigMask = await sharp({
  create: { ...STORED, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
})
  .composite([
    {
      input: { create: { width: 2200, height: 1600, channels: 4, background: '#fff' } },
      left: 180,
      top: 160,
    },
  ])
  .png()
  .toBuffer();

/** A phone-sized photo and a small mask: a removal of a second or two. */
const smallPhoto = await sharp(roomPhoto('living-room-1.jpg'))
  .resize({ width: 960 })
  .jpeg()
  .toBuffer();
const smallSize = await sharp(smallPhoto).metadata();
const smallMask = await sharp({
  create: {
    width: smallSize.width,
    height: smallSize.height,
    channels: 4,
    background: { r: 0, g: 0, b: 0, alpha: 0 },
  },
})
  .composite([
    {
      input: { create: { width: 240, height: 160, channels: 4, background: '#fff' } },
      left: 300,
      top: 300,
    },
  ])
  .png()
  .toBuffer();

function removalForm(quantity: number, photo = bigPhoto, mask = bigMask) {
  const form = new FormData();
  form.append('state_image', new File([new Uint8Array(photo)], 'room.jpg', { type: 'image/jpeg' }));
  form.append('masked_image', new File([new Uint8Array(mask)], 'mask.png', { type: 'image/png' }));
  form.append('quantity', String(quantity));
  return form;
}

/** A signed-in user with `credits` more credits (an operator's adjustment), and its id. */
async function newUser(server: ServerProcess, db: DatabaseHandle['db'], credits: number) {
  const client = new HttpClient(server.url);
  await client.get('/api/csrf-cookie');
  const person = aPerson();
  const registered = await client.post('/api/auth/register', person);
  expect(registered.status).toBe(201);
  const user = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', person.email)
    .executeTakeFirstOrThrow();
  await db.transaction().execute((trx) =>
    changeCredits(trx, {
      userId: user.id,
      delta: credits,
      reason: 'adjustment',
      reference: `test_${randomBytes(4).toString('hex')}`,
      at: new Date(),
    }),
  );
  return { client, userId: user.id };
}

const balanceOf = async (db: DatabaseHandle['db'], userId: number) =>
  (
    await db
      .selectFrom('users')
      .select('available_credits')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow()
  ).available_credits;

async function until(check: () => Promise<boolean> | boolean, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** CPU time (user + system, clock ticks) a process has used, or undefined once it is gone. */
async function cpuTicks(pid: number): Promise<number | undefined> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return undefined;
  }
}

const runningGenerations = (db: DatabaseHandle['db']) =>
  db.selectFrom('generations').selectAll().where('status', '=', 'running').execute();

const dialects = (await databaseTargets()).map((target) => target.name);
const cleanup: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const step of cleanup.reverse()) await step();
});

describe.each(dialects)('a real server process on %s', (dialect) => {
  it(
    'answers /api/health throughout 20 heavy generations abandoned at a 1 s deadline, and refunds every one',
    async () => {
      const place = await newPlace(dialect);
      const server = await startServerProcess({
        dataDir: place.dataDir,
        databaseUrl: place.databaseUrl,
        env: { ENGINE_TIMEOUT_SECONDS: '1', ENGINE_THREADS: '1', ENGINE_MAX_QUEUE: '8' },
      });
      const database = place.open();
      cleanup.push(async () => {
        await server.stop();
        await database.destroy();
        await place.remove();
      });
      const { client, userId } = await newUser(server, database.db, 100);
      const start = await balanceOf(database.db, userId);

      // /api/health every 100 ms while the generations run: every answer must be a quick 200.
      const health = { answers: 0, failures: 0, slowestMs: 0 };
      const watching = { on: true };
      const watcher = (async () => {
        while (watching.on) {
          const sent = Date.now();
          const ok = await fetch(`${server.url}/api/health`, {
            signal: AbortSignal.timeout(5_000),
          }).then(
            (response) => response.status === 200,
            () => false,
          );
          health.answers++;
          if (!ok) health.failures++;
          health.slowestMs = Math.max(health.slowestMs, Date.now() - sent);
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      })();

      const statuses: number[] = [];
      const startedAt = Date.now();
      // Five rounds of four at once (quantities 1–4): 20 generations, each abandoned at 1 s.
      for (let round = 0; round < 5; round++) {
        const answers = await Promise.all(
          [1, 2, 3, 4].map((quantity) =>
            client.post('/api/actions/generate/remove-elements', removalForm(quantity)),
          ),
        );
        statuses.push(...answers.map((answer) => answer.status));
      }
      const elapsedMs = Date.now() - startedAt;
      watching.on = false;
      await watcher;

      console.info(
        `[crash test, ${dialect}] 20 generations abandoned at 1 s in ${elapsedMs} ms; ` +
          `statuses ${JSON.stringify(statuses)}; /api/health ${health.answers} answers, ` +
          `${health.failures} failures, slowest ${health.slowestMs} ms; server alive: ${server.child.exitCode === null}`,
      );
      expect(server.child.exitCode).toBeNull();
      expect(server.output()).not.toMatch(/terminate called|Napi::Error/);
      expect(statuses).toEqual(Array.from({ length: 20 }, () => 504));
      expect(health.failures).toBe(0);
      expect(health.answers).toBeGreaterThan(10);

      // Every debit came back: the balance is where it started and equals the ledger's sum.
      const entries = await ledgerEntries(database.db, userId);
      const debits = entries.filter((entry) => entry.reason === 'generation');
      const refunds = entries.filter((entry) => entry.reason === 'refund');
      expect(debits).toHaveLength(20);
      expect(refunds.map((entry) => entry.reference).sort()).toEqual(
        debits.map((entry) => entry.reference).sort(),
      );
      expect(await balanceOf(database.db, userId)).toBe(start);
      expect(await ledgerBalance(database.db, userId)).toBe(start);
      expect(await runningGenerations(database.db)).toEqual([]);
      console.info(
        `[crash test, ${dialect}] ${debits.length} debits of ${-debits.reduce((a, e) => a + e.delta, 0)} credits, ` +
          `${refunds.length} refunds of ${refunds.reduce((a, e) => a + e.delta, 0)}; balance ${start} → ${await balanceOf(database.db, userId)}`,
      );

      // The abandoned work stopped: half a second after the last answer no worker process of
      // the server is still using a core, and after a graceful stop none is left.
      await new Promise((resolve) => setTimeout(resolve, 500));
      const workers = server.childPids();
      // The server's own threads too: worker threads ran (and kept running) inside it.
      const measured = [server.child.pid ?? 0, ...workers];
      const before = await Promise.all(measured.map(cpuTicks));
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      const after = await Promise.all(measured.map(cpuTicks));
      const busyTicks = after.map((ticks, i) => (ticks ?? 0) - (before[i] ?? ticks ?? 0));
      console.info(
        `[crash test, ${dialect}] server and worker CPU ticks in the second after: ${JSON.stringify(busyTicks)}`,
      );
      expect(busyTicks.every((ticks) => ticks < 10)).toBe(true);
      server.child.kill('SIGTERM');
      expect((await server.exited).code).toBe(0);
      await until(() => workers.every((pid) => !isAlive(pid)), 5_000, 'the workers to exit');
    },
    TEST_TIMEOUT,
  );

  it(
    'refunds a generation exactly once when the server is killed mid-generation and two restart at once',
    async () => {
      const place = await newPlace(dialect);
      let server = await startServerProcess({
        dataDir: place.dataDir,
        databaseUrl: place.databaseUrl,
        env: { ENGINE_THREADS: '1' },
      });
      const database = place.open();
      const servers: ServerProcess[] = [server];
      cleanup.push(async () => {
        for (const each of servers) await each.stop();
        await database.destroy();
        await place.remove();
      });
      const { client, userId } = await newUser(server, database.db, 20);
      const start = await balanceOf(database.db, userId);

      const answer = client.post('/api/actions/generate/remove-elements', removalForm(3)).then(
        (response) => response.status,
        () => 'no answer' as const,
      );
      await until(
        async () => (await runningGenerations(database.db)).length === 1,
        30_000,
        'the generation to start',
      );
      expect(await balanceOf(database.db, userId)).toBe(start - 3);
      await until(() => server.childPids().length > 0, 10_000, 'a worker process');
      const workers = server.childPids();

      server.child.kill('SIGKILL');
      await server.exited;
      expect(await answer).toBe('no answer');
      // Its worker processes notice and exit: nothing is left running.
      await until(() => workers.every((pid) => !isAlive(pid)), 5_000, 'orphaned workers to exit');
      // The debit stands until a server starts again.
      expect(await balanceOf(database.db, userId)).toBe(start - 3);
      expect(await runningGenerations(database.db)).toHaveLength(1);

      // Two servers start at once on the same data: the generation is refunded once.
      const restarted = await Promise.all(
        [0, 1].map(() =>
          startServerProcess({ dataDir: place.dataDir, databaseUrl: place.databaseUrl }),
        ),
      );
      servers.push(...restarted);
      expect(await balanceOf(database.db, userId)).toBe(start);
      expect(await ledgerBalance(database.db, userId)).toBe(start);
      expect(await runningGenerations(database.db)).toEqual([]);
      const entries = (await ledgerEntries(database.db, userId)).filter((entry) =>
        entry.reference?.startsWith('gen_'),
      );
      expect(entries.map(({ reason, delta, note }) => ({ reason, delta, note }))).toEqual([
        { reason: 'generation', delta: -3, note: null },
        {
          reason: 'refund',
          delta: 3,
          note: 'The server stopped during the generation (refunded at the next start)',
        },
      ]);
      console.info(
        `[kill -9 test, ${dialect}] balance ${start} → ${start - 3} after the kill → ` +
          `${await balanceOf(database.db, userId)} after two restarts; ledger: ` +
          JSON.stringify(entries.map(({ reason, delta, note }) => ({ reason, delta, note }))),
      );

      // A third start finds nothing left to settle.
      for (const each of restarted) await each.stop();
      server = await startServerProcess({ dataDir: place.dataDir, databaseUrl: place.databaseUrl });
      servers.push(server);
      expect(await ledgerBalance(database.db, userId)).toBe(start);
      expect(await balanceOf(database.db, userId)).toBe(start);
    },
    TEST_TIMEOUT,
  );

  it(
    'at SIGTERM takes no new generation, waits the grace period, then refunds the running one and exits',
    async () => {
      const place = await newPlace(dialect);
      const server = await startServerProcess({
        dataDir: place.dataDir,
        databaseUrl: place.databaseUrl,
        env: { ENGINE_THREADS: '1', SHUTDOWN_GRACE_SECONDS: '2' },
      });
      const database = place.open();
      cleanup.push(async () => {
        await server.stop();
        await database.destroy();
        await place.remove();
      });
      const { client, userId } = await newUser(server, database.db, 20);
      const start = await balanceOf(database.db, userId);

      const running = client.post('/api/actions/generate/remove-elements', removalForm(2));
      await until(
        async () => (await runningGenerations(database.db)).length === 1,
        30_000,
        'the generation to start',
      );
      await until(() => server.childPids().length > 0, 10_000, 'a worker process');
      const workers = server.childPids();
      const signalledAt = Date.now();
      server.child.kill('SIGTERM');
      await new Promise((resolve) => setTimeout(resolve, 300));
      // A new generation during the shutdown is refused without a charge (or finds the door shut).
      const late = await client.post('/api/actions/generate/remove-elements', removalForm(1)).then(
        (response) => response.status,
        () => 'refused' as const,
      );
      expect([503, 'refused']).toContain(late);

      const answer = await running;
      const answeredAfterMs = Date.now() - signalledAt;
      expect(answer.status).toBe(503);
      expect((await answer.json()) as { message: string }).toMatchObject({
        message: expect.stringMatching(/refunded/) as unknown,
      });
      expect(answeredAfterMs).toBeGreaterThanOrEqual(1_900);
      expect(answeredAfterMs).toBeLessThan(8_000);
      expect((await server.exited).code).toBe(0);
      await until(() => workers.every((pid) => !isAlive(pid)), 5_000, 'the workers to exit');

      expect(await balanceOf(database.db, userId)).toBe(start);
      expect(await ledgerBalance(database.db, userId)).toBe(start);
      expect(await runningGenerations(database.db)).toEqual([]);
      const entries = (await ledgerEntries(database.db, userId)).filter((entry) =>
        entry.reference?.startsWith('gen_'),
      );
      expect(entries.map(({ reason, delta, note }) => ({ reason, delta, note }))).toEqual([
        { reason: 'generation', delta: -2, note: null },
        {
          reason: 'refund',
          delta: 2,
          note: 'The server shut down before the generation finished',
        },
      ]);
      console.info(
        `[SIGTERM test, ${dialect}] answered 503 ${answeredAfterMs} ms after SIGTERM (grace 2 s); ` +
          `late request: ${late}; balance back to ${await balanceOf(database.db, userId)} of ${start}`,
      );
    },
    TEST_TIMEOUT,
  );

  it(
    'at SIGTERM lets a generation that ends within the grace period finish and keep its images',
    async () => {
      const place = await newPlace(dialect);
      const server = await startServerProcess({
        dataDir: place.dataDir,
        databaseUrl: place.databaseUrl,
        env: { ENGINE_THREADS: '1', SHUTDOWN_GRACE_SECONDS: '60' },
      });
      const database = place.open();
      cleanup.push(async () => {
        await server.stop();
        await database.destroy();
        await place.remove();
      });
      const { client, userId } = await newUser(server, database.db, 20);
      const start = await balanceOf(database.db, userId);
      const running = client.post(
        '/api/actions/generate/remove-elements',
        removalForm(1, smallPhoto, smallMask),
      );
      await until(
        async () => (await runningGenerations(database.db)).length === 1,
        30_000,
        'the generation to start',
      );
      server.child.kill('SIGTERM');
      const answer = await running;
      expect(answer.status).toBe(200);
      const { images } = (await answer.json()) as { images: string[] };
      expect(images).toHaveLength(1);
      expect((await server.exited).code).toBe(0);
      expect(await balanceOf(database.db, userId)).toBe(start - 1);
      expect(await ledgerBalance(database.db, userId)).toBe(start - 1);
      const [row] = await database.db.selectFrom('generations').selectAll().execute();
      expect(row).toMatchObject({ status: 'completed', outcome: 'stored' });
    },
    TEST_TIMEOUT,
  );
});
