import type { Kysely } from 'kysely';
import type { MigrationDialect } from './columns.ts';
import type { Database } from '#server/db/schema.ts';
import { fillFacetDays } from '#server/modules/dashboards/recount.ts';

// Shipped migrations are never edited: add a new file instead (architecture: db/ is additive only).
/**
 * The dashboards' facet rollup (docs/decisions/0036-dashboard-facet-rollup.md): devices per account,
 * facet (`dim`), shop day, model and value, kept by the same writer as dash_device_days. The charts
 * read one facet at a time; dash_device_days holds every combination of nine facets, which at a
 * million results is hundreds of thousands of rows a period has to sum, this one a few thousand.
 * `dim` 'all' (value '') counts a model's devices. Filled once here from dash_device_days.
 */
export function dashboardFacets(_dialect: MigrationDialect) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('dash_facet_days')
        .addColumn('account_id', 'integer', (c) => c.notNull())
        .addColumn('dim', 'text', (c) => c.notNull())
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('model', 'text', (c) => c.notNull())
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('devices', 'bigint', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('dash_facet_days_pk', ['account_id', 'dim', 'day', 'model', 'value'])
        .execute();
      await fillFacetDays(db as unknown as Kysely<Database>);
    },
  };
}
