/**
 * A ticket's printed number (decision 0047): the shop's format with {YYYY}, {YY}, {MM}, {DD} (the
 * shop's date of intake) and {SEQ} or {SEQ:n} (the per-shop running number, zero-padded to n).
 */
export const DEFAULT_TICKET_FORMAT = 'R{YY}{MM}{DD}-{SEQ:4}';
export const TICKET_FORMAT_RE = /^[A-Za-z0-9{}:_-]{1,40}$/;

export interface ShopDate {
  year: number;
  month: number;
  day: number;
}

export function formatTicketNo(format: string, seq: number, date: ShopDate): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return format
    .replaceAll('{YYYY}', String(date.year))
    .replaceAll('{YY}', two(date.year % 100))
    .replaceAll('{MM}', two(date.month))
    .replaceAll('{DD}', two(date.day))
    .replace(/\{SEQ(?::(\d))?\}/g, (_, width: string | undefined) =>
      String(seq).padStart(Number(width ?? 0), '0'),
    );
}

/** A format must hold {SEQ}: without it two tickets would print the same number. */
export function isTicketFormat(format: string): boolean {
  return TICKET_FORMAT_RE.test(format) && /\{SEQ(?::\d)?\}/.test(format);
}
