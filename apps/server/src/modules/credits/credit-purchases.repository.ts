import type { PaymentProviderName } from '@roomcraft/contracts';
import type { Insertable } from 'kysely';
import type { Executor } from '../../db/database';
import type { CreditPurchasesTable } from '../../db/schema';

export function insertPurchase(db: Executor, purchase: Insertable<CreditPurchasesTable>) {
  return db.insertInto('credit_purchases').values(purchase).execute();
}

export function findPurchase(db: Executor, provider: PaymentProviderName, sessionId: string) {
  return db
    .selectFrom('credit_purchases')
    .selectAll()
    .where('provider', '=', provider)
    .where('session_id', '=', sessionId)
    .executeTakeFirst();
}

/** A user's purchase by the session id in `credits/:sessionId`, whichever provider made it. */
export function findUsersPurchase(db: Executor, userId: number, sessionId: string) {
  return db
    .selectFrom('credit_purchases')
    .selectAll()
    .where('user_id', '=', userId)
    .where('session_id', '=', sessionId)
    .executeTakeFirst();
}

export function findPurchaseByPayment(
  db: Executor,
  provider: PaymentProviderName,
  paymentReference: string,
) {
  return db
    .selectFrom('credit_purchases')
    .selectAll()
    .where('provider', '=', provider)
    .where('payment_reference', '=', paymentReference)
    .executeTakeFirst();
}

/**
 * Marks the purchase paid unless it already is, in one conditional statement: of any number of
 * concurrent confirmations exactly one gets the row back, and only that one grants the credits.
 */
export function markPurchasePaid(
  db: Executor,
  id: number,
  paymentReference: string | null,
  at: string,
) {
  return db
    .updateTable('credit_purchases')
    .set({ status: 'paid', payment_reference: paymentReference, paid_at: at })
    .where('id', '=', id)
    .where('status', '!=', 'paid')
    .returningAll()
    .executeTakeFirst();
}

export async function markPurchaseCancelled(db: Executor, id: number) {
  await db
    .updateTable('credit_purchases')
    .set({ status: 'cancelled' })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .execute();
}

/**
 * The purchase, locked for the rest of the transaction (a no-op update locks the row in
 * PostgreSQL; SQLite's writer already holds the database), so refunds are counted one at a time.
 */
export function lockedPurchase(db: Executor, id: number) {
  return db
    .updateTable('credit_purchases')
    .set((eb) => ({ amount_refunded: eb.ref('amount_refunded') }))
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function recordRefund(
  db: Executor,
  id: number,
  amountRefunded: number,
  creditsTakenBack: number,
) {
  await db
    .updateTable('credit_purchases')
    .set((eb) => ({
      amount_refunded: amountRefunded,
      credits_taken_back: eb('credits_taken_back', '+', creditsTakenBack),
    }))
    .where('id', '=', id)
    .execute();
}

/**
 * The user's balance, with the row locked for the rest of the transaction (a no-op update locks
 * in PostgreSQL; SQLite's writer already holds the database).
 */
export async function lockedBalance(db: Executor, userId: number) {
  const row = await db
    .updateTable('users')
    .set((eb) => ({ available_credits: eb.ref('available_credits') }))
    .where('id', '=', userId)
    .returning('available_credits')
    .executeTakeFirst();
  return row?.available_credits;
}
