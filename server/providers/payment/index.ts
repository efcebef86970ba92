import type { Kysely } from 'kysely';
import { ErrCode } from '#contract/errcodes.ts';
import type { ServerConfig } from '#server/config.ts';
import type { ConnectionReport } from '#server/preflight/connection.ts';
import { paymentProviderOf } from '#server/payment-config.ts';
import type { Database } from '#server/db/schema.ts';
import type { Clock } from '#server/lib/clock.ts';
import { AlipayProvider } from './alipay.ts';
import type { PaymentProvider } from './provider.ts';
import { SandboxPaymentProvider } from './sandbox.ts';
import { WechatPayProvider } from './wechatpay.ts';

/**
 * The payment provider the configuration asks for: the sandbox by default outside production, Alipay
 * or WeChat Pay when configured, none in production without one (recharge then answers 8000, not configured).
 */
export function selectPaymentProvider(
  config: ServerConfig,
  db: Kysely<Database>,
  clock: Clock,
): PaymentProvider | null {
  const name = paymentProviderOf(config);
  const now = () => clock.now();
  if (name === 'alipay' && config.payment?.alipay)
    return new AlipayProvider(config.payment.alipay, config.payment.notifyBase, now);
  if (name === 'wechat' && config.payment?.wechatpay)
    return new WechatPayProvider(config.payment.wechatpay, config.payment.notifyBase, now);
  if (name === 'sandbox' && !config.production) return new SandboxPaymentProvider(db, clock);
  return null;
}

/** The preflight's line for recharge payments (server/preflight): what selectPaymentProvider picks. */
export function describePayment(config: ServerConfig): ConnectionReport {
  const name = paymentProviderOf(config);
  const payment = config.payment;
  if (name === 'alipay' && payment?.alipay)
    return {
      name: 'payment',
      state: 'configured',
      detail: `Alipay (${payment.alipay.mode}) app ${payment.alipay.appId} at ${new URL(payment.alipay.gateway).origin}, notifies to ${payment.notifyBase}/api/pay/notify/alipay`,
    };
  if (name === 'wechat' && payment?.wechatpay)
    return {
      name: 'payment',
      state: 'configured',
      detail: `WeChat Pay merchant ${payment.wechatpay.mchId} at ${payment.wechatpay.apiBase}, notifies to ${payment.notifyBase}/api/pay/notify/wechat`,
    };
  if (name === 'sandbox' && !config.production)
    return {
      name: 'payment',
      state: 'sandbox',
      detail: 'sandbox: no money moves, /sandbox/pay plays the payer',
    };
  return {
    name: 'payment',
    state: 'missing',
    detail: `no PAYMENT_PROVIDER: recharge answers ${ErrCode.PAYMENT_NOT_CONFIGURED} (not configured) and the wallet says so; nothing is charged`,
  };
}
