import type { Executor } from '../../db/database';
import type { TestCheckoutSessionsTable } from '../../db/schema';

export function insertTestCheckout(db: Executor, session: TestCheckoutSessionsTable) {
  return db.insertInto('test_checkout_sessions').values(session).execute();
}

export function findTestCheckout(db: Executor, id: string) {
  return db
    .selectFrom('test_checkout_sessions')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Settles an open session; a settled one stays as it was (answers whether this call settled it). */
export async function settleTestCheckout(db: Executor, id: string, status: 'paid' | 'cancelled') {
  const result = await db
    .updateTable('test_checkout_sessions')
    .set({ status })
    .where('id', '=', id)
    .where('status', '=', 'open')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
