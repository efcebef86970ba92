// The bench:dashboards account (scripts/bench/dashboards.ts): 90 shop days of check orders with
// their results, tracked repairs with their moves, and the dashboard rollup, written in bulk SQL (a
// million results through the job runner would take the bench many minutes). BENCH_RESULTS and
// BENCH_REPAIRS size it.

import { sql, type Kysely } from 'kysely';
import { REPAIR_PROGRESS } from '#contract/schemas/repairs.ts';
import type { Database } from '#server/db/schema.ts';
import { fillFacetDays } from '#server/modules/dashboards/recount.ts';
import { shopDay } from '#server/modules/dashboards/rollup.ts';
import { dayIn } from '#server/lib/shop-day.ts';
import { DEFAULT_TIME_ZONE } from '#server/lib/shop-time.ts';

export const RESULTS = Number(process.env.BENCH_RESULTS ?? 1_000_000);
export const REPAIRS = Number(process.env.BENCH_REPAIRS ?? 100_000);
export const DAYS = 90;
const ORDERS_PER_DAY = 40;
const DAY = 24 * 3600_000;
const CHUNK = 100_000;

const MODELS: Array<[number, string | null]> = [
  [180, 'iPhone 13'],
  [330, 'iPhone 14 Pro'],
  [460, 'iPhone 12'],
  [570, 'iPhone 15 Pro Max'],
  [670, 'iPhone 13 Pro'],
  [750, 'iPhone 11'],
  [820, 'iPhone 14'],
  [880, 'iPhone 15'],
  [930, 'iPhone SE (3rd generation)'],
  [970, 'iPhone 12 Pro'],
  [1000, null],
];
const q = (v: string | null) => (v === null ? 'NULL' : `'${v}'`);
/** A CASE over a value 0-999 and cumulative buckets. */
const bucket = (expr: string, buckets: Array<[number, string | null]>) =>
  `CASE ${buckets.map(([lt, v]) => `WHEN ${expr} < ${lt} THEN ${q(v)}`).join(' ')} END`;

/** Devices' facts from their number, skewed like a shop's (a few models and colours dominate). */
function factColumns() {
  const h1 = '(CAST(s.n AS BIGINT) * 7919 % 1000)';
  const h2 = '(CAST(s.n AS BIGINT) * 104729 % 1000)';
  const h3 = '(CAST(s.n AS BIGINT) * 15485863 % 997)';
  return {
    model: bucket(h1, MODELS),
    capacity: bucket(h2, [
      [450, '128GB'],
      [800, '256GB'],
      [950, '512GB'],
      [1000, '1TB'],
    ]),
    colour: bucket(`(${h3} % 100 * 10)`, [
      [300, 'Midnight'],
      [550, 'Starlight'],
      [750, 'Blue'],
      [900, 'Purple'],
      [1000, 'Red'],
    ]),
    warranty_type: bucket(`(${h2} * 7 % 1000)`, [
      [600, 'limited'],
      [800, 'out_of_warranty'],
      [900, 'applecare_plus'],
      [1000, null],
    ]),
    sale_country: bucket(`(${h3} % 10 * 100)`, [
      [700, 'CN'],
      [900, 'US'],
      [1000, 'JP'],
    ]),
    carrier: bucket(`(${h3} % 10 * 100)`, [
      [600, 'Unlocked'],
      [700, 'China Mobile'],
      [900, 'Unlocked'],
      [1000, 'SoftBank'],
    ]),
    activation_lock: `CASE WHEN ${h1} % 20 = 0 THEN 'yes' ELSE 'no' END`,
    network_lock: `CASE WHEN ${h3} % 10 = 9 THEN 'yes' ELSE 'no' END`,
    replaced: `CASE WHEN ${h2} % 50 = 0 THEN 'yes' ELSE 'no' END`,
  };
}

const seq = (from: number, to: number) =>
  `WITH RECURSIVE s(n) AS (SELECT ${from} UNION ALL SELECT n + 1 FROM s WHERE n < ${to})`;

