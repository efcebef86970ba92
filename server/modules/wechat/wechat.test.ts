import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ErrCode, defaultMsg } from '#contract/errcodes.ts';
import { qrcodeOutput, wxokOutput } from '#contract/schemas/account.ts';
import { DEMO_ADMIN, createTestServer, type TestServer } from '#tests/setup/server-harness.ts';
import { SANDBOX_WECHAT_PRESETS } from '#server/providers/wechat/sandbox.ts';
import { WECHAT_LIMITS, WECHAT_SCENE } from './wechat-service.ts';
import { endpoints } from '#contract/endpoints.ts';
import { callEndpoint } from '#tests/setup/call-endpoint.ts';

const QRCODE = endpoints.qrcode.path;
const WXOK = endpoints.wxok.path;
const UNBIND = endpoints.unbindWx.path;
const PRESET = SANDBOX_WECHAT_PRESETS[0]!.openid;

let s: TestServer;

async function qrcode(purpose: 'login' | 'bind' = 'login', token?: string) {
  const res = await s.call(QRCODE, { purpose }, token ? { token } : {});
  expect(res.errcode, res.msg).toBe(0);
  return qrcodeOutput.strict().parse(res.datas);
}

/** The phone opens the QR code: the sandbox scan page. */
async function scan(qrContent: string) {
  const url = new URL(qrContent);
  return s.app.inject({ method: 'GET', url: url.pathname + url.search });
}

/** The phone presses 确认登录 / Confirm. */
async function confirm(scene: string, fields: Record<string, string> = { preset: PRESET }) {
  return s.app.inject({
    method: 'POST',
    url: '/sandbox/wechat/confirm',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ scene, ...fields }).toString(),
  });
}

const poll = (uniqid: string, purpose: 'login' | 'bind' = 'login', token?: string) =>
  s.call(WXOK, { uniqid, purpose }, token ? { token } : {});

async function userRow(username: string) {
  return s.db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirstOrThrow();
}
async function setOpenid(username: string, openid: string) {
  await s.db.updateTable('users').set({ wx_openid: openid }).where('username', '=', username).execute();
}
const scene = (id: string) =>
  s.db.selectFrom('wechat_scenes').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

beforeEach(async () => {
  s = await createTestServer();
});
afterEach(async () => {
  await s.close();
});

