import type { z } from 'zod';
import { ErrCode } from '#contract/errcodes.ts';
import type { ticketLineAddInput, ticketQuoteDecideInput } from '#contract/schemas/counter-tickets.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { Clock } from '#server/lib/clock.ts';
import type { AuthUser } from '#server/modules/auth/session-service.ts';
import { requireOpen, ticketEvent, type TicketChange } from './ticket-write.ts';

/** A proposed quote line on an open ticket. */
export function addLineChange(
  clock: Clock,
  user: AuthUser,
  input: z.output<typeof ticketLineAddInput>,
): TicketChange {
  return async (trx, t) => {
    requireOpen(t);
    await trx
      .insertInto('ticket_lines')
      .values({
        account_id: user.account_id,
        ticket_id: t.id,
        kind: input.kind,
        description: input.description,
        qty: input.qty,
        unit_fen: input.unit_fen,
        state: 'proposed',
        created_at: clock.now(),
      })
      .execute();
    await ticketEvent(trx, clock, {
      accountId: user.account_id,
      ticketId: t.id,
      user,
      kind: 'quote',
      from: null,
      to: null,
      note: input.description,
    });
  };
}

/** The customer's answer: the named proposed lines approved or declined; the approved total is what is due. */
export function decideQuoteChange(
  clock: Clock,
  user: AuthUser,
  input: z.output<typeof ticketQuoteDecideInput>,
): TicketChange {
  return async (trx, t) => {
    requireOpen(t);
    const named = [...input.approved, ...input.declined];
    if (named.length === 0 || new Set(named).size !== named.length)
      throw new AppError(ErrCode.TICKET_LINE_UNKNOWN);
    const proposed = await trx
      .selectFrom('ticket_lines')
      .select('id')
      .where('ticket_id', '=', t.id)
      .where('state', '=', 'proposed')
      .where('id', 'in', named)
      .execute();
    if (proposed.length !== named.length) throw new AppError(ErrCode.TICKET_LINE_UNKNOWN);
    for (const [ids, state] of [
      [input.approved, 'approved'],
      [input.declined, 'declined'],
    ] as const) {
      if (ids.length > 0)
        await trx.updateTable('ticket_lines').set({ state }).where('id', 'in', ids).execute();
    }
    const approved = await trx
      .selectFrom('ticket_lines')
      .select(['qty', 'unit_fen'])
      .where('ticket_id', '=', t.id)
      .where('state', '=', 'approved')
      .execute();
    const due = approved.reduce((sum, l) => sum + l.qty * l.unit_fen, 0);
    await trx.updateTable('tickets').set({ due_fen: due }).where('id', '=', t.id).execute();
    await ticketEvent(trx, clock, {
      accountId: user.account_id,
      ticketId: t.id,
      user,
      kind: 'quote',
      from: null,
      to: null,
      note: `approved ${input.approved.length}, declined ${input.declined.length}`,
    });
  };
}
