// `npm run bench:dashboards`: the default dashboard's calls (overview for today / 7 / 30 / 90 days)
// and the hot-phones, phone-detail and device-list calls, on an account with 1,000,000 check results
// over 90 shop days and 100,000 tracked repairs, through the server (app.inject: session,
// validation, SQL, envelope), on SQLite and on a throwaway PostgreSQL cluster
// (scripts/lib/throwaway-postgres.ts; skipped without Debian's binaries). Prints p50/p95 per call.
// Target: server p95 < 100 ms for the default dashboard's calls.
//
// The rows are written in bulk SQL (dashboard-data.ts: a million results through the job runner would
// take the bench many minutes), and the rollup is filled the way migration 0016 does it, by a
// recount; with BENCH_RESULTS <= 50,000 the bench checks rollup = recount (dashboard-prepare.ts).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { connectDb, type Db } from '#server/db/connect.ts';
import { systemClock } from '#server/lib/clock.ts';
import { AuthRepository } from '#server/modules/auth/repository.ts';
import { SessionService } from '#server/modules/auth/session-service.ts';
import { shopDay } from '#server/modules/dashboards/rollup.ts';
import { injectPost } from '#tests/setup/inject-post.ts';
import { startThrowawayPostgres } from '../lib/throwaway-postgres.ts';
import { prepareAccount } from './dashboard-prepare.ts';
import { StatementLog, explain } from './dashboard-statements.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 30);
/** BENCH_EXPLAIN=1: each call's SELECTs once more with EXPLAIN ANALYZE (PostgreSQL) / QUERY PLAN. */
const EXPLAIN = process.env.BENCH_EXPLAIN === '1';
const TARGET_P95 = 100;

async function measure(label: string, handle: Db, databaseUrl: string, dir: string) {
  const now = await prepareAccount(label, handle);

  const defaults = loadConfig({});
  const config = {
    ...defaults,
    databaseUrl,
    staticDir: join(dir, 'none'),
    exports: { ...defaults.exports, dir: join(dir, 'exports') },
  };
  const statements = new StatementLog();
  const app = await buildApp({
    config,
    db: EXPLAIN ? { ...handle, db: handle.db.withPlugin(statements) } : handle,
    logger: false,
  });
  try {
    const token = await new SessionService(
      new AuthRepository(handle.db),
      systemClock,
      config.sessionTtlMs,
    ).open(
      (
        await handle.db
          .selectFrom('users')
          .select('id')
          .where('username', '=', 'admin')
          .executeTakeFirstOrThrow()
      ).id,
    );
    const post = <D>(path: string, body: unknown) => injectPost<D>(app, token, path, body);
    // The figures equal their lists here too (the orders list counts from check_orders).
    const o = await post<{
      orders: { value: number };
      devices: { value: number };
      range: { from: string; to: string };
    }>('/api/dashboard/overview', { period: '90d' });
    const list = await post<{ total: number; summary: { devices: number } }>('/api/checks/order_list', {
      created_from: o.datas.range.from,
      created_to: o.datas.range.to,
      page_size: 1,
    });
    if (o.datas.orders.value !== list.datas.total || o.datas.devices.value !== list.datas.summary.devices)
      throw new Error(`overview ${JSON.stringify(o.datas.orders)} != order list ${list.datas.total}`);
    const hot = await post<{ models: Array<{ model: string }> }>('/api/dashboard/hot_phones', {
      period: '30d',
    });
    const top = hot.datas.models[0]?.model ?? 'iPhone 13';
    const today = shopDay(now);
    const calls: Array<[string, string, unknown, boolean]> = [
      ['overview today', '/api/dashboard/overview', { period: 'today' }, true],
      ['overview 7d (default)', '/api/dashboard/overview', { period: '7d' }, true],
      ['overview 30d', '/api/dashboard/overview', { period: '30d' }, true],
      ['overview 90d', '/api/dashboard/overview', { period: '90d' }, true],
      ['hot phones 30d', '/api/dashboard/hot_phones', { period: '30d' }, false],
      ['hot phones 90d', '/api/dashboard/hot_phones', { period: '90d' }, false],
      ['phone detail 30d', '/api/dashboard/phone_detail', { model: top, period: '30d' }, false],
      ['phone detail 90d', '/api/dashboard/phone_detail', { model: top, period: '90d' }, false],
      ['devices today, first page', '/api/dashboard/devices', { filter: { from: today, to: today } }, false],
      [
        'devices 90d model+capacity, p. 5',
        '/api/dashboard/devices',
        { page: 5, filter: { from: o.datas.range.from, to: today, model: [top], capacity: ['256GB'] } },
        false,
      ],
    ];
    let worst = 0;
    let worstAll = 0;
    for (const [name, path, body, dashboard] of calls) {
      const times: number[] = [];
      const cpu0 = process.cpuUsage();
      for (let i = 0; i < RUNS + 3; i++) {
        const t = performance.now();
        const r = await post(path, body);
        const ms = performance.now() - t;
        if (r.errcode !== 0) throw new Error(`${name}: ${r.errcode} ${r.msg}`);
        if (i >= 3) times.push(ms);
      }
      const cpu = process.cpuUsage(cpu0);
      const cpuMs = (cpu.user + cpu.system) / 1000 / (RUNS + 3);
      times.sort((a, b) => a - b);
      const p = (x: number) => times[Math.min(times.length - 1, Math.floor(x * times.length))] as number;
      if (dashboard) worst = Math.max(worst, p(0.95));
      if (EXPLAIN) {
        statements.on = true;
        await post(path, body);
        statements.on = false;
        await explain(handle, statements);
      }
      worstAll = Math.max(worstAll, p(0.95));
      console.log(
        `  ${name.padEnd(34)} p50 ${p(0.5).toFixed(1).padStart(6)} ms  p95 ${p(0.95).toFixed(1).padStart(6)} ms  CPU ${cpuMs.toFixed(1)} ms/call`,
      );
    }
    console.log(
      `  ${label}: default dashboard worst p95 ${worst.toFixed(1)} ms (target < ${TARGET_P95} ms) ${worst < TARGET_P95 ? 'OK' : 'SLOW'}; ` +
        `all calls worst p95 ${worstAll.toFixed(1)} ms`,
    );
  } finally {
    await app.app.close();
  }
}

const dir = mkdtempSync(join(tmpdir(), 'repairops-bench-dash-'));
try {
  // BENCH_DB=sqlite or postgres runs one of them (default both).
  const which = process.env.BENCH_DB ?? 'both';
  const file = join(dir, 'bench.sqlite');
  if (which !== 'postgres') {
    const sqlite = connectDb(file);
    try {
      await measure('SQLite', sqlite, file, dir);
    } finally {
      await sqlite.db.destroy();
    }
  }
  const pg = which === 'sqlite' ? null : await startThrowawayPostgres();
  if (!pg && which !== 'sqlite')
    console.log('PostgreSQL: no server binaries here (Debian postgresql package), skipped');
  else if (pg) {
    const handle = connectDb(pg.url);
    try {
      await measure('PostgreSQL', handle, pg.url, dir);
      if (process.env.BENCH_HOLD === '1') {
        // BENCH_HOLD=1: the filled cluster stays up for psql until Ctrl-C (or SIGTERM).
        console.log(`PostgreSQL held at ${pg.url} until interrupted`);
        const alive = setInterval(() => undefined, 60_000);
        await new Promise((resolve) => {
          process.once('SIGINT', resolve);
          process.once('SIGTERM', resolve);
        });
        clearInterval(alive);
      }
    } finally {
      await handle.db.destroy();
      pg.stop();
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
