import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';

export interface ServerConfig {
  port: number;
  host: string;
  /** `postgres://…` or a SQLite file path (default data/repairops.sqlite). */
  databaseUrl: string;
  production: boolean;
  /** Serve the built PWA from here when it exists (one port for PWA, API and socket.io). */
  staticDir: string;
  logLevel: string;
  sessionTtlMs: number;
  /**
   * Test-only: every slider puzzle gets this answer, so browser tests can drag to a known spot.
   * Set by REPAIROPS_TEST_PUZZLE_X; refused in production.
   */
  testPuzzleX: number | null;
  /**
   * WeChat website login (open platform), from WECHAT_APPID, WECHAT_SECRET, WECHAT_REDIRECT_URI and
   * WECHAT_API_BASE. Absent: the sandbox provider in development; in production qrcode is refused.
   */
  wechat?: WechatConfig;
  /**
   * Device checks: the sandbox unless CHECKS_PROVIDER_URL and CHECKS_PROVIDER_KEY name a real
   * provider. loadConfig always sets it; absent (a hand-made config): the sandbox, realistic latency.
   */
  checks?: ChecksConfig;
  /**
   * The device-check job runner: CHECKS_CONCURRENCY, CHECKS_LEASE_MS and CHECKS_RETRY_BASE_MS (the
   * first retry's backoff), defaults 64, 60 s and 1 s.
   */
  jobRunner: { concurrency: number; leaseMs: number; backoffBaseMs: number };
  /** Abuse limits (docs/decisions/0024-idempotency-and-abuse-limits.md); absent: the defaults. */
  limits?: Partial<LimitsConfig>;
  /** Repair progress (issue 10): sandbox speed and monitor timing; absent: the defaults. */
  repairs?: RepairsConfig;
  /**
   * Recharge and its payment provider (PAYMENT_*, RECHARGE_*, ALIPAY_*, WECHATPAY_*). Absent when
   * none of them is set: the sandbox provider with the default rate outside production, and no
   * provider in production (recharge then answers 5007). The sandbox is refused in production.
   */
  payment?: PaymentConfig;
  /**
   * Excel exports: EXPORTS_DIR (default data/exports; shared by every process), EXPORT_RETENTION_DAYS
   * (how long a file is kept, default 7) and EXPORT_LINK_SECRET (signs download links; default a key
   * kept in the database).
   */
  exports: { dir: string; retentionMs: number; linkSecret?: string };
  /**
   * Text recognition (identify_sn_imei): OCR_CONCURRENCY photos at once (default: cores - 1, at
   * least 1, at most 4), OCR_QUEUE_MAX waiting (default 8; more are told the service is busy), and
   * TESSERACT_PATH (default `tesseract` on PATH).
   */
  ocr: { concurrency: number; queueMax: number; binary: string };
}

export interface RepairsConfig {
  /** REPAIR_SANDBOX_SPEED: the sandbox's simulated repairs run this many times faster (default 1). */
  sandboxSpeed: number;
  /** MONITOR_INTERVAL_MINUTES: between two re-checks of a watched device (default 60). */
  monitorIntervalMs: number;
  /** MONITOR_TICK_SECONDS: how often each process looks for due monitors (default 15). */
  monitorTickMs: number;
}

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

/** The recharge settings in force (defaults when PAYMENT_* and RECHARGE_* are unset). */
export const rechargeSettings = (config: ServerConfig): RechargeSettings =>
  config.payment?.recharge ?? RECHARGE_DEFAULTS;

/** The payment provider in force: the sandbox by default outside production, none in production. */
export function paymentProviderOf(config: ServerConfig): PaymentProviderSetting | null {
  if (config.payment) return config.payment.provider;
  return config.production ? null : 'sandbox';
}

const pem = (raw: string | undefined) => (raw ?? '').trim().replace(/\\n/g, '\n');

