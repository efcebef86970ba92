import type { z } from 'zod';
import type { ticketView } from '#contract/schemas/counter-tickets.ts';

export type ReceiptTicket = z.infer<typeof ticketView>;
export const RECEIPT_KINDS = ['intake', 'collection'] as const;
export type ReceiptKind = (typeof RECEIPT_KINDS)[number];
export const RECEIPT_SIZES = ['a4', '80mm'] as const;
export type ReceiptSize = (typeof RECEIPT_SIZES)[number];

const DAY_S = 86_400;

/** Deposits not voided: what the intake copy says the customer left. */
export function depositFen(ticket: ReceiptTicket): number {
  const voided = new Set(ticket.payments.filter((p) => p.kind === 'void').map((p) => p.voids));
  return ticket.payments
    .filter((p) => p.kind === 'deposit' && !voided.has(p.id))
    .reduce((sum, p) => sum + p.amount_fen, 0);
}

/** The quote's lines still standing (proposed or approved) and their total. */
export function quoteOf(ticket: ReceiptTicket) {
  const lines = ticket.lines.filter((l) => l.state !== 'declined');
  return { lines, totalFen: lines.reduce((sum, l) => sum + l.qty * l.unit_fen, 0) };
}

/** When the phone was collected (the move's time), else null. Unix seconds. */
export function collectedAt(ticket: ReceiptTicket): number | null {
  const move = ticket.events.find((e) => e.to_status === 'collected');
  if (!move) return null;
  return move.at > 1e12 ? Math.floor(move.at / 1000) : move.at;
}

/** The last day of the repair warranty, counted from collection (or from `now` before it). Unix seconds. */
export function warrantyUntil(ticket: ReceiptTicket, nowS: number): number {
  return (collectedAt(ticket) ?? nowS) + ticket.warranty_days * DAY_S;
}

/** The status link as the QR code carries it: a full URL on the app's origin. */
export const statusUrl = (origin: string, link: string): string =>
  /^https?:\/\//.test(link) ? link : `${origin}${link.startsWith('/') ? '' : '/'}${link}`;
