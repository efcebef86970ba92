import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { TicketStatus } from '#contract/counter/workflow.ts';

// The statuses' and payment methods' words are src/lib's (ticket-status-words, payment-method-words);
// money kinds, line kinds and the checklist's words are model/counter-words.ts: one table each.

/** The button that moves a ticket to a status (a verb, where the status is a state). */
export const TICKET_MOVE_LABELS: Record<TicketStatus, MessageDescriptor> = {
  received: msg`Received`,
  diagnosing: msg`Start diagnosis`,
  waiting_approval: msg`Ask the customer to approve the quote`,
  repairing: msg`Start the repair`,
  sent_to_apple: msg`Send to Apple`,
  ready: msg`Ready for pickup`,
  collected: msg`Customer collected`,
  cancelled: msg`Cancel the ticket`,
  returned_unrepaired: msg`Return unrepaired`,
};

// Filled badges in shades whose white text passes WCAG AA (4.5:1; axe checks it in the e2e).
export const TICKET_STATUS_COLORS: Record<TicketStatus, string> = {
  received: 'gray.8',
  diagnosing: 'blue.9',
  waiting_approval: 'pink.9',
  repairing: 'indigo.9',
  sent_to_apple: 'violet.9',
  ready: 'teal.9',
  collected: 'grape.9',
  cancelled: 'red.9',
  returned_unrepaired: 'dark.8',
};

export const LINE_STATE_LABELS: Record<'proposed' | 'approved' | 'declined', MessageDescriptor> = {
  proposed: msg`Waiting for the customer`,
  approved: msg`Approved`,
  declined: msg`Declined`,
};

/** Why a device line is not an SN or IMEI (contract/identifiers' reasons; the repairs intake's words). */
export const DEVICE_REASON_LABELS: Record<string, MessageDescriptor> = {
  empty: msg`Empty line`,
  bad_characters: msg`Has characters an SN or IMEI never has`,
  bad_length: msg`Wrong length: an IMEI has 15 digits (a MEID 14, an IMEISV 16), an SN 10, 11 or 12 characters`,
  bad_check_digit: msg`Not a valid IMEI: the last digit does not match the others (a typo?)`,
  sn_letter_o_or_i: msg`Serial numbers never contain the letters O or I (did you mean 0 or 1?)`,
  too_long: msg`Far too long to be an SN or IMEI`,
  duplicate: msg`Repeats an earlier line`,
};
