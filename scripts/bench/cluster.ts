// `npm run bench:cluster` (issue 16): device-check jobs per second with 1, 2 and 4 server processes on
// one PostgreSQL against the zero-latency sandbox, beside SQLite's single process; then an order-list
// load test (POST /api/checks/order_list, autocannon, connections spread over every process) in each
// setup: requests per second and p99. Real processes (`node server/index.ts`), a throwaway PostgreSQL
// cluster (REPAIROPS_TEST_PG_URL if set). Prints figures; checks only that every job was settled or refunded exactly once.
// BENCH_DEVICES (default 5,000 devices x 2 services), BENCH_SECONDS (default 10 s of list load).
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { sql, type Kysely } from 'kysely';
import { connectDb } from '#server/db/connect.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import { LedgerRepository } from '#server/modules/ledger/ledger-repository.ts';
import { seedDemoShop } from '#server/seed.ts';
import { createClusterDb } from '#tests/setup/pg-cluster-db.ts';
import { balanced, settlement, type Query } from '#tests/setup/settlement-checks.ts';
import { spawnServer, type SpawnedServer } from '#tests/setup/spawn-server.ts';
import { startThrowawayPostgres } from '../lib/throwaway-postgres.ts';
import { benchImei } from './bench-server.ts';

const DEVICES = Number(process.env.BENCH_DEVICES ?? 5000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const SERVICES = ['warranty', 'activation_lock'];
const SMALL_ORDERS = 100;
const POINTS = 100_000_00;

const dir = mkdtempSync(join(tmpdir(), 'repairops-bench-cluster-'));
const env = (i: number) => ({
  REPAIROPS_INSTANCE: `p${i}`,
  STATIC_DIR: join(dir, 'no-pwa'),
  EXPORTS_DIR: join(dir, 'exports'),
  CHECKS_SANDBOX_LATENCY: 'zero',
  CHECKS_CONCURRENCY: '2000',
  LOG_LEVEL: 'warn',
});

interface Row {
  setup: string;
  jobsPerSecond: number;
  listRps: number;
  listP99: number;
  listErrors: number;
}

async function waitDone(s: SpawnedServer, token: string, orderId: number, total: number) {
  for (;;) {
    const o = await s.call<{ jobs_success: number; jobs_failed: number }>(
      '/api/checks/order_detail',
      { order_id: orderId },
      token,
    );
    if (o.errcode !== 0) throw new Error(`order_detail: ${o.errcode} ${o.msg}`);
    if (o.datas.jobs_success + o.datas.jobs_failed >= total) return;
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Starts `count` processes on `databaseUrl`, runs the jobs and the list load; stops them. */
async function measure(setup: string, databaseUrl: string, count: number, query: Query): Promise<Row> {
  const servers = await Promise.all(
    Array.from({ length: count }, (_, i) => spawnServer({ databaseUrl, env: env(i) })),
  );
  try {
    const first = servers[0] as SpawnedServer;
    const token = await first.login();
    const combos = await first.call<{ list: { id: number; code: string }[] }>(
      '/api/checks/combo_list',
      {},
      token,
    );
    const ids = SERVICES.map((c) => combos.datas.list.find((x) => x.code === c)?.id);
    // A warm-up order on every process (JIT, connection pools), then the measured one.
    let n = 0;
    const place = async (s: SpawnedServer, devices: number) => {
      const identifiers = Array.from({ length: devices }, () => benchImei(n++));
      const placed = await s.call<{ order_id: number }>(
        '/api/checks/order_create',
        { title: `bench ${n}`, identifiers, service_ids: ids },
        token,
      );
      if (placed.errcode !== 0)
        throw new Error(`order_create: ${placed.errcode} ${placed.msg}\n${s.output().slice(-4000)}`);
      return placed.datas.order_id;
    };
    for (const s of servers) await waitDone(first, token, await place(s, 200), 400);
    const total = DEVICES * SERVICES.length;
    const t0 = performance.now();
    const big = await place(servers[1 % count] as SpawnedServer, DEVICES);
    await waitDone(first, token, big, total);
    const jobsPerSecond = total / ((performance.now() - t0) / 1000);

    // The order list: a shop's page of orders (small ones placed through every process).
    for (let i = 0; i < SMALL_ORDERS; i++) await place(servers[i % count] as SpawnedServer, 5);
    const result = await autocannon({
      // autocannon spreads its connections over several URLs; @types/autocannon only knows one.
      url: servers.map((s) => `${s.url}/api/checks/order_list`) as unknown as string,
      method: 'POST',
      headers: { 'content-type': 'application/json', token },
      body: JSON.stringify({ page: 1, page_size: 20 }),
      connections: 8 * count,
      duration: SECONDS,
    });
    // The small orders finish, then every job must be settled or refunded once (else the figure lies).
    for (;;) {
      const state = await settlement(query);
      if (state.unfinished === 0) {
        if (JSON.stringify(state) !== JSON.stringify(balanced(state.jobs)))
          throw new Error(`${setup}: not settled exactly once: ${JSON.stringify(state)}`);
        break;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    return {
      setup,
      jobsPerSecond,
      listRps: result.requests.average,
      listP99: result.latency.p99,
      listErrors: result.errors + result.non2xx,
    };
  } finally {
    for (const s of servers) s.child.kill('SIGTERM');
    await Promise.all(servers.map((s) => s.exited));
  }
}

const rows: Row[] = [];
try {
  // SQLite, one process.
  const file = join(dir, 'bench.sqlite');
  const handle = connectDb(file);
  await migrateToLatest(handle.db as unknown as Kysely<unknown>, handle.dialect);
  await seedDemoShop(handle.db);
  await new LedgerRepository(handle.db).opening(1, POINTS, Date.now());
  await handle.db.destroy();
  const check = connectDb(file);
  try {
    rows.push(
      await measure(
        'SQLite, 1 process',
        file,
        1,
        async (q) => (await sql.raw<Record<string, unknown>>(q).execute(check.db)).rows,
      ),
    );
  } finally {
    await check.db.destroy();
  }

  const own = process.env.REPAIROPS_TEST_PG_URL ? null : await startThrowawayPostgres();
  const clusterUrl = process.env.REPAIROPS_TEST_PG_URL ?? own?.url;
  if (!clusterUrl) {
    console.log('No PostgreSQL (set REPAIROPS_TEST_PG_URL or install the server binaries): SQLite only.');
  } else {
    try {
      for (const count of [1, 2, 4]) {
        const db = await createClusterDb(clusterUrl, 'bench', POINTS);
        try {
          rows.push(
            await measure(`PostgreSQL, ${count} process${count > 1 ? 'es' : ''}`, db.url, count, (q) =>
              db.query(q),
            ),
          );
        } finally {
          await db.drop();
        }
      }
    } finally {
      own?.stop();
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}

console.log(
  `\n${DEVICES * SERVICES.length} jobs (zero-latency sandbox); order list ${SECONDS} s, ${availableParallelism()} cores\n`,
);
console.log('| setup | jobs/s | order list req/s | order list p99 |');
console.log('|---|---:|---:|---:|');
for (const r of rows)
  console.log(
    `| ${r.setup} | ${Math.round(r.jobsPerSecond)} | ${Math.round(r.listRps)} | ${r.listP99} ms${r.listErrors ? ` (${r.listErrors} errors)` : ''} |`,
  );
