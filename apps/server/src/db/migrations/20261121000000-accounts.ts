import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../database';
import { identity } from './columns';

/** Users, sessions, password reset tokens and the credit ledger. */
export function accountsMigration(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('users')
        .addColumn('id', 'integer', identity(dialect))
        .addColumn('email', 'text', (col) => col.notNull().unique())
        .addColumn('first_name', 'text', (col) => col.notNull())
        .addColumn('last_name', 'text', (col) => col.notNull())
        .addColumn('password_hash', 'text', (col) => col.notNull())
        .addColumn('avatar', 'text')
        .addColumn('available_credits', 'integer', (col) =>
          col
            .notNull()
            .defaultTo(0)
            .check(sql`available_credits >= 0`),
        )
        .addColumn('email_verified_at', 'text')
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addColumn('updated_at', 'text', (col) => col.notNull())
        .execute();

      await db.schema
        .createTable('sessions')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('user_id', 'integer', (col) =>
          col.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('password_confirmed_at', 'text')
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addColumn('last_seen_at', 'text', (col) => col.notNull())
        .addColumn('expires_at', 'text', (col) => col.notNull())
        .addColumn('ip', 'text')
        .addColumn('user_agent', 'text')
        .execute();
      await db.schema.createIndex('sessions_user_id').on('sessions').column('user_id').execute();

      await db.schema
        .createTable('password_reset_tokens')
        .addColumn('email', 'text', (col) => col.primaryKey())
        .addColumn('token_hash', 'text', (col) => col.notNull())
        .addColumn('created_at', 'text', (col) => col.notNull())
        .execute();

      await db.schema
        .createTable('credit_ledger')
        .addColumn('id', 'integer', identity(dialect))
        .addColumn('user_id', 'integer', (col) =>
          col.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('delta', 'integer', (col) => col.notNull())
        .addColumn('balance_after', 'integer', (col) =>
          col.notNull().check(sql`balance_after >= 0`),
        )
        .addColumn('reason', 'text', (col) => col.notNull())
        .addColumn('reference', 'text')
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addUniqueConstraint('credit_ledger_reason_reference', ['user_id', 'reason', 'reference'])
        .execute();
      await db.schema
        .createIndex('credit_ledger_user_id')
        .on('credit_ledger')
        .column('user_id')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('credit_ledger').execute();
      await db.schema.dropTable('password_reset_tokens').execute();
      await db.schema.dropTable('sessions').execute();
      await db.schema.dropTable('users').execute();
    },
  };
}
