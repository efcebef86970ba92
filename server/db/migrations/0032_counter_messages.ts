import type { Kysely } from 'kysely';
import { timeColumn } from './columns.ts';

// Shipped migrations are never edited: add a new file instead (architecture: db/ is additive only).
/**
 * Shop settings of the counter and the sending of messages to customers (issue 26, decision 0050):
 * one `counter_settings` row per shop (receipt terms, ticket number format, message templates per
 * kind and language, which kinds are sent), absent until an Admin saves (the defaults of
 * contract/counter apply); `customer_messages` gets what its durable sender needs: when a retry is
 * due, who holds the lease, the placeholder values, and the ticket's index for the ticket's page.
 */
export function counterMessages() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('counter_settings')
        .addColumn('account_id', 'integer', (c) => c.primaryKey().references('accounts.id'))
        .addColumn('receipt_terms', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('ticket_format', 'text', (c) => c.notNull())
        // JSON: { kind: { zh, en, es } } and { kind: boolean } (contract/schemas/counter-settings.ts).
        .addColumn('templates', 'text', (c) => c.notNull())
        .addColumn('enabled', 'text', (c) => c.notNull())
        .addColumn('updated_by', 'integer')
        .addColumn('updated_at', timeColumn, (c) => c.notNull())
        .execute();

      // A failed send that may succeed later waits until run_after (backoff); 0 = at once.
      await db.schema
        .alterTable('customer_messages')
        .addColumn('run_after', timeColumn, (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.alterTable('customer_messages').addColumn('lease_owner', 'text').execute();
      // JSON of the placeholder values: providers that send only registered templates take them as parameters.
      await db.schema
        .alterTable('customer_messages')
        .addColumn('params', 'text', (c) => c.notNull().defaultTo('{}'))
        .execute();
      await db.schema
        .createIndex('customer_messages_ticket_idx')
        .on('customer_messages')
        .columns(['ticket_id', 'id'])
        .execute();
      await db.schema
        .createIndex('customer_messages_due_idx')
        .on('customer_messages')
        .columns(['state', 'run_after'])
        .execute();
    },
  };
}
