import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { io as connectClient, type Socket } from 'socket.io-client';
import {
  INVALID_AUTH_INFO,
  SOCKET_PATH,
  SOCKET_SOURCE,
  type ServerToClientEvents,
} from '#contract/realtime.ts';
import { accountRoom, userRoom } from '#server/http/realtime.ts';
import { createTestServer, type TestServer } from '#tests/setup/server-harness.ts';
import { endpoints } from '#contract/endpoints.ts';
import { callEndpoint } from '#tests/setup/call-endpoint.ts';

const WS_CODE = endpoints.getWsAuthCode.path;

let s: TestServer;
let url: string;
let token: string;
const sockets: Socket[] = [];

/** A listening test server with a session of the Admin. */
async function start(): Promise<void> {
  s = await createTestServer();
  await s.app.listen({ port: 0, host: '127.0.0.1' });
  const address = s.app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  url = `http://127.0.0.1:${address.port}`;
  token = await s.session();
}

afterEach(() => {
  for (const socket of sockets.splice(0)) socket.close();
});

async function wsCode(): Promise<string> {
  const res = await s.call<{ code: string }>(WS_CODE, {}, { token });
  expect(res.errcode).toBe(0);
  return res.datas.code;
}

type Outcome = { connected: true; socket: Socket<ServerToClientEvents> } | { connected: false; error: Error };

/** Opens a socket and waits for connect or connect_error. */
function open(opts: { auth?: Record<string, unknown>; query?: Record<string, string> }): Promise<Outcome> {
  const socket: Socket<ServerToClientEvents> = connectClient(url, {
    path: SOCKET_PATH,
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    ...(opts.auth ? { auth: opts.auth } : {}),
    ...(opts.query ? { query: opts.query } : {}),
  });
  sockets.push(socket);
  return new Promise((resolve) => {
    socket.on('connect', () => resolve({ connected: true, socket }));
    socket.on('connect_error', (error) => resolve({ connected: false, error }));
  });
}

async function expectRefused(opts: Parameters<typeof open>[0]) {
  const outcome = await open(opts);
  expect(outcome.connected).toBe(false);
  if (!outcome.connected) expect(outcome.error.message).toBe(INVALID_AUTH_INFO);
}

describe('socket.io authentication', () => {
  // One server for the whole group: each test takes fresh codes; the clock only moves forward.
  beforeAll(start);
  afterAll(async () => {
    await s.close();
  });

  it('connects with a fresh code and source erp', async () => {
    const outcome = await open({ auth: { auth_info: await wsCode(), source: 'erp' } });
    expect(outcome.connected).toBe(true);
    expect(SOCKET_SOURCE).toBe('erp');
    expect(INVALID_AUTH_INFO).toBe('invalid auth_info');
  });

  it("joins the user's and the account's rooms, so the server can reach the socket", async () => {
    const outcome = await open({ auth: { auth_info: await wsCode(), source: 'erp' } });
    if (!outcome.connected) throw outcome.error;
    const me = await callEndpoint(s, endpoints.getUser, {}, { token });
    const { user_id, account_id } = me.datas;
    expect(await s.io.in(userRoom(user_id)).fetchSockets()).toHaveLength(1);
    expect(await s.io.in(accountRoom(account_id)).fetchSockets()).toHaveLength(1);
    expect(await s.io.in(userRoom(user_id + 1)).fetchSockets()).toHaveLength(0);

    const received = new Promise((resolve) => outcome.socket.on('user:changed', resolve));
    s.io.to(userRoom(user_id)).emit('user:changed', { user_id });
    expect(await received).toEqual({ user_id });
  });

  it('accepts auth_info and source in the handshake query too', async () => {
    const outcome = await open({ query: { auth_info: await wsCode(), source: 'erp' } });
    expect(outcome.connected).toBe(true);
  });

  it('lets a code open several sockets during its lifetime (reconnects)', async () => {
    const code = await wsCode();
    expect((await open({ auth: { auth_info: code, source: 'erp' } })).connected).toBe(true);
    expect((await open({ auth: { auth_info: code, source: 'erp' } })).connected).toBe(true);
  });

  it("refuses a bad code with 'invalid auth_info'", async () => {
    await expectRefused({ auth: { auth_info: 'not-a-code', source: 'erp' } });
    await expectRefused({ auth: { auth_info: token, source: 'erp' } }); // a session token is not a code
    await expectRefused({ auth: { auth_info: '', source: 'erp' } });
    await expectRefused({ auth: { auth_info: 'x'.repeat(201), source: 'erp' } });
    await expectRefused({ auth: { auth_info: 12345, source: 'erp' } });
    await expectRefused({ auth: { source: 'erp' } });
    await expectRefused({});
  });

  it("refuses a wrong or missing source with 'invalid auth_info'", async () => {
    const code = await wsCode();
    await expectRefused({ auth: { auth_info: code, source: 'web' } });
    await expectRefused({ auth: { auth_info: code, source: 'ERP' } });
    await expectRefused({ auth: { auth_info: code } });
    // The same code still works with the right source.
    expect((await open({ auth: { auth_info: code, source: 'erp' } })).connected).toBe(true);
  });

  it("refuses an expired code (10 minutes) with 'invalid auth_info'", async () => {
    const code = await wsCode();
    s.clock.advance(10 * 60_000 - 1);
    expect((await open({ auth: { auth_info: code, source: 'erp' } })).connected).toBe(true);
    s.clock.advance(1);
    await expectRefused({ auth: { auth_info: code, source: 'erp' } });
  });

  it("refuses the code of a user who has been disabled since with 'invalid auth_info'", async () => {
    const code = await wsCode();
    await s.db.updateTable('users').set({ disabled: 1 }).where('username', '=', 'admin').execute();
    try {
      await expectRefused({ auth: { auth_info: code, source: 'erp' } });
    } finally {
      await s.db.updateTable('users').set({ disabled: 0 }).where('username', '=', 'admin').execute();
    }
    expect((await open({ auth: { auth_info: code, source: 'erp' } })).connected).toBe(true);
  });
});

