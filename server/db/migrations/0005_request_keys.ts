import type { Kysely } from 'kysely';
import type { MigrationDialect } from './columns.ts';
import { timeColumn } from './columns.ts';

// Shipped migrations are never edited: add a new file instead.
export function requestKeys(_dialect: MigrationDialect) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('request_keys')
        .addColumn('account_id', 'integer', (c) => c.notNull())
        .addColumn('request_id', 'text', (c) => c.notNull())
        .addColumn('path', 'text', (c) => c.notNull())
        // 'pending' while the first request runs, 'done' once its answer is stored.
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('answer', 'text')
        .addColumn('created_at', timeColumn, (c) => c.notNull())
        .addPrimaryKeyConstraint('request_keys_pk', ['account_id', 'request_id'])
        .execute();
      await db.schema
        .createIndex('request_keys_created_idx')
        .on('request_keys')
        .column('created_at')
        .execute();
    },
  };
}
