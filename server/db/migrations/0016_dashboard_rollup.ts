import type { Kysely } from 'kysely';
import type { MigrationDialect } from './columns.ts';
import type { Database } from '#server/db/schema.ts';
import { rebuildRollup } from '#server/modules/dashboards/recount.ts';

// Shipped migrations are never edited: add a new file instead (architecture: db/ is additive only).
/**
 * The dashboards' rollup (issue 13; docs/decisions/0030-dashboard-rollup.md): counters per account
 * and shop day (YYYY-MM-DD in the shop's time zone, of the order's creation), kept in the same
 * transaction as the writes that change them. Facet keys are never null: '' stands for unknown.
 * Existing data is counted in once by the migration (the same recount the property test uses).
 */
export function dashboardRollup(_dialect: MigrationDialect) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('dash_order_days')
        .addColumn('account_id', 'integer', (c) => c.notNull())
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('orders', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('devices', 'bigint', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('dash_order_days_pk', ['account_id', 'day'])
        .execute();
      await db.schema
        .createTable('dash_service_days')
        .addColumn('account_id', 'integer', (c) => c.notNull())
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('service', 'text', (c) => c.notNull())
        .addColumn('jobs', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('succeeded', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('failed', 'bigint', (c) => c.notNull().defaultTo(0))
        // Points settled, hundredths.
        .addColumn('points', 'bigint', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('dash_service_days_pk', ['account_id', 'day', 'service'])
        .execute();
      await db.schema
        .createTable('dash_device_days')
        .addColumn('account_id', 'integer', (c) => c.notNull())
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('model', 'text', (c) => c.notNull())
        .addColumn('capacity', 'text', (c) => c.notNull())
        .addColumn('colour', 'text', (c) => c.notNull())
        .addColumn('warranty_type', 'text', (c) => c.notNull())
        .addColumn('sale_country', 'text', (c) => c.notNull())
        .addColumn('carrier', 'text', (c) => c.notNull())
        .addColumn('activation_lock', 'text', (c) => c.notNull())
        .addColumn('network_lock', 'text', (c) => c.notNull())
        .addColumn('replaced', 'text', (c) => c.notNull())
        .addColumn('devices', 'bigint', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('dash_device_days_pk', [
          'account_id',
          'day',
          'model',
          'capacity',
          'colour',
          'warranty_type',
          'sale_country',
          'carrier',
          'activation_lock',
          'network_lock',
          'replaced',
        ])
        .execute();
      await db.schema
        .createIndex('dash_device_days_model_idx')
        .on('dash_device_days')
        .columns(['account_id', 'model', 'day'])
        .execute();
      // Existing orders are counted once, here, in the migration's transaction.
      await rebuildRollup(db as unknown as Kysely<Database>);
    },
  };
}