describe('WeChat QR login through the sandbox', () => {
  it('qrcode → scan page → confirm → wxok logged_in, once; the token opens get_user', async () => {
    await setOpenid('admin', PRESET);
    const qr = await qrcode();
    expect(qr).toMatchObject({ expires_in: 120, poll_interval: 2, sandbox: true });
    expect(qr.uniqid).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(qr.qr_content).toBe(`http://localhost:80/sandbox/wechat/scan?scene=${qr.uniqid}`);
    expect((await poll(qr.uniqid)).datas).toEqual({ status: 'pending' });

    const page = await scan(qr.qr_content);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('SANDBOX');
    expect(page.body).toContain('沙箱');
    expect(page.body).toContain('登录 RepairOps');
    expect(page.body).toContain('确认登录 / Confirm');
    for (const p of SANDBOX_WECHAT_PRESETS) expect(page.body).toContain(p.openid);
    expect((await poll(qr.uniqid)).datas).toEqual({ status: 'scanned' });

    const confirmed = await confirm(qr.uniqid);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.body).toContain(PRESET);
    expect(await scene(qr.uniqid)).toMatchObject({ state: 'confirmed', openid: PRESET });

    const res = await poll(qr.uniqid);
    expect(res.errcode).toBe(0);
    const d = wxokOutput.parse(res.datas);
    if (d.status !== 'logged_in') throw new Error(`expected logged_in, got ${d.status}`);
    expect(d).toMatchObject({ username: 'admin', wx_openid: PRESET, role: 0 });
    expect(Object.keys(res.datas).sort()).toContain('token');

    const me = await callEndpoint(s, endpoints.getUser, {}, { token: d.token });
    expect(me.errcode).toBe(0);
    expect(me.datas.username).toBe('admin');
    expect((await userRow('admin')).last_login_at).toBe(s.clock.now());

    // One time: the scene is used up, a second poll opens no second session.
    expect((await poll(qr.uniqid)).datas).toEqual({ status: 'expired' });
    expect((await scene(qr.uniqid)).state).toBe('consumed');
    expect(await s.db.selectFrom('sessions').selectAll().execute()).toHaveLength(1);
    // And the phone cannot confirm it again.
    expect((await confirm(qr.uniqid)).statusCode).toBe(410);
  });

  it('a typed openid wins over the preset', async () => {
    await setOpenid('editor', 'my_own_openid');
    const qr = await qrcode();
    await confirm(qr.uniqid, { preset: PRESET, openid: ' my_own_openid ' });
    expect((await poll(qr.uniqid)).datas).toMatchObject({ status: 'logged_in', username: 'editor' });
  });

  it('refuses an openid that is not one', async () => {
    const qr = await qrcode();
    const bad = await confirm(qr.uniqid, { openid: '<script>' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).not.toContain('<script>');
    expect((await scene(qr.uniqid)).state).toBe('pending');
  });

  it('a WeChat bound to nobody: 2030 telling to bind it, and the scene is used up', async () => {
    const qr = await qrcode();
    await confirm(qr.uniqid);
    const res = await poll(qr.uniqid);
    expect([res.errcode, res.msg, res.datas]).toEqual([
      ErrCode.WX_NOT_BOUND,
      defaultMsg[ErrCode.WX_NOT_BOUND],
      null,
    ]);
    expect(res.msg).toContain('个人中心绑定微信');
    expect((await poll(qr.uniqid)).datas).toEqual({ status: 'expired' });
    expect(await s.db.selectFrom('sessions').selectAll().execute()).toHaveLength(0);
  });

  it('a disabled user: 2006, no session', async () => {
    await setOpenid('editor', PRESET);
    await s.db.updateTable('users').set({ disabled: 1 }).where('username', '=', 'editor').execute();
    const qr = await qrcode();
    await confirm(qr.uniqid);
    expect((await poll(qr.uniqid)).errcode).toBe(ErrCode.ACCOUNT_DISABLED);
    expect(await s.db.selectFrom('sessions').selectAll().execute()).toHaveLength(0);
  });

  it('expires at 120 s on the test clock: wxok, the scan page and confirm all say so', async () => {
    await setOpenid('admin', PRESET);
    const qr = await qrcode();
    s.clock.advance(WECHAT_SCENE.ttlMs - 1);
    expect((await poll(qr.uniqid)).datas).toEqual({ status: 'pending' });
    s.clock.advance(1);
    expect((await poll(qr.uniqid)).datas).toEqual({ status: 'expired' });
    expect((await scene(qr.uniqid)).state).toBe('expired');
    const page = await scan(qr.qr_content);
    expect(page.statusCode).toBe(410);
    expect(page.body).toContain('二维码无效或已过期');
    expect((await confirm(qr.uniqid)).statusCode).toBe(410);
  });

  it('confirmed in time but polled too late: expired, no session', async () => {
    await setOpenid('admin', PRESET);
    const qr = await qrcode();
    await confirm(qr.uniqid);
    s.clock.advance(WECHAT_SCENE.ttlMs);
    expect((await poll(qr.uniqid)).datas).toEqual({ status: 'expired' });
    expect(await s.db.selectFrom('sessions').selectAll().execute()).toHaveLength(0);
  });

  it('an unknown uniqid is expired; a scene polled for another purpose is refused', async () => {
    expect((await poll('no-such-scene')).datas).toEqual({ status: 'expired' });
    const qr = await qrcode();
    const token = await s.session();
    expect((await poll(qr.uniqid, 'bind', token)).errcode).toBe(ErrCode.WX_SCENE_INVALID);
  });

  it('the scan page of an unknown scene is 410 and escapes what it echoes', async () => {
    const page = await s.app.inject({ method: 'GET', url: '/sandbox/wechat/scan?scene=%3Cscript%3E' });
    expect(page.statusCode).toBe(410);
    expect(page.body).not.toContain('<script>');
  });

  it('rate-limits polling per address', async () => {
    const qr = await qrcode();
    for (let i = 0; i < WECHAT_LIMITS.pollPerAddress.max; i++) {
      expect((await poll(qr.uniqid)).errcode).toBe(0);
    }
    const limited = await poll(qr.uniqid);
    expect(limited.errcode).toBe(ErrCode.RATE_LIMITED);
    // Another address is not affected; the window passes.
    expect((await s.call(WXOK, { uniqid: qr.uniqid }, { remoteAddress: '10.0.0.9' })).errcode).toBe(0);
    s.clock.advance(WECHAT_LIMITS.pollPerAddress.windowMs);
    expect((await poll(qr.uniqid)).datas).toEqual({ status: 'pending' });
  });
});

