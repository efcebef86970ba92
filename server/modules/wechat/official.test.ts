import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ErrCode } from '#contract/errcodes.ts';
import { qrcodeOutput } from '#contract/schemas/account.ts';
import { ConfigError } from '#server/config-error.ts';
import { WECHAT_API_BASE, loadConfig, type WechatConfig } from '#server/config.ts';
import { OfficialWechatProvider } from '#server/providers/wechat/official.ts';
import { WechatApiError } from '#server/providers/wechat/provider.ts';
import { createTestServer, type TestServer } from '#tests/setup/server-harness.ts';
import { endpoints } from '#contract/endpoints.ts';
import { callEndpoint } from '#tests/setup/call-endpoint.ts';

const APPID = 'wx_test_appid';
const SECRET = 'test-secret';
const REDIRECT = 'https://shop.example.com/api/login/wx_callback?from=qr&x=1';
const GOOD_CODE = 'good-code';
const OPENID = 'o_official_user_1';

/** A local fake of WeChat's OAuth API: the two endpoints the official provider calls. */
let fake: FastifyInstance;
let fakeBase: string;
const hits: { path: string; query: Record<string, string> }[] = [];

beforeAll(async () => {
  fake = Fastify({ logger: false });
  fake.get('/sns/oauth2/access_token', async (request) => {
    const q = request.query as Record<string, string>;
    hits.push({ path: '/sns/oauth2/access_token', query: q });
    if (q.appid !== APPID || q.secret !== SECRET) return { errcode: 40125, errmsg: 'invalid appsecret' };
    if (q.grant_type !== 'authorization_code' || q.code !== GOOD_CODE)
      return { errcode: 40029, errmsg: 'invalid code' };
    return {
      access_token: 'ACCESS_TOKEN',
      expires_in: 7200,
      refresh_token: 'REFRESH_TOKEN',
      openid: OPENID,
      scope: 'snsapi_login',
      unionid: 'u_union_1',
    };
  });
  fake.get('/sns/userinfo', async (request) => {
    const q = request.query as Record<string, string>;
    hits.push({ path: '/sns/userinfo', query: q });
    if (q.access_token !== 'ACCESS_TOKEN') return { errcode: 40001, errmsg: 'invalid credential' };
    return {
      openid: q.openid,
      nickname: '微信用户',
      headimgurl: 'https://wx.example/head.png',
      unionid: 'u_union_1',
    };
  });
  await fake.listen({ port: 0, host: '127.0.0.1' });
  const address = fake.server.address();
  if (!address || typeof address !== 'object') throw new Error('fake not listening');
  fakeBase = `http://127.0.0.1:${address.port}`;
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  hits.length = 0;
});

const wechatConfig = (): WechatConfig => ({
  appId: APPID,
  secret: SECRET,
  redirectUri: REDIRECT,
  apiBase: fakeBase,
});

describe('OfficialWechatProvider against a local fake of WeChat', () => {
  it('builds the qrconnect URL with the redirect encoded and the scene as state', () => {
    const provider = new OfficialWechatProvider(wechatConfig());
    const url = provider.qrContent({ sceneId: 'scene_ABC-1', origin: 'http://ignored' });
    expect(url).toBe(
      `https://open.weixin.qq.com/connect/qrconnect?appid=${APPID}&redirect_uri=${encodeURIComponent(
        REDIRECT,
      )}&response_type=code&scope=snsapi_login&state=scene_ABC-1#wechat_redirect`,
    );
    expect(url).toContain(
      'redirect_uri=https%3A%2F%2Fshop.example.com%2Fapi%2Flogin%2Fwx_callback%3Ffrom%3Dqr%26x%3D1',
    );
    const parsed = new URL(url);
    expect(parsed.searchParams.get('redirect_uri')).toBe(REDIRECT);
    expect(parsed.searchParams.get('state')).toBe('scene_ABC-1');
    expect(parsed.hash).toBe('#wechat_redirect');
    expect(provider.sandbox).toBe(false);
  });

  it('trades a good code for the openid, unionid and profile', async () => {
    const identity = await new OfficialWechatProvider(wechatConfig()).exchangeCode(GOOD_CODE);
    expect(identity).toEqual({
      openid: OPENID,
      unionid: 'u_union_1',
      nickname: '微信用户',
      avatar: 'https://wx.example/head.png',
    });
    expect(hits.map((h) => h.path)).toEqual(['/sns/oauth2/access_token', '/sns/userinfo']);
    expect(hits[0]!.query).toEqual({
      appid: APPID,
      secret: SECRET,
      code: GOOD_CODE,
      grant_type: 'authorization_code',
    });
    expect(hits[1]!.query).toEqual({ access_token: 'ACCESS_TOKEN', openid: OPENID });
  });

  it('turns errcode 40029 into a WechatApiError and does not ask for the profile', async () => {
    const err = await new OfficialWechatProvider(wechatConfig()).exchangeCode('bad-code').catch((e) => e);
    expect(err).toBeInstanceOf(WechatApiError);
    expect((err as WechatApiError).errcode).toBe(40029);
    expect(hits.map((h) => h.path)).toEqual(['/sns/oauth2/access_token']);
  });

  it('an unreachable WeChat is a WechatApiError too', async () => {
    const provider = new OfficialWechatProvider({ ...wechatConfig(), apiBase: 'http://127.0.0.1:1' });
    await expect(provider.exchangeCode(GOOD_CODE)).rejects.toBeInstanceOf(WechatApiError);
  });
});

