import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { RejectReason } from '#contract/identifiers/parse.ts';

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
