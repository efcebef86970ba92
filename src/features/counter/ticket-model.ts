import type { TicketStatus } from '#contract/counter/workflow.ts';
import { TICKET_MOVES } from '#contract/counter/workflow.ts';
import { MONEY_ENTRY_MAX_FEN } from '#contract/counter/money.ts';
import { parseIdentifier, type RejectReason } from '#contract/identifiers/parse.ts';
import { decodeIdentifier } from '#contract/identifiers/decode.ts';
import type { TicketDetail } from '#contract/schemas/counter-tickets.ts';

type TicketEventRow = TicketDetail['events'][number];
import { parseAmountToHundredths } from '#src/lib/amount.ts';

/** Money on screen: yuan with two decimals, from fen (the contract's unit); -¥50.00 when negative. */
export { yuan } from './model/money-text.ts';

/**
 * A yuan amount typed at the counter, in fen: null when empty, not a number, zero or negative, or
 * above the largest single entry the contract accepts.
 */
export function fenOfYuan(text: string): number | null {
  const fen = parseAmountToHundredths(text);
  if (fen === null || fen <= 0 || fen > MONEY_ENTRY_MAX_FEN) return null;
  return fen;
}

/** Still open (not final) and past its promised date: the list's "overdue" mark. */
export function isOverdue(status: TicketStatus, promisedAt: number | null, nowSeconds: number): boolean {
  return promisedAt !== null && TICKET_MOVES[status].length > 0 && promisedAt < nowSeconds;
}

/** A device line of the intake form, read as the repairs intake reads it (contract/identifiers). */
export type DeviceDraft =
  | { state: 'empty' }
  | { state: 'bad'; reason: RejectReason }
  | { state: 'duplicate' }
  | { state: 'ok'; kind: 'imei' | 'sn'; value: string; model: string | null };

export function readDevices(lines: readonly string[]): DeviceDraft[] {
  const seen = new Set<string>();
  return lines.map((line) => {
    if (line.trim() === '') return { state: 'empty' };
    const parsed = parseIdentifier(line);
    if (!parsed.ok) return { state: 'bad', reason: parsed.reason };
    if (seen.has(parsed.value)) return { state: 'duplicate' };
    seen.add(parsed.value);
    const facts = decodeIdentifier(parsed.value, parsed.form);
    const model = facts.imei?.model ?? facts.serial?.model ?? null;
    return { state: 'ok', kind: parsed.kind, value: parsed.value, model };
  });
}

/** The money events' notes are written by the server as "<kind> <fen>" (ticket-service.ts). */
export function moneyEventOf(
  note: string,
): { kind: 'deposit' | 'payment' | 'refund' | 'void'; fen: number } | null {
  const m = /^(deposit|payment|refund|void) (\d+)$/.exec(note);
  return m ? { kind: m[1] as 'deposit' | 'payment' | 'refund' | 'void', fen: Number(m[2]) } : null;
}

/** The quote answer's note is "approved <n>, declined <m>" (ticket-service.ts); a line's is its description. */
export function quoteAnswerOf(note: string): { approved: number; declined: number } | null {
  const m = /^approved (\d+), declined (\d+)$/.exec(note);
  return m ? { approved: Number(m[1]), declined: Number(m[2]) } : null;
}

/** Newest first, for the timeline. */
export const newestFirst = (events: readonly TicketEventRow[]): TicketEventRow[] =>
  [...events].sort((a, b) => b.at - a.at || b.id - a.id);

/** Moves that end the repair without it: asked to confirm first. */
export const CONFIRMED_MOVES: readonly TicketStatus[] = ['cancelled', 'returned_unrepaired'];
