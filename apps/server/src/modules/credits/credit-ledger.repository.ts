import type { Executor } from '../../db/database';
import type { ActionId } from '@roomcraft/contracts';
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
  /** What a generation was for, so the history can say it in words. */
  action?: ActionId | null;
  designs?: number | null;
  /** Why, in words, when the reason alone does not say. */
  note?: string | undefined;
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
      action: entry.action ?? null,
      designs: entry.designs ?? null,
      note: entry.note ?? null,
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

/**
 * One page of a user's history, newest first, and how many entries there are in all. The refund
 * of a failed generation borrows the generation's action and designs, so both read alike.
 */
export async function ledgerPage(db: Executor, userId: number, page: number, perPage: number) {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('credit_ledger as entry')
      .leftJoin('credit_ledger as generation', (join) =>
        join
          .onRef('generation.user_id', '=', 'entry.user_id')
          .onRef('generation.reference', '=', 'entry.reference')
          .on('generation.reason', '=', 'generation')
          .on('entry.reason', '=', 'refund'),
      )
      .select((eb) => [
        'entry.id',
        'entry.created_at',
        'entry.reason',
        'entry.delta',
        'entry.balance_after',
        eb.fn.coalesce('entry.action', 'generation.action').as('action'),
        eb.fn.coalesce('entry.designs', 'generation.designs').as('designs'),
      ])
      .where('entry.user_id', '=', userId)
      .orderBy('entry.id', 'desc')
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute(),
    db
      .selectFrom('credit_ledger')
      .select((eb) => eb.fn.countAll<number | string>().as('total'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
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
