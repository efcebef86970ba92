/**
 * One identifier (an IMEI or an Apple serial number) checked and normalised, with no I/O. The
 * rules are those of the domain ("Product 1: device checks"); decision 0008 explains the choices
 * made where the domain is silent.
 *
 * Digits only (dashes allowed between groups, "35-209900-176148-1"):
 * - 15 digits: an IMEI; the last digit must be its Luhn check digit, else 'bad_check_digit'.
 * - 14 digits: the MEID form; its Luhn digit is appended, giving the 15-digit IMEI.
 * - 16 digits: an IMEISV (no check digit; the last two are the software version); the first 14
 *   digits plus their Luhn digit are the IMEI.
 * - any other length: 'bad_length' (an Apple serial always has letters, so a short number is a
 *   mistyped IMEI rather than a serial).
 * Letters and digits (A-Z, 0-9; lower case accepted and upper-cased):
 * - 12 characters: a 2010-2021 serial; the letters O and I are never used ('sn_letter_o_or_i').
 * - 11 characters: a serial from before 2010 (up to 2012 for some Macs).
 * - 10 characters: a random serial (late 2021 on).
 * - 14 to 16 characters: 'bad_characters' (an IMEI with a letter in it: a hex MEID, an OCR'd O
 *   for 0), any other length 'bad_length'.
 * Anything else: 'bad_characters'. More than 64 characters: 'too_long'. Blank: 'empty'.
 *
 * Written as charCode loops without regular expressions: a batch can hold 100 000 lines and the
 * PWA checks them as the user types or pastes.
 */

export type IdentifierKind = 'imei' | 'sn';
export type IdentifierForm = 'imei' | 'meid' | 'imeisv' | 'sn12' | 'sn11' | 'sn10';
export type RejectReason =
  'empty' | 'bad_characters' | 'bad_length' | 'bad_check_digit' | 'sn_letter_o_or_i' | 'too_long';

export type ParsedIdentifier =
  | {
      ok: true;
      kind: IdentifierKind;
      form: IdentifierForm;
      /** Normalised: an IMEI as its 15 digits (for every IMEI form), a serial upper-cased. */
      value: string;
    }
  | { ok: false; reason: RejectReason };

/** Longest input looked at, in characters after trimming; longer is 'too_long'. */
export const MAX_IDENTIFIER_LENGTH = 64;

// Rejections are shared frozen objects: a batch of bad lines allocates nothing per line.
const reject = (reason: RejectReason): ParsedIdentifier => Object.freeze({ ok: false, reason });
const EMPTY = reject('empty');
const BAD_CHARACTERS = reject('bad_characters');
const BAD_LENGTH = reject('bad_length');
const BAD_CHECK_DIGIT = reject('bad_check_digit');
const SN_LETTER_O_OR_I = reject('sn_letter_o_or_i');
const TOO_LONG = reject('too_long');

export function parseIdentifier(raw: string): ParsedIdentifier {
  let start = 0;
  let end = raw.length;
  while (start < end && isBlank(raw.charCodeAt(start))) start++;
  while (end > start && isBlank(raw.charCodeAt(end - 1))) end--;
  const length = end - start;
  if (length === 0) return EMPTY;
  if (length > MAX_IDENTIFIER_LENGTH) return TOO_LONG;

  let letters = 0;
  let lowercase = false;
  let letterOorI = false;
  let dashes = 0;
  let previousDash = true; // a leading dash counts as misplaced
  for (let i = start; i < end; i++) {
    const c = raw.charCodeAt(i);
    if (c >= 48 && c <= 57) {
      previousDash = false;
      continue;
    }
    if (c === 45) {
      if (previousDash) return BAD_CHARACTERS; // leading or doubled dash
      dashes++;
      previousDash = true;
      continue;
    }
    previousDash = false;
    if (c >= 65 && c <= 90) {
      letters++;
      if (c === 79 || c === 73) letterOorI = true;
    } else if (c >= 97 && c <= 122) {
      letters++;
      lowercase = true;
      if (c === 111 || c === 105) letterOorI = true;
    } else {
      return BAD_CHARACTERS;
    }
  }
  if (previousDash && dashes > 0) return BAD_CHARACTERS; // trailing dash

  if (letters === 0) {
    const digits = dashes === 0 ? raw.slice(start, end) : raw.slice(start, end).replaceAll('-', '');
    return parseDigits(digits);
  }
  if (dashes > 0) return BAD_CHARACTERS;

  if (length === 12 || length === 11 || length === 10) {
    if (length === 12 && letterOorI) return SN_LETTER_O_OR_I;
    const trimmed = raw.slice(start, end);
    return {
      ok: true,
      kind: 'sn',
      form: length === 12 ? 'sn12' : length === 11 ? 'sn11' : 'sn10',
      value: lowercase ? trimmed.toUpperCase() : trimmed,
    };
  }
  return length >= 14 && length <= 16 ? BAD_CHARACTERS : BAD_LENGTH;
}

function parseDigits(digits: string): ParsedIdentifier {
  switch (digits.length) {
    case 15:
      return luhnOfFirst14(digits) === digits.charCodeAt(14) - 48
        ? { ok: true, kind: 'imei', form: 'imei', value: digits }
        : BAD_CHECK_DIGIT;
    case 14:
      return { ok: true, kind: 'imei', form: 'meid', value: digits + luhnOfFirst14(digits) };
    case 16:
      return {
        ok: true,
        kind: 'imei',
        form: 'imeisv',
        value: digits.slice(0, 14) + luhnOfFirst14(digits),
      };
    default:
      return BAD_LENGTH;
  }
}

/**
 * The Luhn check digit to append to a string of decimal digits (for an IMEI: its first 14 digits,
 * the TAC and serial). Starting from the rightmost digit, every other digit is doubled (a doubled
 * digit above 9 counts its digit sum), and the check digit brings the total to a multiple of 10.
 * Throws a RangeError for an empty string or any character other than 0-9.
 */
export function luhnCheckDigit(first14: string): number {
  const n = first14.length;
  if (n === 0) throw new RangeError('luhnCheckDigit needs at least one digit');
  let sum = 0;
  for (let i = 0; i < n; i++) {
    const d = first14.charCodeAt(i) - 48;
    if (d < 0 || d > 9) throw new RangeError('luhnCheckDigit takes decimal digits only');
    sum += (n - i) % 2 === 1 ? DOUBLED[d]! : d;
  }
  return (10 - (sum % 10)) % 10;
}

/** luhnCheckDigit of the first 14 characters, known to be digits: no checks, no allocation. */
function luhnOfFirst14(digits: string): number {
  let sum = 0;
  for (let i = 0; i < 14; i += 2) {
    sum += digits.charCodeAt(i) - 48 + DOUBLED[digits.charCodeAt(i + 1) - 48]!;
  }
  return (10 - (sum % 10)) % 10;
}

/** Digit sum of 2 x d, for d = 0..9. */
const DOUBLED = [0, 2, 4, 6, 8, 1, 3, 5, 7, 9] as const;

/** White space trimmed around an identifier: ASCII controls and space, NBSP, U+3000, BOM. */
function isBlank(c: number): boolean {
  return c <= 32 || c === 0xa0 || c === 0x3000 || c === 0xfeff;
}
