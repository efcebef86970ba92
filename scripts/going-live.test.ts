// Issue 24's "Done when": the BUILT server (dist-server, as `npm start` runs it) with
// NODE_ENV=production on an empty database has no account and no known password, says how to make
// the first Admin, writes no demo password or SMS code to its log, and `npm run create-admin` then
// lets exactly that Admin in. Sign-in solves the slider with the answer kept in the test's own
// database (REPAIROPS_TEST_PUZZLE_X is refused in production, rightly).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrCode } from '#contract/errcodes.ts';
import { Role } from '#contract/roles.ts';
import { buildServer } from './build-server.ts';

const ROOT = resolve(import.meta.dirname, '..');
// Inside the repo, so the bundle's package imports resolve from its node_modules as in dist-server/.
const cache = join(ROOT, 'node_modules/.cache');
mkdirSync(cache, { recursive: true });
const dir = mkdtempSync(join(cache, 'going-live-'));
const database = join(dir, 'shop.sqlite');
const PASSWORD = 'Counter2026x';

function freePort(): Promise<number> {
  return new Promise((res) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => res(port));
    });
  });
}

let server: ChildProcess;
let log = '';
let base = '';

async function call<D = Record<string, unknown>>(path: string, body: object, token?: string) {
  const res = await fetch(base + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
    body: JSON.stringify(body),
  });
  return (await res.json()) as { errcode: number; msg: string; datas: D };
}

/** Signs in the way a person does: fetch a puzzle, answer it (read from the database this test owns). */
async function login(username: string, password: string) {
  const puzzle = await call<{ uniqid: string }>('/api/login/tncode', {});
  const db = new DatabaseSync(database, { readOnly: true });
  const row = db.prepare('SELECT answer_x FROM puzzles WHERE id = ?').get(puzzle.datas.uniqid) as {
    answer_x: number;
  };
  db.close();
  return call<{ token: string }>('/api/login/login', {
    username,
    password,
    tn_r: row.answer_x,
    uniqid: puzzle.datas.uniqid,
  });
}

