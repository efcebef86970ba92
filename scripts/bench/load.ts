// `npm run bench:load`: the tracked-device list (POST /api/repair/device_list, the repairs page a shop
// keeps open all day and refreshes after every move) on an account with 100,000 devices, driven at a
// fixed rate against the real server (the built dist-server/index.mjs, NODE_ENV=production, SQLite) started as
// a child process on loopback. Signed-in requests with a real session token; the server's RSS is
// sampled from /proc/<pid>/status while the load runs. Targets (issue 15): p99 < 20 ms, RSS < 150 MB.
// Bounded: BENCH_SECONDS (default 30) of load after a 3 s warm-up, then the server is stopped.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { connectDb } from '#server/db/connect.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import { AuthRepository } from '#server/modules/auth/repository.ts';
import { SessionService } from '#server/modules/auth/session-service.ts';
import { systemClock } from '#server/lib/clock.ts';
import { seedDemoShop } from '#server/seed.ts';
import { SERVER_ENV, SERVER_NODE_FLAGS } from '#server/node-flags.ts';
import { buildServer, SERVER_BUNDLE_ENTRY } from '../build-server.ts';
import { LOGISTICS_BADGES, REPAIR_PROGRESS } from '#contract/schemas/repairs.ts';
import { benchImei } from './bench-server.ts';
import { pacedLoadApart } from './paced-load.ts';

