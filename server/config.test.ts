import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError } from './config-error.ts';
import { loadConfig } from './config.ts';
import { RECHARGE_DEFAULTS, paymentProviderOf, rechargeSettings } from './payment-config.ts';

const DAY = 24 * 3600 * 1000;

describe('loadConfig', () => {
  it('has sensible defaults', () => {
    expect(loadConfig({})).toEqual({
      port: 8080,
      host: '0.0.0.0',
      databaseUrl: resolve('data', 'repairops.sqlite'),
      production: false,
      staticDir: resolve('dist'),
      logLevel: 'info',
      logFormat: 'pretty',
      sessionTtlMs: 30 * DAY,
      testPuzzleX: null,
      checks: { sandboxLatency: 'realistic' },
      jobRunner: { concurrency: 64, leaseMs: 60_000, backoffBaseMs: 1000 },
      exports: { dir: resolve('data', 'exports'), retentionMs: 7 * DAY },
      ocr: {
        concurrency: Math.min(4, Math.max(1, availableParallelism() - 1)),
        queueMax: 8,
        binary: 'tesseract',
        perAccountMax: 2,
        memoryMb: 768,
        timeoutMs: 30_000,
      },
      limits: {
        requestKeyLeaseMs: 15_000,
        requestTimeoutMs: 120_000,
        connectionTimeoutMs: 30_000,
        puzzlesPerMinute: 30,
      },
      repairs: { sandboxSpeed: 1, monitorIntervalMs: 3_600_000, monitorTickMs: 15_000 },
    });
  });

  it('reads the environment', () => {
    const config = loadConfig({
      PORT: '3000',
      HOST: '127.0.0.1',
      DATABASE_URL: 'postgres://u:p@db/repairops',
      NODE_ENV: 'production',
      STATIC_DIR: 'public-build',
      LOG_LEVEL: 'warn',
      SESSION_TTL_DAYS: '7',
      CHECKS_CONCURRENCY: '200',
      CHECKS_LEASE_MS: '5000',
      EXPORTS_DIR: '/srv/exports',
      EXPORT_RETENTION_DAYS: '2',
      OCR_CONCURRENCY: '3',
      OCR_QUEUE_MAX: '2',
      TESSERACT_PATH: '/opt/tesseract',
    });
    expect(config).toEqual({
      port: 3000,
      host: '127.0.0.1',
      databaseUrl: 'postgres://u:p@db/repairops',
      production: true,
      staticDir: resolve('public-build'),
      logLevel: 'warn',
      logFormat: 'json',
      sessionTtlMs: 7 * DAY,
      testPuzzleX: null,
      checks: { sandboxLatency: 'realistic' },
      jobRunner: { concurrency: 200, leaseMs: 5000, backoffBaseMs: 1000 },
      exports: { dir: resolve('/srv/exports'), retentionMs: 2 * DAY },
      ocr: {
        concurrency: 3,
        queueMax: 2,
        binary: '/opt/tesseract',
        perAccountMax: 2,
        memoryMb: 768,
        timeoutMs: 30_000,
      },
      limits: {
        requestKeyLeaseMs: 15_000,
        requestTimeoutMs: 120_000,
        connectionTimeoutMs: 30_000,
        puzzlesPerMinute: 30,
      },
      repairs: { sandboxSpeed: 1, monitorIntervalMs: 3_600_000, monitorTickMs: 15_000 },
    });
  });

  it('reads the abuse limits', () => {
    expect(
      loadConfig({
        REQUEST_KEY_LEASE_MS: '2000',
        REQUEST_TIMEOUT_MS: '5000',
        CONNECTION_TIMEOUT_MS: '4000',
        TNCODE_PER_MINUTE: '9',
      }).limits,
    ).toEqual({
      requestKeyLeaseMs: 2000,
      requestTimeoutMs: 5000,
      connectionTimeoutMs: 4000,
      puzzlesPerMinute: 9,
    });
    expect(() => loadConfig({ REQUEST_TIMEOUT_MS: '0' })).toThrow(/REQUEST_TIMEOUT_MS/);
  });

  it('reads the repair sandbox speed and the monitor timing', () => {
    expect(
      loadConfig({ REPAIR_SANDBOX_SPEED: '1440', MONITOR_INTERVAL_MINUTES: '5', MONITOR_TICK_SECONDS: '2' })
        .repairs,
    ).toEqual({ sandboxSpeed: 1440, monitorIntervalMs: 300_000, monitorTickMs: 2000 });
    expect(() => loadConfig({ REPAIR_SANDBOX_SPEED: '0' })).toThrow(ConfigError);
    expect(() => loadConfig({ MONITOR_INTERVAL_MINUTES: 'often' })).toThrow(ConfigError);
    expect(() => loadConfig({ LOG_FORMAT: 'yaml' })).toThrow(/LOG_FORMAT/);
    expect(loadConfig({ LOG_FORMAT: 'json' }).logFormat).toBe('json');
  });

  it('takes REPAIROPS_TEST_PUZZLE_X outside production', () => {
    expect(loadConfig({ REPAIROPS_TEST_PUZZLE_X: '150' }).testPuzzleX).toBe(150);
    expect(loadConfig({ REPAIROPS_TEST_PUZZLE_X: '150', NODE_ENV: 'test' }).testPuzzleX).toBe(150);
    expect(loadConfig({ REPAIROPS_TEST_PUZZLE_X: '' }).testPuzzleX).toBeNull();
  });

  it('refuses REPAIROPS_TEST_PUZZLE_X in production with a ConfigError', () => {
    const load = () => loadConfig({ NODE_ENV: 'production', REPAIROPS_TEST_PUZZLE_X: '150' });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(/refused in production/);
    // Empty means unset, also in production.
    expect(loadConfig({ NODE_ENV: 'production', REPAIROPS_TEST_PUZZLE_X: '' }).testPuzzleX).toBeNull();
  });

  it.each(['0', '-1', 'x', '2.5'])('refuses CHECKS_CONCURRENCY and CHECKS_LEASE_MS of %j', (value) => {
    expect(() => loadConfig({ CHECKS_CONCURRENCY: value })).toThrow(
      /CHECKS_CONCURRENCY must be a positive integer/,
    );
    expect(() => loadConfig({ CHECKS_LEASE_MS: value })).toThrow(ConfigError);
  });

  it.each(['abc', '12.5', '1e400'])('refuses a non-integer REPAIROPS_TEST_PUZZLE_X %j', (value) => {
    expect(() => loadConfig({ REPAIROPS_TEST_PUZZLE_X: value })).toThrow(ConfigError);
  });

  it.each(['abc', '-1', '65536', '70000', '80.5', '8080x', 'NaN'])(
    'refuses PORT=%s with a ConfigError',
    (port) => {
      expect(() => loadConfig({ PORT: port })).toThrow(ConfigError);
      expect(() => loadConfig({ PORT: port })).toThrow(`PORT must be 0-65535, got ${port}`);
    },
  );

  it.each([
    ['0', 0],
    ['65535', 65535],
    ['443', 443],
    ['', 8080],
  ])('accepts PORT=%s', (port, expected) => {
    expect(loadConfig({ PORT: port }).port).toBe(expected);
  });

  // A NaN session lifetime once made every sign-in fail with 1000 (expires_at stored as NULL).
  it('refuses a non-numeric SESSION_TTL_DAYS', () => {
    expect(() => loadConfig({ SESSION_TTL_DAYS: 'abc' })).toThrow(ConfigError);
  });

  describe('device checks provider', () => {
    const http = { CHECKS_PROVIDER_URL: 'https://checks.example.com/api/', CHECKS_PROVIDER_KEY: ' k-123 ' };

    it('is the sandbox unless a URL and key are set', () => {
      expect(loadConfig({}).checks).toEqual({ sandboxLatency: 'realistic' });
      expect(loadConfig({ CHECKS_SANDBOX_LATENCY: 'zero' }).checks).toEqual({ sandboxLatency: 'zero' });
      expect(loadConfig({ CHECKS_SANDBOX_LATENCY: '' }).checks).toEqual({ sandboxLatency: 'realistic' });
    });

    it('reads a real provider, trimmed, named after its host by default', () => {
      expect(loadConfig(http).checks).toEqual({
        sandboxLatency: 'realistic',
        http: { name: 'checks.example.com', url: 'https://checks.example.com/api', key: 'k-123' },
      });
      expect(loadConfig({ ...http, CHECKS_PROVIDER_NAME: 'ifree' }).checks?.http?.name).toBe('ifree');
    });

    it.each([
      [{ CHECKS_SANDBOX_LATENCY: 'fast' }, /realistic or zero/],
      [{ CHECKS_PROVIDER_URL: 'https://checks.example.com' }, /go together/],
      [{ CHECKS_PROVIDER_KEY: 'k' }, /go together/],
      [{ CHECKS_PROVIDER_NAME: 'ifree' }, /go together/],
      [{ ...http, CHECKS_PROVIDER_URL: 'checks.example.com' }, /absolute http/],
      [{ ...http, CHECKS_PROVIDER_URL: 'ftp://checks.example.com' }, /absolute http/],
      [{ ...http, CHECKS_PROVIDER_NAME: 'Sandbox' }, /reserved/],
    ])('refuses %j with a ConfigError', (env, message) => {
      expect(() => loadConfig(env)).toThrow(ConfigError);
      expect(() => loadConfig(env)).toThrow(message);
    });
  });

  describe('payment (recharge)', () => {
    const alipay = {
      PAYMENT_PROVIDER: 'alipay',
      PAYMENT_NOTIFY_BASE: 'https://shop.example.com/',
      ALIPAY_APP_ID: '2021000000000001',
      ALIPAY_PRIVATE_KEY: '-----BEGIN PRIVATE KEY-----\\nAAA\\n-----END PRIVATE KEY-----',
      ALIPAY_PUBLIC_KEY: 'pub',
    };
    const wechat = {
      PAYMENT_PROVIDER: 'wechat',
      PAYMENT_NOTIFY_BASE: 'https://shop.example.com',
      WECHATPAY_APPID: 'wx1',
      WECHATPAY_MCHID: '1900000001',
      WECHATPAY_SERIAL_NO: 'ABC',
      WECHATPAY_PRIVATE_KEY: 'key',
      WECHATPAY_API_V3_KEY: 'abcdefghijklmnopqrstuvwxyz012345',
      WECHATPAY_PLATFORM_PUBLIC_KEY: 'pub',
      WECHATPAY_PLATFORM_SERIAL: 'PUB_KEY_ID_1',
    };

    it('is absent without settings: the sandbox outside production, none in production', () => {
      expect(loadConfig({}).payment).toBeUndefined();
      expect(paymentProviderOf(loadConfig({}))).toBe('sandbox');
      expect(paymentProviderOf(loadConfig({ NODE_ENV: 'production' }))).toBeNull();
      expect(rechargeSettings(loadConfig({}))).toEqual(RECHARGE_DEFAULTS);
    });

    it('reads the rate, limits and expiry', () => {
      const p = loadConfig({
        RECHARGE_POINTS_PER_YUAN: '2',
        RECHARGE_MIN_FEN: '1000',
        RECHARGE_EXPIRE_MINUTES: '30',
      }).payment;
      expect(p).toEqual({
        provider: 'sandbox',
        notifyBase: '',
        recharge: { pointsPerFen: 2, minAmount: 1000, maxAmount: 5_000_000, expireSeconds: 1800, maxOpen: 5 },
      });
    });

    it('reads Alipay and WeChat Pay settings (PEM \\n escapes become newlines)', () => {
      const a = loadConfig(alipay).payment;
      expect(a?.notifyBase).toBe('https://shop.example.com');
      expect(a?.alipay).toMatchObject({
        appId: '2021000000000001',
        gateway: 'https://openapi.alipay.com/gateway.do',
        mode: 'precreate',
      });
      expect(a?.alipay?.privateKey).toBe('-----BEGIN PRIVATE KEY-----\nAAA\n-----END PRIVATE KEY-----');
      expect(loadConfig({ ...wechat, NODE_ENV: 'production' }).payment?.wechatpay).toMatchObject({
        mchId: '1900000001',
        apiBase: 'https://api.mch.weixin.qq.com',
      });
    });

    it.each([
      [{ PAYMENT_PROVIDER: 'sandbox', NODE_ENV: 'production' }, /refused in production/],
      [{ RECHARGE_MIN_FEN: '100', NODE_ENV: 'production' }, /refused in production/],
      [{ PAYMENT_PROVIDER: 'paypal' }, /sandbox, alipay or wechat/],
      [{ ...alipay, PAYMENT_NOTIFY_BASE: '' }, /needs PAYMENT_NOTIFY_BASE/],
      [{ ...alipay, PAYMENT_NOTIFY_BASE: 'https://shop.example.com/pay' }, /origin/],
      [{ ...alipay, ALIPAY_PUBLIC_KEY: '' }, /needs ALIPAY_PUBLIC_KEY/],
      [{ ...alipay, ALIPAY_MODE: 'app' }, /precreate or page/],
      [{ ...wechat, WECHATPAY_API_V3_KEY: 'short' }, /32 bytes/],
      [{ ...wechat, WECHATPAY_PLATFORM_SERIAL: '' }, /needs WECHATPAY_PLATFORM_SERIAL/],
      [{ RECHARGE_POINTS_PER_YUAN: '0.5' }, /whole number/],
      [{ RECHARGE_MIN_FEN: '1000', RECHARGE_MAX_FEN: '500' }, /not be above/],
    ])('refuses %j with a ConfigError', (env, message) => {
      expect(() => loadConfig(env)).toThrow(ConfigError);
      expect(() => loadConfig(env)).toThrow(message);
    });
  });

  it('ConfigError is an Error', () => {
    expect(new ConfigError('x')).toBeInstanceOf(Error);
  });
});
