import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { RejectReason } from '#contract/identifiers/parse.ts';
import type { LineStats } from './line-stats.ts';

/** Why a line is not an SN or IMEI, in plain words (the contract's RejectReason). */
export const REJECT_REASONS: Record<RejectReason, MessageDescriptor> = {
  empty: msg`Empty line`,
  bad_characters: msg`Has characters an SN or IMEI never has`,
  bad_length: msg`Wrong length: an IMEI has 15 digits (a MEID 14, an IMEISV 16), an SN 10, 11 or 12 characters`,
  bad_check_digit: msg`Not a valid IMEI: the last digit does not match the others (a typo?)`,
  sn_letter_o_or_i: msg`Serial numbers never contain the letters O or I (did you mean 0 or 1?)`,
  too_long: msg`Far too long to be an SN or IMEI`,
};

export const DUPLICATE_REASONS: Record<'input' | 'order', MessageDescriptor> = {
  input: msg`Repeats an earlier line`,
  order: msg`Already in this order`,
};

/** The words for a reason the server answered (unknown reasons show as the server gave them). */
export function rejectReason(reason: string): MessageDescriptor | string {
  return Object.hasOwn(REJECT_REASONS, reason) ? REJECT_REASONS[reason as RejectReason] : reason;
}

/** The first `limit` rejected lines (invalid or duplicate) in line order, with their reason. */
export function firstRejects(
  stats: LineStats,
  limit: number,
): { line: number; raw: string; reason: MessageDescriptor }[] {
  const out: { line: number; raw: string; reason: MessageDescriptor }[] = [];
  let i = 0;
  let d = 0;
  while (out.length < limit && (i < stats.invalid.length || d < stats.duplicates.length)) {
    const bad = stats.invalid[i];
    const dup = stats.duplicates[d];
    if (bad && (!dup || bad.line < dup.line)) {
      out.push({ line: bad.line, raw: bad.raw, reason: REJECT_REASONS[bad.reason] });
      i++;
    } else if (dup) {
      out.push({ line: dup.line, raw: dup.raw, reason: DUPLICATE_REASONS[dup.of] });
      d++;
    }
  }
  return out;
}
