import type { Kysely } from 'kysely';

// Shipped migrations are never edited: add a new file instead (architecture: db/ is additive only).
/**
 * Customer status links of repair tickets (issue 26, decision 0047): the receipt's QR code and the
 * messages carry `/status/t/<token>`. The token is an HMAC of the ticket id under a key kept here
 * (so a receipt can be printed again with the same link), and only its SHA-256 is stored on the
 * ticket, for the public page's lookup.
 */
export function ticketLinks() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('ticket_link_keys')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('secret', 'text', (c) => c.notNull())
        .execute();
      await db.schema.alterTable('tickets').addColumn('link_hash', 'text').execute();
      await db.schema
        .createIndex('tickets_link_hash_uq')
        .unique()
        .on('tickets')
        .column('link_hash')
        .execute();
    },
  };
}
