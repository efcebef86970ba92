// The payment provider and recharge settings of the server's configuration (config.ts reads them
// with the rest of the environment): PAYMENT_*, RECHARGE_*, ALIPAY_* and WECHATPAY_*.
import { ConfigError } from './config-error.ts';

export const PAYMENT_PROVIDER_NAMES = ['sandbox', 'alipay', 'wechat'] as const;
export type PaymentProviderSetting = (typeof PAYMENT_PROVIDER_NAMES)[number];

export interface RechargeSettings {
  /** RECHARGE_POINTS_PER_YUAN (default 1): points per yuan = hundredths of a point per fen. */
  pointsPerFen: number;
  /** RECHARGE_MIN_FEN (default 100 = 1 yuan). */
  minAmount: number;
  /** RECHARGE_MAX_FEN (default and ceiling 5,000,000 = 50,000 yuan). */
  maxAmount: number;
  /** RECHARGE_EXPIRE_MINUTES (default 15): how long an order can be paid. */
  expireSeconds: number;
  /** RECHARGE_MAX_OPEN (default 5): unpaid orders an account may have open at once. */
  maxOpen: number;
}

export interface PaymentConfig {
  /** PAYMENT_PROVIDER: sandbox (default outside production), alipay or wechat. */
  provider: PaymentProviderSetting;
  recharge: RechargeSettings;
  /**
   * PAYMENT_NOTIFY_BASE: this server's public origin as the provider reaches it (https://shop.example);
   * notify URLs are `${base}/api/pay/notify/alipay` and `…/wechat`. Required for the real providers.
   */
  notifyBase: string;
  alipay?: AlipayConfig;
  wechatpay?: WechatPayConfig;
}

export interface AlipayConfig {
  /** ALIPAY_APP_ID */
  appId: string;
  /** ALIPAY_PRIVATE_KEY: the application's RSA private key, PEM (\n escapes allowed). */
  privateKey: string;
  /** ALIPAY_PUBLIC_KEY: Alipay's public key, PEM, that signs answers and notifies. */
  alipayPublicKey: string;
  /** ALIPAY_GATEWAY (default https://openapi.alipay.com/gateway.do; tests point it at a fake). */
  gateway: string;
  /** ALIPAY_SELLER_ID: the merchant's Alipay user id (2088…); a notify naming another seller is refused. */
  sellerId: string;
  /** ALIPAY_MODE: precreate (a QR code, default) or page (the cashier page URL). */
  mode: 'precreate' | 'page';
}

export interface WechatPayConfig {
  /** WECHATPAY_APPID: the app id the merchant is bound to. */
  appId: string;
  /** WECHATPAY_MCHID: the merchant id. */
  mchId: string;
  /** WECHATPAY_SERIAL_NO: the serial number of the merchant API certificate (in the Authorization header). */
  serialNo: string;
  /** WECHATPAY_PRIVATE_KEY: the merchant API private key, PEM. */
  privateKey: string;
  /** WECHATPAY_API_V3_KEY: the 32-byte APIv3 key that decrypts notify resources. */
  apiV3Key: string;
  /** WECHATPAY_PLATFORM_PUBLIC_KEY: WeChat Pay's public key (PEM) that signs answers and notifies. */
  platformPublicKey: string;
  /** WECHATPAY_PLATFORM_SERIAL: its id (Wechatpay-Serial), e.g. PUB_KEY_ID_…; other serials are refused. */
  platformSerial: string;
  /** WECHATPAY_API_BASE (default https://api.mch.weixin.qq.com). */
  apiBase: string;
}

export const RECHARGE_DEFAULTS: RechargeSettings = {
  pointsPerFen: 1,
  minAmount: 100,
  maxAmount: 5_000_000,
  expireSeconds: 15 * 60,
  maxOpen: 5,
};

/**
 * The part of the server's configuration (config.ts ServerConfig) these read: named here, not
 * imported, so config.ts (which builds PaymentConfig with this file) and this file do not import
 * each other.
 */
interface ConfigWithPayment {
  production: boolean;
  payment?: PaymentConfig | undefined;
}

/** The recharge settings in force (defaults when PAYMENT_* and RECHARGE_* are unset). */
export const rechargeSettings = (config: ConfigWithPayment): RechargeSettings =>
  config.payment?.recharge ?? RECHARGE_DEFAULTS;

/** The payment provider in force: the sandbox by default outside production, none in production. */
export function paymentProviderOf(config: ConfigWithPayment): PaymentProviderSetting | null {
  if (config.payment) return config.payment.provider;
  return config.production ? null : 'sandbox';
}

const pem = (raw: string | undefined) => (raw ?? '').trim().replace(/\\n/g, '\n');

