/**
 * Amount input helper (spec section 5, "Amount input helper") and the hundredths money/points
 * helpers behind it (spec section 9: "Integral is the server value divided by 100").
 *
 * `normalizeAmountInput` is meant to run on every change of an amount field, so its output must be
 * a stable, partial-but-valid amount: '', '0', '0.', '12.', '12.3', '0.05'. It never adds a sign:
 * rule 1 strips '-', so typed amounts are never negative.
 *
 * Decisions on inputs the spec leaves open (each is pinned by a test in amount.test.ts):
 * - Only ASCII 0-9 count as digits; full-width digits ('１'), the full-width dot ('．'), a comma
 *   ('1,5' → '15'), spaces and signs are stripped like any other character (rule 1).
 * - A trailing dot is kept ('12.' stays '12.') so the user can keep typing decimals.
 * - Rule 4 reads '00' literally: the two leading zeros become '0.' and everything after them follows
 *   the new dot, so '000' → '0.0', '005' → '0.5', '00.5' → '0..5' → '0.5'. Because rule 4 can create
 *   a dot, rules 2 and 3 are applied again after it. This is exactly what typing the same characters
 *   one at a time gives, which keeps pasting and typing consistent.
 * - With `decimals` 0 there is no dot to introduce, so rule 4 only drops leading zeros: '00' → '0',
 *   '005' → '5'. Rule 3 removes the dot and everything after it, so '.5' → '' and '1.9' → '1'
 *   (truncated, never rounded).
 * - '' stays '', '0' stays '0', '.' becomes '0.'.
 */

const MAX_HUNDREDTHS_DIGITS = 2;

/**
 * Normalizes the raw text of an amount field. `decimals` is the number of digits allowed after
 * the dot (a non-negative number; fractions are floored, `Infinity` means no limit).
 */
export function normalizeAmountInput(raw: string, decimals = 2): string {
  if (!(decimals >= 0)) throw new RangeError(`decimals must be a non-negative number, got ${decimals}`);
  const places = Math.floor(decimals);

  // Spec 5, rule 1: "Strips characters that are not digits or dots." ASCII digits only, so
  // full-width digits and every other character (signs, spaces, commas) are removed.
  let value = raw.replace(/[^0-9.]/g, '');

  // Spec 5, rule 2: "Collapses repeated dots and keeps only the first dot." Runs of dots collapse
  // into one and every dot after the first is removed: '1..2' → '1.2', '1.2.3' → '1.23'.
  value = keepFirstDot(value);

  // Spec 5, rule 3: "Limits decimals to a given count." Extra decimals are cut, not rounded;
  // with 0 decimals the dot and everything after it go.
  value = limitDecimals(value, places);

  // Spec 5, rule 4: "A leading '00' or '.' becomes '0.'; a leading zero before other digits is
  // dropped." Checked in that order, on the result of rules 1–3.
  if (places === 0) {
    // No dot is allowed here, so '0.' cannot be produced: leading zeros collapse instead.
    value = value.replace(/^0+(?=\d)/, '');
  } else if (value.startsWith('00')) {
    // '00…' → '0.…'; the rest may hold a dot or too many decimals, so rules 2 and 3 run again.
    value = limitDecimals(keepFirstDot(`0.${value.slice(2)}`), places);
  } else if (value.startsWith('.')) {
    value = `0${value}`;
  } else if (/^0\d/.test(value)) {
    // One zero before another digit: '05' → '5'. ('00' was handled above, so the next digit is 1-9.)
    value = value.slice(1);
  }
  return value;
}

function keepFirstDot(value: string): string {
  const dot = value.indexOf('.');
  if (dot < 0) return value;
  return value.slice(0, dot + 1) + value.slice(dot + 1).replaceAll('.', '');
}

function limitDecimals(value: string, places: number): string {
  const dot = value.indexOf('.');
  if (dot < 0) return value;
  if (places === 0) return value.slice(0, dot);
  return value.slice(0, dot + 1 + places);
}

const HUNDREDTHS_PATTERN = /^(-?)(?:(\d+)(?:\.(\d{0,2}))?|\.(\d{1,2}))$/;

/**
 * Reads an amount typed by staff (money or points) as an integer number of hundredths:
 * '12.3' → 1230, '0.' → 0, '.5' → 50, '-0.05' → -5. Surrounding whitespace is ignored.
 * Returns null for empty text, text with no digit ('.', '-'), more than two decimals (never
 * silently rounded), any other character, or a result outside the safe integer range.
 */
export function parseAmountToHundredths(text: string): number | null {
  const match = HUNDREDTHS_PATTERN.exec(text.trim());
  if (!match) return null;
  const [, sign, whole = '', fraction = '', fractionOnly] = match;
  const digits = (whole || '0') + (fractionOnly ?? fraction).padEnd(MAX_HUNDREDTHS_DIGITS, '0');
  // Number() of a digit string above 2^53 rounds to 2^53 or more, which isSafeInteger rejects.
  const magnitude = Number(digits);
  if (!Number.isSafeInteger(magnitude)) return null;
  // `+ 0` turns -0 (from '-0') into 0.
  return (sign === '-' ? -magnitude : magnitude) + 0;
}

/**
 * Shows an integer number of hundredths with two decimals and no grouping: 1230 → '12.30',
 * 0 → '0.00', -5 → '-0.05'. Non-integers are rounded to the nearest hundredth first;
 * NaN and ±Infinity throw a RangeError.
 */
export function formatHundredths(value: number): string {
  if (!Number.isFinite(value)) throw new RangeError(`Cannot format ${value} as an amount`);
  const rounded = Math.round(value);
  if (rounded === 0) return '0.00'; // also covers -0 and values like -0.4
  // BigInt keeps every digit of integers beyond the safe range (String(1e21) would be '1e+21').
  const magnitude = BigInt(Math.abs(rounded));
  const whole = magnitude / 100n;
  const fraction = (magnitude % 100n).toString().padStart(MAX_HUNDREDTHS_DIGITS, '0');
  return `${rounded < 0 ? '-' : ''}${whole}.${fraction}`;
}
