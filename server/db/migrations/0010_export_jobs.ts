import type { Kysely } from 'kysely';
import type { MigrationDialect } from './columns.ts';
import { idColumn, timeColumn } from './columns.ts';

// Shipped migrations are never edited: add a new file instead.
export function exportJobs(dialect: MigrationDialect) {
  return {
    async up(db: Kysely<unknown>) {
      // Excel exports of check orders: the table is the queue (like check_jobs, decision 0011).
      await db.schema
        .createTable('export_jobs')
        .addColumn('id', idColumn(dialect), (c) => c.primaryKey())
        .addColumn('account_id', 'integer', (c) => c.notNull())
        .addColumn('user_id', 'integer', (c) => c.notNull())
        .addColumn('order_id', 'integer', (c) => c.notNull())
        .addColumn('file_name', 'text', (c) => c.notNull())
        // JSON: column ids in order, and the results filter.
        .addColumn('columns', 'text', (c) => c.notNull())
        .addColumn('filter', 'text', (c) => c.notNull())
        .addColumn('lang', 'text', (c) => c.notNull())
        // pending | running | done | failed | expired
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('lease_owner', 'text')
        .addColumn('lease_until_ms', timeColumn)
        .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('rows', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('size', 'integer')
        // Where the finished file lies, relative to EXPORTS_DIR; null until done and after expiry.
        .addColumn('file_key', 'text')
        .addColumn('error', 'text')
        .addColumn('created_ms', timeColumn, (c) => c.notNull())
        .addColumn('finished_ms', timeColumn)
        .addColumn('expires_ms', timeColumn)
        .execute();
      await db.schema
        .createIndex('export_jobs_account_idx')
        .on('export_jobs')
        .columns(['account_id', 'id'])
        .execute();
      await db.schema
        .createIndex('export_jobs_state_idx')
        .on('export_jobs')
        .columns(['state', 'id'])
        .execute();
      // Once-across-processes chores (the file sweep): whoever moves next_run_ms forward runs it.
      await db.schema
        .createTable('export_chores')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('next_run_ms', timeColumn, (c) => c.notNull())
        .addColumn('owner', 'text')
        .execute();
      // The key that signs download links, shared by every process (made on first use).
      await db.schema
        .createTable('export_link_keys')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('secret', 'text', (c) => c.notNull())
        .execute();
    },
  };
}
