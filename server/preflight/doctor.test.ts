import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { doctor } from './doctor.ts';

const dir = mkdtempSync(join(tmpdir(), 'doctor-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Only what a test sets: nothing of the shell that runs the tests. */
const base = { DATABASE_URL: join(dir, 'db.sqlite'), EXPORTS_DIR: join(dir, 'exports') };
const lineOf = (lines: string[], name: string, from = 0) =>
  lines.slice(from).find((l) => l.trimStart().startsWith(`${name} `)) ?? '';

const SECRETS = {
  CHECKS_PROVIDER_KEY: 'chk-secret-7f3a9',
  WECHAT_SECRET: 'wx-secret-51c2e',
  ALIPAY_PRIVATE_KEY: '-----BEGIN PRIVATE KEY-----\\nALIPAYPRIVATEb64\\n-----END PRIVATE KEY-----',
  ALIPAY_PUBLIC_KEY: '-----BEGIN PUBLIC KEY-----\\nALIPAYPUBLICb64\\n-----END PUBLIC KEY-----',
  EXPORT_LINK_SECRET: 'export-link-secret-0123456789abcdef',
  SMS_ALIYUN_ACCESS_KEY_SECRET: 'aliyun-sms-secret-d41e7',
};
const FULL_PRODUCTION = {
  ...base,
  NODE_ENV: 'production',
  CHECKS_PROVIDER_URL: 'https://checks.example.com/api',
  CHECKS_PROVIDER_KEY: SECRETS.CHECKS_PROVIDER_KEY,
  CHECKS_PROVIDER_NAME: 'reseller',
  WECHAT_APPID: 'wx1234567890',
  WECHAT_SECRET: SECRETS.WECHAT_SECRET,
  WECHAT_REDIRECT_URI: 'https://shop.example.com/api/login/wx_callback',
  PAYMENT_PROVIDER: 'alipay',
  PAYMENT_NOTIFY_BASE: 'https://shop.example.com',
  ALIPAY_APP_ID: '2021000000000001',
  ALIPAY_PRIVATE_KEY: SECRETS.ALIPAY_PRIVATE_KEY,
  ALIPAY_PUBLIC_KEY: SECRETS.ALIPAY_PUBLIC_KEY,
  EXPORT_LINK_SECRET: SECRETS.EXPORT_LINK_SECRET,
  SMS_PROVIDER: 'aliyun',
  SMS_ALIYUN_ACCESS_KEY_ID: 'LTAI5tAccessKeyId01',
  SMS_ALIYUN_ACCESS_KEY_SECRET: SECRETS.SMS_ALIYUN_ACCESS_KEY_SECRET,
  SMS_ALIYUN_SIGN_NAME: '老王维修',
  SMS_ALIYUN_TEMPLATE_EDIT_PASSWORD: 'SMS_1001',
  SMS_ALIYUN_TEMPLATE_BINDING_PHONE: 'SMS_1002',
  SMS_ALIYUN_TEMPLATE_RESET_PASSWORD: 'SMS_1003',
  SMS_ALIYUN_TEMPLATE_REGISTER: 'SMS_1004',
};

describe('npm run doctor (server/preflight)', () => {
  it('an empty configuration: every provider a sandbox; production would run without WeChat and payment', async () => {
    const { lines, exitCode } = await doctor({ ...base });
    expect(exitCode).toBe(0);
    for (const name of ['checks', 'repairs', 'sms', 'wechat', 'payment'])
      expect(lineOf(lines, name)).toMatch(new RegExp(`^  ${name}\\s+sandbox `));
    expect(lineOf(lines, 'database')).toMatch(/configured .*made on the first start/);
    expect(lineOf(lines, 'exports')).toMatch(/configured/);
    expect(lineOf(lines, 'tesseract')).toMatch(/^ {2}tesseract\s+(configured|missing)/);
    const prod = lines.indexOf('In production (NODE_ENV=production, the same settings):');
    expect(prod).toBeGreaterThan(0);
    expect(lineOf(lines, 'wechat', prod)).toMatch(/missing .*2032 \(not configured\)/);
    expect(lineOf(lines, 'payment', prod)).toMatch(/missing .*8000 \(not configured\)/);
    expect(lineOf(lines, 'sms', prod)).toMatch(/missing .*2040/);
    expect(lineOf(lines, 'checks', prod)).toMatch(/missing .*refused/);
    expect(lineOf(lines, 'repairs', prod)).toMatch(/missing/);
  });

  it('a development configuration: a real check provider, settings production refuses are named', async () => {
    const { lines, exitCode } = await doctor({
      ...base,
      NODE_ENV: 'development',
      CHECKS_PROVIDER_URL: 'https://checks.example.com/api/',
      CHECKS_PROVIDER_KEY: SECRETS.CHECKS_PROVIDER_KEY,
      REPAIROPS_TEST_PUZZLE_X: '150',
      RECHARGE_MIN_FEN: '500',
      TESSERACT_PATH: join(dir, 'no-such-tesseract'),
    });
    expect(exitCode).toBe(0);
    expect(lineOf(lines, 'checks')).toMatch(/configured\s+checks\.example\.com at checks\.example\.com /);
    expect(lineOf(lines, 'payment')).toMatch(/sandbox/);
    expect(lineOf(lines, 'tesseract')).toMatch(/missing .*not found.*could not be read/);
    expect(lines.join('\n')).toContain('refused at start: REPAIROPS_TEST_PUZZLE_X');
    const prod = lines.indexOf('  without the refused settings:');
    expect(prod).toBeGreaterThan(0);
    expect(lineOf(lines, 'payment', prod)).toMatch(/missing/);
    expect(lines.join('\n')).not.toContain(SECRETS.CHECKS_PROVIDER_KEY);
  });

  it('a full production set: each provider configured, and not one secret printed', async () => {
    const { lines, exitCode } = await doctor(FULL_PRODUCTION);
    expect(exitCode).toBe(0);
    expect(lineOf(lines, 'checks')).toMatch(/configured\s+reseller at checks\.example\.com/);
    expect(lineOf(lines, 'wechat')).toMatch(/configured\s+open platform app wx1234567890/);
    expect(lineOf(lines, 'payment')).toMatch(
      /configured\s+Alipay \(precreate\) .*notifies to https:\/\/shop\.example\.com\/api\/pay\/notify\/alipay/,
    );
    expect(lineOf(lines, 'exports')).toContain('links signed by EXPORT_LINK_SECRET');
    expect(lineOf(lines, 'sms')).toMatch(/configured\s+Alibaba Cloud SMS .*sign name "老王维修"/);
    expect(lines.join('\n')).not.toContain('In production');
    const text = lines.join('\n');
    for (const secret of Object.values(SECRETS)) expect(text).not.toContain(secret);
    expect(text).not.toContain('ALIPAYPRIVATE');
  });

  it('production with a sandbox-only setting: says the server refuses to start, exit 1', async () => {
    const { lines, exitCode } = await doctor({
      ...base,
      NODE_ENV: 'production',
      PAYMENT_PROVIDER: 'sandbox',
    });
    expect(exitCode).toBe(1);
    expect(lines.join('\n')).toContain(
      'The server refuses to start with this configuration: PAYMENT_PROVIDER sandbox',
    );
  });

  it('a PostgreSQL that does not answer: missing, exit 1, and neither user nor password printed', async () => {
    const { lines, exitCode } = await doctor({
      ...base,
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://shopuser:pg-pass-93b1@127.0.0.1:1/repairops',
    });
    expect(exitCode).toBe(1);
    expect(lineOf(lines, 'database')).toMatch(
      /missing\s+PostgreSQL 127\.0\.0\.1:1\/repairops does not answer/,
    );
    expect(lines.join('\n')).not.toMatch(/pg-pass-93b1|shopuser/);
  });
});
