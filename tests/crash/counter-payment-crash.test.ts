// Crash test (issue 26): SIGKILL the real server while it takes a payment (its request_id claimed,
// the payment's transaction not committed), restart it on the same database, and replay the same
// call: the payment is recorded exactly once and the ticket's totals match its money entries.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { ErrCode } from '#contract/errcodes.ts';
import { connectDb } from '#server/db/connect.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import { seedDemoShop } from '#server/seed.ts';
import { testImei } from '#tests/setup/fake-check-provider.ts';
import { endpoints } from '#contract/endpoints.ts';
import type { EndpointInput } from '#contract/endpoint.ts';
import { callEndpoint, endpointDatas } from '#tests/setup/call-endpoint.ts';
import { spawnedUser, spawnServer, type SpawnedServer } from '#tests/setup/spawn-server.ts';

/** Small deposits already on the ticket: the payment reads them all, which keeps its transaction open long enough to be killed in. */
const ENTRIES = 60_000;
const REQUEST_ID = 'crash-ticket-pay-1';
const dir = mkdtempSync(join(tmpdir(), 'repairops-paycrash-'));
const file = join(dir, 'crash.sqlite');
// A dead holder's request key is free after 2 s.
const env = { CHECKS_SANDBOX_LATENCY: 'zero', REQUEST_KEY_LEASE_MS: '2000' };
const servers: SpawnedServer[] = [];

afterAll(() => {
  for (const s of servers) s.child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Reads (or, once, writes) the database beside the server (WAL: readers never wait for the writer). */
function query<T>(sql: string, readOnly = true): T[] {
  const db = new DatabaseSync(file, { readOnly });
  try {
    if (!readOnly) {
      db.exec(sql);
      return [];
    }
    return db.prepare(sql).all() as T[];
  } finally {
    db.close();
  }
}

it(
  'a payment whose server was SIGKILLed mid-transaction is recorded exactly once on replay',
  { timeout: 120_000 },
  async () => {
    const setup = connectDb(file);
    await migrateToLatest(setup.db as unknown as Kysely<unknown>, setup.dialect);
    await seedDemoShop(setup.db);
    await setup.db.destroy();

    const first = await spawnServer({ databaseUrl: file, env });
    servers.push(first);
    const token = await first.login();
    const as = spawnedUser(first, token);
    const c = await endpointDatas(as, endpoints.customerSave, { name: '崩溃', phones: ['13700001111'] });
    let t = await endpointDatas(as, endpoints.ticketCreate, {
      customer_id: c.id,
      devices: [{ ident: testImei(7) }],
      fault: '换屏',
    });
    t = await endpointDatas(as, endpoints.ticketLineAdd, {
      id: t.id,
      version: t.version,
      kind: 'part',
      description: '屏幕',
      qty: 1,
      unit_fen: 500_000,
    });
    t = await endpointDatas(as, endpoints.ticketQuoteDecide, {
      id: t.id,
      version: t.version,
      approved: [t.lines[0]!.id],
      declined: [],
    });
    // Many 1-fen deposits, written beside the server with the ticket's total kept true.
    query(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${ENTRIES})
       INSERT INTO ticket_payments (account_id, ticket_id, kind, method, amount_fen, voids, note, by_user, at)
       SELECT 1, ${t.id}, 'deposit', 'cash', 1, NULL, '', 1, ${Date.now()} FROM n;
       UPDATE tickets SET paid_fen = paid_fen + ${ENTRIES} WHERE id = ${t.id};`,
      false,
    );
    const body: EndpointInput<typeof endpoints.ticketPay> = {
      id: t.id,
      version: t.version,
      kind: 'payment',
      amount_fen: 100_000,
      method: 'wechat',
      request_id: REQUEST_ID,
    };
    const payments = () =>
      query<{ n: number }>(
        `SELECT count(*) n FROM ticket_payments WHERE ticket_id = ${t.id} AND kind = 'payment'`,
      )[0]?.n;

    // Send the payment, and kill the server the moment its key is claimed (before the payment commits).
    void callEndpoint(as, endpoints.ticketPay, body).catch(() => undefined);
    let claimed: { state: string }[] = [];
    for (let i = 0; i < 4000 && claimed.length === 0; i++) {
      await sleep(2);
      claimed = query<{ state: string }>(`SELECT state FROM request_keys WHERE request_id = '${REQUEST_ID}'`);
    }
    first.child.kill('SIGKILL');
    await first.exited;
    expect(claimed).toEqual([{ state: 'pending' }]);
    expect(payments()).toBe(0);

    // The outbox replays the same call on a new server until it gets an answer that is not silent.
    const second = await spawnServer({ databaseUrl: file, env });
    servers.push(second);
    const pay = () => callEndpoint(spawnedUser(second, token), endpoints.ticketPay, body);
    let answer = await pay();
    const deadline = Date.now() + 30_000;
    while (answer.errcode === ErrCode.PENDING && Date.now() < deadline) {
      await sleep(250);
      answer = await pay();
    }
    expect(answer.errcode, answer.msg).toBe(0);
    expect(answer.datas.paid_fen).toBe(ENTRIES + 100_000);
    // A further replay answers the same and writes nothing.
    const replay = await pay();
    expect(replay.errcode).toBe(0);
    expect(replay.datas.paid_fen).toBe(answer.datas.paid_fen);
    expect(replay.datas.version).toBe(answer.datas.version);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);

    expect(payments()).toBe(1);
    const [ticket] = query<{ paid_fen: number; refunded_fen: number; version: number }>(
      `SELECT paid_fen, refunded_fen, version FROM tickets WHERE id = ${t.id}`,
    );
    const [sums] = query<{ paid: number }>(
      `SELECT sum(amount_fen) paid FROM ticket_payments WHERE ticket_id = ${t.id} AND kind IN ('deposit', 'payment')`,
    );
    expect(ticket).toEqual({ paid_fen: ENTRIES + 100_000, refunded_fen: 0, version: t.version + 1 });
    expect(sums).toEqual({ paid: ENTRIES + 100_000 });
    expect(query(`SELECT state FROM request_keys WHERE request_id = '${REQUEST_ID}'`)).toEqual([
      { state: 'done' },
    ]);
  },
);
