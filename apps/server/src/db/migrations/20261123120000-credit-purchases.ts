import type { Kysely } from 'kysely';
import type { DialectName } from '../database';
import { identity } from './columns';

/**
 * Credit purchases (one row per provider checkout session, unique per provider), the test-mode
 * provider's own sessions, and what a generation was for on its ledger rows.
 */
export function creditPurchasesMigration(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('credit_purchases')
        .addColumn('id', 'integer', identity(dialect))
        .addColumn('provider', 'text', (col) => col.notNull())
        .addColumn('session_id', 'text', (col) => col.notNull())
        // A deleted account's payments stay on record for the operator.
        .addColumn('user_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
        .addColumn('package_id', 'text', (col) => col.notNull())
        .addColumn('credits', 'integer', (col) => col.notNull())
        .addColumn('price', 'integer', (col) => col.notNull())
        .addColumn('currency', 'text', (col) => col.notNull())
        .addColumn('status', 'text', (col) => col.notNull())
        .addColumn('payment_reference', 'text')
        .addColumn('amount_refunded', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('credits_taken_back', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addColumn('paid_at', 'text')
        .addUniqueConstraint('credit_purchases_provider_session', ['provider', 'session_id'])
        .execute();
      await db.schema
        .createIndex('credit_purchases_user_id')
        .on('credit_purchases')
        .column('user_id')
        .execute();
      await db.schema
        .createIndex('credit_purchases_payment_reference')
        .on('credit_purchases')
        .columns(['provider', 'payment_reference'])
        .execute();

      await db.schema
        .createTable('test_checkout_sessions')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('credits', 'integer', (col) => col.notNull())
        .addColumn('price', 'integer', (col) => col.notNull())
        .addColumn('currency', 'text', (col) => col.notNull())
        .addColumn('status', 'text', (col) => col.notNull())
        .addColumn('success_url', 'text', (col) => col.notNull())
        .addColumn('cancel_url', 'text', (col) => col.notNull())
        .addColumn('created_at', 'text', (col) => col.notNull())
        .execute();

      await db.schema.alterTable('credit_ledger').addColumn('action', 'text').execute();
      await db.schema.alterTable('credit_ledger').addColumn('designs', 'integer').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('credit_ledger').dropColumn('designs').execute();
      await db.schema.alterTable('credit_ledger').dropColumn('action').execute();
      await db.schema.dropTable('test_checkout_sessions').execute();
      await db.schema.dropTable('credit_purchases').execute();
    },
  };
}
