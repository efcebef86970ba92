import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ErrCode, defaultMsg } from '#contract/errcodes.ts';
import { userDatas, wsAuthCodeOutput } from '#contract/schemas/auth.ts';
import { TEST_START, createTestServer, type TestServer } from '#tests/setup/server-harness.ts';
import { endpoints } from '#contract/endpoints.ts';

const GET_USER = endpoints.getUser.path;
const WS_CODE = endpoints.getWsAuthCode.path;
const QUIT = endpoints.quit.path;
const TTL = 30 * 24 * 3600 * 1000;

let s: TestServer;
beforeEach(async () => {
  s = await createTestServer({ config: { sessionTtlMs: TTL } });
});
afterEach(async () => {
  await s.close();
});

/** Asserts that both token-taking endpoints refuse the token (header and query) with 1002. */
async function expectRefused(token: string | undefined) {
  for (const path of [GET_USER, WS_CODE]) {
    const viaHeader = await s.call(path, {}, token === undefined ? {} : { token });
    expect(viaHeader.errcode, path).toBe(ErrCode.SESSION_EXPIRED);
    expect(viaHeader.status, path).toBe(401);
    expect(viaHeader.msg, path).toBe(defaultMsg[ErrCode.SESSION_EXPIRED]);
    expect(viaHeader.datas, path).toBeNull();
    if (token) {
      const viaQuery = await s.call(path, {}, { query: { token } });
      expect(viaQuery.errcode, `${path}?token=`).toBe(ErrCode.SESSION_EXPIRED);
    }
  }
}

describe('get_user', () => {
  it('answers the signed-in user with the token in the header', async () => {
    const token = await s.login();
    const res = await s.call(GET_USER, {}, { token });
    expect(res.status).toBe(200);
    expect(res.errcode).toBe(0);
    const d = userDatas.strict().parse(res.datas);
    expect(d).toMatchObject({ username: 'admin', role: 0, integral: 100000, account_name: '演示维修店' });
    expect(res.datas).not.toHaveProperty('token');
    expect(res.datas).not.toHaveProperty('password_hash');
  });

  it('answers the user with the token as the ?token= query parameter, and without a body', async () => {
    const token = await s.session('editor');
    const res = await s.call(GET_USER, undefined, { query: { token } });
    expect(res.errcode).toBe(0);
    expect(res.datas.username).toBe('editor');
    expect(res.datas.role).toBe(1);
    const inUrl = await s.call(`${GET_USER}?token=${encodeURIComponent(token)}`, {});
    expect(inUrl.datas.username).toBe('editor');
  });

  it('uses the header token when both are given', async () => {
    const token = await s.session();
    const res = await s.call(GET_USER, {}, { token: 'not-a-token', query: { token } });
    expect(res.errcode).toBe(ErrCode.SESSION_EXPIRED);
  });
});

describe('get_ws_auth_code', () => {
  it('answers a code valid for 10 minutes, stored only as its hash', async () => {
    const token = await s.session();
    const res = await s.call(WS_CODE, {}, { query: { token } });
    expect(res.errcode).toBe(0);
    const d = wsAuthCodeOutput.strict().parse(res.datas);
    expect(d.code).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(d.expires_in).toBe(600);
    const rows = await s.db.selectFrom('ws_auth_codes').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      code_hash: createHash('sha256').update(d.code).digest('hex'),
      created_at: TEST_START,
      expires_at: TEST_START + 600_000,
    });
    const again = await s.call(WS_CODE, {}, { token });
    expect(again.datas.code).not.toBe(d.code);
  });
});

