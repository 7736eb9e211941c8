import type { Executor } from '../../db/database';
import type { CreditReason } from '../../db/schema';

/**
 * Adds delta to the balance only if the result stays at or above zero, in one statement, so that
 * concurrent debits can never overspend. Answers the new balance, or undefined when short.
 */
export async function applyBalanceChange(db: Executor, userId: number, delta: number) {
  const row = await db
    .updateTable('users')
    .set((eb) => ({ available_credits: eb('available_credits', '+', delta) }))
    .where('id', '=', userId)
    .where((eb) => eb(eb('available_credits', '+', delta), '>=', 0))
    .returning('available_credits')
    .executeTakeFirst();
  return row?.available_credits;
}

export interface LedgerEntry {
  userId: number;
  delta: number;
  balanceAfter: number;
  reason: CreditReason;
  reference: string | null;
  at: string;
}

export function insertLedgerEntry(db: Executor, entry: LedgerEntry) {
  return db
    .insertInto('credit_ledger')
    .values({
      user_id: entry.userId,
      delta: entry.delta,
      balance_after: entry.balanceAfter,
      reason: entry.reason,
      reference: entry.reference,
      created_at: entry.at,
    })
    .execute();
}

export async function ledgerBalance(db: Executor, userId: number) {
  const row = await db
    .selectFrom('credit_ledger')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('delta'), eb.lit(0)).as('total'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

export function ledgerEntries(db: Executor, userId: number) {
  return db
    .selectFrom('credit_ledger')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
}

/** Whether the user was ever given the signup bonus (by verification, or at sign-up before). */
export async function hasSignupBonus(db: Executor, userId: number) {
  const row = await db
    .selectFrom('credit_ledger')
    .select('id')
    .where('user_id', '=', userId)
    .where('reason', '=', 'signup_bonus')
    .executeTakeFirst();
  return row !== undefined;
}