function count(table: string): number {
  const db = new DatabaseSync(database, { readOnly: true });
  try {
    return (db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
  } finally {
    db.close();
  }
}

function createAdmin(args: string[], stdin: string): Promise<{ code: number | null; out: string }> {
  return new Promise((res) => {
    const child = spawn(process.execPath, [join(ROOT, 'scripts/create-admin.ts'), ...args], {
      cwd: ROOT,
      env: { ...process.env, NODE_ENV: 'production', DATABASE_URL: database },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.on('exit', (code) => res({ code, out }));
    child.stdin.end(stdin);
  });
}

beforeAll(async () => {
  await buildServer(join(dir, 'bundle'));
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = { ...process.env };
  // Nothing of the test runner's or a developer's shell may configure this server.
  for (const k of Object.keys(env))
    if (/^(REPAIROPS_|CHECKS_|REPAIRS_|SMS_|PAYMENT_|RECHARGE_|ALIPAY_|WECHAT|EXPORT)/.test(k)) delete env[k];
  server = spawn(process.execPath, [join(dir, 'bundle', 'index.mjs')], {
    env: {
      ...env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: database,
      STATIC_DIR: join(dir, 'no-pwa'),
      EXPORTS_DIR: join(dir, 'exports'),
      // The production default: every line a shop's log holds is here to read.
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout!.on('data', (d: Buffer) => (log += d.toString()));
  server.stderr!.on('data', (d: Buffer) => (log += d.toString()));
  const started = Date.now();
  while (!log.includes('RepairOps is running')) {
    if (server.exitCode !== null || Date.now() - started > 30_000)
      throw new Error(`the built server did not start:\n${log}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}, 60_000);

afterAll(async () => {
  if (server && server.exitCode === null) {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
  }
  rmSync(dir, { recursive: true, force: true });
});

describe('first start in production (issue 24)', () => {
  it('seeds nothing, prints no password and says how to create the first Admin', () => {
    expect(count('accounts')).toBe(0);
    expect(count('users')).toBe(0);
    expect(count('check_orders')).toBe(0);
    expect(log).not.toContain('demo');
    expect(log).toContain('no account yet');
    expect(log).toContain('npm run create-admin -- --username');
  });

  it('logs one preflight line per outside connection, payment and WeChat missing', async () => {
    // The logger writes asynchronously: its lines may follow the banner by a moment.
    const preflightLines = () => log.split('\n').filter((l) => l.includes('"msg":"preflight '));
    for (let i = 0; i < 100 && preflightLines().length < 8; i++) await new Promise((r) => setTimeout(r, 100));
    const lines = preflightLines();
    const names = lines.map(
      (l) => (JSON.parse(l) as { preflight: { connection: string } }).preflight.connection,
    );
    expect(names).toEqual([
      'checks',
      'repairs',
      'sms',
      'wechat',
      'payment',
      'database',
      'exports',
      'tesseract',
    ]);
    expect(log).toContain('preflight payment: missing');
    expect(log).toContain('preflight wechat: missing');
    expect(log).toContain('preflight checks: missing');
    expect(log).toContain('preflight repairs: missing');
    expect(log).toContain('preflight sms: missing');
    expect(log).toContain('preflight database: configured');
  });

  it('refuses admin / repair2026 (there is no such user)', async () => {
    const r = await login('admin', 'repair2026');
    expect(r.errcode).toBe(ErrCode.LOGIN_FAILED);
  });

  it('create-admin refuses a password on the command line and a weak one, creating nothing', async () => {
    const argv = await createAdmin(
      ['--username', 'owner', '--shop', '老王手机维修', '--password', PASSWORD],
      '',
    );
    expect(argv.code).toBe(2);
    const weak = await createAdmin(['--username', 'owner', '--shop', '老王手机维修'], 'password\n');
    expect(weak.code).toBe(1);
    expect(weak.out).toContain('digit');
    expect(count('users')).toBe(0);
  });

  it('create-admin makes the shop and its Admin, once; exactly that Admin signs in', async () => {
    const made = await createAdmin(['--username', 'owner', '--shop', '老王手机维修'], `${PASSWORD}\n`);
    expect(made.code, made.out).toBe(0);
    expect(made.out).not.toContain(PASSWORD);
    const again = await createAdmin(['--username', 'OWNER', '--shop', '别家'], `${PASSWORD}\n`);
    expect(again.code).toBe(1);
    expect(again.out).toContain('taken');
    expect(count('accounts')).toBe(1);
    expect(count('users')).toBe(1);

    expect((await login('owner', 'wrong-Password1')).errcode).toBe(ErrCode.LOGIN_FAILED);
    expect((await login('admin', 'repair2026')).errcode).toBe(ErrCode.LOGIN_FAILED);
    const ok = await login('owner', PASSWORD);
    expect(ok.errcode, ok.msg).toBe(0);
    const me = await call<{ username: string; role: number; integral: number }>(
      '/api/user/get_user',
      {},
      ok.datas.token,
    );
    expect(me.errcode).toBe(0);
    expect(me.datas).toMatchObject({ username: 'owner', role: Role.Admin, integral: 0 });
  });

  it('the log holds neither the demo password nor the new one', () => {
    expect(log).not.toContain('repair2026');
    expect(log).not.toContain(PASSWORD);
  });

  it('sendsms answers "not configured"; the log holds no SMS code or its phone', async () => {
    // A sign-up code asked for in production: whatever the answer, nothing of it reaches the log.
    const sms = await call('/api/user/sendsms', { phone: '13912345678', purpose: 'register' });
    expect(sms.errcode).toBe(ErrCode.SMS_NOT_CONFIGURED);
    expect(count('sms_codes')).toBe(0);
    await new Promise((r) => setTimeout(r, 300));
    expect(log).not.toContain('13912345678');
    expect(log).not.toMatch(/验证码|SANDBOX SMS/);
  });
});
