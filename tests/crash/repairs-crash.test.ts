// Crash test (issue 10): SIGKILL the real server in the middle of a 1,000-device repair status
// refresh, restart it on the same database, and check that every device was billed exactly once
// (one settle or refund per job) and that the ledger balances.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { REPAIR_REFRESH_PRICE } from '#contract/schemas/repairs.ts';
import { connectDb } from '#server/db/connect.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import { seedDemoShop } from '#server/seed.ts';
import { testImei } from '#tests/setup/fake-check-provider.ts';
import { endpoints } from '#contract/endpoints.ts';
import { callEndpoint } from '#tests/setup/call-endpoint.ts';
import { spawnedUser, spawnServer, type SpawnedServer } from '#tests/setup/spawn-server.ts';

const DEVICES = 1000;
const dir = mkdtempSync(join(tmpdir(), 'repairops-repairs-crash-'));
const file = join(dir, 'crash.sqlite');
const env = {
  CHECKS_SANDBOX_LATENCY: 'realistic',
  CHECKS_CONCURRENCY: '300',
  CHECKS_LEASE_MS: '3000',
  CHECKS_RETRY_BASE_MS: '200',
};
const servers: SpawnedServer[] = [];

afterAll(() => {
  for (const s of servers) s.child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

function progress(): { done: number; failed: number; total: number } {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    return db.prepare('SELECT total, done, failed FROM repair_refreshes WHERE id = 1').get() as {
      done: number;
      failed: number;
      total: number;
    };
  } finally {
    db.close();
  }
}

async function waitFor(done: (p: ReturnType<typeof progress>) => boolean) {
  for (let i = 0; i < 1200; i++) {
    const p = progress();
    if (done(p)) return p;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`refresh did not get there: ${JSON.stringify(progress())}`);
}

it(
  'bills each device of a refresh once after a SIGKILL mid-run, and the ledger balances',
  { timeout: 120_000 },
  async () => {
    const setup = connectDb(file);
    await migrateToLatest(setup.db as unknown as Kysely<unknown>, setup.dialect);
    await seedDemoShop(setup.db);
    await setup.db.destroy();

    const first = await spawnServer({ databaseUrl: file, env });
    servers.push(first);
    const token = await first.login();
    const batch = await callEndpoint(spawnedUser(first, token), endpoints.repairBatchCreate, {
      title: '崩溃测试',
    });
    // Most devices follow a repair; some fail for good at the sandbox (IMEI serial 000000).
    const lines = Array.from({ length: DEVICES }, (_, i) => ({
      ident: i % 100 === 0 ? testImei(0, String(35000000 + i)) : testImei(i + 1, '35391110'),
      repair_ids: i % 3 === 0 ? [] : ['R' + String(100_000_001 + i)],
    }));
    const intake = await callEndpoint(spawnedUser(first, token), endpoints.repairIntake, {
      batch_id: batch.datas.id,
      lines,
    });
    expect(intake.errcode, intake.msg).toBe(0);
    expect(intake.datas.added).toBe(DEVICES);
    const refresh = await callEndpoint(spawnedUser(first, token), endpoints.repairRefresh, {
      batch_id: batch.datas.id,
    });
    expect(refresh.errcode, refresh.msg).toBe(0);
    expect(refresh.datas).toMatchObject({ queued: DEVICES, frozen: DEVICES * REPAIR_REFRESH_PRICE });

    const before = await waitFor((p) => p.done + p.failed >= DEVICES * 0.15);
    first.child.kill('SIGKILL');
    await first.exited;
    expect(before.done + before.failed).toBeLessThan(DEVICES);

    const second = await spawnServer({ databaseUrl: file, env });
    servers.push(second);
    const after = await waitFor((p) => p.done + p.failed >= DEVICES);
    expect(after.done + after.failed).toBe(DEVICES);
    expect(after.failed).toBeGreaterThanOrEqual(10);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);

    const db = new DatabaseSync(file, { readOnly: true });
    try {
      const one = <T>(q: string) => db.prepare(q).get() as T;
      expect(
        one<{ n: number }>(
          `SELECT count(*) n FROM repair_jobs WHERE state NOT IN ('success','failed') OR settled <> 1`,
        ).n,
      ).toBe(0);
      // One settle or refund per job, none twice.
      expect(
        one<{ n: number }>(
          `SELECT count(*) n FROM repair_jobs j WHERE (SELECT count(*) FROM ledger_entries l WHERE l.repair_job_id = j.id) <> 1`,
        ).n,
      ).toBe(0);
      expect(
        one<{ n: number }>(
          `SELECT count(*) n FROM repair_jobs j JOIN ledger_entries l ON l.repair_job_id = j.id
           WHERE (j.state = 'success') <> (l.type = 'settle')`,
        ).n,
      ).toBe(0);
      const sums = one<{ balance: number; frozen: number }>(
        `SELECT sum(balance_delta) balance, sum(frozen_delta) frozen FROM ledger_entries WHERE account_id = 1`,
      );
      const account = one<{ integral: number; frozen: number }>(
        `SELECT integral, frozen FROM accounts WHERE id = 1`,
      );
      expect(sums).toEqual({ balance: account.integral, frozen: account.frozen });
      expect(account.frozen).toBe(0);
      const r = one<{ price: number; settled: number; refunded: number }>(
        `SELECT price, settled, refunded FROM repair_refreshes WHERE id = 1`,
      );
      expect(r.settled + r.refunded).toBe(r.price);
      // Every answered device holds its status; each progress change was recorded once.
      expect(
        one<{ n: number }>(
          `SELECT count(*) n FROM repair_devices WHERE refresh_state NOT IN ('done','failed')`,
        ).n,
      ).toBe(0);
      expect(
        one<{ n: number }>(
          `SELECT count(*) n FROM (SELECT device_id FROM repair_events WHERE kind = 'progress' GROUP BY device_id, to_value HAVING count(*) > 1)`,
        ).n,
      ).toBe(0);
    } finally {
      db.close();
    }
  },
);
