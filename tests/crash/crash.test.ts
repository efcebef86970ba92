// Crash test (issue 5): SIGKILL the real server in the middle of a 2,000-device order, restart it on
// the same database, and check that every job finished exactly once and that the ledger balances.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { connectDb } from '#server/db/connect.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import { LedgerRepository } from '#server/modules/ledger/ledger-repository.ts';
import { seedDemoShop } from '#server/seed.ts';
import { testImei } from '#tests/setup/fake-check-provider.ts';
import { endpoints } from '#contract/endpoints.ts';
import type { EndpointOutput } from '#contract/endpoint.ts';
import { callEndpoint } from '#tests/setup/call-endpoint.ts';
import { spawnedUser, spawnServer, type SpawnedServer } from '#tests/setup/spawn-server.ts';

const DEVICES = 2000;
const dir = mkdtempSync(join(tmpdir(), 'repairops-crash-'));
const file = join(dir, 'crash.sqlite');
const env = {
  CHECKS_SANDBOX_LATENCY: 'realistic',
  CHECKS_CONCURRENCY: '500',
  // A killed process's leases expire quickly, so the restarted one takes its jobs over.
  CHECKS_LEASE_MS: '3000',
  CHECKS_RETRY_BASE_MS: '200',
};
const servers: SpawnedServer[] = [];

afterAll(() => {
  for (const s of servers) s.child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

type Detail = EndpointOutput<typeof endpoints.orderDetail>;

async function waitFor(s: SpawnedServer, token: string, orderId: number, done: (d: Detail) => boolean) {
  for (;;) {
    const res = await callEndpoint(spawnedUser(s, token), endpoints.orderDetail, { order_id: orderId });
    if (res.errcode !== 0) throw new Error(`order_detail: ${res.errcode} ${res.msg}`);
    if (done(res.datas)) return res.datas;
    await new Promise((r) => setTimeout(r, 100));
  }
}

it(
  'finishes every job exactly once after a SIGKILL mid-run, and the ledger balances',
  { timeout: 120_000 },
  async () => {
    // The demo shop, with points enough for 2,000 devices x (warranty + country).
    const setup = connectDb(file);
    await migrateToLatest(setup.db as unknown as Kysely<unknown>, setup.dialect);
    await seedDemoShop(setup.db);
    await new LedgerRepository(setup.db).opening(1, 10_000_00, Date.now());
    await setup.db.destroy();

    const first = await spawnServer({ databaseUrl: file, env });
    servers.push(first);
    const token = await first.login();
    const combos = await callEndpoint(spawnedUser(first, token), endpoints.comboList, {});
    const country = combos.datas.list.find((c) => c.code === 'sale_country')!.id;
    const identifiers = Array.from({ length: DEVICES }, (_, i) => testImei(i + 1, '35391110'));
    const placed = await callEndpoint(spawnedUser(first, token), endpoints.orderCreate, {
      title: '崩溃测试',
      identifiers,
      service_ids: [country],
    });
    expect(placed.errcode, placed.msg).toBe(0);
    expect(placed.datas.added).toBe(DEVICES);
    const orderId = placed.datas.order_id;

    // Kill it once some jobs have finished and most have not.
    const before = await waitFor(
      first,
      token,
      orderId,
      (d) => d.jobs_success + d.jobs_failed >= d.jobs_total * 0.15,
    );
    first.child.kill('SIGKILL');
    await first.exited;
    expect(before.progress).toBeLessThan(100);

    const second = await spawnServer({ databaseUrl: file, env });
    servers.push(second);
    const after = await waitFor(second, token, orderId, (d) => d.progress >= 100);
    expect(after.jobs_success + after.jobs_failed).toBe(DEVICES * 2);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);

    const db = new DatabaseSync(file, { readOnly: true });
    try {
      const one = <T>(q: string) => db.prepare(q).get() as T;
      // Every job finished, with its money settled.
      expect(
        one<{ n: number }>(
          `SELECT count(*) n FROM check_jobs WHERE state NOT IN ('success','failed') OR settled <> 1`,
        ).n,
      ).toBe(0);
      // One settle or refund entry per job, none twice, none for another job.
      expect(
        one<{ n: number }>(`SELECT count(*) n FROM ledger_entries WHERE type IN ('settle','refund')`).n,
      ).toBe(DEVICES * 2);
      expect(
        one<{ n: number }>(
          `SELECT count(*) n FROM check_jobs j WHERE (SELECT count(*) FROM ledger_entries l WHERE l.job_id = j.id) <> 1`,
        ).n,
      ).toBe(0);
      // Successes settled, failures refunded.
      expect(
        one<{ n: number }>(
          `SELECT count(*) n FROM check_jobs j JOIN ledger_entries l ON l.job_id = j.id
         WHERE (j.state = 'success' AND j.reused = 0) <> (l.type = 'settle')`,
        ).n,
      ).toBe(0);
      // The ledger sums to the balance and the frozen points; nothing is frozen any more.
      const sums = one<{ balance: number; frozen: number }>(
        `SELECT sum(balance_delta) balance, sum(frozen_delta) frozen FROM ledger_entries WHERE account_id = 1`,
      );
      const account = one<{ integral: number; frozen: number }>(
        `SELECT integral, frozen FROM accounts WHERE id = 1`,
      );
      expect(sums).toEqual({ balance: account.integral, frozen: account.frozen });
      expect(account.frozen).toBe(0);
      const order = one<{
        price: number;
        settled: number;
        refunded: number;
        jobs_success: number;
        jobs_failed: number;
      }>(
        `SELECT price, settled, refunded, jobs_success, jobs_failed FROM check_orders WHERE id = ${orderId}`,
      );
      expect(order.settled + order.refunded).toBe(order.price);
      expect(order.jobs_success + order.jobs_failed).toBe(DEVICES * 2);
      // Devices counted their jobs once each.
      expect(
        one<{ n: number }>(
          `SELECT count(*) n FROM check_devices WHERE jobs_success + jobs_failed <> jobs_total`,
        ).n,
      ).toBe(0);
    } finally {
      db.close();
    }
  },
);
