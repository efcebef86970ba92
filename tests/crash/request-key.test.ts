// Crash test (issue 15): SIGKILL the real server between claiming a request_id and committing its
// write, restart it on the same database, and retry the same call: the retry takes the dead holder's
// key over once its lease runs out and the write lands exactly once (one order, one freeze).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { ErrCode } from '#contract/errcodes.ts';
import { connectDb } from '#server/db/connect.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import { LedgerRepository } from '#server/modules/ledger/ledger-repository.ts';
import { seedDemoShop } from '#server/seed.ts';
import { testImei } from '#tests/setup/fake-check-provider.ts';
import { endpoints } from '#contract/endpoints.ts';
import { callEndpoint } from '#tests/setup/call-endpoint.ts';
import { spawnedUser, spawnServer, type SpawnedServer } from '#tests/setup/spawn-server.ts';

const DEVICES = 40_000;
const REQUEST_ID = 'crash-order-create-1';
const TITLE = '请求键崩溃测试';
const dir = mkdtempSync(join(tmpdir(), 'repairops-keycrash-'));
const file = join(dir, 'crash.sqlite');
// No job runs (no provider call slows the write); a dead holder's key is free after 2 s.
const env = { CHECKS_SANDBOX_LATENCY: 'zero', REQUEST_KEY_LEASE_MS: '2000' };
const servers: SpawnedServer[] = [];

afterAll(() => {
  for (const s of servers) s.child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Reads the database as the server left it (WAL: readers never wait for the writer). */
function query<T>(sql: string): T[] {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    return db.prepare(sql).all() as T[];
  } finally {
    db.close();
  }
}

it(
  'a write whose server was SIGKILLed after claiming its request_id lands exactly once on retry',
  { timeout: 120_000 },
  async () => {
    const setup = connectDb(file);
    await migrateToLatest(setup.db as unknown as Kysely<unknown>, setup.dialect);
    await seedDemoShop(setup.db);
    await new LedgerRepository(setup.db).opening(1, 100_000_00, Date.now());
    await setup.db.destroy();

    const first = await spawnServer({ databaseUrl: file, env });
    servers.push(first);
    const token = await first.login();
    const combos = await callEndpoint(spawnedUser(first, token), endpoints.comboList, {});
    const warranty = combos.datas.list.find((c) => c.code === 'warranty')!.id;
    const body = {
      title: TITLE,
      identifiers: Array.from({ length: DEVICES }, (_, i) => testImei(i + 1, '35391110')),
      service_ids: [warranty],
      request_id: REQUEST_ID,
    };

    // Send the write, and kill the server the moment its key is claimed (before the order commits).
    void callEndpoint(spawnedUser(first, token), endpoints.orderCreate, body).catch(() => undefined);
    let claimed: { state: string }[] = [];
    for (let i = 0; i < 2000 && claimed.length === 0; i++) {
      await sleep(5);
      claimed = query<{ state: string }>(`SELECT state FROM request_keys WHERE request_id = '${REQUEST_ID}'`);
    }
    first.child.kill('SIGKILL');
    await first.exited;
    expect(claimed).toEqual([{ state: 'pending' }]);
    expect(query(`SELECT id FROM check_orders WHERE title = '${TITLE}'`)).toEqual([]);
    expect(
      query<{ state: string }>(`SELECT state FROM request_keys WHERE request_id = '${REQUEST_ID}'`),
    ).toEqual([{ state: 'pending' }]);

    // The outbox retries the same call on a new server until it gets an answer that is not silent.
    const second = await spawnServer({ databaseUrl: file, env });
    servers.push(second);
    const answers: number[] = [];
    let answer = await callEndpoint(spawnedUser(second, token), endpoints.orderCreate, body);
    const deadline = Date.now() + 30_000;
    while (answer.errcode === ErrCode.PENDING && Date.now() < deadline) {
      answers.push(answer.errcode);
      await sleep(250);
      answer = await callEndpoint(spawnedUser(second, token), endpoints.orderCreate, body);
    }
    expect(answer.errcode, `${answer.msg} after ${answers.length} silent answers`).toBe(0);
    expect(answer.datas.added).toBe(DEVICES);
    // A further retry replays the answer and writes nothing.
    const replay = await callEndpoint(spawnedUser(second, token), endpoints.orderCreate, body);
    // The same answer, byte for byte (headers such as the date differ).
    expect(replay.raw).toBe(answer.raw);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);

    const orders = query<{ id: number; price: number }>(
      `SELECT id, price FROM check_orders WHERE title = '${TITLE}'`,
    );
    expect(orders).toHaveLength(1);
    expect(
      query<{ n: number }>(`SELECT count(*) n FROM check_devices WHERE order_id = ${orders[0]?.id}`),
    ).toEqual([{ n: DEVICES }]);
    // One freeze for the order, matching its price; the ledger still sums to the account.
    const freezes = query<{ frozen: number }>(
      `SELECT frozen_delta frozen FROM ledger_entries WHERE order_id = ${orders[0]?.id} AND type = 'freeze'`,
    );
    expect(freezes).toEqual([{ frozen: orders[0]?.price }]);
    const [sums] = query<{ balance: number; frozen: number }>(
      `SELECT sum(balance_delta) balance, sum(frozen_delta) frozen FROM ledger_entries WHERE account_id = 1`,
    );
    const [account] = query<{ integral: number; frozen: number }>(
      `SELECT integral, frozen FROM accounts WHERE id = 1`,
    );
    expect(sums).toEqual({ balance: account?.integral, frozen: account?.frozen });
    expect(
      query<{ state: string }>(`SELECT state FROM request_keys WHERE request_id = '${REQUEST_ID}'`),
    ).toEqual([{ state: 'done' }]);
  },
);
