import {
  MAX_IDENTIFIER_LENGTH,
  parseIdentifier,
  type IdentifierForm,
  type IdentifierKind,
  type RejectReason,
} from './parse.ts';

/**
 * A list of candidate identifiers (usually from splitIdentifierText or a spreadsheet column)
 * sorted into accepted, rejected and duplicate lines, as the paste box shows them and as the server
 * checks them again when an order is placed.
 */

/** Most lines one batch may hold; validateBatch throws beyond it (validate the list length first). */
export const MAX_BATCH_LINES = 100_000;

/** `line` is the 1-based position in the input list; `raw` the line as given. */
export type BatchLine = { line: number; raw: string };

export type BatchResult = {
  valid: Array<BatchLine & { kind: IdentifierKind; form: IdentifierForm; value: string }>;
  invalid: Array<BatchLine & { reason: RejectReason }>;
  /** 'input': repeats an earlier line of this list; 'order': already in the order being added to. */
  duplicates: Array<BatchLine & { value: string; of: 'input' | 'order' }>;
};

/**
 * Every line lands in exactly one of the three lists, each in input order. Duplicates are found on
 * the normalised value, so an IMEISV, its MEID form and its IMEI are one device, and so are a serial
 * in lower and upper case. `existing` holds the normalised values already in the order (15-digit
 * IMEIs, upper-case serials); a line matching one is an 'order' duplicate even if it also repeats
 * an earlier line. A 'too_long' line's `raw` is cut to its first 64 characters plus '…', so a
 * pasted document is never echoed back whole.
 */
export function validateBatch(lines: readonly string[], existing?: ReadonlySet<string>): BatchResult {
  if (lines.length > MAX_BATCH_LINES) {
    throw new RangeError(`validateBatch takes at most ${MAX_BATCH_LINES} lines, got ${lines.length}`);
  }
  const result: BatchResult = { valid: [], invalid: [], duplicates: [] };
  const seen = new Set<string>();
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i] ?? '';
    const line = i + 1;
    const parsed = parseIdentifier(raw);
    if (!parsed.ok) {
      const shown = parsed.reason === 'too_long' ? raw.slice(0, MAX_IDENTIFIER_LENGTH) + '…' : raw;
      result.invalid.push({ line, raw: shown, reason: parsed.reason });
    } else if (existing?.has(parsed.value)) {
      result.duplicates.push({ line, raw, value: parsed.value, of: 'order' });
    } else if (seen.has(parsed.value)) {
      result.duplicates.push({ line, raw, value: parsed.value, of: 'input' });
    } else {
      seen.add(parsed.value);
      result.valid.push({ line, raw, kind: parsed.kind, form: parsed.form, value: parsed.value });
    }
  }
  return result;
}