function paymentConfig(env: NodeJS.ProcessEnv, production: boolean): PaymentConfig | undefined {
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

export interface LimitsConfig {
  /** REQUEST_KEY_LEASE_MS: a pending request_id whose holder is this long gone is taken over (15 s). */
  requestKeyLeaseMs: number;
  /** REQUEST_TIMEOUT_MS: the whole request (headers and body) must arrive within this (120 s: 24 MB on a slow line). */
  requestTimeoutMs: number;
  /** CONNECTION_TIMEOUT_MS: a connection silent this long is closed (30 s). */
  connectionTimeoutMs: number;
  /** TNCODE_PER_MINUTE: slider puzzles one address may fetch a minute (30). */
  puzzlesPerMinute: number;
}

export const DEFAULT_LIMITS: LimitsConfig = {
  requestKeyLeaseMs: 15_000,
  requestTimeoutMs: 120_000,
  connectionTimeoutMs: 30_000,
  puzzlesPerMinute: 30,
};

export interface WechatConfig {
  appId: string;
  secret: string;
  /** Where WeChat sends the browser back: this server's `/api/login/wx_callback`, absolute. */
  redirectUri: string;
  /** https://api.weixin.qq.com unless told otherwise (tests point it at a local fake). */
  apiBase: string;
}

export const CHECKS_SANDBOX_LATENCIES = ['realistic', 'zero'] as const;

export interface ChecksConfig {
  /** CHECKS_SANDBOX_LATENCY: the sandbox answers like a real provider ('realistic') or at once ('zero'). */
  sandboxLatency: (typeof CHECKS_SANDBOX_LATENCIES)[number];
  /** A reseller's HTTP API (server/providers/checks/http.ts), when configured. */
  http?: ChecksHttpConfig;
}

export interface ChecksHttpConfig {
  /** CHECKS_PROVIDER_NAME (default the URL's host): recorded on every result it gives. */
  name: string;
  /** CHECKS_PROVIDER_URL, absolute, without a trailing slash. */
  url: string;
  /** CHECKS_PROVIDER_KEY, sent as a bearer token. */
  key: string;
}

function checksConfig(env: NodeJS.ProcessEnv): ChecksConfig {
  const latency = env.CHECKS_SANDBOX_LATENCY?.trim() || 'realistic';
  if (!(CHECKS_SANDBOX_LATENCIES as readonly string[]).includes(latency))
    throw new ConfigError(`CHECKS_SANDBOX_LATENCY must be realistic or zero, got ${latency}`);
  const sandboxLatency = latency as ChecksConfig['sandboxLatency'];
  const url = (env.CHECKS_PROVIDER_URL?.trim() ?? '').replace(/\/+$/, '');
  const key = env.CHECKS_PROVIDER_KEY?.trim() ?? '';
  const name = env.CHECKS_PROVIDER_NAME?.trim() ?? '';
  if (!url && !key && !name) return { sandboxLatency };
  if (!url || !key)
    throw new ConfigError(
      'CHECKS_PROVIDER_URL and CHECKS_PROVIDER_KEY go together: set both (or neither for the sandbox)',
    );
  let host: string;
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new Error('not http');
    host = parsed.host;
  } catch {
    throw new ConfigError('CHECKS_PROVIDER_URL must be an absolute http(s) URL');
  }
  if (name.toLowerCase() === 'sandbox')
    throw new ConfigError('CHECKS_PROVIDER_NAME "sandbox" is reserved for the sandbox provider');
  return { sandboxLatency, http: { name: name || host, url, key } };
}

export const WECHAT_API_BASE = 'https://api.weixin.qq.com';

