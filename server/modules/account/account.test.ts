import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ErrCode } from '#contract/errcodes.ts';
import { sendSmsOutput, userCenterOutput } from '#contract/schemas/account.ts';
import { SANDBOX_OUTBOX_KEEP, SandboxSmsProvider } from '#server/providers/sms/sandbox.ts';
import { SmsOutboxRepository } from '#server/providers/sms/outbox-repository.ts';
import { createTestServer, type TestServer } from '#tests/setup/server-harness.ts';
import { endpoints } from '#contract/endpoints.ts';

const CENTER = endpoints.userCenter.path;
const EDIT_PW = endpoints.editPassword.path;
const SEND = endpoints.sendSms.path;
const EDIT_PW_SMS = endpoints.editPasswordSms.path;
const BIND = endpoints.bindingPhone.path;
const GET_USER = endpoints.getUser.path;
const PHONE = '13812345678';

let s: TestServer;
let editor: string;

beforeEach(async () => {
  s = await createTestServer();
  editor = await s.session('editor');
});
afterEach(async () => {
  await s.close();
});

const lastCode = (phone: string) => s.lastSmsCode(phone);
const wrongOf = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
const bindPhone = (phone: string) =>
  s.db.updateTable('users').set({ phone_number: phone }).where('username', '=', 'editor').execute();

describe('user_center', () => {
  it("answers the caller's profile, wallet and VIP, phone masked", async () => {
    await bindPhone(PHONE);
    const res = await s.call(CENTER, {}, { token: editor });
    expect(res.errcode).toBe(0);
    const d = userCenterOutput.strict().parse(res.datas);
    expect(d).toMatchObject({
      username: 'editor',
      real_name: '李师傅',
      phone_number: '138****5678',
      wx_bound: false,
      vip_level: 1,
      integral: 1_000_00,
      frozen_integral: 0,
      account_name: '演示维修店',
      role: 1,
    });
    expect(res.raw).not.toContain(PHONE);
  });
});

describe('edit_password', () => {
  it('changes the password; other sessions end, the current one stays', async () => {
    const other = await s.session('editor');
    const res = await s.call(
      EDIT_PW,
      { old_password: 'repair2026', new_password: 'newpass123' },
      { token: editor },
    );
    expect(res.errcode).toBe(0);
    expect((await s.call(GET_USER, {}, { token: editor })).errcode).toBe(0);
    expect((await s.call(GET_USER, {}, { token: other })).errcode).toBe(ErrCode.SESSION_EXPIRED);
    expect(await s.login('editor', 'newpass123')).toBeTruthy();
  });

  it('WRONG_OLD_PASSWORD for a wrong old password; nothing changes', async () => {
    const other = await s.session('editor');
    const res = await s.call(
      EDIT_PW,
      { old_password: 'nope12345', new_password: 'newpass123' },
      { token: editor },
    );
    expect(res.errcode).toBe(ErrCode.WRONG_OLD_PASSWORD);
    expect(res.msg).toBe('原密码错误');
    expect((await s.call(GET_USER, {}, { token: other })).errcode).toBe(0);
    expect(await s.login('editor', 'repair2026')).toBeTruthy();
  });
});

