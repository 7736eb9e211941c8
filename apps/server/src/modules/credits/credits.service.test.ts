import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpError } from '../../http/errors';
import { startSmtpSink } from '../../test-support/smtp-sink';
import {
  TestClient,
  databaseTargets,
  registerVerified,
  startTestApp,
} from '../../test-support/test-app';
import { ledgerBalance, ledgerEntries } from './credit-ledger.repository';
import { changeCredits } from './credits.service';

const smtp = await startSmtpSink();
afterAll(() => smtp.close());

describe.each(await databaseTargets())('the credit ledger on $name', (target) => {
  let harness: Awaited<ReturnType<typeof startTestApp>>;
  beforeAll(async () => {
    harness = await startTestApp(target, { smtpUrl: smtp.url });
  });
  afterAll(() => harness.close());

  async function newUserId() {
    return registerVerified(await new TestClient(harness.app).csrf(), smtp);
  }

  const debit = (userId: number, reference: string) =>
    harness.db
      .transaction()
      .execute((trx) =>
        changeCredits(trx, { userId, delta: -3, reason: 'generation', reference, at: new Date() }),
      );

  it('lets concurrent debits spend only what the balance holds, never below zero', async () => {
    const userId = await newUserId();
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, (_, i) => debit(userId, `gen-${i}`)),
    );
    const succeeded = results.filter((result) => result.status === 'fulfilled');
    const refused = results.filter((result) => result.status === 'rejected');
    expect(succeeded).toHaveLength(3);
    for (const result of refused) {
      expect(result.reason).toBeInstanceOf(HttpError);
      expect((result.reason as HttpError).status).toBe(402);
    }
    const user = await harness.db
      .selectFrom('users')
      .select('available_credits')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(user.available_credits).toBe(1);
    expect(await ledgerBalance(harness.db, userId)).toBe(1);
    expect(await ledgerEntries(harness.db, userId)).toHaveLength(4);
  });

  it('records an entry once per reference, rolling back the balance change of a duplicate', async () => {
    const userId = await newUserId();
    const credit = () =>
      harness.db.transaction().execute((trx) =>
        changeCredits(trx, {
          userId,
          delta: 50,
          reason: 'purchase',
          reference: 'cs_test_1',
          at: new Date(),
        }),
      );
    await credit();
    await expect(credit()).rejects.toThrow();
    expect(await ledgerBalance(harness.db, userId)).toBe(60);
    const user = await harness.db
      .selectFrom('users')
      .select('available_credits')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(user.available_credits).toBe(60);
  });
});
