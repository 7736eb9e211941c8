import type { Kysely } from 'kysely';

/**
 * Generations in progress (docs/decisions/011): one row per paid generation, written in the
 * debit's transaction and finished in the transaction that stores its result or refunds it, so a
 * generation a crash interrupted is found and refunded on the next start. The ledger gains a note
 * that says why an entry was made when the reason alone does not (an interrupted generation).
 */
export function generationsInProgressMigration() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('generations')
        .addColumn('reference', 'text', (col) => col.primaryKey())
        .addColumn('user_id', 'integer', (col) =>
          col.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('cost', 'integer', (col) => col.notNull())
        .addColumn('status', 'text', (col) => col.notNull())
        .addColumn('outcome', 'text')
        .addColumn('started_at', 'text', (col) => col.notNull())
        .addColumn('finished_at', 'text')
        .execute();
      await db.schema
        .createIndex('generations_status')
        .on('generations')
        .column('status')
        .execute();
      await db.schema.alterTable('credit_ledger').addColumn('note', 'text').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('credit_ledger').dropColumn('note').execute();
      await db.schema.dropTable('generations').execute();
    },
  };
}
