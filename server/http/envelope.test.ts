import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '#contract/endpoints.ts';
import { sql } from 'kysely';
import { ErrCode, defaultMsg, type ErrCodeValue } from '#contract/errcodes.ts';
import { AppError } from '#server/lib/app-error.ts';
import { createTestServer, type TestServer } from '#tests/setup/server-harness.ts';

// One server for the file (the tests here leave no state that matters to another), with the test
// routes registered before its first request; the database-failure tests build their own.
let s: TestServer;
beforeAll(async () => {
  s = await createTestServer();
  s.app.post('/api/test/boom', async () => {
    throw new Error('connection to db://admin:hunter2@10.0.0.5 refused');
  });
  s.app.post('/api/test/type', async () => {
    const o = null as unknown as { x: { y: number } };
    return o.x.y;
  });
  s.app.post('/api/test/string', async () => {
    throw 'secret-string-thrown';
  });
  s.app.post('/api/test/lib4xx', async () => {
    throw Object.assign(new Error('internal detail 42'), { statusCode: 422 });
  });
  s.app.post<{ Params: { code: string } }>('/api/test/apperror/:code', async (request) => {
    throw new AppError(Number(request.params.code) as ErrCodeValue);
  });
  s.app.post('/api/test/custom', async () => {
    throw new AppError(ErrCode.RATE_LIMITED, '请 7 秒后再试', { retry_after_seconds: 7 });
  });
});
afterAll(async () => {
  await s.close();
});

const puzzleCount = async () => (await s.db.selectFrom('puzzles').select('id').execute()).length;

/** Nothing of an internal error may reach the client: its text, its type or a stack frame. */
function expectNoLeak(raw: string, ...secrets: string[]) {
  for (const secret of secrets) expect(raw).not.toContain(secret);
  expect(raw).not.toMatch(/\bat \S+ \(|\.ts:\d+|node_modules|Error:|stack/);
}

describe('the envelope on every answer', () => {
  it('wraps a success as exactly { errcode, msg, datas }', async () => {
    const res = await s.call(endpoints.quit.path, {});
    expect(JSON.parse(res.raw)).toEqual({ errcode: 0, msg: '成功', datas: null });
    expect(res.headers['content-type']).toMatch(/^application\/json/);
  });

  it('an unknown /api path: 404 with errcode 1004', async () => {
    for (const path of ['/api/nope/nope', '/api/login', '/api/login/login/extra', '/api/user/get_users']) {
      const res = await s.call(path, {});
      expect(res.status, path).toBe(404);
      expect(JSON.parse(res.raw), path).toEqual({
        errcode: 1004,
        msg: defaultMsg[ErrCode.NOT_FOUND],
        datas: null,
      });
    }
  });

  it('a GET (or PUT, DELETE) on an API path: the JSON envelope, not HTML', async () => {
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const res = await s.call(endpoints.login.path, undefined, { method });
      expect(res.status, method).toBe(404);
      expect(res.errcode, method).toBe(ErrCode.NOT_FOUND);
      expect(res.headers['content-type'], method).toMatch(/^application\/json/);
      expect(res.raw, method).not.toMatch(/<html|<!doctype/i);
    }
    const getUser = await s.call(`${endpoints.getUser.path}?token=abc`, undefined, { method: 'GET' });
    expect(getUser.errcode).toBe(ErrCode.NOT_FOUND);
  });

  it('an unknown path outside /api (no PWA built): the envelope too', async () => {
    const res = await s.call('/some/page', undefined, { method: 'GET' });
    expect(res.status).toBe(404);
    expect(res.errcode).toBe(ErrCode.NOT_FOUND);
    expect(res.raw).not.toMatch(/<html/i);
  });
});

describe('crashes', () => {
  it('a plain Error thrown by a route: 1000, status 500, no stack or error text', async () => {
    const res = await s.call('/api/test/boom', {});
    expect(res.status).toBe(500);
    expect(JSON.parse(res.raw)).toEqual({ errcode: 1000, msg: defaultMsg[ErrCode.INTERNAL], datas: null });
    expectNoLeak(res.raw, 'hunter2', '10.0.0.5', 'refused', 'connection');
  });

  it('a TypeError and a thrown non-Error: 1000 too', async () => {
    const typeErr = await s.call('/api/test/type', {});
    expect([typeErr.status, typeErr.errcode]).toEqual([500, 1000]);
    expectNoLeak(typeErr.raw, 'TypeError', 'reading', "'x'");
    const str = await s.call('/api/test/string', {});
    expect(str.errcode).toBe(1000);
    expectNoLeak(str.raw, 'secret-string-thrown');
  });

  it('a database failure inside a real endpoint: 1000 without the SQL error', async () => {
    const own = await createTestServer();
    try {
      await sql`drop table puzzles`.execute(own.db);
      const res = await own.call(endpoints.tncode.path, {});
      expect(res.status).toBe(500);
      expect(res.errcode).toBe(ErrCode.INTERNAL);
      expect(res.msg).toBe(defaultMsg[ErrCode.INTERNAL]);
      expectNoLeak(res.raw, 'puzzles', 'no such table', 'SQLITE', 'insert');
    } finally {
      await own.close();
    }
  });

  it('a database failure while checking the token: 1000, not 1002', async () => {
    const own = await createTestServer();
    try {
      await sql`drop table sessions`.execute(own.db);
      const res = await own.call(endpoints.getUser.path, {}, { token: 'x'.repeat(43) });
      expect(res.errcode).toBe(ErrCode.INTERNAL);
      expectNoLeak(res.raw, 'sessions');
    } finally {
      await own.close();
    }
  });

  it('an error carrying a 4xx status (a library error): 1001 with the default message', async () => {
    const res = await s.call('/api/test/lib4xx', {});
    expect(res.status).toBe(400);
    expect(res.errcode).toBe(ErrCode.INVALID_INPUT);
    expect(res.msg).toBe(defaultMsg[ErrCode.INVALID_INPUT]);
    expect(res.raw).not.toContain('internal detail 42');
  });
});

