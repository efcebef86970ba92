import type { Kysely } from 'kysely';
import type { MigrationDialect } from './columns.ts';
import { idColumn, timeColumn } from './columns.ts';

// Shipped migrations are never edited: add a new file instead (architecture: db/ is additive only).
export function accountsAndSessions(dialect: MigrationDialect) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('accounts')
        .addColumn('id', idColumn(dialect), (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('vip_end_time', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('integral', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', timeColumn, (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('users')
        .addColumn('id', idColumn(dialect), (c) => c.primaryKey())
        .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id'))
        .addColumn('username', 'text', (c) => c.notNull().unique())
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('real_name', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('avatar', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('role', 'integer', (c) => c.notNull())
        .addColumn('phone_number', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('wx_openid', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('disabled', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', timeColumn, (c) => c.notNull())
        .addColumn('last_login_at', timeColumn)
        .execute();
      await db.schema.createIndex('users_account_idx').on('users').column('account_id').execute();

      await db.schema
        .createTable('sessions')
        .addColumn('id', idColumn(dialect), (c) => c.primaryKey())
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('created_at', timeColumn, (c) => c.notNull())
        .addColumn('expires_at', timeColumn, (c) => c.notNull())
        .addColumn('revoked_at', timeColumn)
        .execute();
      await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();

      await db.schema
        .createTable('puzzles')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('answer_x', 'integer', (c) => c.notNull())
        .addColumn('created_at', timeColumn, (c) => c.notNull())
        .addColumn('expires_at', timeColumn, (c) => c.notNull())
        .addColumn('used_at', timeColumn)
        .execute();
      await db.schema.createIndex('puzzles_expires_idx').on('puzzles').column('expires_at').execute();

      await db.schema
        .createTable('rate_limits')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('window_start', timeColumn, (c) => c.notNull())
        .addColumn('count', 'integer', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('ws_auth_codes')
        .addColumn('code_hash', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('created_at', timeColumn, (c) => c.notNull())
        .addColumn('expires_at', timeColumn, (c) => c.notNull())
        .execute();
    },
  };
}
