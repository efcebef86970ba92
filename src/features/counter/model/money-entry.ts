import type { PaymentMethod } from '#contract/counter/money.ts';
import type { TicketDetail } from '#contract/schemas/counter-tickets.ts';

/** What the counter may record on a ticket's money (a void is its own action on an entry). */
export type EntryKind = 'deposit' | 'payment' | 'refund';

/** An entry as typed, shown for confirmation before it is sent. */
export type MoneyEntry = { kind: EntryKind; fen: number; method: PaymentMethod; note: string };

/** Why an amount cannot be taken or given back, before anything is sent (the server checks again). */
export function amountProblem(
  ticket: Pick<TicketDetail, 'outstanding_fen' | 'paid_fen' | 'refunded_fen'>,
  kind: EntryKind,
  fen: number | null,
): 'invalid' | 'due' | 'held' | null {
  if (fen === null) return 'invalid';
  if (kind === 'payment' && fen > ticket.outstanding_fen) return 'due';
  if (kind === 'refund' && fen > ticket.paid_fen - ticket.refunded_fen) return 'held';
  return null;
}

/** What may be recorded here: a closed ticket takes no deposit or payment, an Editor no refund. */
export function entryKinds(open: boolean, admin: boolean): EntryKind[] {
  return [...(open ? (['deposit', 'payment'] as const) : []), ...(admin ? (['refund'] as const) : [])];
}

/** The kind chosen, unless the ticket no longer allows it (closed meanwhile): then the first allowed. */
export function allowedKind(kinds: readonly EntryKind[], chosen: EntryKind): EntryKind {
  return kinds.includes(chosen) ? chosen : (kinds[0] ?? chosen);
}