/** One account's 90 days of check orders with 1M finished results, and 100k tracked repairs. */
export async function fill(db: Kysely<Database>, now: number) {
  const admin = await db
    .selectFrom('users')
    .select(['id', 'account_id'])
    .where('username', '=', 'admin')
    .executeTakeFirstOrThrow();
  const account = admin.account_id;
  const orders = DAYS * ORDERS_PER_DAY;
  const per = Math.ceil(RESULTS / orders);
  const rows = [];
  for (let d = DAYS - 1; d >= 0; d--) {
    const start = dayIn(DEFAULT_TIME_ZONE, now - d * DAY).startMs;
    for (let k = 0; k < ORDERS_PER_DAY; k++) {
      const at = Math.min(now - 60_000 * (ORDERS_PER_DAY - k), start + 8 * 3600_000 + k * 15 * 60_000);
      rows.push({
        account_id: account,
        title: `bench ${d}-${k}`,
        remark: '',
        services: JSON.stringify([{ code: 'warranty', price: 50, after: null }]),
        devices: 0,
        jobs_total: 0,
        jobs_success: 0,
        jobs_failed: 0,
        price: 0,
        settled: 0,
        refunded: 0,
        created_by: admin.id,
        created_at: at,
        deleted_at: null,
      });
    }
  }
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insertInto('check_orders')
      .values(rows.slice(i, i + 500))
      .execute();
  const first = Number(
    (
      await db
        .selectFrom('check_orders')
        .select((eb) => eb.fn.min('id').as('id'))
        .executeTakeFirstOrThrow()
    ).id,
  );
  const f = factColumns();
  const dims = Object.keys(f);
  for (let from = 0; from < RESULTS; from += CHUNK) {
    const to = Math.min(RESULTS, from + CHUNK) - 1;
    await sql
      .raw(
        `${seq(from, to)}
        INSERT INTO check_devices (order_id, account_id, input, ident, imei, ${dims.join(', ')}, status, jobs_total, jobs_success, jobs_failed, updated_ms, created_at)
        SELECT o.id, ${account}, '35391110' || s.n, '35391110' || s.n, '35391110' || s.n, ${Object.values(f).join(', ')},
          CASE WHEN s.n % 25 = 0 THEN 'partial' ELSE 'success' END, 1,
          CASE WHEN s.n % 25 = 0 THEN 0 ELSE 1 END, CASE WHEN s.n % 25 = 0 THEN 1 ELSE 0 END, o.created_at, o.created_at
        FROM s JOIN check_orders o ON o.id = ${first} + s.n / ${per}`,
      )
      .execute(db);
  }
  await sql
    .raw(
      `INSERT INTO check_jobs (order_id, device_id, account_id, service, state, attempts, run_after_ms, share, settled, created_at, finished_at, provider, sandbox)
      SELECT d.order_id, d.id, d.account_id, 'warranty', CASE WHEN d.jobs_failed = 1 THEN 'failed' ELSE 'success' END, 1,
        d.created_at, 50, 1, d.created_at, d.created_at + 60000, 'sandbox', 1
      FROM check_devices d`,
    )
    .execute(db);
  await sql
    .raw(
      `UPDATE check_orders SET
        devices = (SELECT count(*) FROM check_devices d WHERE d.order_id = check_orders.id),
        jobs_total = (SELECT count(*) FROM check_devices d WHERE d.order_id = check_orders.id),
        jobs_success = (SELECT coalesce(sum(jobs_success), 0) FROM check_devices d WHERE d.order_id = check_orders.id),
        jobs_failed = (SELECT coalesce(sum(jobs_failed), 0) FROM check_devices d WHERE d.order_id = check_orders.id)`,
    )
    .execute(db);
  await sql
    .raw(
      `UPDATE check_orders SET price = jobs_total * 50, settled = jobs_success * 50, refunded = jobs_failed * 50`,
    )
    .execute(db);
  await fillRollup(db, account);

  // Repairs: one batch of REPAIRS devices in every progress, some watched, changes over 30 days.
  const batch = await db
    .insertInto('repair_batches')
    .values({
      account_id: account,
      title: 'bench',
      remark: '',
      created_by: admin.id,
      created_at: now,
      deleted_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const progress = REPAIR_PROGRESS;
  for (let from = 1; from <= REPAIRS; from += CHUNK) {
    const to = Math.min(REPAIRS, from + CHUNK - 1);
    await sql
      .raw(
        `${seq(from, to)}
        INSERT INTO repair_devices (account_id, batch_id, no, ident, imei, repair_ids, badge, progress, watched, changed_at, refreshed_at, refresh_state, created_at, updated_ms)
        SELECT ${account}, ${batch.id}, s.n, '35391120' || s.n, '35391120' || s.n, '[]', 'stored',
          CASE WHEN s.n % 4 = 0 THEN NULL ELSE (CASE s.n % ${progress.length} ${progress.map((p, i) => `WHEN ${i} THEN '${p}'`).join(' ')} END) END,
          CASE WHEN s.n % 50 = 0 THEN 1 ELSE 0 END, ${now} - CAST(s.n % 30 AS BIGINT) * ${DAY}, 0, 'done', ${now}, ${now}
        FROM s`,
      )
      .execute(db);
  }
  return { account, orders, per };
}

/** 1,300 progress moves and watch toggles of single devices, each its own statement. */
export async function churnRepairs(db: Kysely<Database>, account: number) {
  const progress = ['diagnosing', 'quote_pending', 'repairing', 'repaired', 'completed'];
  for (let i = 0; i < 1300; i++) {
    const no = 1 + ((i * 7919) % REPAIRS);
    await db
      .updateTable('repair_devices')
      .set(
        i % 3 === 0 ? { watched: sql`1 - watched` } : { progress: progress[i % progress.length] as string },
      )
      .where('account_id', '=', account)
      .where('no', '=', no)
      .execute();
  }
}

/**
 * The rollup of migration 0016, in SQL (the recount in JavaScript would hold a million jobs): each
 * order's shop day from a scratch table, then the three counters grouped by day.
 */
async function fillRollup(db: Kysely<Database>, account: number) {
  const orders = await db
    .selectFrom('check_orders')
    .select(['id', 'created_at'])
    .where('account_id', '=', account)
    .execute();
  await sql`CREATE TABLE bench_order_days (order_id integer PRIMARY KEY, day text NOT NULL)`.execute(db);
  const days = orders.map((o) => ({ order_id: o.id, day: shopDay(Number(o.created_at)) }));
  for (let i = 0; i < days.length; i += 1000)
    await sql`INSERT INTO bench_order_days (order_id, day) VALUES ${sql.join(
      days.slice(i, i + 1000).map((d) => sql`(${d.order_id}, ${d.day})`),
    )}`.execute(db);
  const dims = ['model', 'capacity', 'colour', 'warranty_type', 'sale_country', 'carrier'];
  const tri = ['activation_lock', 'network_lock', 'replaced'];
  await sql
    .raw(
      `INSERT INTO dash_order_days (account_id, day, orders, devices)
      SELECT o.account_id, b.day, count(*), sum(o.devices) FROM check_orders o JOIN bench_order_days b ON b.order_id = o.id
      WHERE o.deleted_at IS NULL GROUP BY o.account_id, b.day`,
    )
    .execute(db);
  await sql
    .raw(
      `INSERT INTO dash_service_days (account_id, day, service, jobs, succeeded, failed, points)
      SELECT j.account_id, b.day, j.service, count(*),
        sum(CASE WHEN j.state = 'success' THEN 1 ELSE 0 END), sum(CASE WHEN j.state = 'failed' THEN 1 ELSE 0 END),
        sum(CASE WHEN j.state = 'success' AND j.reused = 0 THEN j.share ELSE 0 END)
      FROM check_jobs j JOIN bench_order_days b ON b.order_id = j.order_id GROUP BY j.account_id, b.day, j.service`,
    )
    .execute(db);
  const keyed = [
    ...dims.map((d) => `coalesce(d.${d}, '')`),
    ...tri.map((d) => `coalesce(d.${d}, 'unknown')`),
  ];
  await sql
    .raw(
      `INSERT INTO dash_device_days (account_id, day, ${[...dims, ...tri].join(', ')}, devices)
      SELECT d.account_id, b.day, ${keyed.join(', ')}, count(*)
      FROM check_devices d JOIN bench_order_days b ON b.order_id = d.order_id
      GROUP BY d.account_id, b.day, ${keyed.join(', ')}`,
    )
    .execute(db);
  await sql`DROP TABLE bench_order_days`.execute(db);
  await fillFacetDays(db);
}
