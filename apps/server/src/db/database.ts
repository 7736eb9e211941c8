import SQLite from 'better-sqlite3';
import {
  Kysely,
  PostgresDialect,
  SqliteDialect,
  type SqliteDatabase,
  type SqliteStatement,
  type Transaction,
} from 'kysely';
import path from 'node:path';
import pg from 'pg';
import type { DB } from './schema';

export type Database = Kysely<DB>;
/** Repository functions take this first, so the caller decides where a transaction starts. */
export type Executor = Kysely<DB> | Transaction<DB>;
export type DialectName = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Database;
  dialect: DialectName;
  destroy(): Promise<void>;
}

export interface DatabaseOptions {
  /** A postgres:// URL; without one, SQLite under dataDir. */
  databaseUrl?: string | undefined;
  dataDir: string;
  /** SQLite file name inside dataDir (tests use their own). */
  sqliteFile?: string;
  /** Told when PostgreSQL drops an idle pooled connection. */
  onIdleConnectionError?: (error: Error) => void;
}

export function openDatabase(options: DatabaseOptions): DatabaseHandle {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle connection the server dropped (a restart, a terminated backend) must not crash the
    // process; the pool opens a new one on next use, and a failing query reports its own error.
    pool.on('error', (error) => options.onIdleConnectionError?.(error));
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: 'postgres', destroy: () => db.destroy() };
  }
  const sqlite = new SQLite(path.join(options.dataDir, options.sqliteFile ?? 'roomcraft.sqlite'));
  // WAL keeps readers and the writer out of each other's way and survives a crash mid-write.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<DB>({
    dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
  });
  return { db, dialect: 'sqlite', destroy: () => db.destroy() };
}

const STATEMENT_CACHE_SIZE = 200;

/**
 * Kysely prepares every query anew; preparing costs more than running a primary-key lookup.
 * The queries are a small fixed set, so their statements are kept (least recently used go first).
 * Kysely runs one query at a time on this connection, so a statement is never used twice at once.
 */
export function withStatementCache(database: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SqliteStatement>();
  return {
    close: () => database.close(),
    prepare(sql) {
      let statement = statements.get(sql);
      if (statement) {
        statements.delete(sql);
      } else {
        statement = database.prepare(sql);
        if (statements.size >= STATEMENT_CACHE_SIZE) {
          const oldest = statements.keys().next().value;
          if (oldest !== undefined) statements.delete(oldest);
        }
      }
      statements.set(sql, statement);
      return statement;
    },
  };
}
