import { formatHundredths } from '#src/lib/amount.ts';

/**
 * Money at the counter: fen shown as yuan with two decimals, thousands grouped as on a Chinese
 * receipt (¥1,599.00: a screen, a quote's total), the sign before the currency (-¥50.00).
 */
export function yuan(fen: number): string {
  const [whole = '0', cents = '00'] = formatHundredths(Math.abs(fen)).split('.');
  return `${fen < 0 ? '-' : ''}¥${whole.replace(/\B(?=(\d{3})+$)/g, ',')}.${cents}`;
}
