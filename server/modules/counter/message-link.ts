import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema.ts';
import type { TicketLinkOf } from './message-queue.ts';

/** The ticket's customer status path (/status/t/<token>), as the ticket's page shows it. */
export type StatusPathOf = (db: Kysely<Database>, accountId: number, ticketId: number) => Promise<string>;

/**
 * What {link} of a message becomes (decision 0050): the server's public origin (PUBLIC_URL) before
 * the ticket's status path, so a customer's phone can open it; without PUBLIC_URL, the path alone.
 */
export function messageLinkOf(publicUrl: string | undefined, statusPathOf: StatusPathOf): TicketLinkOf {
  return async (db, accountId, ticketId) => {
    const path = await statusPathOf(db, accountId, ticketId);
    return path ? `${publicUrl ?? ''}${path}` : '';
  };
}
