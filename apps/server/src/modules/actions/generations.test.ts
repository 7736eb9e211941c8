/** Settling a paid generation: once, whoever tries, however many try at once (both dialects). */
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink } from '../../test-support/smtp-sink';
import { TestClient, aPerson, databaseTargets, startTestApp } from '../../test-support/test-app';
import { ledgerBalance, ledgerEntries } from '../credits/credit-ledger.repository';
import { changeCredits } from '../credits/credits.service';
import {
  GenerationLease,
  completeGeneration,
  refundGeneration,
  settleUnfinishedGenerations,
  startGeneration,
} from './generations';
import { findGeneration } from './generations.repository';

const smtp = await startSmtpSink();
afterAll(() => smtp.close());

describe.each(await databaseTargets())('paid generations on $name', (target) => {
  let harness: Awaited<ReturnType<typeof startTestApp>>;
  beforeAll(async () => {
    harness = await startTestApp(target, { smtpUrl: smtp.url });
  });
  afterAll(() => harness.close());

  /** A user holding exactly `credits`. */
  async function newUser(credits: number) {
    const client = await new TestClient(harness.app).csrf();
    const response = await client.post('/api/auth/register', aPerson());
    const userId = response.json<{ data: { id: number } }>().data.id;
    const balance = await ledgerBalance(harness.db, userId);
    await harness.db.transaction().execute((trx) =>
      changeCredits(trx, {
        userId,
        delta: credits - balance,
        reason: 'adjustment',
        reference: `set_${userId}`,
        at: new Date(),
      }),
    );
    return userId;
  }

  const paidFor = { action: 'paints', designs: 1 } as const;

  const start = async (userId: number, cost: number) => {
    const generation = { reference: `gen_${randomUUID()}`, userId, cost };
    await startGeneration(harness.db, { ...generation, ...paidFor, at: new Date() });
    return generation;
  };

  it('debits and records a generation as running in one step', async () => {
    const userId = await newUser(5);
    const generation = await start(userId, 2);
    expect(await findGeneration(harness.db, generation.reference)).toMatchObject({
      status: 'running',
      cost: 2,
      user_id: userId,
    });
    expect(await ledgerBalance(harness.db, userId)).toBe(3);
    // Short of credits: neither the debit nor the row.
    const short = { reference: `gen_${randomUUID()}`, userId, cost: 4 };
    await expect(
      startGeneration(harness.db, { ...short, ...paidFor, at: new Date() }),
    ).rejects.toMatchObject({
      status: 402,
    });
    expect(await findGeneration(harness.db, short.reference)).toBeUndefined();
    expect(await completeGeneration(harness.db, generation.reference, new Date())).toBe(true);
  });

  it('refunds a running generation once, however many settle it at once', async () => {
    const userId = await newUser(10);
    const generation = await start(userId, 3);
    const results = await Promise.all([
      refundGeneration(harness.db, generation, 'timeout', new Date()),
      refundGeneration(harness.db, generation, 'shutdown', new Date()),
      settleUnfinishedGenerations({ db: harness.db, clock: { now: () => new Date() } }),
      settleUnfinishedGenerations({ db: harness.db, clock: { now: () => new Date() } }),
    ]);
    const wins = results.filter((result) => result === true || result === 1);
    expect(wins).toHaveLength(1);
    expect(await ledgerBalance(harness.db, userId)).toBe(10);
    const refunds = (await ledgerEntries(harness.db, userId)).filter((e) => e.reason === 'refund');
    expect(refunds).toHaveLength(1);
    expect(refunds[0]?.note).toMatch(/.+/);
    expect(await findGeneration(harness.db, generation.reference)).toMatchObject({
      status: 'refunded',
    });
  });

  it('never refunds a completed generation, and never completes a refunded one', async () => {
    const userId = await newUser(10);
    const done = await start(userId, 2);
    expect(await completeGeneration(harness.db, done.reference, new Date())).toBe(true);
    expect(await refundGeneration(harness.db, done, 'failed', new Date())).toBe(false);
    expect(
      await settleUnfinishedGenerations({ db: harness.db, clock: { now: () => new Date() } }),
    ).toBe(0);
    const refunded = await start(userId, 3);
    expect(await refundGeneration(harness.db, refunded, 'failed', new Date())).toBe(true);
    expect(await completeGeneration(harness.db, refunded.reference, new Date())).toBe(false);
    expect(await ledgerBalance(harness.db, userId)).toBe(8);
  });

  it('settles only generations whose owning process is gone (lease ran out, or its process died)', async () => {
    const userId = await newUser(20);
    const now = new Date();
    const later = new Date(now.getTime() + 60_000);
    const earlier = new Date(now.getTime() - 1_000);
    // A process that has exited on this host: its pid is free.
    const deadPid = spawnSync(process.execPath, ['-e', '0']).pid;
    const owners = {
      liveElsewhere: { owner: 'another-host/4242/abcd', until: later },
      expiredElsewhere: { owner: 'another-host/4243/abcd', until: earlier },
      deadHere: { owner: `${hostname()}/${deadPid}/abcd`, until: later },
      liveHere: { owner: `${hostname()}/${process.ppid}/abcd`, until: later },
    };
    const rows: Record<string, string> = {};
    for (const [name, lease] of Object.entries(owners)) {
      const reference = `gen_${randomUUID()}`;
      rows[name] = reference;
      await startGeneration(harness.db, { reference, userId, cost: 1, ...paidFor, at: now, lease });
    }
    const lease = new GenerationLease(30_000);
    const clock = { now: () => now };
    const settled = await Promise.all([
      settleUnfinishedGenerations({ db: harness.db, clock, lease }),
      settleUnfinishedGenerations({ db: harness.db, clock, lease: new GenerationLease(30_000) }),
    ]);
    expect(settled[0] + settled[1]).toBeGreaterThanOrEqual(2);
    const status = async (name: string) =>
      (await findGeneration(harness.db, rows[name] ?? ''))?.status;
    expect(await status('liveElsewhere')).toBe('running');
    expect(await status('liveHere')).toBe('running');
    expect(await status('expiredElsewhere')).toBe('refunded');
    expect(await status('deadHere')).toBe('refunded');
    // Refunded once each: 20 − 4 debits + 2 refunds.
    expect(await ledgerBalance(harness.db, userId)).toBe(18);

    // The owner's heartbeat keeps its lease alive past the old deadline.
    const mine = `gen_${randomUUID()}`;
    await startGeneration(harness.db, {
      reference: mine,
      userId,
      cost: 1,
      ...paidFor,
      at: now,
      lease: { owner: lease.owner, until: lease.until(now) },
    });
    await lease.renew(harness.db, later);
    const afterOldLease = { now: () => new Date(now.getTime() + 45_000) };
    const other = new GenerationLease(30_000, 'another-host/4244/abcd');
    await settleUnfinishedGenerations({ db: harness.db, clock: afterOldLease, lease: other });
    expect((await findGeneration(harness.db, mine))?.status).toBe('running');
    expect(
      await refundGeneration(harness.db, { reference: mine, userId, cost: 1 }, 'failed', now),
    ).toBe(true);
  });
});
