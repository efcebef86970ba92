// Issue 16: a backup taken while an order runs restores to a server that starts, finishes the order
// and balances. SQLite: node:sqlite's online backup API (docs/deploy.md); PostgreSQL: pg_dump
// --format=custom and pg_restore (when REPAIROPS_TEST_PG_URL names a cluster and pg_dump is here).
// The original server is SIGKILLed after the backup (the machine is lost); a new one starts on the
// restored copy, takes the jobs leased at backup time over once their leases end, and completes them.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { backup, DatabaseSync } from 'node:sqlite';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { connectDb } from '#server/db/connect.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import { LedgerRepository } from '#server/modules/ledger/ledger-repository.ts';
import { seedDemoShop } from '#server/seed.ts';
import { testImei } from '#tests/setup/fake-check-provider.ts';
import { createClusterDb } from '#tests/setup/pg-cluster-db.ts';
import { balanced, settlement, type Query } from '#tests/setup/settlement-checks.ts';
import { endpoints } from '#contract/endpoints.ts';
import type { EndpointOutput } from '#contract/endpoint.ts';
import { callEndpoint } from '#tests/setup/call-endpoint.ts';
import { spawnedUser, spawnServer, type SpawnedServer } from '#tests/setup/spawn-server.ts';

/** pg_dump and pg_restore of Debian's newest PostgreSQL (as scripts/lib/throwaway-postgres.ts finds initdb). */
function postgresBinDir(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const newest = readdirSync(root).sort((a, b) => Number(b) - Number(a))[0];
  return newest ? join(root, newest, 'bin') : null;
}

const DEVICES = 300;
const JOBS = DEVICES * 2; // sale_country needs warranty first
const dir = mkdtempSync(join(tmpdir(), 'repairops-backup-'));
const servers: SpawnedServer[] = [];
const cleanups: (() => Promise<void>)[] = [];
const env = {
  STATIC_DIR: join(dir, 'no-pwa'),
  EXPORTS_DIR: join(dir, 'exports'),
  // Each job takes 0.3-2.5 s: the backup lands in the middle of the order.
  CHECKS_SANDBOX_LATENCY: 'realistic',
  CHECKS_CONCURRENCY: '500',
  CHECKS_LEASE_MS: '2000',
  CHECKS_RETRY_BASE_MS: '100',
};

afterAll(async () => {
  for (const s of servers) s.child.kill('SIGKILL');
  await Promise.all(servers.map((s) => s.exited));
  for (const c of cleanups) await c();
  rmSync(dir, { recursive: true, force: true });
});

type Detail = EndpointOutput<typeof endpoints.orderDetail>;

