import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ErrCode } from '#contract/errcodes.ts';
import { sendSmsOutput } from '#contract/schemas/account.ts';
import { loginOutput } from '#contract/schemas/auth.ts';
import { userRoom } from '#server/http/realtime.ts';
import { TEST_PUZZLE_X, TEST_START, createTestServer, type TestServer } from '#tests/setup/server-harness.ts';
import { endpoints } from '#contract/endpoints.ts';
import { callEndpoint } from '#tests/setup/call-endpoint.ts';

const SEND = endpoints.sendSms.path;
const REGISTER = endpoints.register.path;
const RESET = endpoints.resetPassword.path;
const GET_USER = endpoints.getUser.path;
const LIST = endpoints.employeeList.path;
const WS_CODE = endpoints.getWsAuthCode.path;
const PHONE = '13912345678';
const OTHER_PHONE = '13700001111';

let s: TestServer;
beforeEach(async () => {
  s = await createTestServer();
});
afterEach(async () => {
  await s.close();
});

const lastCode = (phone: string) => s.lastSmsCode(phone);
const wrongOf = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
const bindPhone = (username: string, phone: string) =>
  s.db.updateTable('users').set({ phone_number: phone }).where('username', '=', username).execute();
const sendCode = async (phone: string, purpose: 'register' | 'reset_password') => {
  const res = await s.call(SEND, { phone, purpose });
  expect(res.errcode, res.msg).toBe(0);
};

const signUp = (over: Record<string, unknown> = {}, remoteAddress?: string) =>
  s.call(
    REGISTER,
    {
      shop_name: '新店',
      full_name: '王五',
      username: 'wang5',
      email: 'wang5@example.com',
      password: 'abcd1234',
      phone: PHONE,
      code: '000000',
      ...over,
    },
    remoteAddress ? { remoteAddress } : {},
  );

/** Signs in through tncode + login and answers the raw result (s.login throws on refusal). */
async function loginResult(username: string, password: string) {
  const uniqid = await s.puzzle();
  return callEndpoint(s, endpoints.login, { username, password, tn_r: TEST_PUZZLE_X, uniqid });
}

describe('sendsms for the signed-out purposes', () => {
  it('register: sends a code to a phone bound to nobody, without a token', async () => {
    const res = await s.call(SEND, { phone: PHONE, purpose: 'register' });
    expect(res.errcode).toBe(0);
    expect(sendSmsOutput.strict().parse(res.datas)).toEqual({ cooldown: 60, expires_in: 300, sandbox: true });
    const rows = await s.db.selectFrom('sms_codes').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ phone: PHONE, purpose: 'register', user_id: null });
    expect(await lastCode(PHONE)).toMatch(/^\d{6}$/);
  });

  it('register: PHONE_TAKEN for a bound phone (nothing sent), once the limits counted the call', async () => {
    await bindPhone('editor', PHONE);
    expect((await s.call(SEND, { phone: PHONE, purpose: 'register' })).errcode).toBe(ErrCode.PHONE_TAKEN);
    expect(await s.db.selectFrom('sms_outbox').selectAll().execute()).toEqual([]);
    expect(await s.db.selectFrom('sms_codes').selectAll().execute()).toEqual([]);
    const keys = (await s.db.selectFrom('rate_limits').select('key').execute()).map((r) => r.key);
    expect(keys).toContain(`sms:phone:${PHONE}`);
  });

  it('reset_password: answers success for an unknown phone, but nothing is stored or sent', async () => {
    const res = await s.call(SEND, { phone: PHONE, purpose: 'reset_password' });
    expect(res.errcode).toBe(0);
    expect(sendSmsOutput.strict().parse(res.datas)).toEqual({ cooldown: 60, expires_in: 300, sandbox: true });
    expect(await s.db.selectFrom('sms_outbox').selectAll().execute()).toEqual([]);
    expect(await s.db.selectFrom('sms_codes').selectAll().execute()).toEqual([]);
  });

  it('reset_password: nothing sent to the phone of a disabled user', async () => {
    await bindPhone('editor', PHONE);
    await s.db.updateTable('users').set({ disabled: 1 }).where('username', '=', 'editor').execute();
    expect((await s.call(SEND, { phone: PHONE, purpose: 'reset_password' })).errcode).toBe(0);
    expect(await s.db.selectFrom('sms_outbox').selectAll().execute()).toEqual([]);
  });

  it('reset_password: the same cooldown answer whether the phone is bound or not', async () => {
    await bindPhone('editor', PHONE);
    await sendCode(PHONE, 'reset_password');
    await sendCode(OTHER_PHONE, 'reset_password');
    expect(await s.db.selectFrom('sms_outbox').select('phone').execute()).toEqual([{ phone: PHONE }]);
    s.clock.advance(15_000);
    for (const phone of [PHONE, OTHER_PHONE]) {
      const res = await s.call(SEND, { phone, purpose: 'reset_password' });
      expect(res.errcode, phone).toBe(ErrCode.RATE_LIMITED);
      expect(res.datas, phone).toEqual({ retry_after_seconds: 45 });
    }
    s.clock.advance(45_000);
    for (const phone of [PHONE, OTHER_PHONE])
      expect((await s.call(SEND, { phone, purpose: 'reset_password' })).errcode, phone).toBe(0);
  });

  it('login is still not open', async () => {
    expect((await s.call(SEND, { phone: PHONE, purpose: 'login' })).errcode).toBe(ErrCode.NOT_IMPLEMENTED);
  });
});

