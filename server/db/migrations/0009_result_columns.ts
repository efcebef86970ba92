import type { Kysely } from 'kysely';
import type { MigrationDialect } from './columns.ts';
import { timeColumn } from './columns.ts';

// Shipped migrations are never edited: add a new file instead (architecture: db/ is additive only).
/**
 * Issue 12, part A: each user's result columns (table and export, JSON arrays of the contract's
 * column ids; no row = the catalogue's defaults), and the order a derived order was copied from.
 */
export function resultColumns(_dialect: MigrationDialect) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('user_result_columns')
        .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id'))
        .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id'))
        .addColumn('table_columns', 'text', (c) => c.notNull())
        .addColumn('export_columns', 'text', (c) => c.notNull())
        .addColumn('updated_at', timeColumn, (c) => c.notNull())
        .execute();
      await db.schema
        .alterTable('check_orders')
        .addColumn('derived_from', 'integer', (c) => c.references('check_orders.id'))
        .execute();
    },
  };
}