describe('1002 on get_user and get_ws_auth_code', () => {
  it('without a token', async () => {
    await expectRefused(undefined);
    await expectRefused('');
  });

  it('with a garbage token', async () => {
    await expectRefused('garbage');
    await expectRefused('x'.repeat(5000));
    await expectRefused("' OR 1=1 --");
  });

  it('with a token that differs only in case', async () => {
    const token = await s.session();
    const flip = (c: string) => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase());
    const flipped = token.replace(/[A-Za-z]/, flip);
    expect(flipped).not.toBe(token);
    await expectRefused(flipped);
    expect((await s.call(GET_USER, {}, { token })).errcode).toBe(0);
  });

  it('with an expired token: live until sessionTtlMs, dead from then on', async () => {
    const token = await s.session();
    s.clock.advance(TTL - 1);
    expect((await s.call(GET_USER, {}, { token })).errcode).toBe(0);
    s.clock.advance(1);
    await expectRefused(token);
  });

  it('honours a configured session lifetime', async () => {
    const short = await createTestServer({ config: { sessionTtlMs: 60_000 } });
    try {
      const token = await short.session();
      short.clock.advance(59_000);
      expect((await short.call(GET_USER, {}, { token })).errcode).toBe(0);
      short.clock.advance(1_000);
      expect((await short.call(GET_USER, {}, { token })).errcode).toBe(ErrCode.SESSION_EXPIRED);
    } finally {
      await short.close();
    }
  });

  it('with a revoked token (after quit)', async () => {
    const token = await s.session();
    expect((await s.call(GET_USER, {}, { token })).errcode).toBe(0);
    const quit = await s.call(QUIT, {}, { token });
    expect(quit.errcode).toBe(0);
    await expectRefused(token);
  });

  it('for a disabled user: the session stops at once', async () => {
    const token = await s.session();
    const code = (await s.call(WS_CODE, {}, { token })).datas.code;
    expect(typeof code).toBe('string');
    await s.db.updateTable('users').set({ disabled: 1 }).where('username', '=', 'admin').execute();
    await expectRefused(token);
  });
});

describe('quit', () => {
  it('revokes the header token and only that session', async () => {
    const a = await s.session();
    const b = await s.session();
    s.clock.advance(1234);
    const res = await s.call(QUIT, {}, { token: a });
    expect(res).toMatchObject({ status: 200, errcode: 0, msg: '成功', datas: null });
    const row = await s.db
      .selectFrom('sessions')
      .select('revoked_at')
      .where('token_hash', '=', createHash('sha256').update(a).digest('hex'))
      .executeTakeFirstOrThrow();
    expect(row.revoked_at).toBe(TEST_START + 1234);
    expect((await s.call(GET_USER, {}, { token: a })).errcode).toBe(ErrCode.SESSION_EXPIRED);
    expect((await s.call(GET_USER, {}, { token: b })).errcode).toBe(0);
  });

  it('revokes a token given in the body', async () => {
    const token = await s.session();
    expect((await s.call(QUIT, { token })).errcode).toBe(0);
    expect((await s.call(GET_USER, {}, { token })).errcode).toBe(ErrCode.SESSION_EXPIRED);
  });

  it('answers errcode 0 for a dead, unknown or missing token', async () => {
    const token = await s.session();
    expect((await s.call(QUIT, {}, { token })).errcode).toBe(0);
    expect((await s.call(QUIT, {}, { token })).errcode).toBe(0); // already revoked
    s.clock.advance(TTL + 1);
    expect((await s.call(QUIT, {}, { token: 'never-issued' })).errcode).toBe(0);
    expect((await s.call(QUIT, {})).errcode).toBe(0);
    expect((await s.call(QUIT)).errcode).toBe(0);
  });

  it('keeps the first revocation time when quit twice', async () => {
    const token = await s.session();
    await s.call(QUIT, {}, { token });
    s.clock.advance(5000);
    await s.call(QUIT, {}, { token });
    const rows = await s.db.selectFrom('sessions').select('revoked_at').execute();
    expect(rows).toEqual([{ revoked_at: TEST_START }]);
  });

  it('refuses an over-long body token with 1001', async () => {
    const res = await s.call(QUIT, { token: 'x'.repeat(201) });
    expect(res.errcode).toBe(ErrCode.INVALID_INPUT);
    expect(Object.keys((res.datas as { fields: object }).fields)).toEqual(['token']);
  });
});
