import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { formatHundredths, normalizeAmountInput, parseAmountToHundredths } from '#src/lib/amount.ts';

/** Money is typed in yuan with at most this many decimals (fen). */
export const MONEY_DECIMALS = 2;

/**
 * The text of the recharge amount field after a change, through the spec's amount helper (section 5).
 * In Spanish the decimal mark is a comma ('12,5'): it becomes the dot the helper keeps. In Chinese and
 * English a comma only groups thousands ('1,000'), so the helper strips it like any other character.
 * Decimals are not cut here: '12.345' stays as typed so the field can say what is wrong with it
 * instead of silently charging another amount.
 */
export function normalizeRechargeInput(raw: string, language: string): string {
  const text = language === 'es' ? raw.replaceAll(',', '.') : raw;
  return normalizeAmountInput(text, Infinity);
}

export interface RechargeLimits {
  /** Smallest recharge, fen (hundredths of a yuan). */
  min: number;
  /** Largest recharge, fen. */
  max: number;
}

export type RechargeAmountCheck = { ok: true; fen: number } | { ok: false; problem: MessageDescriptor };

/** What the typed amount means in fen, or what is wrong with it (shown next to the field). */
export function checkRechargeAmount(text: string, limits: RechargeLimits): RechargeAmountCheck {
  if (text === '' || text === '0.') return { ok: false, problem: msg`Please enter an amount` };
  const dot = text.indexOf('.');
  if (dot >= 0 && text.length - dot - 1 > MONEY_DECIMALS)
    return { ok: false, problem: msg`At most ${MONEY_DECIMALS} decimals (fen)` };
  const fen = parseAmountToHundredths(text);
  if (fen === null) return { ok: false, problem: msg`Please enter an amount` };
  if (fen < limits.min) {
    const min = formatHundredths(limits.min);
    return { ok: false, problem: msg`The smallest recharge is ¥${min}` };
  }
  if (fen > limits.max) {
    const max = formatHundredths(limits.max);
    return { ok: false, problem: msg`The largest recharge is ¥${max}` };
  }
  return { ok: true, fen };
}
