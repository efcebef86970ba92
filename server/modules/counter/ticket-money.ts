import { ErrCode, type ErrCodeValue } from '#contract/errcodes.ts';
import {
  moneyTotals,
  refuseEntry,
  voidAmount,
  type MoneyRefusal,
  type NewEntry,
} from '#contract/counter/money.ts';
import { isFinal, type TicketStatus } from '#contract/counter/workflow.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { Clock } from '#server/lib/clock.ts';
import type { AuthUser } from '#server/modules/auth/session-service.ts';
import { moneyEntriesOf } from './ticket-read.ts';
import { ticketEvent, type TicketChange } from './ticket-write.ts';

const MONEY_ERRCODE: Record<MoneyRefusal, ErrCodeValue> = {
  amount_invalid: ErrCode.INVALID_INPUT,
  more_than_due: ErrCode.MONEY_MORE_THAN_DUE,
  more_than_held: ErrCode.MONEY_MORE_THAN_HELD,
  void_unknown: ErrCode.MONEY_VOID_INVALID,
  void_twice: ErrCode.MONEY_VOID_INVALID,
  void_would_go_negative: ErrCode.MONEY_MORE_THAN_HELD,
  ticket_closed: ErrCode.TICKET_CLOSED,
};

/** One money entry, checked against the ticket's entries and written with its totals. */
export function moneyChange(
  clock: Clock,
  user: AuthUser,
  entry: NewEntry,
  method: string | null,
  note: string,
): TicketChange {
  return async (trx, t) => {
    const entries = await moneyEntriesOf(trx, t.id);
    const refusal = refuseEntry(entries, t.due_fen, entry, isFinal(t.status as TicketStatus));
    if (refusal) {
      const { held } = moneyTotals(entries);
      throw new AppError(
        MONEY_ERRCODE[refusal],
        undefined,
        refusal === 'more_than_due'
          ? { outstanding_fen: t.due_fen - held }
          : refusal === 'more_than_held' || refusal === 'void_would_go_negative'
            ? { held_fen: held }
            : null,
      );
    }
    const voided = entry.kind === 'void' ? entries.find((e) => e.id === entry.voids) : undefined;
    const voidedMethod = voided
      ? (
          await trx
            .selectFrom('ticket_payments')
            .select('method')
            .where('id', '=', voided.id)
            .executeTakeFirstOrThrow()
        ).method
      : null;
    const inserted = await trx
      .insertInto('ticket_payments')
      .values({
        account_id: user.account_id,
        ticket_id: t.id,
        kind: entry.kind,
        method: method ?? voidedMethod ?? 'cash',
        amount_fen: entry.kind === 'void' ? voidAmount(entries, entry.voids ?? -1) : entry.amount,
        voids: entry.voids ?? null,
        note,
        by_user: user.user_id,
        at: clock.now(),
      })
      .returning(['id', 'amount_fen'])
      .executeTakeFirstOrThrow();
    const totals = moneyTotals([
      ...entries,
      { id: inserted.id, kind: entry.kind, amount: inserted.amount_fen, voids: entry.voids ?? null },
    ]);
    await trx
      .updateTable('tickets')
      .set({ paid_fen: totals.paid, refunded_fen: totals.refunded })
      .where('id', '=', t.id)
      .execute();
    await ticketEvent(trx, clock, {
      accountId: user.account_id,
      ticketId: t.id,
      user,
      kind: 'money',
      from: null,
      to: null,
      note: `${entry.kind} ${inserted.amount_fen}`,
    });
  };
}
