import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { endpoints, type EndpointName } from '#contract/endpoints.ts';
import { ErrCode, defaultMsg } from '#contract/errcodes.ts';
import type { EndpointDef } from '#contract/endpoint.ts';
import { AuthRepository } from '#server/modules/auth/repository.ts';
import { SessionService } from '#server/modules/auth/session-service.ts';
import { validInputs } from '#tests/fixtures/valid-inputs.ts';
import { createTestServer, type TestServer } from '#tests/setup/server-harness.ts';
import { registerEnvelope } from './envelope.ts';
import { registerEndpoints, type HandlerContext, type HandlerMap } from './endpoints.ts';

/** Invalid for every endpoint: every input is an object. */
const INVALID = '[1]';

const all = Object.entries(endpoints) as [EndpointName, EndpointDef][];
const guarded = all.filter(([, e]) => e.access !== 'public');
const adminOnly = all.filter(([, e]) => e.access === 'admin');
const userOnly = all.filter(([, e]) => e.access === 'user');

let s: TestServer;
let admin: string;
let editor: string;
beforeAll(async () => {
  s = await createTestServer();
  admin = await s.session();
  editor = await s.session('editor');
});
afterAll(async () => {
  await s.close();
});

describe('the contract on the real app', () => {
  it('has a sample input for every endpoint, valid for its schema', () => {
    for (const [name, e] of all) expect(e.input.safeParse(validInputs[name]).success, name).toBe(true);
  });

  it('registers every endpoint of the contract as a POST route', () => {
    for (const [name, e] of all) expect(s.app.hasRoute({ method: 'POST', url: e.path }), name).toBe(true);
  });

  it.each(guarded.map(([n, e]) => [n, e.path, e.access] as const))(
    '%s (%s, %s): 1002 without a token, with a bad token, with any body',
    async (name, path) => {
      for (const token of [undefined, 'garbage']) {
        for (const body of [validInputs[name], INVALID, undefined]) {
          const res = await s.call(path, body, token === undefined ? {} : { token });
          expect(res.status, `${token} ${JSON.stringify(body)}`).toBe(401);
          expect(res.errcode).toBe(ErrCode.SESSION_EXPIRED);
          expect(res.datas).toBeNull();
        }
      }
    },
  );

  it.each(adminOnly.map(([n, e]) => [n, e.path] as const))(
    '%s (%s): 1003 for the Editor, before validation',
    async (name, path) => {
      for (const body of [validInputs[name], INVALID]) {
        const res = await s.call(path, body, { token: editor });
        expect(res.status).toBe(403);
        expect(res).toMatchObject({
          errcode: ErrCode.FORBIDDEN,
          msg: defaultMsg[ErrCode.FORBIDDEN],
          datas: null,
        });
      }
    },
  );

  it.each(adminOnly.map(([n, e]) => [n, e.path] as const))(
    '%s (%s): the Admin passes the access check (an invalid body answers 1001)',
    async (_name, path) => {
      const res = await s.call(path, INVALID, { token: admin });
      expect(res.errcode).toBe(ErrCode.INVALID_INPUT);
    },
  );

  it.each(userOnly.map(([n, e]) => [n, e.path] as const))(
    '%s (%s): the Editor passes the access check (an invalid body answers 1001)',
    async (_name, path) => {
      const res = await s.call(path, INVALID, { token: editor });
      expect(res.errcode).toBe(ErrCode.INVALID_INPUT);
    },
  );

  // The app's bodyLimit is 1 MiB, but identify_sn_imei takes an image data URL up to 8 MiB.
  it('lets an identify_sn_imei image over 1 MiB through', async () => {
    const image = 'data:image/png;base64,' + 'A'.repeat(2 * 1024 * 1024);
    const res = await s.call(endpoints.identifySnImei.path, { image }, { token: editor });
    expect(res.msg).not.toBe('请求内容过大');
  });

  // Endpoint x role with valid inputs through the real handlers: whatever a handler answers, it is
  // never an access refusal for a role the contract lets in.
  const refusedByAccess = (errcode: number) =>
    errcode === ErrCode.SESSION_EXPIRED || errcode === ErrCode.FORBIDDEN;
  it.each(guarded.map(([n, e]) => [n, e.path, e.access] as const))(
    '%s (%s, %s): valid input from an allowed role is not refused by access',
    async (name, path, access) => {
      const tokens = access === 'admin' ? [admin] : [editor, admin];
      for (const token of tokens) {
        const res = await s.call(path, validInputs[name], { token });
        expect(refusedByAccess(res.errcode), `${res.errcode} ${res.msg}`).toBe(false);
      }
    },
  );

  it('takes the ?token= query only on get_user and get_ws_auth_code', async () => {
    const inQuery = all.filter(([, e]) => e.tokenInQuery).map(([n]) => n);
    expect(inQuery.sort()).toEqual(['getUser', 'getWsAuthCode']);
    for (const [name, e] of guarded) {
      const res = await s.call(e.path, validInputs[name], { query: { token: admin } });
      if (e.tokenInQuery) expect(res.errcode, name).toBe(0);
      else expect(res.errcode, name).toBe(ErrCode.SESSION_EXPIRED);
    }
  });
});

