/**
 * The counter's money rules (decision 0047): amounts in fen, integers. A ticket's money is a list of
 * entries; its totals are derived from them, and each new entry is checked against them before it is
 * written (the server does it in the entry's transaction). Points are never involved.
 */
export const PAYMENT_METHODS = ['cash', 'wechat', 'alipay', 'card'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const MONEY_KINDS = ['deposit', 'payment', 'refund', 'void'] as const;
export type MoneyKind = (typeof MONEY_KINDS)[number];

/** The largest single amount taken at the counter: 100,000 yuan. */
export const MONEY_ENTRY_MAX_FEN = 10_000_000;

export interface MoneyEntry {
  id: number;
  kind: MoneyKind;
  /** Positive for every kind; the kind says the direction. */
  amount: number;
  /** For a void: the deposit or payment it cancels (a mistaken entry, cancelled whole). */
  voids?: number | null;
}

export interface MoneyTotals {
  /** Deposits and payments, less those voided. */
  paid: number;
  /** Refunds given back. */
  refunded: number;
  /** What the shop holds of the customer's money: paid less refunded. Never negative. */
  held: number;
}

export function moneyTotals(entries: readonly MoneyEntry[]): MoneyTotals {
  const voided = new Set(entries.filter((e) => e.kind === 'void').map((e) => e.voids));
  let paid = 0;
  let refunded = 0;
  for (const e of entries) {
    if ((e.kind === 'deposit' || e.kind === 'payment') && !voided.has(e.id)) paid += e.amount;
    if (e.kind === 'refund') refunded += e.amount;
  }
  return { paid, refunded, held: paid - refunded };
}

/** Why an entry is refused: a key the server maps to an errcode and the PWA to a sentence. */
export type MoneyRefusal =
  | 'amount_invalid'
  | 'more_than_due'
  | 'more_than_held'
  | 'void_unknown'
  | 'void_twice'
  | 'void_would_go_negative'
  | 'ticket_closed';

export interface NewEntry {
  kind: MoneyKind;
  amount: number;
  voids?: number | null;
}

/**
 * Answers null when the entry may be written, or why not. `due` is the approved quote's total;
 * `closed` a ticket in a final status (only refunds and voids still happen there: a warranty
 * goodwill refund, a mistaken entry).
 */
export function refuseEntry(
  entries: readonly MoneyEntry[],
  due: number,
  entry: NewEntry,
  closed: boolean,
): MoneyRefusal | null {
  const { held } = moneyTotals(entries);
  if (entry.kind !== 'void') {
    if (!Number.isInteger(entry.amount) || entry.amount <= 0 || entry.amount > MONEY_ENTRY_MAX_FEN)
      return 'amount_invalid';
  }
  if (closed && (entry.kind === 'deposit' || entry.kind === 'payment')) return 'ticket_closed';
  // A deposit is taken before the quote exists; a payment settles what was approved, never more.
  if (entry.kind === 'payment' && entry.amount > due - held) return 'more_than_due';
  if (entry.kind === 'refund' && entry.amount > held) return 'more_than_held';
  if (entry.kind === 'void') {
    const target = entries.find((e) => e.id === entry.voids);
    if (!target || (target.kind !== 'deposit' && target.kind !== 'payment')) return 'void_unknown';
    if (entries.some((e) => e.kind === 'void' && e.voids === target.id)) return 'void_twice';
    if (target.amount > held) return 'void_would_go_negative';
  }
  return null;
}

/** The amount a void entry records: the whole of what it cancels. */
export function voidAmount(entries: readonly MoneyEntry[], voids: number): number {
  return entries.find((e) => e.id === voids)?.amount ?? 0;
}
