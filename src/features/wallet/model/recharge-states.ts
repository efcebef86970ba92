import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { PaymentProviderName, RechargeState } from '#contract/schemas/recharge.ts';

export const RECHARGE_STATE_NAMES: Record<RechargeState, MessageDescriptor> = {
  created: msg`Waiting for payment`,
  paid: msg`Paid`,
  closed: msg`Cancelled`,
  expired: msg`Expired`,
};

/** Solid badge shades with AA contrast against their text. */
export const RECHARGE_STATE_COLORS: Record<RechargeState, string> = {
  created: 'yellow.4',
  paid: 'teal.9',
  closed: 'gray.7',
  expired: 'red.9',
};

export const PROVIDER_NAMES: Record<PaymentProviderName, MessageDescriptor> = {
  alipay: msg`Alipay`,
  wechat: msg`WeChat Pay`,
  sandbox: msg`Sandbox payment`,
};

/** What the payer does with the QR code, per provider. */
export const SCAN_HINTS: Record<PaymentProviderName, MessageDescriptor> = {
  alipay: msg`Scan the code with Alipay on a phone and confirm the payment there.`,
  wechat: msg`Scan the code with WeChat on a phone and confirm the payment there.`,
  sandbox: msg`Scan the code with any phone: it opens the sandbox payment page, where you pay or fail the payment.`,
};

/** Whole seconds left until `expiresAt` (unix seconds), never negative. */
export function secondsLeft(expiresAt: number, nowMs: number): number {
  return Math.max(0, Math.ceil(expiresAt - nowMs / 1000));
}

/** mm:ss for a countdown. */
export function formatCountdown(seconds: number): string {
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return `${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
}