describe('register', () => {
  it('creates a separate account and its Admin; the answered token works', async () => {
    const demoBefore = await s.db.selectFrom('accounts').selectAll().execute();
    await sendCode(PHONE, 'register');
    const res = await signUp({ code: await lastCode(PHONE) });
    expect(res.errcode, res.msg).toBe(0);
    const d = loginOutput.strict().parse(res.datas);
    expect(d).toMatchObject({
      username: 'wang5',
      phone_number: PHONE,
      role: 0,
      account_name: '新店',
      integral: 0,
      vip_end_time: 0,
      wx_openid: '',
    });
    expect(demoBefore.map((a) => a.id)).not.toContain(d.account_id);

    const me = await s.call(GET_USER, {}, { token: d.token });
    expect(me.errcode).toBe(0);
    expect(me.datas).toMatchObject({ user_id: d.user_id, username: 'wang5', account_id: d.account_id });

    const stored = await s.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', d.user_id)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({
      real_name: '王五',
      email: 'wang5@example.com',
      disabled: 0,
      created_at: TEST_START,
      last_login_at: TEST_START,
    });
    expect(stored.password_hash).not.toContain('abcd1234');
    const account = await s.db
      .selectFrom('accounts')
      .selectAll()
      .where('id', '=', d.account_id)
      .executeTakeFirstOrThrow();
    expect(account).toMatchObject({ name: '新店', integral: 0, vip_end_time: 0, created_at: TEST_START });

    // Its team is itself only; the demo shop is unchanged.
    const list = await s.call<{ list: { username: string }[]; total: number }>(
      LIST,
      { page_size: 100 },
      { token: d.token },
    );
    expect(list.errcode).toBe(0);
    expect(list.datas.total).toBe(1);
    expect(list.datas.list.map((e) => e.username)).toEqual(['wang5']);
    const demo = await s.call<{ list: { username: string }[]; total: number }>(
      LIST,
      { page_size: 100 },
      { token: await s.session() },
    );
    expect(demo.datas.list.map((e) => e.username).sort()).toEqual(['admin', 'editor']);
    expect(await s.db.selectFrom('accounts').selectAll().where('id', '!=', d.account_id).execute()).toEqual(
      demoBefore,
    );

    // The password is the one given.
    expect((await loginResult('wang5', 'abcd1234')).errcode).toBe(0);
  });

  it('USERNAME_TAKEN for a username of any account, whatever the case; the code stays usable', async () => {
    await sendCode(PHONE, 'register');
    const code = await lastCode(PHONE);
    expect((await signUp({ username: 'ADMIN', code })).errcode).toBe(ErrCode.USERNAME_TAKEN);
    expect((await signUp({ username: 'editor', code })).errcode).toBe(ErrCode.USERNAME_TAKEN);
    expect(await s.db.selectFrom('accounts').select('id').execute()).toHaveLength(1);
    expect((await signUp({ code })).errcode).toBe(0);
  });

  it('PHONE_TAKEN for a phone bound to a user', async () => {
    await sendCode(PHONE, 'register');
    const code = await lastCode(PHONE);
    await bindPhone('editor', PHONE);
    expect((await signUp({ code })).errcode).toBe(ErrCode.PHONE_TAKEN);
    expect(await s.db.selectFrom('users').select('id').execute()).toHaveLength(2);
  });

  it('SMS_CODE_WRONG for a wrong code, one never sent, or one of another phone or purpose', async () => {
    expect((await signUp({ code: '123456' })).errcode).toBe(ErrCode.SMS_CODE_WRONG);
    await sendCode(PHONE, 'register');
    const code = await lastCode(PHONE);
    const wrong = await signUp({ code: wrongOf(code) });
    expect(wrong.errcode).toBe(ErrCode.SMS_CODE_WRONG);
    expect(wrong.datas).toEqual({ tries_left: 4 });
    // A code for another phone.
    expect((await signUp({ code, phone: OTHER_PHONE })).errcode).toBe(ErrCode.SMS_CODE_WRONG);
    // A code for another purpose (binding_phone, asked for by a signed-in user).
    await s.call(
      SEND,
      { phone: OTHER_PHONE, purpose: 'binding_phone' },
      { token: await s.session('editor') },
    );
    expect((await signUp({ code: await lastCode(OTHER_PHONE), phone: OTHER_PHONE })).errcode).toBe(
      ErrCode.SMS_CODE_WRONG,
    );
    expect(await s.db.selectFrom('accounts').select('id').execute()).toHaveLength(1);
  });

  it('SMS_CODE_EXPIRED after 5 minutes', async () => {
    await sendCode(PHONE, 'register');
    s.clock.advance(5 * 60_000);
    expect((await signUp({ code: await lastCode(PHONE) })).errcode).toBe(ErrCode.SMS_CODE_EXPIRED);
  });

  it('SMS_CODE_USED for a code used already', async () => {
    await sendCode(PHONE, 'register');
    const code = await lastCode(PHONE);
    expect((await signUp({ code })).errcode).toBe(0);
    // Even were the phone free again, the code does not make a second shop.
    await bindPhone('wang5', '');
    expect((await signUp({ code, username: 'wang6' })).errcode).toBe(ErrCode.SMS_CODE_USED);
  });

  it('1001 naming the field for a weak password or a bad email', async () => {
    const weak = await signUp({ password: 'abcdefgh' });
    expect(weak.errcode).toBe(ErrCode.INVALID_INPUT);
    expect(Object.keys((weak.datas as { fields: object }).fields)).toEqual(['password']);
    const email = await signUp({ email: 'not-an-email' });
    expect(email.errcode).toBe(ErrCode.INVALID_INPUT);
    expect(Object.keys((email.datas as { fields: object }).fields)).toEqual(['email']);
  });

  it('limits an address to 10 sign-ups an hour, answering the time to wait', async () => {
    for (let i = 0; i < 10; i++) {
      expect((await signUp({}, '10.0.0.7')).errcode, `try ${i}`).toBe(ErrCode.SMS_CODE_WRONG);
      s.clock.advance(60_000);
    }
    const res = await signUp({}, '10.0.0.7');
    expect(res.errcode).toBe(ErrCode.RATE_LIMITED);
    expect(res.datas).toEqual({ retry_after_seconds: 3600 - 600 });
    // Another address is not affected.
    expect((await signUp({}, '10.0.0.8')).errcode).toBe(ErrCode.SMS_CODE_WRONG);
  });
});