describe('sendsms', () => {
  it('sends a 6-digit code through the sandbox (log line, outbox), stored hashed; answers cooldown', async () => {
    const res = await s.call(SEND, { phone: PHONE, purpose: 'binding_phone' }, { token: editor });
    expect(res.errcode).toBe(0);
    expect(sendSmsOutput.strict().parse(res.datas)).toEqual({ cooldown: 60, expires_in: 300, sandbox: true });
    const code = await lastCode(PHONE);
    const rows = await s.db.selectFrom('sms_codes').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ phone: PHONE, purpose: 'binding_phone', attempts: 0, used_at: null });
    expect(rows[0]!.code_hash).not.toContain(code);
  });

  it('RATE_LIMITED within the 60 s cooldown of phone+purpose, with the seconds to wait', async () => {
    expect((await s.call(SEND, { phone: PHONE, purpose: 'binding_phone' }, { token: editor })).errcode).toBe(
      0,
    );
    s.clock.advance(15_000);
    const res = await s.call(SEND, { phone: PHONE, purpose: 'binding_phone' }, { token: editor });
    expect(res.errcode).toBe(ErrCode.RATE_LIMITED);
    expect(res.datas).toEqual({ retry_after_seconds: 45 });
    s.clock.advance(45_000);
    expect((await s.call(SEND, { phone: PHONE, purpose: 'binding_phone' }, { token: editor })).errcode).toBe(
      0,
    );
  });

  it('limits a phone to 10 codes an hour, answering the time to wait', async () => {
    for (let i = 0; i < 10; i++) {
      const r = await s.call(SEND, { phone: PHONE, purpose: 'binding_phone' }, { token: editor });
      expect(r.errcode, `send ${i}`).toBe(0);
      s.clock.advance(60_000);
    }
    const res = await s.call(SEND, { phone: PHONE, purpose: 'binding_phone' }, { token: editor });
    expect(res.errcode).toBe(ErrCode.RATE_LIMITED);
    expect(res.datas).toEqual({ retry_after_seconds: 3600 - 600 });
  });

  it('limits an address to 30 codes an hour, whatever the phones', async () => {
    for (let i = 0; i < 30; i++) {
      const r = await s.call(
        SEND,
        { phone: `1390000${String(i).padStart(4, '0')}`, purpose: 'binding_phone' },
        { token: editor, remoteAddress: '10.0.0.9' },
      );
      expect(r.errcode, `send ${i}`).toBe(0);
    }
    const res = await s.call(
      SEND,
      { phone: PHONE, purpose: 'binding_phone' },
      { token: editor, remoteAddress: '10.0.0.9' },
    );
    expect(res.errcode).toBe(ErrCode.RATE_LIMITED);
    expect(res.datas).toEqual({ retry_after_seconds: 3600 });
    // Another address is not affected.
    expect((await s.call(SEND, { phone: PHONE, purpose: 'binding_phone' }, { token: editor })).errcode).toBe(
      0,
    );
  });

  it('needs the token for its signed-in purposes (the signed-out ones: signup.test.ts)', async () => {
    expect((await s.call(SEND, { phone: PHONE, purpose: 'binding_phone' })).errcode).toBe(
      ErrCode.SESSION_EXPIRED,
    );
    expect((await s.call(SEND, { phone: PHONE, purpose: 'edit_password' })).errcode).toBe(
      ErrCode.SESSION_EXPIRED,
    );
    expect((await s.call(SEND, { phone: PHONE, purpose: 'login' })).errcode).toBe(ErrCode.NOT_IMPLEMENTED);
  });

  it('edit_password: PHONE_NOT_BOUND without a bound phone, PHONE_MISMATCH for another phone', async () => {
    expect((await s.call(SEND, { phone: PHONE, purpose: 'edit_password' }, { token: editor })).errcode).toBe(
      ErrCode.PHONE_NOT_BOUND,
    );
    await bindPhone(PHONE);
    expect(
      (await s.call(SEND, { phone: '13900000000', purpose: 'edit_password' }, { token: editor })).errcode,
    ).toBe(ErrCode.PHONE_MISMATCH);
    expect((await s.call(SEND, { phone: PHONE, purpose: 'edit_password' }, { token: editor })).errcode).toBe(
      0,
    );
  });

  it('binding_phone: PHONE_TAKEN for a phone bound to another user (nothing sent)', async () => {
    await s.db.updateTable('users').set({ phone_number: PHONE }).where('username', '=', 'admin').execute();
    expect((await s.call(SEND, { phone: PHONE, purpose: 'binding_phone' }, { token: editor })).errcode).toBe(
      ErrCode.PHONE_TAKEN,
    );
    expect(await s.db.selectFrom('sms_outbox').selectAll().execute()).toEqual([]);
  });
});

describe('SMS code lifecycle (binding_phone)', () => {
  const send = () => s.call(SEND, { phone: PHONE, purpose: 'binding_phone' }, { token: editor });
  const bind = (code: string, token = editor) => s.call(BIND, { phone: PHONE, code }, { token });

  it('binds with the right code, once (SMS_CODE_USED after)', async () => {
    await send();
    const code = await lastCode(PHONE);
    const res = await bind(code);
    expect(res.errcode).toBe(0);
    expect(res.datas).toEqual({ phone_number: '138****5678' });
    const u = await s.db
      .selectFrom('users')
      .select('phone_number')
      .where('username', '=', 'editor')
      .executeTakeFirstOrThrow();
    expect(u.phone_number).toBe(PHONE);
    expect((await bind(code)).errcode).toBe(ErrCode.SMS_CODE_USED);
  });

  it('SMS_CODE_EXPIRED after 5 minutes', async () => {
    await send();
    const code = await lastCode(PHONE);
    s.clock.advance(5 * 60_000);
    expect((await bind(code)).errcode).toBe(ErrCode.SMS_CODE_EXPIRED);
  });

  it('SMS_CODE_WRONG for a wrong code; the 5th wrong try burns the code', async () => {
    await send();
    const code = await lastCode(PHONE);
    for (let i = 1; i <= 5; i++) {
      const res = await bind(wrongOf(code));
      expect(res.errcode, `try ${i}`).toBe(ErrCode.SMS_CODE_WRONG);
      expect(res.datas).toEqual({ tries_left: 5 - i });
    }
    expect((await bind(code)).errcode).toBe(ErrCode.SMS_CODE_BURNT);
    // A new code (after the cooldown) works.
    s.clock.advance(60_000);
    await send();
    expect((await bind(await lastCode(PHONE))).errcode).toBe(0);
  });

  it('SMS_CODE_WRONG when no code was sent, or when it was asked for by another user', async () => {
    expect((await bind('123456')).errcode).toBe(ErrCode.SMS_CODE_WRONG);
    await send();
    const admin = await s.session();
    expect((await bind(await lastCode(PHONE), admin)).errcode).toBe(ErrCode.SMS_CODE_WRONG);
  });

  it('PHONE_TAKEN when the phone is bound to another user', async () => {
    await send();
    await s.db.updateTable('users').set({ phone_number: PHONE }).where('username', '=', 'admin').execute();
    expect((await bind(await lastCode(PHONE))).errcode).toBe(ErrCode.PHONE_TAKEN);
  });

  it('a code is only taken by the call of its purpose', async () => {
    await bindPhone(PHONE);
    await s.call(SEND, { phone: PHONE, purpose: 'edit_password' }, { token: editor });
    expect((await bind(await lastCode(PHONE))).errcode).toBe(ErrCode.SMS_CODE_WRONG);
  });
});