function wechatConfig(env: NodeJS.ProcessEnv): WechatConfig | undefined {
  const appId = env.WECHAT_APPID?.trim() ?? '';
  const secret = env.WECHAT_SECRET?.trim() ?? '';
  const redirectUri = env.WECHAT_REDIRECT_URI?.trim() ?? '';
  if (!appId && !secret && !redirectUri) return undefined;
  if (!appId || !secret || !redirectUri)
    throw new ConfigError('WECHAT_APPID, WECHAT_SECRET and WECHAT_REDIRECT_URI go together: set all three');
  if (!/^https?:\/\//.test(redirectUri)) throw new ConfigError('WECHAT_REDIRECT_URI must be an absolute URL');
  const apiBase = (env.WECHAT_API_BASE?.trim() || WECHAT_API_BASE).replace(/\/+$/, '');
  if (!/^https?:\/\//.test(apiBase)) throw new ConfigError('WECHAT_API_BASE must be an absolute URL');
  return { appId, secret, redirectUri, apiBase };
}

export class ConfigError extends Error {}

const DAY_MS = 24 * 3600 * 1000;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const production = env.NODE_ENV === 'production';
  const port = Number(env.PORT || 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new ConfigError(`PORT must be 0-65535, got ${env.PORT}`);

  let testPuzzleX: number | null = null;
  if (env.REPAIROPS_TEST_PUZZLE_X !== undefined && env.REPAIROPS_TEST_PUZZLE_X !== '') {
    if (production)
      throw new ConfigError('REPAIROPS_TEST_PUZZLE_X makes sign-in guessable and is refused in production');
    testPuzzleX = Number(env.REPAIROPS_TEST_PUZZLE_X);
    if (!Number.isInteger(testPuzzleX)) throw new ConfigError('REPAIROPS_TEST_PUZZLE_X must be an integer');
  }

  const sessionTtlDays = Number(env.SESSION_TTL_DAYS ?? 30);
  if (!Number.isFinite(sessionTtlDays) || sessionTtlDays <= 0) {
    throw new ConfigError(`SESSION_TTL_DAYS must be a positive number, got ${env.SESSION_TTL_DAYS}`);
  }

  const wechat = wechatConfig(env);
  const checks = checksConfig(env);
  const payment = paymentConfig(env, production);

  const positive = (name: string, fallback: number) => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    const n = Number(raw);
    if (!Number.isInteger(n) || n <= 0)
      throw new ConfigError(`${name} must be a positive integer, got ${raw}`);
    return n;
  };
  const jobRunner = {
    concurrency: positive('CHECKS_CONCURRENCY', 64),
    leaseMs: positive('CHECKS_LEASE_MS', 60_000),
    backoffBaseMs: positive('CHECKS_RETRY_BASE_MS', 1_000),
  };

  const limits: LimitsConfig = {
    requestKeyLeaseMs: positive('REQUEST_KEY_LEASE_MS', DEFAULT_LIMITS.requestKeyLeaseMs),
    requestTimeoutMs: positive('REQUEST_TIMEOUT_MS', DEFAULT_LIMITS.requestTimeoutMs),
    connectionTimeoutMs: positive('CONNECTION_TIMEOUT_MS', DEFAULT_LIMITS.connectionTimeoutMs),
    puzzlesPerMinute: positive('TNCODE_PER_MINUTE', DEFAULT_LIMITS.puzzlesPerMinute),
  };

  const retentionDays = Number(env.EXPORT_RETENTION_DAYS ?? 7);
  if (!Number.isFinite(retentionDays) || retentionDays <= 0)
    throw new ConfigError(
      `EXPORT_RETENTION_DAYS must be a positive number, got ${env.EXPORT_RETENTION_DAYS}`,
    );
  const linkSecret = env.EXPORT_LINK_SECRET?.trim();
  if (linkSecret !== undefined && linkSecret !== '' && linkSecret.length < 32)
    throw new ConfigError('EXPORT_LINK_SECRET must be at least 32 characters');
  const exportsConfig = {
    dir: resolve(env.EXPORTS_DIR ?? resolve('data', 'exports')),
    retentionMs: retentionDays * DAY_MS,
    ...(linkSecret ? { linkSecret } : {}),
  };
  const ocr = {
    concurrency: positive('OCR_CONCURRENCY', Math.min(4, Math.max(1, availableParallelism() - 1))),
    queueMax: positive('OCR_QUEUE_MAX', 8),
    binary: env.TESSERACT_PATH?.trim() || 'tesseract',
  };
  const speed = Number(env.REPAIR_SANDBOX_SPEED ?? 1);
  if (!Number.isFinite(speed) || speed <= 0 || speed > 1_000_000)
    throw new ConfigError(`REPAIR_SANDBOX_SPEED must be a number above 0, got ${env.REPAIR_SANDBOX_SPEED}`);
  const repairs: RepairsConfig = {
    sandboxSpeed: speed,
    monitorIntervalMs: positive('MONITOR_INTERVAL_MINUTES', 60) * 60_000,
    monitorTickMs: positive('MONITOR_TICK_SECONDS', 15) * 1000,
  };

  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL ?? resolve('data', 'repairops.sqlite'),
    production,
    staticDir: resolve(env.STATIC_DIR ?? 'dist'),
    logLevel: env.LOG_LEVEL ?? 'info',
    sessionTtlMs: sessionTtlDays * DAY_MS,
    testPuzzleX,
    jobRunner,
    limits,
    exports: exportsConfig,
    ocr,
    ...(wechat ? { wechat } : {}),
    checks,
    repairs,
    ...(payment ? { payment } : {}),
  };
}
