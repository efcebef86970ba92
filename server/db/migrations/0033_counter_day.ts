import type { Kysely } from 'kysely';
import type { MigrationDialect } from './columns.ts';

// Shipped migrations are never edited: add a new file instead (architecture: db/ is additive only).
/**
 * The day at the counter (issue 26) counts today's collections (tickets of one status closed in a
 * time range) and open tickets per technician. Without these indexes the first read walks every
 * collected ticket of the shop (0030's status index is ordered by creation, not closing) and the
 * second looks every open ticket up in the table (docs/benchmarks.md).
 */
export function counterDay(_dialect: MigrationDialect) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createIndex('tickets_account_status_closed_idx')
        .on('tickets')
        .columns(['account_id', 'status', 'closed_at'])
        .execute();
      await db.schema
        .createIndex('tickets_account_status_technician_idx')
        .on('tickets')
        .columns(['account_id', 'status', 'technician_id'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('tickets_account_status_technician_idx').execute();
      await db.schema.dropIndex('tickets_account_status_closed_idx').execute();
    },
  };
}
