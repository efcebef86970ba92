// The real app's logs carry no password and no token. buildApp cannot be handed a log stream, so this
// file wraps loggerOptions to add one: everything else (serializers, redaction, levels) is the real thing.
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ErrCode } from '#contract/errcodes.ts';
import type * as LoggerModule from '#server/lib/logger.ts';
import { DEMO_ADMIN, TEST_PUZZLE_X, createTestServer, type TestServer } from '#tests/setup/server-harness.ts';
import { endpoints } from '#contract/endpoints.ts';
import { callEndpoint } from '#tests/setup/call-endpoint.ts';

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

const PASSWORD = DEMO_ADMIN.password;
let s: TestServer;
let token: string;
const logs = () => captured.join('');

beforeAll(async () => {
  s = await createTestServer({ logger: true, config: { logLevel: 'info' } });
  s.app.post('/api/test/boom', async () => {
    throw new Error('boom');
  });
  const uniqid = await s.puzzle();
  // A failed attempt with a secret-looking password, then the real sign-in.
  await callEndpoint(s, endpoints.login, {
    username: 'admin',
    password: 'WRONG-PW-SECRET',
    tn_r: TEST_PUZZLE_X,
    uniqid,
  });
  const ok = await callEndpoint(s, endpoints.login, {
    username: 'admin',
    password: PASSWORD,
    tn_r: TEST_PUZZLE_X,
    uniqid: await s.puzzle(),
  });
  token = ok.datas.token;
  await callEndpoint(s, endpoints.getUser, {}, { token });
  await callEndpoint(s, endpoints.getUser, {}, { query: { token } });
  await callEndpoint(s, endpoints.getWsAuthCode, {}, { query: { token } });
  await callEndpoint(
    s,
    endpoints.getUser,
    {},
    { headers: { cookie: `sid=${token}`, authorization: `Bearer ${token}` } },
  );
  await callEndpoint(s, endpoints.quit, { token });
  await s.call('/api/test/boom', {});
});
afterAll(async () => {
  await s.close();
});

describe('the app logs', () => {
  it('are written: one JSON line per event, requests included', () => {
    const lines = captured.map(
      (l) => JSON.parse(l) as { msg?: string; req?: { url?: string }; res?: { statusCode?: number } },
    );
    expect(lines.length).toBeGreaterThan(10);
    // One line per request, when answered: what was asked and how it ended.
    expect(
      lines.some(
        (l) =>
          l.msg === 'request completed' && l.req?.url === endpoints.login.path && l.res?.statusCode === 200,
      ),
    ).toBe(true);
    expect(lines.some((l) => l.msg === 'incoming request')).toBe(false);
    expect(lines.some((l) => l.req?.url === '/api/user/get_user?token=[redacted]')).toBe(true);
    expect(lines.some((l) => l.msg === 'unhandled error')).toBe(true);
  });

  it('contain neither the password nor a failed attempt’s password', () => {
    expect(logs()).not.toContain(PASSWORD);
    expect(logs()).not.toContain('WRONG-PW-SECRET');
  });

  it('contain the session token nowhere (header, query, body, cookie or authorization)', () => {
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(logs()).not.toContain(token);
  });

  it('log business errors with their errcode, not their input', () => {
    const business = captured
      .map((l) => JSON.parse(l) as { msg?: string; errcode?: number })
      .filter((l) => l.msg === 'business error');
    expect(business.map((l) => l.errcode)).toContain(ErrCode.LOGIN_FAILED);
  });
});
