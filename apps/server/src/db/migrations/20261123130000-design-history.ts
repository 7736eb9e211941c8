import type { Kysely } from 'kysely';

/** Spec §4 History: a design keeps its undo/redo history (JSON), null until it has one. */
export function designHistoryMigration() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('designs').addColumn('history', 'text').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('designs').dropColumn('history').execute();
    },
  };
}
