import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { LedgerType } from '#contract/values/ledger.ts';
import { formatHundredths } from '#src/lib/amount.ts';

/** The ledger's entry types in plain words (contract ledger.ts says what each one does). */
export const LEDGER_TYPE_NAMES: Record<LedgerType, MessageDescriptor> = {
  opening: msg`Opening balance`,
  freeze: msg`Frozen for an order`,
  settle: msg`Paid for a check`,
  refund: msg`Refunded`,
  purchase: msg`Package purchase`,
  recharge: msg`Recharge`,
  package: msg`Checks from a package`,
  package_return: msg`Package check returned`,
};

/** Solid badge colors in shades that keep AA contrast with their text (yellow gets dark text). */
export const LEDGER_TYPE_COLORS: Record<LedgerType, string> = {
  opening: 'blue.8',
  freeze: 'yellow.4',
  settle: 'grape.9',
  refund: 'teal.9',
  purchase: 'pink.9',
  recharge: 'cyan.9',
  package: 'indigo.9',
  package_return: 'teal.9',
};

/** A change of points (hundredths) with its sign: +12.30, -0.05, 0.00. */
export function signedPoints(hundredths: number): string {
  const text = formatHundredths(hundredths);
  return hundredths > 0 ? `+${text}` : text;
}