async function waitFor(s: SpawnedServer, token: string, orderId: number, done: (d: Detail) => boolean) {
  for (;;) {
    const res = await callEndpoint(spawnedUser(s, token), endpoints.orderDetail, { order_id: orderId });
    if (res.errcode !== 0) throw new Error(`order_detail: ${res.errcode} ${res.msg}`);
    if (done(res.datas)) return res.datas;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * Places an order on a server over `databaseUrl`, calls `takeBackup` once a tenth of its jobs are
 * done, kills the server, calls `restore` (answers the restored database's URL and a query on it),
 * starts a server there and waits for the order to finish; answers the restored database's checks.
 */
async function backupWhileOrdering(
  databaseUrl: string,
  takeBackup: () => Promise<void>,
  restore: () => Promise<{ url: string; query: Query }>,
) {
  const first = await spawnServer({ databaseUrl, env });
  servers.push(first);
  const token = await first.login();
  const combos = await callEndpoint(spawnedUser(first, token), endpoints.comboList, {});
  const country = combos.datas.list.find((c) => c.code === 'sale_country')!.id;
  const placed = await callEndpoint(spawnedUser(first, token), endpoints.orderCreate, {
    title: '备份',
    identifiers: Array.from({ length: DEVICES }, (_, i) => testImei(i + 1)),
    service_ids: [country],
  });
  expect(placed.errcode, placed.msg).toBe(0);
  const orderId = placed.datas.order_id;
  await waitFor(first, token, orderId, (d) => d.jobs_success + d.jobs_failed >= d.jobs_total * 0.1);
  await takeBackup();
  first.child.kill('SIGKILL');
  await first.exited;

  const restored = await restore();
  // The copy holds the order in the middle: jobs leased, some done, most not.
  const done = Number(
    Object.values(
      (await restored.query(`SELECT count(*) AS n FROM check_jobs WHERE state IN ('success','failed')`))[0] ??
        {},
    )[0],
  );
  expect(done).toBeGreaterThan(0);
  expect(done).toBeLessThan(JOBS);

  const second = await spawnServer({ databaseUrl: restored.url, env });
  servers.push(second);
  // The session of the backup still signs the user in.
  const after = await waitFor(second, token, orderId, (d) => d.progress >= 100);
  expect(after.jobs_success + after.jobs_failed).toBe(JOBS);
  second.child.kill('SIGTERM');
  expect(await second.exited).toBe(0);
  return settlement(restored.query);
}

describe('a backup taken while orders run restores to a server that starts and balances', () => {
  it('SQLite: online backup (node:sqlite backup)', { timeout: 120_000 }, async () => {
    const file = join(dir, 'live.sqlite');
    const copy = join(dir, 'backup.sqlite');
    const setup = connectDb(file);
    await migrateToLatest(setup.db as unknown as Kysely<unknown>, setup.dialect);
    await seedDemoShop(setup.db);
    await new LedgerRepository(setup.db).opening(1, 10_000_00, Date.now());
    await setup.db.destroy();

    const result = await backupWhileOrdering(
      file,
      async () => {
        // The command docs/deploy.md gives: a connection of its own while the server writes.
        const live = new DatabaseSync(file);
        try {
          await backup(live, copy);
        } finally {
          live.close();
        }
      },
      async () => ({
        url: copy,
        query: async (q) => {
          const db = new DatabaseSync(copy, { readOnly: true });
          try {
            return db.prepare(q).all() as Record<string, unknown>[];
          } finally {
            db.close();
          }
        },
      }),
    );
    expect(result).toEqual(balanced(JOBS));
  });

  const clusterUrl = process.env.REPAIROPS_TEST_PG_URL;
  const bin = postgresBinDir();
  it.skipIf(!clusterUrl || !bin || !existsSync(join(bin ?? '', 'pg_dump')))(
    'PostgreSQL: pg_dump --format=custom, then pg_restore into a new database',
    { timeout: 120_000 },
    async () => {
      const live = await createClusterDb(clusterUrl as string, 'live', 10_000_00);
      cleanups.push(() => live.drop());
      const dump = join(dir, 'repairops.dump');
      const restoredName = `restored_${process.pid}`;
      const restoredUrl = new URL(clusterUrl as string);
      restoredUrl.pathname = `/${restoredName}`;
      const admin = async (text: string) => {
        const client = new pg.Client({ connectionString: clusterUrl });
        await client.connect();
        await client.query(text).finally(() => client.end());
      };
      cleanups.push(() => admin(`DROP DATABASE IF EXISTS ${restoredName} WITH (FORCE)`));

      const result = await backupWhileOrdering(
        live.url,
        async () => {
          const out = spawnSync(
            join(bin as string, 'pg_dump'),
            ['--format=custom', `--file=${dump}`, live.url],
            {
              encoding: 'utf8',
            },
          );
          expect(out.status, out.stderr).toBe(0);
        },
        async () => {
          await admin(`CREATE DATABASE ${restoredName}`);
          const out = spawnSync(
            join(bin as string, 'pg_restore'),
            ['--no-owner', `--dbname=${restoredUrl.toString()}`, dump],
            { encoding: 'utf8' },
          );
          expect(out.status, out.stderr).toBe(0);
          return {
            url: restoredUrl.toString(),
            query: async (q) => {
              const client = new pg.Client({ connectionString: restoredUrl.toString() });
              await client.connect();
              try {
                return (await client.query(q)).rows as Record<string, unknown>[];
              } finally {
                await client.end();
              }
            },
          };
        },
      );
      expect(result).toEqual(balanced(JOBS));
    },
  );
});