describe('WeChat binding through the sandbox', () => {
  it("binds the scanned WeChat to the scene's user; only that user's poll completes it", async () => {
    const editor = await s.session('editor');
    const admin = await s.session();
    const qr = await qrcode('bind', editor);
    const page = await scan(qr.qr_content);
    expect(page.body).toContain('将微信绑定到用户 李师傅');

    expect((await poll(qr.uniqid, 'bind')).errcode).toBe(ErrCode.SESSION_EXPIRED);
    expect((await poll(qr.uniqid, 'bind', admin)).errcode).toBe(ErrCode.FORBIDDEN);
    expect((await poll(qr.uniqid, 'bind', editor)).datas).toEqual({ status: 'scanned' });

    await confirm(qr.uniqid, { openid: 'wx_editor_1' });
    // Someone else's poll does not use the scene up.
    expect((await poll(qr.uniqid, 'bind', admin)).errcode).toBe(ErrCode.FORBIDDEN);
    const res = await poll(qr.uniqid, 'bind', editor);
    expect(res.errcode).toBe(0);
    const d = wxokOutput.parse(res.datas);
    expect(d).toMatchObject({ status: 'bound', username: 'editor', wx_openid: 'wx_editor_1' });
    expect(res.datas).not.toHaveProperty('token');
    expect((await userRow('editor')).wx_openid).toBe('wx_editor_1');
    expect((await poll(qr.uniqid, 'bind', editor)).datas).toEqual({ status: 'expired' });

    // Then it signs in with that WeChat.
    const login = await qrcode();
    await confirm(login.uniqid, { openid: 'wx_editor_1' });
    expect((await poll(login.uniqid)).datas).toMatchObject({ status: 'logged_in', username: 'editor' });
  });

  it('bind needs a token for qrcode', async () => {
    const res = await s.call(QRCODE, { purpose: 'bind' });
    expect(res.errcode).toBe(ErrCode.SESSION_EXPIRED);
  });

  it('a WeChat already bound to another user: 2031, nothing changes', async () => {
    await setOpenid('admin', PRESET);
    const editor = await s.session('editor');
    const qr = await qrcode('bind', editor);
    await confirm(qr.uniqid);
    const res = await poll(qr.uniqid, 'bind', editor);
    expect([res.errcode, res.msg]).toEqual([
      ErrCode.WX_BOUND_TO_OTHER,
      defaultMsg[ErrCode.WX_BOUND_TO_OTHER],
    ]);
    expect((await userRow('editor')).wx_openid).toBe('');
    expect((await userRow('admin')).wx_openid).toBe(PRESET);
  });

  it('escapes the user name on the scan page', async () => {
    await s.db
      .updateTable('users')
      .set({ real_name: '<img src=x onerror=alert(1)>' })
      .where('username', '=', 'editor')
      .execute();
    const qr = await qrcode('bind', await s.session('editor'));
    const page = await scan(qr.qr_content);
    expect(page.body).not.toContain('<img src=x');
    expect(page.body).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });
});

describe('unbind_wx', () => {
  beforeEach(async () => {
    await setOpenid('admin', 'wx_admin');
    await setOpenid('editor', 'wx_editor');
  });

  it('unbinds the caller without user_id, or with its own id', async () => {
    const editor = await s.session('editor');
    expect((await s.call(UNBIND, {}, { token: editor })).errcode).toBe(0);
    expect((await userRow('editor')).wx_openid).toBe('');
    const admin = await s.session();
    const adminId = (await userRow('admin')).id;
    expect((await s.call(UNBIND, { user_id: adminId }, { token: admin })).errcode).toBe(0);
    expect((await userRow('admin')).wx_openid).toBe('');
  });

  it('an Admin unbinds an employee of the same account', async () => {
    const admin = await s.session();
    const editorId = (await userRow('editor')).id;
    const res = await s.call(UNBIND, { user_id: editorId }, { token: admin });
    expect([res.errcode, res.datas]).toEqual([0, null]);
    expect((await userRow('editor')).wx_openid).toBe('');
    expect((await userRow('admin')).wx_openid).toBe('wx_admin');
  });

  it('an Editor may not unbind someone else: 1003', async () => {
    const editor = await s.session('editor');
    const adminId = (await userRow('admin')).id;
    const res = await s.call(UNBIND, { user_id: adminId }, { token: editor });
    expect([res.status, res.errcode]).toEqual([403, ErrCode.FORBIDDEN]);
    expect((await userRow('admin')).wx_openid).toBe('wx_admin');
  });

  it("an Admin may not touch another account's user: not found", async () => {
    const account = await s.db
      .insertInto('accounts')
      .values({ name: '别家店', vip_end_time: 0, integral: 0, created_at: s.clock.now() })
      .returning('id')
      .executeTakeFirstOrThrow();
    const other = await s.db
      .insertInto('users')
      .values({
        account_id: account.id,
        username: 'other_boss',
        password_hash: 'x',
        real_name: '',
        avatar: '',
        role: 0,
        phone_number: '',
        wx_openid: 'wx_other',
        disabled: 0,
        created_at: s.clock.now(),
        last_login_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const admin = await s.session(DEMO_ADMIN.username);
    for (const userId of [other.id, 999_999]) {
      const res = await s.call(UNBIND, { user_id: userId }, { token: admin });
      expect(res.errcode).toBe(ErrCode.EMPLOYEE_NOT_FOUND);
    }
    expect((await userRow('other_boss')).wx_openid).toBe('wx_other');
  });
});

describe('production', () => {
  it('serves no sandbox pages, and qrcode says WeChat login is not configured', async () => {
    await s.close();
    s = await createTestServer({ config: { production: true } });
    for (const req of [
      { method: 'GET' as const, url: '/sandbox/wechat/scan?scene=x' },
      { method: 'POST' as const, url: '/sandbox/wechat/confirm' },
    ]) {
      expect((await s.app.inject(req)).statusCode).toBe(404);
    }
    const res = await s.call(QRCODE, { purpose: 'login' });
    expect([res.errcode, res.msg]).toEqual([ErrCode.WX_NOT_CONFIGURED, '微信登录未配置，请联系管理员']);
  });
});
