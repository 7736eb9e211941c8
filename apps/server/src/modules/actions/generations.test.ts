/** Settling a paid generation: once, whoever tries, however many try at once (both dialects). */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink } from '../../test-support/smtp-sink';
import { TestClient, aPerson, databaseTargets, startTestApp } from '../../test-support/test-app';
import { ledgerBalance, ledgerEntries } from '../credits/credit-ledger.repository';
import { changeCredits } from '../credits/credits.service';
import {
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
});
