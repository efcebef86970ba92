// The real server as a child process (server/index.ts) on a given SQLite file, for tests that must
// kill it (crash test) or time it end to end: signs in through the API with the fixed puzzle answer.
import { spawn, type ChildProcess } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { endpoints } from '#contract/endpoints.ts';
import { asUser, type EndpointTarget } from './call-endpoint.ts';
import type { CallOptions, CallResult } from './server-harness.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const PUZZLE_X = 150;

export interface SpawnedServer {
  child: ChildProcess;
  url: string;
  call<D = Record<string, unknown>>(
    path: string,
    body: unknown,
    token?: string,
  ): Promise<{ errcode: number; msg: string; datas: D }>;
  login(username?: string, password?: string): Promise<string>;
  /** Output so far (stdout + stderr), for failure messages. */
  output(): string;
  exited: Promise<number | null>;
}

export async function spawnServer(opts: {
  databaseUrl: string;
  env?: Record<string, string>;
}): Promise<SpawnedServer> {
  const child = spawn(process.execPath, [join(ROOT, 'server/index.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: opts.databaseUrl,
      PORT: '0',
      HOST: '127.0.0.1',
      REPAIROPS_TEST_PUZZLE_X: String(PUZZLE_X),
      LOG_LEVEL: 'warn',
      STATIC_DIR: join(dirname(opts.databaseUrl), 'no-pwa'),
      NODE_ENV: 'test',
      ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
  const url = await new Promise<string>((resolvePort, reject) => {
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const m = /running at (http:\/\/localhost:\d+)\//.exec(out);
      if (m) resolvePort((m[1] as string).replace('localhost', '127.0.0.1'));
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (c: Buffer) => (out += c.toString()));
    void exited.then((code) => reject(new Error(`server exited (${code}) before listening:\n${out}`)));
    setTimeout(() => reject(new Error(`server did not start in 30 s:\n${out}`)), 30_000).unref();
  });

  const call = async <D>(path: string, body: unknown, token?: string) => {
    const res = await fetch(url + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
      body: JSON.stringify(body),
    });
    return (await res.json()) as { errcode: number; msg: string; datas: D };
  };
  const login = async (username = 'admin', password = 'repair2026') => {
    const puzzle = await call<{ uniqid: string }>(endpoints.tncode.path, {});
    const res = await call<{ token: string }>(endpoints.login.path, {
      username,
      password,
      tn_r: PUZZLE_X,
      uniqid: puzzle.datas.uniqid,
    });
    if (res.errcode !== 0) throw new Error(`login failed: ${res.errcode} ${res.msg}`);
    return res.datas.token;
  };
  return { child, url, call, login, output: () => out, exited };
}

/**
 * A spawned server, as a signed-in user when given a token, for callEndpoint: the call goes over the
 * server's port (fetch), so the answer is checked against the endpoint's output schema as in process.
 */
export function spawnedUser(server: Pick<SpawnedServer, 'url'>, token?: string): EndpointTarget {
  const call = async <D>(path: string, body?: unknown, o: CallOptions = {}): Promise<CallResult<D>> => {
    const query = o.query === undefined ? '' : '?' + new URLSearchParams(o.query).toString();
    const res = await fetch(server.url + path + query, {
      method: o.method ?? 'POST',
      headers: { 'content-type': 'application/json', ...(o.token ? { token: o.token } : {}), ...o.headers },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const raw = await res.text();
    const parsed = JSON.parse(raw) as { errcode: number; msg: string; datas: D };
    return { status: res.status, ...parsed, headers: Object.fromEntries(res.headers), raw };
  };
  return token === undefined ? { call } : asUser({ call }, token);
}