export function paymentConfig(env: NodeJS.ProcessEnv, production: boolean): PaymentConfig | undefined {
  const keys = Object.keys(env).filter(
    (k) => /^(PAYMENT_|RECHARGE_|ALIPAY_|WECHATPAY_)/.test(k) && env[k]?.trim(),
  );
  if (keys.length === 0) return undefined;
  const provider = (env.PAYMENT_PROVIDER?.trim() || 'sandbox') as PaymentProviderSetting;
  if (!(PAYMENT_PROVIDER_NAMES as readonly string[]).includes(provider))
    throw new ConfigError(`PAYMENT_PROVIDER must be sandbox, alipay or wechat, got ${provider}`);
  if (provider === 'sandbox' && production)
    throw new ConfigError(
      'PAYMENT_PROVIDER sandbox completes payments without money and is refused in production: configure alipay or wechat',
    );

  const int = (name: string, fallback: number, min: number, max: number) => {
    const raw = env[name]?.trim();
    if (!raw) return fallback;
    const n = Number(raw);
    if (!Number.isInteger(n) || n < min || n > max)
      throw new ConfigError(`${name} must be a whole number from ${min} to ${max}, got ${raw}`);
    return n;
  };
  const recharge: RechargeSettings = {
    pointsPerFen: int('RECHARGE_POINTS_PER_YUAN', RECHARGE_DEFAULTS.pointsPerFen, 1, 10_000),
    minAmount: int('RECHARGE_MIN_FEN', RECHARGE_DEFAULTS.minAmount, 1, RECHARGE_DEFAULTS.maxAmount),
    maxAmount: int('RECHARGE_MAX_FEN', RECHARGE_DEFAULTS.maxAmount, 1, RECHARGE_DEFAULTS.maxAmount),
    expireSeconds: int('RECHARGE_EXPIRE_MINUTES', RECHARGE_DEFAULTS.expireSeconds / 60, 1, 24 * 60) * 60,
    maxOpen: int('RECHARGE_MAX_OPEN', RECHARGE_DEFAULTS.maxOpen, 1, 100),
  };
  if (recharge.minAmount > recharge.maxAmount)
    throw new ConfigError('RECHARGE_MIN_FEN must not be above RECHARGE_MAX_FEN');

  const notifyBase = (env.PAYMENT_NOTIFY_BASE?.trim() ?? '').replace(/\/+$/, '');
  if (notifyBase && !/^https?:\/\/[^/]+$/.test(notifyBase))
    throw new ConfigError('PAYMENT_NOTIFY_BASE must be an origin such as https://shop.example.com');
  const config: PaymentConfig = { provider, recharge, notifyBase };
  if (provider === 'sandbox') return config;
  if (!notifyBase) throw new ConfigError(`PAYMENT_PROVIDER ${provider} needs PAYMENT_NOTIFY_BASE`);

  const required = (names: string[]) => {
    const missing = names.filter((n) => !env[n]?.trim());
    if (missing.length) throw new ConfigError(`PAYMENT_PROVIDER ${provider} needs ${missing.join(', ')}`);
  };
  const url = (name: string, fallback: string) => {
    const value = (env[name]?.trim() || fallback).replace(/\/+$/, '');
    if (!/^https?:\/\//.test(value)) throw new ConfigError(`${name} must be an absolute URL`);
    return value;
  };
  if (provider === 'alipay') {
    required(['ALIPAY_APP_ID', 'ALIPAY_PRIVATE_KEY', 'ALIPAY_PUBLIC_KEY']);
    const mode = env.ALIPAY_MODE?.trim() || 'precreate';
    if (mode !== 'precreate' && mode !== 'page')
      throw new ConfigError('ALIPAY_MODE must be precreate or page');
    config.alipay = {
      appId: env.ALIPAY_APP_ID!.trim(),
      privateKey: pem(env.ALIPAY_PRIVATE_KEY),
      alipayPublicKey: pem(env.ALIPAY_PUBLIC_KEY),
      gateway: url('ALIPAY_GATEWAY', 'https://openapi.alipay.com/gateway.do'),
      sellerId: env.ALIPAY_SELLER_ID?.trim() ?? '',
      mode,
    };
  } else {
    required([
      'WECHATPAY_APPID',
      'WECHATPAY_MCHID',
      'WECHATPAY_SERIAL_NO',
      'WECHATPAY_PRIVATE_KEY',
      'WECHATPAY_API_V3_KEY',
      'WECHATPAY_PLATFORM_PUBLIC_KEY',
      'WECHATPAY_PLATFORM_SERIAL',
    ]);
    const apiV3Key = env.WECHATPAY_API_V3_KEY!.trim();
    if (Buffer.byteLength(apiV3Key) !== 32) throw new ConfigError('WECHATPAY_API_V3_KEY must be 32 bytes');
    config.wechatpay = {
      appId: env.WECHATPAY_APPID!.trim(),
      mchId: env.WECHATPAY_MCHID!.trim(),
      serialNo: env.WECHATPAY_SERIAL_NO!.trim(),
      privateKey: pem(env.WECHATPAY_PRIVATE_KEY),
      apiV3Key,
      platformPublicKey: pem(env.WECHATPAY_PLATFORM_PUBLIC_KEY),
      platformSerial: env.WECHATPAY_PLATFORM_SERIAL!.trim(),
      apiBase: url('WECHATPAY_API_BASE', 'https://api.mch.weixin.qq.com'),
    };
  }
  return config;
}
