import { formatHundredths } from '#src/lib/amount.ts';

/** Money at the counter: fen shown as yuan with two decimals, the sign before the currency. */
export function yuan(fen: number): string {
  return `${fen < 0 ? '-' : ''}¥${formatHundredths(Math.abs(fen))}`;
}