describe('registerEndpoints on its own', () => {
  let bare: FastifyInstance;
  const seen: HandlerContext<EndpointDef>[] = [];
  beforeAll(async () => {
    bare = Fastify({ logger: false });
    registerEnvelope(bare);
    const sessions = new SessionService(new AuthRepository(s.db), s.clock, s.config.sessionTtlMs);
    const handlers: HandlerMap = {
      employeeList: async (ctx) => {
        seen.push(ctx as unknown as HandlerContext<EndpointDef>);
        return { list: [], total: 0 };
      },
      quit: async () => null,
    };
    registerEndpoints(bare, handlers, sessions);
    await bare.ready();
  });
  afterAll(async () => {
    await bare.close();
  });

  const post = async (path: string, body: unknown, token?: string) => {
    const res = await bare.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
      payload: typeof body === 'string' ? body : JSON.stringify(body),
    });
    return {
      status: res.statusCode,
      ...(JSON.parse(res.body) as { errcode: number; msg: string; datas: unknown }),
    };
  };

  it.each(all.filter(([n]) => n !== 'employeeList' && n !== 'quit').map(([n, e]) => [n, e.path] as const))(
    '%s (%s) without a handler: 1020 after auth and validation',
    async (name, path) => {
      const e = endpoints[name] as EndpointDef;
      const token = e.access === 'public' ? undefined : admin;
      const ok = await post(path, validInputs[name], token);
      expect(ok.status).toBe(501);
      expect(ok).toMatchObject({
        errcode: ErrCode.NOT_IMPLEMENTED,
        msg: defaultMsg[ErrCode.NOT_IMPLEMENTED],
        datas: null,
      });
      // Validation comes first ...
      expect((await post(path, INVALID, token)).errcode).toBe(ErrCode.INVALID_INPUT);
      // ... and auth before it.
      if (e.access !== 'public')
        expect((await post(path, validInputs[name])).errcode).toBe(ErrCode.SESSION_EXPIRED);
      if (e.access === 'admin')
        expect((await post(path, validInputs[name], editor)).errcode).toBe(ErrCode.FORBIDDEN);
    },
  );

  it('hands the handler the parsed input, the caller and the token, and wraps its answer', async () => {
    const res = await post(endpoints.employeeList.path, { keyword: '  li  ', extra: true }, admin);
    expect(res).toEqual({ status: 200, errcode: 0, msg: '成功', datas: { list: [], total: 0 } });
    expect(seen).toHaveLength(1);
    const ctx = seen[0]!;
    expect(ctx.input).toEqual({ page: 1, page_size: 20, keyword: 'li' });
    expect(ctx.user).toMatchObject({ username: 'admin', role: 0 });
    expect(ctx.token).toBe(admin);
  });

  it('answers datas null when the handler answers nothing', async () => {
    expect(await post(endpoints.quit.path, {})).toEqual({
      status: 200,
      errcode: 0,
      msg: '成功',
      datas: null,
    });
  });
});