describe('reset_password', () => {
  it('sets the new password and ends every session of the user', async () => {
    await bindPhone('editor', PHONE);
    const editorId = (
      await s.db.selectFrom('users').select('id').where('username', '=', 'editor').executeTakeFirstOrThrow()
    ).id;
    const old1 = await s.session('editor');
    const old2 = await s.session('editor');
    expect((await s.call(WS_CODE, {}, { token: old1 })).errcode).toBe(0);
    const emit = vi.fn();
    const to = vi.spyOn(s.io, 'to').mockReturnValue({ emit } as unknown as ReturnType<typeof s.io.to>);

    await sendCode(PHONE, 'reset_password');
    const code = await lastCode(PHONE);
    const res = await s.call(RESET, { phone: PHONE, code, new_password: 'reset2026' });
    expect(res.errcode, res.msg).toBe(0);
    expect(res.datas).toEqual({ username: 'editor' });

    expect(to).toHaveBeenCalledWith(userRoom(editorId));
    expect(emit).toHaveBeenCalledWith('session:ended', { reason: 'password_changed' });
    to.mockRestore();
    for (const t of [old1, old2])
      expect((await s.call(GET_USER, {}, { token: t })).errcode).toBe(ErrCode.SESSION_EXPIRED);
    expect(
      await s.db.selectFrom('ws_auth_codes').selectAll().where('user_id', '=', editorId).execute(),
    ).toEqual([]);
    expect((await loginResult('editor', 'repair2026')).errcode).toBe(ErrCode.LOGIN_FAILED);
    expect((await loginResult('editor', 'reset2026')).errcode).toBe(0);
    // The Admin of the shop is not touched.
    expect((await loginResult('admin', 'repair2026')).errcode).toBe(0);
    // Once only.
    expect((await s.call(RESET, { phone: PHONE, code, new_password: 'again2026' })).errcode).toBe(
      ErrCode.SMS_CODE_USED,
    );
  });

  it('refuses a code sent to another phone, a wrong one, and one of another purpose', async () => {
    await bindPhone('editor', PHONE);
    await bindPhone('admin', OTHER_PHONE);
    await sendCode(PHONE, 'reset_password');
    const code = await lastCode(PHONE);
    expect((await s.call(RESET, { phone: OTHER_PHONE, code, new_password: 'reset2026' })).errcode).toBe(
      ErrCode.SMS_CODE_WRONG,
    );
    expect(
      (await s.call(RESET, { phone: PHONE, code: wrongOf(code), new_password: 'reset2026' })).errcode,
    ).toBe(ErrCode.SMS_CODE_WRONG);
    await s.call(SEND, { phone: OTHER_PHONE, purpose: 'edit_password' }, { token: await s.session() });
    expect(
      (
        await s.call(RESET, {
          phone: OTHER_PHONE,
          code: await lastCode(OTHER_PHONE),
          new_password: 'reset2026',
        })
      ).errcode,
    ).toBe(ErrCode.SMS_CODE_WRONG);
    expect((await loginResult('admin', 'repair2026')).errcode).toBe(0);
    expect((await loginResult('editor', 'repair2026')).errcode).toBe(0);
  });

  it('SMS_CODE_WRONG, as for a wrong code, when the phone has no enabled user any more', async () => {
    await bindPhone('editor', PHONE);
    await sendCode(PHONE, 'reset_password');
    await s.db.updateTable('users').set({ disabled: 1 }).where('username', '=', 'editor').execute();
    const res = await s.call(RESET, { phone: PHONE, code: await lastCode(PHONE), new_password: 'reset2026' });
    expect(res.errcode).toBe(ErrCode.SMS_CODE_WRONG);
  });
});