describe('the app with the official provider', () => {
  let s: TestServer;
  beforeEach(async () => {
    s = await createTestServer({ config: { wechat: wechatConfig() } });
    await s.db.updateTable('users').set({ wx_openid: OPENID }).where('username', '=', 'admin').execute();
  });
  afterEach(async () => {
    await s.close();
  });

  const callback = (query: Record<string, string>) =>
    s.app.inject({ method: 'GET', url: '/api/login/wx_callback', query });
  const poll = (uniqid: string) => callEndpoint(s, endpoints.wxok, { uniqid });

  it('qrcode answers the qrconnect URL; the callback signs in on the next poll', async () => {
    const res = await callEndpoint(s, endpoints.qrcode, {});
    const qr = qrcodeOutput.strict().parse(res.datas);
    expect(qr.sandbox).toBe(false);
    const url = new URL(qr.qr_content);
    expect(url.origin + url.pathname).toBe('https://open.weixin.qq.com/connect/qrconnect');
    expect(url.searchParams.get('state')).toBe(qr.uniqid);
    expect(url.searchParams.get('appid')).toBe(APPID);

    expect((await poll(qr.uniqid)).datas).toEqual({ status: 'pending' });
    const back = await callback({ code: GOOD_CODE, state: qr.uniqid });
    expect(back.statusCode).toBe(200);
    expect(back.headers['content-type']).toMatch(/^text\/html/);
    const done = await poll(qr.uniqid);
    expect(done.datas).toMatchObject({ status: 'logged_in', username: 'admin', wx_openid: OPENID });
    expect((await poll(qr.uniqid)).datas).toEqual({ status: 'expired' });
    // A replayed callback does nothing more.
    expect((await callback({ code: GOOD_CODE, state: qr.uniqid })).statusCode).toBe(410);
  });

  it('a code WeChat refuses (40029): an error page, the scene stays pending', async () => {
    const qr = qrcodeOutput.parse((await callEndpoint(s, endpoints.qrcode, {})).datas);
    const back = await callback({ code: 'bad-code', state: qr.uniqid });
    expect(back.statusCode).toBe(502);
    expect(back.body).toContain('微信授权失败');
    expect((await poll(qr.uniqid)).datas).toEqual({ status: 'pending' });
  });

  it('a state that is not a live scene of ours is refused before asking WeChat', async () => {
    const qr = qrcodeOutput.parse((await callEndpoint(s, endpoints.qrcode, {})).datas);
    for (const state of ['forged-state', '', qr.uniqid + 'x']) {
      const back = await callback({ code: GOOD_CODE, state });
      expect(back.statusCode, state).toBe(410);
    }
    expect((await callback({ code: GOOD_CODE })).statusCode).toBe(410);
    expect(hits).toEqual([]);
    // An expired scene too.
    s.clock.advance(120_000);
    expect((await callback({ code: GOOD_CODE, state: qr.uniqid })).statusCode).toBe(410);
    expect(hits).toEqual([]);
  });

  it('serves no sandbox pages', async () => {
    const page = await s.app.inject({ method: 'GET', url: '/sandbox/wechat/scan?scene=x' });
    expect(page.statusCode).toBe(404);
  });

  it('production with the official provider: qrcode works', async () => {
    await s.close();
    s = await createTestServer({ config: { production: true, wechat: wechatConfig() } });
    const res = await callEndpoint(s, endpoints.qrcode, {});
    expect(res.errcode).toBe(0);
    expect(res.errcode).not.toBe(ErrCode.WX_NOT_CONFIGURED);
  });
});

describe('WeChat configuration', () => {
  it('is absent without WECHAT_*, complete with them, with the default API base', () => {
    expect(loadConfig({}).wechat).toBeUndefined();
    expect(
      loadConfig({ WECHAT_APPID: APPID, WECHAT_SECRET: SECRET, WECHAT_REDIRECT_URI: REDIRECT }).wechat,
    ).toEqual({ appId: APPID, secret: SECRET, redirectUri: REDIRECT, apiBase: WECHAT_API_BASE });
    expect(
      loadConfig({
        WECHAT_APPID: APPID,
        WECHAT_SECRET: SECRET,
        WECHAT_REDIRECT_URI: REDIRECT,
        WECHAT_API_BASE: 'http://127.0.0.1:9999/',
      }).wechat?.apiBase,
    ).toBe('http://127.0.0.1:9999');
  });

  it('refuses a partial or malformed configuration', () => {
    expect(() => loadConfig({ WECHAT_APPID: APPID })).toThrow(ConfigError);
    expect(() =>
      loadConfig({ WECHAT_APPID: APPID, WECHAT_SECRET: SECRET, WECHAT_REDIRECT_URI: '/relative' }),
    ).toThrow(ConfigError);
  });
});
