import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { TicketDetail, ticketNoteInput } from '#contract/schemas/counter-tickets.ts';
import type { Database } from '#server/db/schema.ts';
import type { Clock } from '#server/lib/clock.ts';
import type { AuthUser } from '#server/modules/auth/session-service.ts';
import { readTicket, requireTicket } from './ticket-read.ts';
import { ticketEvent } from './ticket-write.ts';

/**
 * A note on a ticket alone: one history line of kind 'note', by whom and when. Allowed on a closed
 * ticket ("customer called back after collection"). It names no version and does not bump it: a
 * note changes nothing a colleague's open page or a queued status change read, so neither turns
 * stale because of it. One transaction on the fenced handle: under a request_id it lands once.
 */
export async function addTicketNote(
  db: Kysely<Database>,
  clock: Clock,
  user: AuthUser,
  input: z.output<typeof ticketNoteInput>,
): Promise<TicketDetail> {
  await db.transaction().execute(async (trx) => {
    const ticket = await requireTicket(trx, user.account_id, input.id);
    await ticketEvent(trx, clock, {
      accountId: user.account_id,
      ticketId: ticket.id,
      user,
      kind: 'note',
      from: null,
      to: null,
      note: input.note,
    });
    await trx.updateTable('tickets').set({ updated_at: clock.now() }).where('id', '=', ticket.id).execute();
  });
  return readTicket(db, user.account_id, input.id);
}
