import type { Kysely } from 'kysely';
import type { ServerConfig } from '#server/config.ts';
import { paymentProviderOf } from '#server/payment-config.ts';
import type { Database } from '#server/db/schema.ts';
import type { Clock } from '#server/lib/clock.ts';
import { AlipayProvider } from './alipay.ts';
import type { PaymentProvider } from './provider.ts';
import { SandboxPaymentProvider } from './sandbox.ts';
import { WechatPayProvider } from './wechatpay.ts';

/**
 * The payment provider the configuration asks for: the sandbox by default outside production, Alipay
 * or WeChat Pay when configured, none in production without one (recharge then answers 5007).
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