describe('graceful shutdown', () => {
  beforeAll(start);
  afterAll(async () => {
    await s.close();
  });

  it('app.close() resolves while a socket is connected, and the socket is disconnected', async () => {
    const outcome = await open({ auth: { auth_info: await wsCode(), source: 'erp' } });
    if (!outcome.connected) throw outcome.error;
    const disconnected = new Promise<string>((resolve) => outcome.socket.on('disconnect', resolve));
    const started = performance.now();
    const result = await Promise.race([
      s.app.close().then(() => 'closed'),
      new Promise((resolve) => setTimeout(() => resolve('timed out'), 3000)),
    ]);
    expect(result).toBe('closed');
    expect(performance.now() - started).toBeLessThan(2000);
    expect(await disconnected).toMatch(/disconnect|close/);
  });
});

describe('sockets end with the session (issue 15)', () => {
  beforeAll(start);
  afterAll(async () => {
    await s.close();
  });

  /** A connected socket of the session `t`, and a promise of its disconnect reason. */
  async function connectedAs(t: string) {
    const res = await s.call<{ code: string }>(WS_CODE, {}, { token: t });
    expect(res.errcode).toBe(0);
    const outcome = await open({ auth: { auth_info: res.datas.code, source: 'erp' } });
    if (!outcome.connected) throw outcome.error;
    const ended = new Promise<string>((resolve) =>
      outcome.socket.on('disconnect', (reason) => resolve(reason)),
    );
    return { socket: outcome.socket, code: res.datas.code, ended };
  }

  it("quit disconnects the session's sockets and its ws code opens no new one; other sessions stay", async () => {
    const mine = await s.session('editor');
    const other = await s.session('editor');
    const a = await connectedAs(mine);
    const b = await connectedAs(other);
    expect((await callEndpoint(s, endpoints.quit, {}, { token: mine })).errcode).toBe(0);
    expect(await a.ended).toBe('io server disconnect');
    await expectRefused({ auth: { auth_info: a.code, source: 'erp' } });
    expect(b.socket.connected).toBe(true);
    expect((await open({ auth: { auth_info: b.code, source: 'erp' } })).connected).toBe(true);
  });

  it("disabling an employee disconnects all the employee's sockets and kills their codes", async () => {
    const employee = await s.session('editor');
    const a = await connectedAs(employee);
    const editorId = (
      await s.db.selectFrom('users').select('id').where('username', '=', 'editor').executeTakeFirstOrThrow()
    ).id;
    const res = await callEndpoint(s, endpoints.editUser, { user_id: editorId, disabled: true }, { token });
    expect(res.errcode).toBe(0);
    expect(await a.ended).toBe('io server disconnect');
    await s.db.updateTable('users').set({ disabled: 0 }).where('id', '=', editorId).execute();
    // Enabled again, the old session and its code stay dead.
    await expectRefused({ auth: { auth_info: a.code, source: 'erp' } });
  });

  it("a password reset by the Admin disconnects the employee's sockets", async () => {
    const employee = await s.session('editor');
    const a = await connectedAs(employee);
    const editorId = (
      await s.db.selectFrom('users').select('id').where('username', '=', 'editor').executeTakeFirstOrThrow()
    ).id;
    const res = await callEndpoint(
      s,
      endpoints.editUser,
      { user_id: editorId, new_password: 'reset-pass1' },
      { token },
    );
    expect(res.errcode).toBe(0);
    expect(await a.ended).toBe('io server disconnect');
    await expectRefused({ auth: { auth_info: a.code, source: 'erp' } });
  });

  it("changing one's own password disconnects the other sessions' sockets, not this one's", async () => {
    const here = await s.session('admin');
    const there = await s.session('admin');
    const a = await connectedAs(here);
    const b = await connectedAs(there);
    const res = await callEndpoint(
      s,
      endpoints.editPassword,
      { old_password: 'repair2026', new_password: 'changed-pass1' },
      { token: here },
    );
    expect(res.errcode).toBe(0);
    expect(await b.ended).toBe('io server disconnect');
    await expectRefused({ auth: { auth_info: b.code, source: 'erp' } });
    expect(a.socket.connected).toBe(true);
  });
});
