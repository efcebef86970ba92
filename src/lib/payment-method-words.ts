import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { PaymentMethod } from '#contract/counter/money.ts';

/** How the customer paid, in the user's language (the one table: ticket money, intake,
 * the customer's page, the day at the counter, receipts). */
export const PAYMENT_METHOD_WORDS: Record<PaymentMethod, MessageDescriptor> = {
  cash: msg`Cash`,
  wechat: msg`WeChat Pay`,
  alipay: msg`Alipay`,
  card: msg`Card`,
};
