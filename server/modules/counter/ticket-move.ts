import type { Transaction } from 'kysely';
import type { z } from 'zod';
import { ErrCode, type ErrCodeValue } from '#contract/errcodes.ts';
import { isFinal, refuseMove, type MoveRefusal, type TicketStatus } from '#contract/counter/workflow.ts';
import type { ticketMoveInput } from '#contract/schemas/counter-tickets.ts';
import type { Database } from '#server/db/schema.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { Clock } from '#server/lib/clock.ts';
import type { AuthUser } from '#server/modules/auth/session-service.ts';
import { MOVE_MESSAGE } from '#contract/counter/messages.ts';
import type { CustomerService } from './customer-service.ts';
import type { MessageQueue } from './message-queue.ts';
import type { TicketRecord } from './ticket-read.ts';
import { ticketEvent, type TicketChange } from './ticket-write.ts';

/**
 * How a ticket's devices reach repair progress management when sent to Apple: the repairs module
 * provides it (server/app.ts wires its intake in), so the counter imports nothing of it.
 */
export interface AppleHandoff {
  track(
    trx: Transaction<Database>,
    user: AuthUser,
    handoff: {
      title: string;
      customer: { id: number; name: string; phone: string };
      devices: Array<{ ident: string; sn: string | null; imei: string | null; model: string | null }>;
    },
  ): Promise<number[]>;
  /** After the ticket's transaction has committed: the tracked devices' pages refetch. */
  changed(accountId: number, ids: number[]): void;
}

const MOVE_ERRCODE: Record<MoveRefusal, ErrCodeValue> = {
  not_allowed: ErrCode.TICKET_MOVE_NOT_ALLOWED,
  quote_missing: ErrCode.TICKET_QUOTE_MISSING,
  quote_undecided: ErrCode.TICKET_QUOTE_UNDECIDED,
  not_paid: ErrCode.TICKET_NOT_PAID,
  overpaid: ErrCode.TICKET_OVERPAID,
  money_held: ErrCode.TICKET_MONEY_HELD,
};

/** The customer's message of a move (decision 0050): queued in the move's transaction; `queued` wakes the sender after commit. */
export interface TicketMessages {
  queue: MessageQueue;
  queued: () => void;
}

type MoveDeps = {
  clock: Clock;
  customers: CustomerService;
  apple: AppleHandoff | undefined;
  messages: TicketMessages | undefined;
};

/** The workflow move as a ticket change: refused by the workflow table, else the status and its history line. */
export function moveChange(
  deps: MoveDeps,
  user: AuthUser,
  input: z.output<typeof ticketMoveInput>,
): TicketChange {
  return async (trx, t) => {
    const lines = await trx
      .selectFrom('ticket_lines')
      .select('state')
      .where('ticket_id', '=', t.id)
      .execute();
    const held = t.paid_fen - t.refunded_fen;
    const refusal = refuseMove(
      {
        status: t.status as TicketStatus,
        proposedLines: lines.filter((l) => l.state === 'proposed').length,
        approvedLines: lines.filter((l) => l.state === 'approved').length,
        outstanding: t.due_fen - held,
        held,
      },
      input.to,
    );
    if (refusal)
      throw new AppError(
        MOVE_ERRCODE[refusal],
        undefined,
        refusal === 'not_paid' || refusal === 'overpaid' ? { outstanding_fen: t.due_fen - held } : null,
      );
    const now = deps.clock.now();
    await trx
      .updateTable('tickets')
      .set({ status: input.to, closed_at: isFinal(input.to) ? now : null })
      .where('id', '=', t.id)
      .execute();
    await ticketEvent(trx, deps.clock, {
      accountId: user.account_id,
      ticketId: t.id,
      user,
      kind: 'status',
      from: t.status,
      to: input.to,
      note: input.note,
    });
    const handedOver = input.to === 'sent_to_apple' ? await handToApple(deps, trx, user, t) : undefined;
    // The customer's message commits with the move, or neither does.
    const kind = MOVE_MESSAGE[input.to];
    const messages = deps.messages;
    const queued =
      kind && messages ? await messages.queue.queueForTicket(trx, user.account_id, t.id, kind) : false;
    return () => {
      handedOver?.();
      if (queued) messages?.queued();
    };
  };
}

/**
 * Sent to Apple: the ticket's devices not tracked yet become tracked devices of repair progress
 * management with the ticket's customer, in this same transaction; their pages hear of it after.
 */
async function handToApple(deps: MoveDeps, trx: Transaction<Database>, user: AuthUser, t: TicketRecord) {
  const untracked = await trx
    .selectFrom('ticket_devices')
    .select(['id', 'ident', 'sn', 'imei', 'model'])
    .where('ticket_id', '=', t.id)
    .where('repair_device_id', 'is', null)
    .orderBy('id')
    .execute();
  const apple = deps.apple;
  if (untracked.length === 0 || !apple) return;
  const customer = await deps.customers.require(user.account_id, t.customer_id, trx);
  const phone = await trx
    .selectFrom('customer_phones')
    .select('phone')
    .where('customer_id', '=', customer.id)
    .orderBy('position')
    .executeTakeFirst();
  const ids = await apple.track(trx, user, {
    title: t.no_text,
    customer: { id: customer.id, name: customer.name, phone: phone?.phone ?? '' },
    devices: untracked.map(({ ident, sn, imei, model }) => ({ ident, sn, imei, model })),
  });
  for (const [i, device] of untracked.entries())
    await trx
      .updateTable('ticket_devices')
      .set({ repair_device_id: ids[i] ?? null })
      .where('id', '=', device.id)
      .execute();
  return () => apple.changed(user.account_id, ids);
}
