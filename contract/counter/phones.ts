/**
 * A customer's phone as the counter stores it: digits only, a leading + kept, so the same number
 * typed with spaces or dashes matches. (Migration 0030 keeps its own frozen copy of this rule.)
 */
export function normalisePhone(typed: string): string {
  const trimmed = typed.trim();
  const digits = trimmed.replace(/\D/g, '');
  return trimmed.startsWith('+') && digits ? `+${digits}` : digits;
}

/** A phone typed at the counter: mainland mobiles, landlines with area codes, foreign numbers. */
export const CUSTOMER_PHONE_RE = /^\+?[\d][\d\s()-]{3,22}\d$/;
/** Digits a phone must have once normalised (a 5-digit service number up to E.164's 15, + a margin). */
export const CUSTOMER_PHONE_DIGITS = { min: 5, max: 18 } as const;

export function isCustomerPhone(typed: string): boolean {
  const digits = normalisePhone(typed).replace('+', '');
  return (
    CUSTOMER_PHONE_RE.test(typed.trim()) &&
    digits.length >= CUSTOMER_PHONE_DIGITS.min &&
    digits.length <= CUSTOMER_PHONE_DIGITS.max
  );
}
