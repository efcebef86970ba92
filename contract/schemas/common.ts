import { z } from 'zod';
import { PAGE_SIZE_MAX } from '../values/common.ts';
export * from '../values/common.ts';

/** Inputs with no fields still accept (and drop) anything, like every other input. */
export const emptyInput = z.object({}).default({});

/** Answers that carry nothing. */
export const emptyOutput = z.null();

/** Unix time in seconds; 0 when unset. The date filter (spec section 9) also takes milliseconds. */
export const unixTime = z.number().int().nonnegative();

/** A client-generated id that makes a write idempotent (architecture: "The API"). */
export const requestId = z
  .string()
  .trim()
  .min(8)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/);

/** Points and money travel as integer hundredths. */
export const hundredths = z.number().int();

export const PAGE_SIZE_DEFAULT = 20;
/** Paging of every paged list: `page` (from 1) and `page_size` (1-100), defaulting to the first page of 20. */
export const pageFields = {
  page: z.number().int().min(1).default(1),
  page_size: z.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
};

/**
 * Characters no name or remark may hold: C0/C1 controls (NUL, ESC, DEL…), bidi embeddings,
 * overrides and isolates (U+202A-U+202E, U+2066-U+2069, LRM/RLM/ALM: they make "exe.txt" read as
 * "txt.exe" in a list) and zero-width characters (U+200B-U+200D, U+2060, U+FEFF: invisible
 * look-alikes of a colleague's name). Remarks may still hold line breaks and tabs.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_IN_NAME = /[\u0000-\u001f\u007f-\u009f]/u;
// eslint-disable-next-line no-control-regex -- as above
const CONTROL_IN_REMARK = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/u;
const BIDI_OR_ZERO_WIDTH = /[\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/u;
/** A high surrogate not followed by a low one, or a low one not preceded by a high one (no `u` flag). */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
/** The zod issue param that the server turns into its "invisible or control character" message. */
export const UNSAFE_TEXT = 'unsafe_text';
export const UNSAFE_TEXT_MESSAGE = 'Control, direction or zero-width characters are not allowed.';

/** Whether a string is well-formed UTF-16 and free of control, bidi and zero-width characters. */
export function isSafeText(value: string, kind: 'name' | 'remark' = 'name'): boolean {
  if (LONE_SURROGATE.test(value)) return false;
  if ((kind === 'name' ? CONTROL_IN_NAME : CONTROL_IN_REMARK).test(value)) return false;
  return !BIDI_OR_ZERO_WIDTH.test(value);
}

/**
 * The one text rule of the contract (issue 25): every free-text field a caller sends (names, remarks,
 * titles, notes, chat text, questions, search words, filter values, passwords) is built with it, and
 * contract/text-hygiene.test.ts walks every endpoint's input to prove no string field lets control,
 * bidi or zero-width characters or lone surrogates through. Trimmed (unless `trim: false`: passwords,
 * values matched as stored), length-bounded, refused with a clear message when it holds characters a
 * person cannot see. `kind: 'remark'` allows line breaks and tabs.
 */
export function safeText(opts: {
  min?: number;
  max: number;
  kind?: 'name' | 'remark';
  trim?: boolean;
  /** The message when over `max`, where zod's own is not clear enough. */
  tooLong?: string;
}) {
  const max = opts.tooLong ? { error: opts.tooLong } : undefined;
  const base = opts.trim === false ? z.string().max(opts.max, max) : z.string().trim().max(opts.max, max);
  return (opts.min ? base.min(opts.min) : base).refine((v) => isSafeText(v, opts.kind ?? 'name'), {
    error: UNSAFE_TEXT_MESSAGE,
    params: { reason: UNSAFE_TEXT },
  });
}

/**
 * Identifiers and tokens the server made (puzzle and scene ids, session tokens, order numbers): not
 * free text, so a strict alphabet that no control, bidi or invisible character gets through.
 */
export function opaqueId(max: number) {
  return z
    .string()
    .trim()
    .min(1)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+$/, { error: 'Not a valid identifier.' });
}
