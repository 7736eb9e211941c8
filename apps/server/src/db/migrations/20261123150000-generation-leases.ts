import type { Kysely } from 'kysely';

/**
 * Generations in progress name the process that runs them and how long its lease lasts
 * (decision 018): with several API processes on one database, start-up and the periodic sweep
 * settle only generations whose owner is gone, never another live process's.
 */
export function generationLeasesMigration() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('generations').addColumn('owner', 'text').execute();
      await db.schema.alterTable('generations').addColumn('lease_until', 'text').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('generations').dropColumn('lease_until').execute();
      await db.schema.alterTable('generations').dropColumn('owner').execute();
    },
  };
}
