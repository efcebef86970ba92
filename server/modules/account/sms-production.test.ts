// sendsms in production: without a provider every purpose answers SMS_NOT_CONFIGURED and nothing is
// stored or sent; with a real provider (the local fakes of Aliyun and Tencent) the code reaches the
// provider, its refusals become precise errcodes, and neither the phone nor the code is in the log.
import { Writable } from 'node:stream';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { endpoints } from '#contract/endpoints.ts';
import { ErrCode } from '#contract/errcodes.ts';
import type * as LoggerModule from '#server/lib/logger.ts';
import { FakeAliyunSms } from '#tests/setup/fake-aliyun-sms.ts';
import { FakeTencentSms } from '#tests/setup/fake-tencent-sms.ts';
import { createTestServer, type TestServer } from '#tests/setup/server-harness.ts';

const captured = vi.hoisted(() => [] as string[]);
vi.mock('#server/lib/logger.ts', async (importOriginal) => {
  const original = await importOriginal<typeof LoggerModule>();
  return {
    ...original,
    loggerOptions: (level: string) => ({
      ...(original.loggerOptions(level) as object),
      stream: new Writable({
        write(chunk, _encoding, done) {
          captured.push(String(chunk));
          done();
        },
      }),
    }),
  };
});

const SEND = endpoints.sendSms.path;
const BIND = endpoints.bindingPhone.path;
const PHONE = '13812345678';
const logs = () => captured.join('');

let aliyun: FakeAliyunSms;
let tencent: FakeTencentSms;
let s: TestServer | null = null;
beforeAll(async () => {
  aliyun = await new FakeAliyunSms().start();
  tencent = await new FakeTencentSms().start();
});
afterAll(async () => {
  await aliyun.stop();
  await tencent.stop();
});
afterEach(async () => {
  await s?.close();
  s = null;
});

const production = async (sms?: NonNullable<Parameters<typeof createTestServer>[0]>['config']) => {
  s = await createTestServer({ logger: true, config: { production: true, logLevel: 'info', ...sms } });
  return s;
};
const codesStored = async (srv: TestServer) =>
  (await srv.db.selectFrom('sms_codes').select('id').execute()).length;

describe('sendsms in production without an SMS provider', () => {
  it('answers SMS_NOT_CONFIGURED for every purpose, signed in or not, and stores or logs no code', async () => {
    const srv = await production();
    const token = await srv.session('editor');
    await srv.db.updateTable('users').set({ phone_number: PHONE }).where('username', '=', 'editor').execute();
    const before = captured.length;
    for (const purpose of ['register', 'reset_password', 'login', 'binding_phone', 'edit_password']) {
      const res = await srv.call(SEND, { phone: PHONE, purpose }, { token });
      expect([purpose, res.errcode]).toEqual([purpose, ErrCode.SMS_NOT_CONFIGURED]);
      expect(res.msg).toContain('短信服务未配置');
    }
    // Without a token too: the refusal comes first and tells nothing about the phone.
    expect((await srv.call(SEND, { phone: PHONE, purpose: 'edit_password' })).errcode).toBe(
      ErrCode.SMS_NOT_CONFIGURED,
    );
    expect(await codesStored(srv)).toBe(0);
    const outbox = await srv.db.selectFrom('sms_outbox').select('id').execute();
    expect(outbox).toHaveLength(0);
    expect((await srv.app.inject({ method: 'GET', url: '/sandbox/sms' })).statusCode).toBe(404);
    const written = captured.slice(before).join('');
    expect(written).not.toContain('SANDBOX');
    expect(written).not.toContain(PHONE);
  });
});

