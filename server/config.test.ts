import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

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
      sessionTtlMs: 30 * DAY,
      testPuzzleX: null,
      checks: { sandboxLatency: 'realistic' },
      jobRunner: { concurrency: 64, leaseMs: 60_000, backoffBaseMs: 1000 },
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
    });
    expect(config).toEqual({
      port: 3000,
      host: '127.0.0.1',
      databaseUrl: 'postgres://u:p@db/repairops',
      production: true,
      staticDir: resolve('public-build'),
      logLevel: 'warn',
      sessionTtlMs: 7 * DAY,
      testPuzzleX: null,
      checks: { sandboxLatency: 'realistic' },
      jobRunner: { concurrency: 200, leaseMs: 5000, backoffBaseMs: 1000 },
    });
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

  it('ConfigError is an Error', () => {
    expect(new ConfigError('x')).toBeInstanceOf(Error);
  });
});
