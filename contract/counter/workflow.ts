/**
 * The repair ticket's workflow (decision 0047): its statuses and the one table of moves that the
 * server enforces and the PWA offers. Pure: no I/O, shared by server and PWA.
 */
export const TICKET_STATUSES = [
  'received',
  'diagnosing',
  'waiting_approval',
  'repairing',
  'sent_to_apple',
  'ready',
  'collected',
  'cancelled',
  'returned_unrepaired',
] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

/** Where a ticket may go from each status. A status with no move is final. */
export const TICKET_MOVES: Readonly<Record<TicketStatus, readonly TicketStatus[]>> = {
  received: ['diagnosing', 'cancelled', 'returned_unrepaired'],
  diagnosing: ['waiting_approval', 'repairing', 'sent_to_apple', 'cancelled', 'returned_unrepaired'],
  waiting_approval: ['repairing', 'sent_to_apple', 'cancelled', 'returned_unrepaired'],
  // A repair can turn out to need Apple after all.
  repairing: ['ready', 'sent_to_apple', 'returned_unrepaired'],
  sent_to_apple: ['ready', 'returned_unrepaired'],
  // The customer finds a fault at the counter: the phone goes back to the bench.
  ready: ['collected', 'repairing'],
  collected: [],
  cancelled: [],
  returned_unrepaired: [],
};

export function isFinal(status: TicketStatus): boolean {
  return TICKET_MOVES[status].length === 0;
}

/** What a ticket's state must satisfy for a move, beyond the table. */
export interface TicketFacts {
  status: TicketStatus;
  /** Quote lines still waiting for the customer's answer. */
  proposedLines: number;
  /** Quote lines the customer approved. */
  approvedLines: number;
  /** Approved total minus what is held (paid less refunded), in fen: > 0 still owed, < 0 to give back. */
  outstanding: number;
  /** Paid less refunded, in fen. */
  held: number;
}

/** Why a move is refused: a key the server maps to an errcode and the PWA to a sentence. */
export type MoveRefusal =
  'not_allowed' | 'quote_missing' | 'quote_undecided' | 'not_paid' | 'overpaid' | 'money_held';

/** Answers null when `to` may follow the ticket's state, or why not. */
export function refuseMove(facts: TicketFacts, to: TicketStatus): MoveRefusal | null {
  if (!TICKET_MOVES[facts.status].includes(to)) return 'not_allowed';
  if (to === 'waiting_approval' && facts.proposedLines === 0) return 'quote_missing';
  if (facts.status === 'waiting_approval' && (to === 'repairing' || to === 'sent_to_apple')) {
    if (facts.proposedLines > 0) return 'quote_undecided';
    if (facts.approvedLines === 0) return 'quote_missing';
  }
  // Handing the phone back settles the money: what was approved is paid, nothing more is kept.
  if (to === 'collected' || to === 'returned_unrepaired') {
    if (facts.outstanding > 0) return 'not_paid';
    if (facts.outstanding < 0) return 'overpaid';
  }
  // A cancelled ticket keeps none of the customer's money: refund the deposit first.
  if (to === 'cancelled' && facts.held > 0) return 'money_held';
  return null;
}

/** Does a recorded history (oldest first, starting at 'received') follow the table? */
export function isPossibleHistory(statuses: readonly TicketStatus[]): boolean {
  if (statuses[0] !== 'received') return false;
  for (let i = 1; i < statuses.length; i++) {
    const from = statuses[i - 1] as TicketStatus;
    if (!TICKET_MOVES[from].includes(statuses[i] as TicketStatus)) return false;
  }
  return true;
}
