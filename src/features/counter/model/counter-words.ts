import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { MoneyKind, PaymentMethod } from '#contract/counter/money.ts';
import type { TicketStatus } from '#contract/counter/workflow.ts';
import type { CONDITION_PARTS } from '#contract/schemas/counter-tickets.ts';

/** The words a customer's page and receipts show for the counter's enum values (never the raw value). */
export const TICKET_STATUS_WORDS: Record<TicketStatus, MessageDescriptor> = {
  received: msg`Received`,
  diagnosing: msg`Diagnosing`,
  waiting_approval: msg`Waiting for approval`,
  repairing: msg`Repairing`,
  sent_to_apple: msg`Sent to Apple`,
  ready: msg`Ready for pickup`,
  collected: msg`Collected`,
  cancelled: msg`Cancelled`,
  returned_unrepaired: msg`Returned unrepaired`,
};

export const PAYMENT_METHOD_WORDS: Record<PaymentMethod, MessageDescriptor> = {
  cash: msg`Cash`,
  wechat: msg`WeChat Pay`,
  alipay: msg`Alipay`,
  card: msg`Card`,
};

export const MONEY_KIND_WORDS: Record<MoneyKind, MessageDescriptor> = {
  deposit: msg`Deposit`,
  payment: msg`Payment`,
  refund: msg`Refund`,
  void: msg`Cancelled entry`,
};

export const CONDITION_PART_WORDS: Record<(typeof CONDITION_PARTS)[number], MessageDescriptor> = {
  screen: msg`Screen`,
  housing: msg`Housing`,
  buttons: msg`Buttons`,
  cameras: msg`Cameras`,
  biometrics: msg`Face ID / Touch ID`,
  liquid: msg`Liquid indicator`,
};

export const CONDITION_STATE_WORDS: Record<'ok' | 'damaged' | 'not_checked', MessageDescriptor> = {
  ok: msg`OK`,
  damaged: msg`Damaged`,
  not_checked: msg`Not checked`,
};

export const LINE_KIND_WORDS: Record<'part' | 'labour', MessageDescriptor> = {
  part: msg`Part`,
  labour: msg`Labour`,
};

/** A word for a value the server may send that this build does not know yet: shown as a dash. */
export function wordOf<K extends string>(words: Record<K, MessageDescriptor>, value: string) {
  return (words as Record<string, MessageDescriptor | undefined>)[value];
}