describe('AppError', () => {
  it.each([
    [ErrCode.INVALID_INPUT, 400],
    [ErrCode.SESSION_EXPIRED, 401],
    [ErrCode.FORBIDDEN, 403],
    [ErrCode.NOT_FOUND, 404],
    [ErrCode.RATE_LIMITED, 429],
    [ErrCode.INTERNAL, 500],
    [ErrCode.NOT_IMPLEMENTED, 501],
    [ErrCode.PENDING, 200],
    [ErrCode.LOGIN_UNKNOWN_USER, 200],
    [ErrCode.PUZZLE_WRONG, 200],
    [ErrCode.ALREADY_DONE, 200],
  ] as [ErrCodeValue, number][])(
    'errcode %s answers HTTP %s with its default message',
    async (code, status) => {
      const res = await s.call(`/api/test/apperror/${code}`, {});
      expect(res.status).toBe(status);
      expect(JSON.parse(res.raw)).toEqual({ errcode: code, msg: defaultMsg[code], datas: null });
    },
  );

  it('carries its own message and datas', async () => {
    const res = await s.call('/api/test/custom', {});
    expect(JSON.parse(res.raw)).toEqual({
      errcode: 1005,
      msg: '请 7 秒后再试',
      datas: { retry_after_seconds: 7 },
    });
  });
});

describe('request bodies', () => {
  it('an empty or blank JSON body counts as {}', async () => {
    expect((await s.call(endpoints.tncode.path, '')).errcode).toBe(0);
    expect((await s.call(endpoints.tncode.path, '  \n ')).errcode).toBe(0);
    const login = await s.call(endpoints.login.path, '');
    expect(login.errcode).toBe(ErrCode.INVALID_INPUT);
    expect(Object.keys((login.datas as { fields: object }).fields)).toHaveLength(4);
  });

  it('a content type other than JSON: 1001', async () => {
    for (const type of [
      'multipart/form-data; boundary=x',
      'application/xml',
      'application/x-www-form-urlencoded',
    ]) {
      const res = await s.call(endpoints.tncode.path, 'hello', { headers: { 'content-type': type } });
      expect(res.errcode, type).toBe(ErrCode.INVALID_INPUT);
      expect(res.msg, type).toBe('请求须为 JSON');
      expect(res.status, type).toBe(400);
    }
    // Fastify reads text/plain as a string, which no endpoint input accepts.
    const before = await puzzleCount();
    const text = await s.call(endpoints.tncode.path, '{}', { headers: { 'content-type': 'text/plain' } });
    expect([text.status, text.errcode]).toEqual([400, ErrCode.INVALID_INPUT]);
    expect(await puzzleCount()).toBe(before);
  });

  it('a body over the public limit (16 KiB) from anyone: 1101 (413) before the handler', async () => {
    const before = await puzzleCount();
    const res = await s.call(endpoints.tncode.path, { pad: 'x'.repeat(16 * 1024) });
    expect([res.status, res.errcode, res.msg]).toEqual([413, ErrCode.BODY_TOO_LARGE, '请求内容过大']);
    expect(await puzzleCount()).toBe(before);
  });

  it('a body over 1 MiB from a signed-in caller: 1101 (413)', async () => {
    const token = await s.session();
    const res = await s.call(endpoints.getUser.path, { pad: 'x'.repeat(1024 * 1024 + 1) }, { token });
    expect([res.status, res.errcode, res.msg]).toEqual([413, ErrCode.BODY_TOO_LARGE, '请求内容过大']);
  });

  it('just under 1 MiB from a signed-in caller is read (and the unknown field dropped)', async () => {
    const token = await s.session();
    const res = await s.call(endpoints.getUser.path, { pad: 'x'.repeat(1024 * 1024 - 100) }, { token });
    expect(res.errcode).toBe(0);
  });

  it('invalid JSON: 1001 without echoing the parser error', async () => {
    const res = await s.call(endpoints.tncode.path, '{"a": tru');
    expect(res.errcode).toBe(ErrCode.INVALID_INPUT);
    expect(res.msg).toBe('请求体不是有效的 JSON');
    expect(res.raw).not.toMatch(/Unexpected|position|SyntaxError/);
  });

  it('a __proto__ or constructor.prototype key: 1001', async () => {
    for (const body of ['{"__proto__":{"x":1}}', '{"constructor":{"prototype":{"x":1}}}']) {
      const res = await s.call(endpoints.tncode.path, body);
      expect(res.errcode, body).toBe(ErrCode.INVALID_INPUT);
    }
  });
});
