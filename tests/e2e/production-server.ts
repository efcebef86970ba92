// A production server for browser tests (issue 24): the built server and PWA with NODE_ENV=production
// on a fresh database, no provider configured, and the shop made by `npm run create-admin` as a
// person would. REPAIROPS_TEST_PUZZLE_X is refused in production, so sign-in answers the slider with
// the answer kept in the database this test owns, through the API, and hands the token to the page.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { Page } from '@playwright/test';
import { connectDb } from '#server/db/connect.ts';
import { LedgerRepository } from '#server/modules/ledger/ledger-repository.ts';

export interface ProductionServer {
  base: string;
  database: string;
  /** A POST to the API; `token` signs it in. */
  call<D = Record<string, unknown>>(
    path: string,
    data?: object,
    token?: string,
  ): Promise<{ errcode: number; msg: string; datas: D }>;
  /** Signs in through the API (the slider answered from the database) and stores the token for the page. */
  signIn(page: Page | null, username: string, password: string): Promise<string>;
  /** Everything the server wrote (stdout and stderr). */
  log(): string;
  stop(): Promise<void>;
}

/** Variables of the runner's environment that would configure a provider or a test shortcut. */
const CONFIGURING =
  /^(REPAIROPS_|CHECKS_|REPAIRS_|REPAIR_|SMS_|PAYMENT_|RECHARGE_|ALIPAY_|WECHAT|EXPORT|MONITOR_)/;

export async function startProductionServer(port: number): Promise<ProductionServer> {
  const dir = mkdtempSync(join(tmpdir(), 'repairops-prod-e2e-'));
  const database = join(dir, 'shop.sqlite');
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const k of Object.keys(env)) if (CONFIGURING.test(k)) delete env[k];
  const child: ChildProcess = spawn(process.execPath, ['dist-server/index.mjs'], {
    env: {
      ...env,
      NODE_ENV: 'production',
      PORT: String(port),
      DATABASE_URL: database,
      EXPORTS_DIR: join(dir, 'exports'),
      STATIC_DIR: 'dist',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const base = `http://localhost:${port}`;
  for (let i = 0; !out.includes('RepairOps is running'); i++) {
    if (child.exitCode !== null || i > 300) throw new Error(`the production server did not start:\n${out}`);
    await new Promise((r) => setTimeout(r, 100));
  }

  const call: ProductionServer['call'] = async (path, data = {}, token) =>
    (await (
      await fetch(base + path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
        body: JSON.stringify(data),
      })
    ).json()) as never;

  const signIn: ProductionServer['signIn'] = async (page, username, password) => {
    const puzzle = await call<{ uniqid: string }>('/api/login/tncode');
    const db = new DatabaseSync(database, { readOnly: true });
    const row = db.prepare('SELECT answer_x FROM puzzles WHERE id = ?').get(puzzle.datas.uniqid) as {
      answer_x: number;
    };
    db.close();
    const login = await call<{ token: string }>('/api/login/login', {
      username,
      password,
      tn_r: row.answer_x,
      uniqid: puzzle.datas.uniqid,
    });
    if (login.errcode !== 0) throw new Error(`sign-in failed: ${login.errcode} ${login.msg}`);
    await page?.addInitScript((token) => {
      if (!localStorage.getItem('token')) localStorage.setItem('token', token);
    }, login.datas.token);
    return login.datas.token;
  };

  return {
    base,
    database,
    call,
    signIn,
    log: () => out,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** `npm run create-admin` as a person runs it, the password on stdin; answers its exit code and output. */
export function createAdmin(
  database: string,
  args: string[],
  password: string,
): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['scripts/create-admin.ts', ...args], {
      env: { ...process.env, NODE_ENV: 'production', DATABASE_URL: database },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.on('exit', (code) => resolve({ code, out }));
    child.stdin.end(`${password}\n`);
  });
}

/**
 * Points for the shop, through the server's own ledger code (there is no endpoint that grants points):
 * a refused paid call must be seen to move none.
 */
export async function grantPoints(database: string, username: string, points: number): Promise<void> {
  const { db } = connectDb(database);
  try {
    const user = await db
      .selectFrom('users')
      .select('account_id')
      .where('username', '=', username)
      .executeTakeFirstOrThrow();
    await db.transaction().execute(async (trx) => {
      await new LedgerRepository(trx).opening(user.account_id, points, Date.now());
    });
  } finally {
    await db.destroy();
  }
}
