import { defineEndpoint } from './endpoint.ts';
import { emptyInput } from './schemas/common.ts';
import { pointRecordInput, pointRecordOutput } from './schemas/ledger.ts';
import {
  accountPriceOutput,
  buyRecordInput,
  buyRecordOutput,
  packageSurplusOutput,
  payIntegralInput,
  payIntegralOutput,
} from './schemas/wallet.ts';
import {
  rechargeCloseInput,
  rechargeCloseOutput,
  rechargeConfigOutput,
  rechargeCreateInput,
  rechargeCreateOutput,
  rechargeRecordInput,
  rechargeRecordOutput,
  rechargeStatusInput,
  rechargeStatusOutput,
  sandboxPayInput,
  sandboxPayOutput,
} from './schemas/recharge.ts';

/**
 * The wallet's endpoints: packages bought with points, recharges (money to points through the
 * payment provider) and the points ledger. Spread into endpoints.ts.
 */
export const walletEndpoints = {
  // Wallet: packages bought with points
  getAccountPrice: defineEndpoint({
    path: '/api/combo/get_account_price',
    access: 'user',
    input: emptyInput,
    output: accountPriceOutput,
    summary: 'The packages (combos) on sale, with points and money prices, VIP days and check quota.',
  }),
  payIntegral: defineEndpoint({
    path: '/api/user/pay_integral',
    access: 'admin',
    input: payIntegralInput,
    output: payIntegralOutput,
    summary:
      "Buy one package with the account's points (one ledger entry); answers the new balance and VIP end.",
  }),
  packageSurplus: defineEndpoint({
    path: '/api/user/package_surplus',
    access: 'user',
    input: emptyInput,
    output: packageSurplusOutput,
    summary: 'What is left of the bought packages (unused checks and when they lapse).',
  }),
  buyRecord: defineEndpoint({
    path: '/api/user/buy_record',
    access: 'user',
    input: buyRecordInput,
    output: buyRecordOutput,
    summary: "One page of the account's package purchases, newest first; answers { list, total }.",
  }),

  // Wallet: recharge (money to points through the payment provider)
  rechargeConfig: defineEndpoint({
    path: '/api/recharge/recharge_config',
    access: 'user',
    input: emptyInput,
    output: rechargeConfigOutput,
    summary: 'The recharge rate (points per fen), minimum and maximum amount, provider and order lifetime.',
  }),
  rechargeCreate: defineEndpoint({
    path: '/api/recharge/recharge_create',
    access: 'admin',
    input: rechargeCreateInput,
    output: rechargeCreateOutput,
    summary:
      'Start a recharge of `amount` fen: a recharge order at the provider; answers it with the QR content to pay.',
  }),
  rechargeStatus: defineEndpoint({
    path: '/api/recharge/recharge_status',
    access: 'user',
    input: rechargeStatusInput,
    output: rechargeStatusOutput,
    summary:
      "One recharge order of the caller's account by order_no (expired when unpaid past its time); refresh asks the provider.",
  }),
  rechargeClose: defineEndpoint({
    path: '/api/recharge/recharge_close',
    access: 'admin',
    input: rechargeCloseInput,
    output: rechargeCloseOutput,
    summary: 'Cancel an unpaid recharge order (closed at the provider too); refused once paid.',
  }),
  rechargeRecord: defineEndpoint({
    path: '/api/recharge/recharge_record',
    access: 'user',
    input: rechargeRecordInput,
    output: rechargeRecordOutput,
    summary:
      "One page of the account's recharge orders, newest first, filterable by state, with paid totals.",
  }),
  sandboxPay: defineEndpoint({
    path: '/api/recharge/sandbox_pay',
    access: 'public',
    input: sandboxPayInput,
    output: sandboxPayOutput,
    summary:
      'Sandbox provider only (5008 otherwise): the payer completes or fails a sandbox payment, as the /sandbox/pay page does.',
  }),
  pointRecord: defineEndpoint({
    path: '/api/user/point_record',
    access: 'user',
    input: pointRecordInput,
    output: pointRecordOutput,
    summary: "One page of the account's points ledger, newest first, with the balance and frozen points.",
  }),
};
