import { expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { connectDb } from './db/connect.ts';
import { migrateToLatest } from './db/migrate.ts';
import { recount, storedRollup } from './modules/dashboards/recount.ts';
import { shopDay } from './modules/dashboards/rollup.ts';
import { addDays } from './modules/dashboards/days.ts';
import { demoHistoryEnabled, seedDemoHistory } from './seed-history.ts';
import { seedDemoRepairs } from './seed-repairs.ts';
import { seedDemoWallet } from './seed-wallet.ts';
import { seedDemoShop } from './seed.ts';

// 2026-03-01 17:00 in Shanghai: the history's last shop day has had most of its hours.
const NOW = Date.UTC(2026, 2, 1, 9, 0, 0);

/** A demo shop seeded with its history; answers what the dashboards and checks would see. */
async function seeded() {
  const { db, dialect } = connectDb(':memory:');
  await migrateToLatest(db as unknown as Kysely<unknown>, dialect);
  await seedDemoShop(db, NOW);
  await seedDemoWallet(db, NOW);
  const t0 = performance.now();
  const history = await seedDemoHistory(db, dialect, NOW);
  const ms = performance.now() - t0;
  await seedDemoRepairs(db, NOW, { history: true });
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
  const models = await db
    .selectFrom('check_devices')
    .select(['model', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('model')
    .execute();
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

it('gives the demo shop 90 days of orders, results, repairs and payments, the same on every run', async () => {
  const a = await seeded();
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

it('is left out with REPAIROPS_DEMO_HISTORY=0', () => {
  expect(demoHistoryEnabled({ REPAIROPS_DEMO_HISTORY: '0' })).toBe(false);
  expect(demoHistoryEnabled({})).toBe(true);
});
