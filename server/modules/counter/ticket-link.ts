import { createHmac, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema.ts';
import { hashToken } from '#server/lib/secrets.ts';

export const TICKET_STATUS_PATH = '/status/t/';
/** A token as tokenOf makes them (HMAC-SHA256, base64url): anything else is not looked up. */
export const TICKET_TOKEN_RE = /^[A-Za-z0-9_-]{43}$/;

/**
 * Customer status links of repair tickets (decision 0047): printed as a QR code on the receipts
 * and sent inside messages. A receipt printed again must carry the same link, so the token is not
 * random per call but an HMAC of the ticket id under a key made on first use and kept in the
 * database (every process agrees). Only the token's SHA-256 is stored on the ticket, written the
 * first time a link is handed out, so the public page finds the ticket by it and a leaked
 * `tickets` table holds no link.
 */
export class TicketLinks {
  private key: Buffer | null = null;
  private readonly db: Kysely<Database>;
  constructor(db: Kysely<Database>) {
    this.db = db;
  }

  /**
   * The key, read in `db`: the caller's transaction when there is one. On SQLite's one connection a
   * read on this.db waits for the transaction that holds it, so a move that queued a message as the
   * first counter write after a start (an outbox replay, say) hung the whole server.
   */
  private async secret(db: Kysely<Database>): Promise<Buffer> {
    if (this.key) return this.key;
    const made = await db
      .insertInto('ticket_link_keys')
      .values({ id: 1, secret: randomBytes(32).toString('base64url') })
      .onConflict((oc) => oc.column('id').doNothing())
      .executeTakeFirst();
    const row = await db
      .selectFrom('ticket_link_keys')
      .select('secret')
      .where('id', '=', 1)
      .executeTakeFirstOrThrow();
    const key = Buffer.from(row.secret, 'base64url');
    // A key made inside a transaction that may yet roll back is not kept: the next call reads the
    // key that was committed, so every link handed out stays the same.
    if (db === this.db || Number(made.numInsertedOrUpdatedRows ?? 0n) === 0) this.key = key;
    return key;
  }

  private async tokenOf(ticketId: number, db: Kysely<Database>): Promise<string> {
    return createHmac('sha256', await this.secret(db))
      .update(`ticket-status:${ticketId}`)
      .digest('base64url');
  }

  /**
   * The ticket's status link as a URL path. The caller has already checked that the ticket is the
   * caller's shop's; `db` may be the caller's transaction.
   */
  async pathOf(ticketId: number, db: Kysely<Database> = this.db): Promise<string> {
    const token = await this.tokenOf(ticketId, db);
    await db
      .updateTable('tickets')
      .set({ link_hash: hashToken(token) })
      .where('id', '=', ticketId)
      .where('link_hash', 'is', null)
      .execute();
    return TICKET_STATUS_PATH + token;
  }

  /** The ticket id a token names, or null (malformed, or never handed out). */
  async resolve(token: string): Promise<number | null> {
    if (!TICKET_TOKEN_RE.test(token)) return null;
    const row = await this.db
      .selectFrom('tickets')
      .select('id')
      .where('link_hash', '=', hashToken(token))
      .executeTakeFirst();
    return row?.id ?? null;
  }
}
