import type { Kysely, Transaction } from 'kysely';
import { ErrCode } from '#contract/errcodes.ts';
import { isFinal, type TicketStatus } from '#contract/counter/workflow.ts';
import type { TicketDetail } from '#contract/schemas/counter-tickets.ts';
import type { Database } from '#server/db/schema.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { Clock } from '#server/lib/clock.ts';
import type { AuthUser } from '#server/modules/auth/session-service.ts';
import { readTicket, requireTicket, type TicketRecord } from './ticket-read.ts';

/** One change of a ticket inside its transaction; may answer a callback to run after the commit. */
export type TicketChange = (trx: Transaction<Database>, ticket: TicketRecord) => Promise<(() => void) | void>;

/**
 * Runs one change of a ticket in one transaction: the ticket read with the version the caller saw
 * (else TICKET_STALE), the change, then the version and time bumped; answers the ticket as it is now.
 */
export async function writeTicket(
  db: Kysely<Database>,
  clock: Clock,
  user: AuthUser,
  input: { id: number; version: number },
  change: TicketChange,
): Promise<TicketDetail> {
  const afterCommit = await db.transaction().execute(async (trx) => {
    const ticket = await requireTicket(trx, user.account_id, input.id);
    if (ticket.version !== input.version)
      throw new AppError(ErrCode.TICKET_STALE, undefined, { version: ticket.version });
    const after = await change(trx, ticket);
    // The version is the fence between two writers: the update only lands on the version read.
    const bumped = await trx
      .updateTable('tickets')
      .set({ version: ticket.version + 1, updated_at: clock.now() })
      .where('id', '=', ticket.id)
      .where('version', '=', ticket.version)
      .executeTakeFirst();
    if (Number(bumped.numUpdatedRows) !== 1) throw new AppError(ErrCode.TICKET_STALE);
    return after;
  });
  afterCommit?.();
  return readTicket(db, user.account_id, input.id);
}

export function requireOpen(t: TicketRecord): void {
  if (isFinal(t.status as TicketStatus)) throw new AppError(ErrCode.TICKET_CLOSED);
}

/** One line of the ticket's history, written in the change's transaction. */
export async function ticketEvent(
  trx: Kysely<Database>,
  clock: Clock,
  event: {
    accountId: number;
    ticketId: number;
    user: AuthUser;
    kind: string;
    from: string | null;
    to: string | null;
    note: string;
  },
): Promise<void> {
  await trx
    .insertInto('ticket_events')
    .values({
      account_id: event.accountId,
      ticket_id: event.ticketId,
      kind: event.kind,
      from_status: event.from,
      to_status: event.to,
      note: event.note,
      by_user: event.user.user_id,
      at: clock.now(),
    })
    .execute();
}
