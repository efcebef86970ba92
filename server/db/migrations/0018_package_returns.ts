import type { Kysely } from 'kysely';
import type { MigrationDialect } from './columns.ts';
import { timeColumn } from './columns.ts';

// Shipped migrations are never edited: add a new file instead (architecture: db/ is additive only).
/**
 * A device paid for by a package check remembers the purchase it drew on, so a device whose every
 * check failed gives that check back (once: `package_returned_at` is set in the same transaction).
 */
export function packageReturns(_dialect: MigrationDialect) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('check_devices')
        .addColumn('package_purchase_id', 'integer', (c) => c.references('package_purchases.id'))
        .execute();
      await db.schema.alterTable('check_devices').addColumn('package_returned_at', timeColumn).execute();
    },
  };
}