describe('sendsms in production through Alibaba Cloud SMS', () => {
  it('sends the code through the provider, which binds the phone; the log holds neither phone nor code', async () => {
    const srv = await production({ sms: { provider: 'aliyun', aliyun: aliyun.config() } });
    const token = await srv.session('editor');
    const before = captured.length;
    const sent = await srv.call<{ sandbox: boolean }>(
      SEND,
      { phone: PHONE, purpose: 'binding_phone' },
      { token },
    );
    expect(sent.errcode).toBe(0);
    expect(sent.datas.sandbox).toBe(false);
    const message = aliyun.sent.at(-1)!;
    expect(message.phone).toBe(PHONE);
    expect(message.templateCode).toBe(aliyun.config().templates.binding_phone);
    const code = message.params.code!;
    expect(code).toMatch(/^\d{6}$/);
    expect(Object.keys(message.params)).toEqual(['code']);
    expect((await srv.call(BIND, { phone: PHONE, code }, { token })).errcode).toBe(0);

    const written = captured.slice(before).join('');
    expect(written).toContain('/api/user/sendsms'); // the request lines are there...
    expect(written).not.toContain(PHONE); // ...but not the phone
    expect(written).not.toContain(code); // nor the code
    expect(written).not.toContain('SANDBOX');
  });

  it('maps throttling to SMS_PROVIDER_THROTTLED, stores no code and keeps no cooldown', async () => {
    const srv = await production({ sms: { provider: 'aliyun', aliyun: aliyun.config() } });
    const before = captured.length;
    aliyun.nextCode = 'isv.BUSINESS_LIMIT_CONTROL';
    const res = await srv.call(SEND, { phone: PHONE, purpose: 'register' });
    expect(res.errcode).toBe(ErrCode.SMS_PROVIDER_THROTTLED);
    expect(await codesStored(srv)).toBe(0);
    // The operator reads why, without the phone.
    const warn = captured
      .slice(before)
      .map((l) => JSON.parse(l) as { msg?: string; reason?: string })
      .find((l) => l.msg === 'SMS provider did not send');
    expect(warn?.reason).toContain('isv.BUSINESS_LIMIT_CONTROL');
    expect(captured.slice(before).join('')).not.toContain(PHONE);
    // Nothing was sent, so the 60 s between two sends does not apply.
    expect((await srv.call(SEND, { phone: PHONE, purpose: 'register' })).errcode).toBe(0);
    expect(await codesStored(srv)).toBe(1);
  });

  it('maps an illegal number to SMS_PHONE_REFUSED and a bad answer to SMS_SEND_FAILED', async () => {
    const srv = await production({ sms: { provider: 'aliyun', aliyun: aliyun.config() } });
    aliyun.nextCode = 'isv.MOBILE_NUMBER_ILLEGAL';
    expect((await srv.call(SEND, { phone: PHONE, purpose: 'register' })).errcode).toBe(
      ErrCode.SMS_PHONE_REFUSED,
    );
    aliyun.nextCode = 'isv.AMOUNT_NOT_ENOUGH';
    expect((await srv.call(SEND, { phone: PHONE, purpose: 'register' })).errcode).toBe(
      ErrCode.SMS_SEND_FAILED,
    );
    expect(await codesStored(srv)).toBe(0);
  });

  it('answers SMS_SEND_FAILED when the keys are wrong (the signature is refused)', async () => {
    const srv = await production({
      sms: { provider: 'aliyun', aliyun: aliyun.config({ accessKeySecret: 'wrong' }) },
    });
    expect((await srv.call(SEND, { phone: PHONE, purpose: 'register' })).errcode).toBe(
      ErrCode.SMS_SEND_FAILED,
    );
    expect(await codesStored(srv)).toBe(0);
  });
});

describe('sendsms in production through Tencent Cloud SMS', () => {
  it("sends the code as the template's first variable; limits and refusals map to their errcodes", async () => {
    const srv = await production({ sms: { provider: 'tencent', tencent: tencent.config() } });
    const before = captured.length;
    expect((await srv.call(SEND, { phone: PHONE, purpose: 'register' })).errcode).toBe(0);
    const message = tencent.sent.at(-1)!;
    expect(message.phone).toBe(`+86${PHONE}`);
    expect(message.params).toHaveLength(1);
    expect(captured.slice(before).join('')).not.toContain(message.params[0]!);

    tencent.nextStatus = 'LimitExceeded.PhoneNumberDailyLimit';
    expect((await srv.call(SEND, { phone: '13812340000', purpose: 'register' })).errcode).toBe(
      ErrCode.SMS_PROVIDER_THROTTLED,
    );
    tencent.nextStatus = 'FailedOperation.PhoneNumberInBlacklist';
    expect((await srv.call(SEND, { phone: '13812340001', purpose: 'register' })).errcode).toBe(
      ErrCode.SMS_PHONE_REFUSED,
    );
    expect(logs()).not.toContain('13812340001');
  });
});
