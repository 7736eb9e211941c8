import type { ColumnDefinitionBuilder } from 'kysely';
import type { DialectName } from '../database';

/** An auto-numbered integer primary key, spelled the way each dialect wants it. */
export const identity = (dialect: DialectName) => (col: ColumnDefinitionBuilder) =>
  dialect === 'sqlite'
    ? col.primaryKey().autoIncrement()
    : col.primaryKey().generatedByDefaultAsIdentity();
