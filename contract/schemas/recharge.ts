import { z } from 'zod';
import { hundredths, opaqueId, pageFields, requestId, unixTime } from './common.ts';
import { RECHARGE_STATES } from '../values/recharge.ts';
export * from '../values/recharge.ts';

/**
 * Recharge: money in, points out (domain.md "Wallet, shop and VIP"). Money travels as integer fen
 * (hundredths of a yuan, CNY), points as integer hundredths, like everywhere else. The rate and the
 * minimum are the server's configuration (`recharge_config`); the older system's 1 yuan = 1 point is
 * the default, so 100 fen buy 100 hundredths.
 */

/** The payment provider behind a recharge order; 'sandbox' completes payments on a local page. */
export const PAYMENT_PROVIDERS = ['alipay', 'wechat', 'sandbox'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

/** The largest single recharge the server takes (fen): 50,000 yuan. */
export const RECHARGE_AMOUNT_MAX = 5_000_000;

/**
 * An amount of money in fen: a positive whole number. The PWA turns what was typed ("12.5",
 * "12,50") into fen with the spec's amount helper (2 decimals); a fraction of a fen is refused here.
 */
export const fenAmount = z
  .number({ error: '请输入充值金额' })
  .int({ error: '金额最多两位小数' })
  .positive({ error: '充值金额必须大于 0' })
  .max(RECHARGE_AMOUNT_MAX, { error: '单笔充值金额不能超过 50000 元' });

/** What the recharge form needs to know before the Admin types an amount. */
export const rechargeConfigOutput = z.object({
  /** Points (hundredths) credited per fen paid: 1 = 1 yuan buys 1 point. */
  points_per_fen: z.number().int().positive(),
  /** The smallest recharge, fen. */
  min_amount: z.number().int().positive(),
  /** The largest recharge, fen. */
  max_amount: z.number().int().positive(),
  /**
   * Which provider new orders go to; `sandbox` true means nothing real is charged (show a banner).
   * Null: no provider is configured (production refuses the sandbox), so the form says recharge is
   * not configured and offers nothing; `recharge` would answer PAYMENT_NOT_CONFIGURED.
   */
  provider: z.enum(PAYMENT_PROVIDERS).nullable(),
  sandbox: z.boolean(),
  /** How long an order can be paid, seconds. */
  expire_seconds: z.number().int().positive(),
});
export type RechargeConfig = z.infer<typeof rechargeConfigOutput>;

/** Start a recharge (Admin only). Replaying the same request_id answers the same order. */
export const rechargeCreateInput = z.object({
  /** Fen: 12.50 yuan is 1250. At least `min_amount` (errcode 5001). */
  amount: fenAmount,
  request_id: requestId.optional(),
});
export type RechargeCreateInput = z.input<typeof rechargeCreateInput>;

/** One recharge order, as the payment page (/orderAlipay) and the recharge record show it. */
export const rechargeOrderRow = z.object({
  /** Our order number (also the provider's out_trade_no); the payment page is /orderAlipay?order_no=… */
  order_no: z.string(),
  /** Money asked, fen. */
  amount: z.number().int().positive(),
  /** Points credited when paid, hundredths (fixed when the order was made). */
  points: hundredths.nonnegative(),
  state: z.enum(RECHARGE_STATES),
  provider: z.enum(PAYMENT_PROVIDERS),
  /** True when nothing real is charged (sandbox provider). */
  sandbox: z.boolean(),
  /**
   * What the QR code encodes while `created`: Alipay's qr_code, WeChat's code_url, or the sandbox
   * payment page on this server. '' once the order is no longer payable.
   */
  qr_content: z.string(),
  /** The provider's transaction number once paid; '' before. */
  trade_no: z.string(),
  /** Who started it. */
  user_id: z.number().int(),
  username: z.string(),
  created_at: unixTime,
  /** After this the order can no longer be paid. */
  expires_at: unixTime,
  /** 0 until paid. */
  paid_at: unixTime,
  /** 0 unless closed or expired. */
  closed_at: unixTime,
});
export type RechargeOrderRow = z.infer<typeof rechargeOrderRow>;

/** The order just made (state `created`): show its QR code and poll or listen for the outcome. */
export const rechargeCreateOutput = rechargeOrderRow;

/**
 * One order by number (the caller's account only). `refresh: true` also asks the provider (a lost
 * notify is caught up this way, applied exactly once like a notify); otherwise it reads the database.
 */
export const rechargeStatusInput = z.object({
  order_no: opaqueId(64),
  refresh: z.boolean().default(false),
});
export type RechargeStatusInput = z.input<typeof rechargeStatusInput>;
export const rechargeStatusOutput = rechargeOrderRow;

/** Cancel an unpaid order (Admin only); refused with 5006 if it was paid meanwhile. */
export const rechargeCloseInput = z.object({
  order_no: opaqueId(64),
  request_id: requestId.optional(),
});
export type RechargeCloseInput = z.input<typeof rechargeCloseInput>;
export const rechargeCloseOutput = rechargeOrderRow;

/** The recharge record (/app/rechargerecord): the account's orders, newest first. */
export const rechargeRecordInput = z
  .object({
    ...pageFields,
    state: z.enum(RECHARGE_STATES).optional(),
  })
  .prefault({});
export type RechargeRecordInput = z.input<typeof rechargeRecordInput>;

export const rechargeRecordOutput = z.object({
  list: z.array(rechargeOrderRow),
  total: z.number().int().nonnegative(),
  /** Over every paid order of the account (not only this page): money paid (fen) and points credited. */
  summary: z.object({
    paid_amount: z.number().int().nonnegative(),
    paid_points: hundredths.nonnegative(),
  }),
});
export type RechargeRecord = z.infer<typeof rechargeRecordOutput>;

/**
 * The sandbox provider's "payer" (development and tests only; errcode 5008 with a real provider):
 * completes (`pay`) or fails (`fail`) a sandbox payment. The sandbox page /sandbox/pay does the same
 * with a form; the e2e may call this directly. Public like the real payer's phone: it needs no session.
 */
export const sandboxPayInput = z.object({
  order_no: opaqueId(64),
  outcome: z.enum(['pay', 'fail']),
});
export type SandboxPayInput = z.input<typeof sandboxPayInput>;
export const sandboxPayOutput = z.object({ state: z.enum(RECHARGE_STATES) });
