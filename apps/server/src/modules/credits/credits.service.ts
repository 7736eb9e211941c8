import { messages } from '@roomcraft/contracts';
import type { Executor } from '../../db/database';
import type { CreditReason } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { applyBalanceChange, insertLedgerEntry } from './credit-ledger.repository';

export const notEnoughCredits = () => new HttpError(402, messages.notEnoughCredits);

/**
 * Changes a user's credits through the ledger (ARCHITECTURE §5). Must run inside the caller's
 * transaction: the balance update and its ledger row stand or fall together.
 */
export async function changeCredits(
  trx: Executor,
  change: {
    userId: number;
    delta: number;
    reason: CreditReason;
    reference: string | null;
    /** Why, in words, when the reason alone does not say. */
    note?: string;
    at: Date;
  },
) {
  const balanceAfter = await applyBalanceChange(trx, change.userId, change.delta);
  if (balanceAfter === undefined) throw notEnoughCredits();
  await insertLedgerEntry(trx, {
    userId: change.userId,
    delta: change.delta,
    balanceAfter,
    reason: change.reason,
    reference: change.reference,
    note: change.note,
    at: change.at.toISOString(),
  });
  return balanceAfter;
}
