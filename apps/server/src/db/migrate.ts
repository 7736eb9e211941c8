import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { Database, DialectName } from './database';
import { accountsMigration } from './migrations/20261121000000-accounts';
import { designsMigration } from './migrations/20261121010000-designs';
import { catalogueMigration } from './migrations/20261121020000-catalogue';
import { shippedCatalogueMigration } from './migrations/20261121030000-shipped-catalogue';
import { generationsInProgressMigration } from './migrations/20261123110000-generations-in-progress';
import { creditPurchasesMigration } from './migrations/20261123120000-credit-purchases';
import { designHistoryMigration } from './migrations/20261123130000-design-history';
import { cartMigration } from './migrations/20261123140000-cart';
import { generationLeasesMigration } from './migrations/20261123150000-generation-leases';

/** One migration set for both dialects; each migration is told which it runs on. */
function migrations(dialect: DialectName): Record<string, Migration> {
  return {
    '20261121000000-accounts': accountsMigration(dialect),
    '20261121010000-designs': designsMigration(dialect),
    '20261121020000-catalogue': catalogueMigration(),
    '20261121030000-shipped-catalogue': shippedCatalogueMigration(),
    '20261123110000-generations-in-progress': generationsInProgressMigration(),
    '20261123120000-credit-purchases': creditPurchasesMigration(dialect),
    '20261123130000-design-history': designHistoryMigration(),
    '20261123140000-cart': cartMigration(dialect),
    '20261123150000-generation-leases': generationLeasesMigration(),
  };
}

export async function migrateToLatest(db: Database, dialect: DialectName) {
  const provider: MigrationProvider = { getMigrations: () => Promise.resolve(migrations(dialect)) };
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((result) => result.status === 'Error');
    throw new Error(`Migration ${failed?.migrationName ?? '(unknown)'} failed`, { cause: error });
  }
  return results?.map((result) => result.migrationName) ?? [];
}