describe('edit_password_sms', () => {
  it('changes the password with the code sent to the bound phone; other sessions end', async () => {
    await bindPhone(PHONE);
    const other = await s.session('editor');
    await s.call(SEND, { phone: PHONE, purpose: 'edit_password' }, { token: editor });
    const code = await lastCode(PHONE);
    const wrong = await s.call(
      EDIT_PW_SMS,
      { code: wrongOf(code), new_password: 'bysms2026' },
      { token: editor },
    );
    expect(wrong.errcode).toBe(ErrCode.SMS_CODE_WRONG);
    const res = await s.call(EDIT_PW_SMS, { code, new_password: 'bysms2026' }, { token: editor });
    expect(res.errcode).toBe(0);
    expect((await s.call(GET_USER, {}, { token: editor })).errcode).toBe(0);
    expect((await s.call(GET_USER, {}, { token: other })).errcode).toBe(ErrCode.SESSION_EXPIRED);
    expect(await s.login('editor', 'bysms2026')).toBeTruthy();
    expect((await s.call(EDIT_PW_SMS, { code, new_password: 'again2026' }, { token: editor })).errcode).toBe(
      ErrCode.SMS_CODE_USED,
    );
  });

  it('PHONE_NOT_BOUND without a bound phone', async () => {
    const res = await s.call(EDIT_PW_SMS, { code: '123456', new_password: 'bysms2026' }, { token: editor });
    expect(res.errcode).toBe(ErrCode.PHONE_NOT_BOUND);
  });

  it('SMS_CODE_EXPIRED after 5 minutes', async () => {
    await bindPhone(PHONE);
    await s.call(SEND, { phone: PHONE, purpose: 'edit_password' }, { token: editor });
    s.clock.advance(5 * 60_000 + 1);
    const res = await s.call(
      EDIT_PW_SMS,
      { code: await lastCode(PHONE), new_password: 'bysms2026' },
      { token: editor },
    );
    expect(res.errcode).toBe(ErrCode.SMS_CODE_EXPIRED);
  });
});

describe('the sandbox SMS provider and inbox', () => {
  it('logs a SANDBOX line and keeps the last messages', async () => {
    const lines: string[] = [];
    const outbox = new SmsOutboxRepository(s.db);
    const provider = new SandboxSmsProvider(outbox, s.clock, { info: (_o, msg) => lines.push(msg) });
    expect(provider.sandbox).toBe(true);
    for (let i = 0; i < SANDBOX_OUTBOX_KEEP + 5; i++)
      await provider.send({
        phone: PHONE,
        templateId: 'T',
        params: { code: String(i) },
        preview: `code ${i}`,
      });
    expect(lines[0]).toContain('SANDBOX');
    expect(lines[0]).toContain('code 0');
    const rows = await outbox.latest(1000);
    expect(rows).toHaveLength(SANDBOX_OUTBOX_KEEP);
    expect(rows[0]!.text).toBe(`code ${SANDBOX_OUTBOX_KEEP + 4}`);
  });

  it('GET /sandbox/sms shows the messages as escaped HTML', async () => {
    await new SandboxSmsProvider(new SmsOutboxRepository(s.db), s.clock, { info: () => {} }).send({
      phone: PHONE,
      templateId: 'T',
      params: {},
      preview: '<script>alert(1)</script> & "x"',
    });
    const res = await s.app.inject({ method: 'GET', url: '/sandbox/sms' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('SANDBOX');
    expect(res.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;x&quot;');
    expect(res.body).not.toContain('<script>');
  });

  it('is not registered in production', async () => {
    const prod = await createTestServer({ config: { production: true } });
    try {
      const res = await prod.app.inject({ method: 'GET', url: '/sandbox/sms' });
      expect(res.statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  });
});
