import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { MoneyKind } from '#contract/counter/money.ts';
import type { CONDITION_PARTS } from '#contract/values/counter-tickets.ts';

/**
 * The counter's words for its enum values (never the raw value on screen), one table each for every
 * screen and receipt; a ticket's status and a payment method are src/lib's (the header and the
 * dashboard name them too).
 */
export const MONEY_KIND_WORDS: Record<MoneyKind, MessageDescriptor> = {
  deposit: msg`Deposit`,
  // Not the wallet's "Payment" (an order's payment): money a customer pays for a repair.
  payment: msg({ context: 'repair ticket money', message: 'Payment' }),
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
