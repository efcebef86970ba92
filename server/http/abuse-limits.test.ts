// Abuse limits over real HTTP (issue 15): large bodies from callers who are not signed in are refused
// before they are read or parsed, over-limit bodies get the envelope, a body sent a byte at a time is
// cut off, and edit_password cannot be used to guess a password.
import { connect } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { endpoints } from '#contract/endpoints.ts';
import { ErrCode } from '#contract/errcodes.ts';
import { createTestServer, type TestServer } from '#tests/setup/server-harness.ts';

let s: TestServer;
let base: string;
beforeEach(async () => {
  s = await createTestServer({ config: { limits: { requestTimeoutMs: 1500, connectionTimeoutMs: 1500 } } });
  base = await s.app.listen({ port: 0, host: '127.0.0.1' });
});
afterEach(() => s.close());

const MB = 1024 * 1024;

describe('request bodies', () => {
  it('an unauthenticated 20 MB body on order_create is refused before it is parsed: 1002 in the envelope', async () => {
    // Not JSON at all: had it been parsed first, the answer would be "not valid JSON" (1001).
    const res = await fetch(`${base}/api/checks/order_create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: Buffer.alloc(20 * MB, 'x'),
    });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({
      errcode: ErrCode.SESSION_EXPIRED,
      msg: '登录已过期，请重新登录',
      datas: null,
    });
  });

  it('a signed-in caller may send order_create its large body', async () => {
    const token = await s.session();
    const res = await fetch(`${base}/api/checks/order_create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', token },
      body: Buffer.alloc(2 * MB, 'x'),
    });
    // Read and parsed (it is not JSON), so the parser refuses it: only signed-in callers get this far.
    expect((await res.json()).msg).toBe('请求体不是有效的 JSON');
  });

  it('a 20 MB body on a public endpoint: 1101 (413) in the envelope, not a reset connection', async () => {
    const res = await fetch(`${base}/api/login/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: Buffer.alloc(20 * MB, 'x'),
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ errcode: ErrCode.BODY_TOO_LARGE, msg: '请求内容过大', datas: null });
  });
});

describe('timeouts', () => {
  it('a body sent a byte at a time (slow loris) is cut off at the request timeout', async () => {
    const { port } = new URL(base);
    const socket = connect(Number(port), '127.0.0.1');
    const started = Date.now();
    let received = '';
    socket.on('data', (d) => (received += d.toString()));
    const closed = new Promise<number>((resolve) => socket.on('close', () => resolve(Date.now() - started)));
    socket.write(
      'POST /api/login/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{',
    );
    const drip = setInterval(() => socket.writable && socket.write(' '), 200);
    const ms = await closed;
    clearInterval(drip);
    expect(ms).toBeLessThan(10_000);
    expect(received).toMatch(/^HTTP\/1\.1 408/);
  });
});

describe('edit_password', () => {
  it('10 wrong old passwords per user per 15 minutes, then 1005 with Retry-After; the right one still counts after', async () => {
    const token = await s.session('editor');
    const wrong = () =>
      s.call(
        endpoints.editPassword.path,
        { old_password: 'guess-12345', new_password: 'newpass123' },
        { token },
      );
    for (let i = 1; i <= 10; i++)
      expect((await wrong()).errcode, `guess ${i}`).toBe(ErrCode.WRONG_OLD_PASSWORD);
    const limited = await wrong();
    expect([limited.status, limited.errcode, limited.headers['retry-after']]).toEqual([
      429,
      ErrCode.RATE_LIMITED,
      '900',
    ]);
    // Even the right password waits: the limit is not an oracle.
    const right = await s.call(
      endpoints.editPassword.path,
      { old_password: 'repair2026', new_password: 'newpass123' },
      { token },
    );
    expect(right.errcode).toBe(ErrCode.RATE_LIMITED);
    s.clock.advance(15 * 60_000);
    expect(
      (
        await s.call(
          endpoints.editPassword.path,
          { old_password: 'repair2026', new_password: 'newpass123' },
          { token },
        )
      ).errcode,
    ).toBe(0);
  });
});
