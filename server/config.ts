import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { ConfigError } from './config-error.ts';
import { paymentConfig, type PaymentConfig } from './payment-config.ts';
import { smsConfig, type SmsConfig } from './sms-config.ts';
import { repairsProviderConfig, type RepairsHttpConfig } from './repairs-provider-config.ts';

export type { RepairsHttpConfig } from './repairs-provider-config.ts';
import { OCR_PER_ACCOUNT_MAX } from './modules/ocr/ocr-pool.ts';
import { TESSERACT_MEMORY_MB } from './modules/ocr/tesseract.ts';
import { parseAllowedOrigins } from './http/socket-origin.ts';
import type { LogFormat } from './lib/logger.ts';

export interface ServerConfig {
  port: number;
  host: string;
  /** `postgres://…` or a SQLite file path (default data/repairops.sqlite). */
  databaseUrl: string;
  production: boolean;
  /** Serve the built PWA from here when it exists (one port for PWA, API and socket.io). */
  staticDir: string;
  logLevel: string;
  /** LOG_FORMAT: `json` (default in production) or `pretty` (default otherwise: readable, quiet). */
  logFormat?: LogFormat;
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
   * provider in production (recharge then answers 8000, not configured). The sandbox is refused in production.
   */
  payment?: PaymentConfig;
  /**
   * SMS (SMS_PROVIDER, SMS_ALIYUN_*, SMS_TENCENT_*, SMS_API_BASE; server/sms-config.ts). Absent when
   * none is set: the sandbox outside production, and no provider in production (sendsms then answers
   * SMS_NOT_CONFIGURED). The sandbox is refused in production.
   */
  sms?: SmsConfig;
  /**
   * Excel exports: EXPORTS_DIR (default data/exports; shared by every process), EXPORT_RETENTION_DAYS
   * (how long a file is kept, default 7) and EXPORT_LINK_SECRET (signs download links; default a key
   * kept in the database).
   */
  exports: { dir: string; retentionMs: number; linkSecret?: string };
  /**
   * Text recognition (identify_sn_imei): OCR_CONCURRENCY photos at once (default: cores - 1, at
   * least 1, at most 4), OCR_QUEUE_MAX waiting (default 8; more are told the service is busy), and
   * TESSERACT_PATH (default `tesseract` on PATH). OCR_ACCOUNT_MAX places (running and waiting) one
   * account may hold (2), OCR_MEMORY_MB the address space of one tesseract run (768) and
   * OCR_TIMEOUT_SECONDS how long one may run before it is killed (30). Optional: tests leave them out.
   */
  /** SOCKET_ALLOWED_ORIGINS: pages of these origins may open a socket besides the server's own (unset: none). */
  socketAllowedOrigins?: string[];
  /**
   * PUBLIC_URL: the origin customers reach the server at (https://shop.example.com), put before the
   * status link of a message to a customer (decision 0050); unset: the link is a path.
   */
  publicUrl?: string;
  ocr: {
    concurrency: number;
    queueMax: number;
    binary: string;
    perAccountMax?: number;
    memoryMb?: number;
    timeoutMs?: number;
  };
}

export interface RepairsConfig {
  /** REPAIR_SANDBOX_SPEED: the sandbox's simulated repairs run this many times faster (default 1). */
  sandboxSpeed: number;
  /** MONITOR_INTERVAL_MINUTES: between two re-checks of a watched device (default 60). */
  monitorIntervalMs: number;
  /** MONITOR_TICK_SECONDS: how often each process looks for due monitors (default 15). */
  monitorTickMs: number;
  /**
   * A repair-status provider's HTTP API (REPAIRS_PROVIDER_URL, REPAIRS_PROVIDER_KEY,
   * REPAIRS_PROVIDER_NAME); absent: the sandbox outside production, none in production.
   */
  http?: RepairsHttpConfig;
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

const DAY_MS = 24 * 3600 * 1000;

/** DATABASE_URL, or the default SQLite file (tools such as create-admin need only this). */
export const databaseUrlOf = (env: NodeJS.ProcessEnv): string =>
  env.DATABASE_URL ?? resolve('data', 'repairops.sqlite');

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
  const sms = smsConfig(env, production);

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
    perAccountMax: positive('OCR_ACCOUNT_MAX', OCR_PER_ACCOUNT_MAX),
    memoryMb: positive('OCR_MEMORY_MB', TESSERACT_MEMORY_MB),
    timeoutMs: positive('OCR_TIMEOUT_SECONDS', 30) * 1000,
  };
  const socketAllowedOrigins = parseAllowedOrigins(env.SOCKET_ALLOWED_ORIGINS);
  const publicUrl = (env.PUBLIC_URL?.trim() ?? '').replace(/\/+$/, '');
  if (publicUrl && !/^https?:\/\/[^/]+$/.test(publicUrl))
    throw new ConfigError('PUBLIC_URL must be an origin such as https://shop.example.com');
  const speed = Number(env.REPAIR_SANDBOX_SPEED ?? 1);
  if (!Number.isFinite(speed) || speed <= 0 || speed > 1_000_000)
    throw new ConfigError(`REPAIR_SANDBOX_SPEED must be a number above 0, got ${env.REPAIR_SANDBOX_SPEED}`);
  const repairs: RepairsConfig = {
    sandboxSpeed: speed,
    monitorIntervalMs: positive('MONITOR_INTERVAL_MINUTES', 60) * 60_000,
    monitorTickMs: positive('MONITOR_TICK_SECONDS', 15) * 1000,
  };
  const repairsHttp = repairsProviderConfig(env);
  if (repairsHttp) repairs.http = repairsHttp;

  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: databaseUrlOf(env),
    production,
    staticDir: resolve(env.STATIC_DIR ?? 'dist'),
    logLevel: env.LOG_LEVEL ?? 'info',
    logFormat: logFormatOf(env.LOG_FORMAT, production),
    sessionTtlMs: sessionTtlDays * DAY_MS,
    testPuzzleX,
    jobRunner,
    limits,
    ...(socketAllowedOrigins.length ? { socketAllowedOrigins } : {}),
    ...(publicUrl ? { publicUrl } : {}),
    exports: exportsConfig,
    ocr,
    ...(wechat ? { wechat } : {}),
    checks,
    repairs,
    ...(payment ? { payment } : {}),
    ...(sms ? { sms } : {}),
  };
}

/** LOG_FORMAT, else JSON in production and readable lines anywhere else (a developer's terminal). */
function logFormatOf(value: string | undefined, production: boolean): LogFormat {
  if (value === undefined || value === '') return production ? 'json' : 'pretty';
  if (value === 'json' || value === 'pretty') return value;
  throw new ConfigError(`LOG_FORMAT must be json or pretty, got ${value}`);
}