const DEVICES = Number(process.env.BENCH_DEVICES ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const RATE = Number(process.env.BENCH_RATE ?? 1000);
const PORT = Number(process.env.BENCH_PORT ?? 8303);
const TARGET_P99_MS = 20;
const TARGET_RSS_MB = 150;
const SESSION_TTL_MS = 30 * 86_400_000;

const dir = mkdtempSync(join(tmpdir(), 'repairops-load-'));
const file = join(dir, 'load.sqlite');

/** Seeds the demo shop and DEVICES tracked devices straight through the DB layer; answers a token. */
async function seed(): Promise<string> {
  const handle = connectDb(file);
  try {
    await migrateToLatest(handle.db as unknown as Kysely<unknown>, handle.dialect);
    await seedDemoShop(handle.db);
    const admin = await handle.db
      .selectFrom('users')
      .select(['id', 'account_id'])
      .where('username', '=', 'admin')
      .executeTakeFirstOrThrow();
    const now = Date.now();
    const batch = await handle.db
      .insertInto('repair_batches')
      .values({
        account_id: admin.account_id,
        title: 'load',
        created_by: admin.id,
        created_at: now,
        deleted_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const t0 = performance.now();
    for (let start = 0; start < DEVICES; start += 5_000) {
      const rows = Array.from({ length: Math.min(5_000, DEVICES - start) }, (_, j) => {
        const n = start + j;
        const imei = benchImei(n);
        return {
          account_id: admin.account_id,
          batch_id: batch.id,
          no: n + 1,
          ident: imei,
          sn: null,
          imei,
          repair_ids: n % 4 === 0 ? '[]' : JSON.stringify(['R' + String(100_000_000 + n)]),
          repair_since_ms: null,
          new_sn: null,
          new_imei: null,
          model: 'iPhone 13 Pro Max',
          customer_name: `客户${n}`,
          customer_phone: `139${String(n).padStart(8, '0')}`,
          return_logistics: null,
          warranty_type: null,
          warranty_end: null,
          purchase_date: null,
          purchase_price: null,
          sale_price: null,
          badge: LOGISTICS_BADGES[n % LOGISTICS_BADGES.length]!,
          eligibility: null,
          progress: n % 4 === 0 ? null : REPAIR_PROGRESS[n % REPAIR_PROGRESS.length]!,
          quote_deadline: null,
          quote_amount: null,
          changed_at: now - (n % 30) * 86_400_000,
          link_hash: null,
          source_check_order_id: null,
          source_check_device_id: null,
          created_at: now,
          updated_ms: now,
          deleted_at: null,
        };
      });
      // SQLite caps bound parameters per statement: insert in slices of 500 rows in one transaction.
      await handle.db.transaction().execute(async (tx) => {
        for (let i = 0; i < rows.length; i += 500)
          await tx
            .insertInto('repair_devices')
            .values(rows.slice(i, i + 500))
            .execute();
      });
    }
    console.log(
      `${DEVICES} tracked devices seeded through the DB layer in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );
    return await new SessionService(new AuthRepository(handle.db), systemClock, SESSION_TTL_MS).open(
      admin.id,
    );
  } finally {
    await handle.db.destroy();
  }
}

/**
 * VmRSS and VmHWM (peak) of a process, MB, with the RSS's anonymous part (the V8 heap, malloc) and
 * its file-backed part (mostly the node binary's own pages, ~50 MB); null once it is gone.
 */
function memoryOf(pid: number): { rss: number; hwm: number; anon: number; file: number } | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? 0);
    return {
      rss: kb('VmRSS') / 1024,
      hwm: kb('VmHWM') / 1024,
      anon: kb('RssAnon') / 1024,
      file: kb('RssFile') / 1024,
    };
  } catch {
    return null;
  }
}

/** CPU time (user + system) a process has used so far, ms (from /proc/<pid>/stat, in clock ticks of 10 ms). */
function cpuMsOf(pid: number): number {
  try {
    // The fields after the command name (which may hold spaces) start at its closing parenthesis.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return NaN;
  }
}

async function waitForServer(url: string, child: { exitCode: number | null }): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(url);
      if (res.status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not start within 60 s');
}

/** Runs the load at a constant arrival rate (scripts/bench/paced-load.ts). */
function drive(token: string, seconds: number, rate: number) {
  return pacedLoadApart({
    origin: `http://127.0.0.1:${PORT}`,
    path: '/api/repair/device_list',
    method: 'POST',
    headers: { 'content-type': 'application/json', token },
    body: JSON.stringify({ page: 1, page_size: 20 }),
    rate,
    seconds,
  });
}

const pct = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : NaN;
const ms = (v: number) => `${v.toFixed(2)} ms`;

const token = await seed();
await buildServer();
// LOAD_CPU_PROF=<dir>: the server writes a V8 CPU profile there when it exits (to see where time goes).
const profile = process.env.LOAD_CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir', process.env.LOAD_CPU_PROF] : [];
// LOAD_NODE_FLAGS='--trace-gc …' adds V8/Node flags to the server's (with LOAD_SERVER_STDOUT=1 to see
// what they print): to look at what the garbage collector does under the load.
const extraFlags = (process.env.LOAD_NODE_FLAGS ?? '').split(' ').filter(Boolean);
// The built server with the production flags and environment (server/node-flags.ts), as `npm start` runs it.
const child = spawn(
  process.execPath,
  [...SERVER_NODE_FLAGS, ...profile, ...extraFlags, SERVER_BUNDLE_ENTRY],
  {
    env: {
      ...process.env,
      ...SERVER_ENV,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(PORT),
      DATABASE_URL: file,
      STATIC_DIR: join(dir, 'no-pwa'),
      EXPORTS_DIR: join(dir, 'exports'),
      EXPORT_LINK_SECRET: 'load-bench-export-link-secret-0123456789',
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
    },
    stdio: ['ignore', process.env.LOAD_SERVER_STDOUT ? 'inherit' : 'ignore', 'inherit'],
  },
);
try {
  await waitForServer(`http://127.0.0.1:${PORT}/`, child);
  const idle = memoryOf(child.pid!);
  const check = await fetch(`http://127.0.0.1:${PORT}/api/repair/device_list`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', token },
    body: '{}',
  });
  const first = (await check.json()) as { errcode: number; msg: string; datas: { total: number } };
  if (first.errcode !== 0) throw new Error(`device_list: ${first.errcode} ${first.msg}`);
  console.log(
    `device_list answers total ${first.datas.total}; idle RSS ${idle?.rss.toFixed(1)} MB (anonymous ${idle?.anon.toFixed(1)}, file-backed ${idle?.file.toFixed(1)})`,
  );

  await drive(token, 3, RATE); // warm-up (JIT, page cache), not counted
  let peakRss = 0;
  let peakParts = '';
  const sampler = setInterval(() => {
    const m = memoryOf(child.pid!);
    if (m && m.rss > peakRss) {
      peakRss = m.rss;
      peakParts = ` (anonymous ${m.anon.toFixed(1)}, file-backed ${m.file.toFixed(1)})`;
    }
  }, 100);
  const cpu0 = cpuMsOf(child.pid!);
  const { times, sent, errors, elapsedMs, cpuMs: clientCpuMs } = await drive(token, SECONDS, RATE);
  const cpuPerRequest = (cpuMsOf(child.pid!) - cpu0) / sent;
  const clientCpuPerRequest = clientCpuMs / sent;
  // The 1-minute load average at the end: how much else wanted the machine's cores meanwhile.
  const loadAverage = readFileSync('/proc/loadavg', 'utf8').split(' ')[0];
  const served = times.length / (elapsedMs / 1000);
  clearInterval(sampler);
  const end = memoryOf(child.pid!);
  if (end && end.rss > peakRss) {
    peakRss = end.rss;
    peakParts = ` (anonymous ${end.anon.toFixed(1)}, file-backed ${end.file.toFixed(1)})`;
  }

  const ok = (good: boolean) => (good ? 'ok' : 'OVER TARGET');
  console.log(
    `\nPOST /api/repair/device_list (first page of 20 of ${first.datas.total}), ${RATE} req/s for ${SECONDS} s, ` +
      `evenly spaced (constant arrival rate, latency from when each request was due), loopback; load average ${loadAverage} on ${availableParallelism()} cores`,
  );
  console.table([
    { figure: 'latency p50', value: ms(pct(times, 50)), target: '', verdict: '' },
    { figure: 'latency p95', value: ms(pct(times, 95)), target: '', verdict: '' },
    {
      figure: 'latency p99',
      value: ms(pct(times, 99)),
      target: `< ${TARGET_P99_MS} ms`,
      verdict: ok(pct(times, 99) < TARGET_P99_MS),
    },
    { figure: 'latency max', value: ms(times.at(-1) ?? NaN), target: '', verdict: '' },
    {
      figure: 'throughput',
      value: `${served.toFixed(0)} req/s (${times.length} answered of ${sent})`,
      target: `${RATE} req/s`,
      verdict: ok(served >= RATE * 0.95),
    },
    {
      // What the load costs the server, independent of how much CPU the machine could give it:
      // at 1,000 req/s one process has under 1 ms per request.
      figure: 'server CPU per request',
      value: ms(cpuPerRequest),
      target: `< ${ms(1000 / RATE)}`,
      verdict: ok(cpuPerRequest < 1000 / RATE),
    },
    {
      // The load generator runs on the same cores: what it takes is not available to the server.
      figure: 'load generator CPU per request',
      value: ms(clientCpuPerRequest),
      target: '',
      verdict: '',
    },
    { figure: 'errors', value: String(errors), target: '0', verdict: ok(errors === 0) },
    {
      figure: 'server RSS peak under load',
      value: `${peakRss.toFixed(1)} MB${peakParts}`,
      target: `< ${TARGET_RSS_MB} MB`,
      verdict: ok(peakRss < TARGET_RSS_MB),
    },
    {
      figure: 'server VmHWM (lifetime peak)',
      value: `${end?.hwm.toFixed(1)} MB`,
      target: `< ${TARGET_RSS_MB} MB`,
      verdict: ok((end?.hwm ?? 0) < TARGET_RSS_MB),
    },
  ]);
} finally {
  child.kill('SIGTERM');
  await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
  // LOAD_KEEP_DB=1 keeps the seeded database (to look at query plans); its path is printed.
  if (process.env.LOAD_KEEP_DB) console.log(`database kept: ${file}`);
  else rmSync(dir, { recursive: true, force: true });
}
