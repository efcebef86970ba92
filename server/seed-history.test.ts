import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { connectDb, type Db } from './db/connect.ts';
import { migrateToLatest } from './db/migrate.ts';
import { recount, storedRollup } from './modules/dashboards/recount.ts';
import { shopDay } from './modules/dashboards/rollup.ts';
import { addDays } from './modules/dashboards/days.ts';
import { seedDemo } from './seed-demo.ts';
import { demoHistoryEnabled } from './seed-history.ts';

// 2026-03-01 17:00 in Shanghai: the history's last shop day has had most of its hours.
const NOW = Date.UTC(2026, 2, 1, 9, 0, 0);

/** A demo shop seeded with its history as the server seeds it; answers what the dashboards see. */
async function seeded(url = ':memory:', opts: { migrated?: boolean; race?: boolean } = {}) {
  const handle = connectDb(url);
  const { db } = handle;
  if (!opts.migrated) await migrateToLatest(db as unknown as Kysely<unknown>, handle.dialect);
  const t0 = performance.now();
  // With `race`, a second process (another pool) seeds the same empty database at the same time.
  const racer = opts.race ? connectDb(url) : null;
  const seeds = await Promise.all([
    seedDemo(handle, { history: true, now: NOW }),
    ...(racer ? [seedDemo(racer, { history: true, now: NOW })] : []),
  ]);
  await racer?.db.destroy();
  if (seeds.filter((x) => x.seeded).length !== 1) throw new Error('not seeded exactly once');
  const seed = seeds.find((x) => x.seeded)!;
  const ms = performance.now() - t0;
  const history = { ...seed.history, ms: 0 };
  const orderDays = await db
    .selectFrom('dash_order_days')
    .select(['day', 'orders', 'devices'])
    .orderBy('day')
    .execute();
  const jobs = await db
    .selectFrom('check_jobs')
    .select(['state', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('state')
    .orderBy('state')
    .execute();
  const account = await db.selectFrom('accounts').select(['integral', 'frozen']).executeTakeFirstOrThrow();
  const recharges = await db
    .selectFrom('recharge_orders')
    .select('amount')
    .where('state', '=', 'paid')
    .execute();
  // Sorted here: the databases put NULL at different ends.
  const models = (
    await db
      .selectFrom('check_devices')
      .select(['model', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('model')
      .execute()
  ).sort((x, y) => ((x.model ?? '') < (y.model ?? '') ? -1 : 1));
  const sameRollup =
    JSON.stringify(Object.values(await storedRollup(db)).map((m: Map<string, unknown>) => [...m].sort())) ===
    JSON.stringify(Object.values(await recount(db)).map((m: Map<string, unknown>) => [...m].sort()));
  const repairs = await db.selectFrom('repair_batches').select('created_at').orderBy('id').execute();
  const progress = await db
    .selectFrom('repair_events')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('kind', '=', 'progress')
    .executeTakeFirstOrThrow();
  await db.destroy();
  return { history, ms, orderDays, jobs, account, recharges, models, sameRollup, repairs, progress };
}

// The in-memory seed, made once and read by each test that compares another seed with it: a seed
// of the 90 days takes seconds, and this file's tests were the suite's slowest.
let inMemory: ReturnType<typeof seeded> | undefined;
const cleanSeed = () => (inMemory ??= seeded());

/** Rows of the tables a seed writes: all zero before it, or after a seed that did not commit. */
async function written(handle: Db) {
  const out: Record<string, number> = {};
  for (const table of [
    'accounts',
    'users',
    'ledger_entries',
    'recharge_orders',
    'check_orders',
    'check_devices',
    'check_jobs',
    'dash_order_days',
    'dash_repair_counts',
    'repair_batches',
    'repair_devices',
  ] as const)
    out[table] = Number(
      (
        await handle.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return out;
}

it('gives the demo shop 90 days of orders, results, repairs and payments, the same on every run', async () => {
  const a = await cleanSeed();
  // Every shop day of the last 90 has orders, nothing before.
  const today = shopDay(NOW);
  expect(a.orderDays[0]?.day).toBe(addDays(today, -89));
  expect(a.orderDays.at(-1)?.day).toBe(today);
  expect(a.orderDays.length).toBeGreaterThanOrEqual(88);
  expect(a.history.orders).toBeGreaterThan(150);
  expect(a.history.devices).toBeGreaterThan(800);
  // Every check finished: mostly successes, the sandbox's own failures among them.
  const states = Object.fromEntries(a.jobs.map((j) => [j.state, Number(j.n)]));
  expect(Object.keys(states).sort()).toEqual(['failed', 'success']);
  expect(states.failed).toBeGreaterThan(0);
  expect(states.success).toBeGreaterThan(states.failed! * 10);
  // The sandbox answered models (many of them) for the devices.
  expect(a.models.filter((m) => m.model !== null).length).toBeGreaterThan(5);
  // Payments brought the points back to the opening 1000.00; nothing left frozen.
  expect(Number(a.account.integral)).toBe(1000_00);
  expect(Number(a.account.frozen)).toBe(0);
  expect(a.recharges.length).toBeGreaterThan(2);
  // The rollup was kept by the writers as they went.
  expect(a.sameRollup).toBe(true);
  // Repairs: eight batches of history, oldest first, then the usual three; with progress events.
  expect(a.repairs).toHaveLength(11);
  expect(Number(a.progress.n)).toBeGreaterThan(40);
  const b = await seeded();
  expect(b.orderDays).toEqual(a.orderDays);
  expect(b.jobs).toEqual(a.jobs);
  expect(b.history).toEqual(a.history);
  console.log(`demo history: ${JSON.stringify(a.history)} in ${Math.round(a.ms)} ms, ${Math.round(b.ms)} ms`);
}, 120_000);

it('leaves nothing when the process dies mid-seed, and the next start seeds it whole', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'repairops-seed-crash-'));
  try {
    const file = join(dir, 'seed.sqlite');
    const setup = connectDb(file);
    await migrateToLatest(setup.db as unknown as Kysely<unknown>, setup.dialect);
    const empty = await written(setup);
    await setup.db.destroy();
    // SIGKILLed when the history places its 120th check order (about half of it).
    const child = spawnSync(process.execPath, [resolve('tests/setup/seed-crash-child.ts')], {
      env: { ...process.env, DATABASE_URL: file, SEED_NOW: String(NOW), KILL_AT: '120' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(child.signal, child.stderr).toBe('SIGKILL');
    const after = connectDb(file);
    expect(await written(after)).toEqual(empty);
    expect(Object.values(empty).every((n) => n === 0)).toBe(true);
    await after.db.destroy();
    // The next start sees no shop and seeds it, the same as a database that never crashed.
    const again = await seeded(file, { migrated: true });
    const clean = await cleanSeed();
    expect(again.sameRollup).toBe(true);
    expect({ ...again, ms: 0, history: { ...again.history, ms: 0 } }).toEqual({
      ...clean,
      ms: 0,
      history: { ...clean.history, ms: 0 },
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}, 120_000);

const pgUrl = process.env.REPAIROPS_TEST_PG_URL;
it.skipIf(!pgUrl)(
  'seeds the same history on PostgreSQL, in one transaction too, once when two processes start at once',
  async () => {
    const admin = connectDb(pgUrl as string);
    const name = 'repairops_seed_history_test';
    await sql.raw(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).execute(admin.db);
    await sql.raw(`CREATE DATABASE ${name}`).execute(admin.db);
    await admin.db.destroy();
    const url = new URL(pgUrl as string);
    url.pathname = `/${name}`;
    const pg = await seeded(url.toString(), { race: true });
    const lite = await cleanSeed();
    expect(pg.sameRollup).toBe(true);
    expect({ ...pg, ms: 0, history: { ...pg.history, ms: 0 } }).toEqual({
      ...lite,
      ms: 0,
      history: { ...lite.history, ms: 0 },
    });
    console.log(`demo history on PostgreSQL: ${Math.round(pg.ms)} ms`);
  },
  120_000,
);

it('is left out with REPAIROPS_DEMO_HISTORY=0', () => {
  expect(demoHistoryEnabled({ REPAIROPS_DEMO_HISTORY: '0' })).toBe(false);
  expect(demoHistoryEnabled({})).toBe(true);
});
