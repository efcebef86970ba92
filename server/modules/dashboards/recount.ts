import { sql, type Kysely } from 'kysely';
import type { Database } from '#server/db/schema.ts';
import {
  DEVICE_DIMS,
  addDeviceDays,
  addOrderDays,
  addServiceDays,
  FACET_DIMS,
  deviceKey,
  facetDeltas,
  shopDay,
  type ServiceDelta,
} from './rollup.ts';
import { fillRepairCounts, recountRepairCounts, storedRepairCounts } from './repair-counts.ts';

/**
 * The dashboards' counters recounted from the base tables (non-deleted orders, their devices and
 * jobs): what the rollup must equal. Used once by migration 0016 for existing data, and by the
 * property test that checks the live rollup against it.
 */
export interface RollupSnapshot {
  orderDays: Map<string, { orders: number; devices: number }>;
  serviceDays: Map<string, ServiceDelta>;
  deviceDays: Map<string, number>;
  /** dash_facet_days (migration 0019): account, dim, day, model, value. */
  facetDays: Map<string, number>;
  /** dash_repair_counts + dash_repair_deltas (migration 0020): account, dim, value. */
  repairCounts: Map<string, number>;
}

/** Map keys: the parts joined by a character no facet value holds (names refuse control characters). */
const SEP = '\u0001';
const k = (...parts: Array<string | number>) => parts.join(SEP);

export async function recount(db: Kysely<Database>, accountId?: number): Promise<RollupSnapshot> {
  const orders = await db
    .selectFrom('check_orders')
    .select(['id', 'account_id', 'created_at'])
    .where('deleted_at', 'is', null)
    .$if(accountId !== undefined, (q) => q.where('account_id', '=', accountId as number))
    .execute();
  const dayOf = new Map(
    orders.map((o) => [o.id, { account: o.account_id, day: shopDay(Number(o.created_at)) }]),
  );
  const snap: RollupSnapshot = {
    orderDays: new Map(),
    serviceDays: new Map(),
    deviceDays: new Map(),
    facetDays: new Map(),
    repairCounts: await recountRepairCounts(db, accountId),
  };
  for (const o of orders) {
    const at = dayOf.get(o.id)!;
    const key = k(at.account, at.day);
    const r = snap.orderDays.get(key) ?? { orders: 0, devices: 0 };
    r.orders++;
    snap.orderDays.set(key, r);
  }
  const devices = await db
    .selectFrom('check_devices as d')
    .innerJoin('check_orders as o', 'o.id', 'd.order_id')
    .select([
      'd.order_id',
      ...DEVICE_DIMS.map((c) => `d.${c}` as const),
      (eb) => eb.fn.countAll<number>().as('n'),
    ])
    .where('o.deleted_at', 'is', null)
    .$if(accountId !== undefined, (q) => q.where('o.account_id', '=', accountId as number))
    .groupBy(['d.order_id', ...DEVICE_DIMS.map((c) => `d.${c}` as const)])
    .execute();
  for (const d of devices) {
    const at = dayOf.get(d.order_id);
    if (!at) continue;
    const n = Number(d.n);
    const od = snap.orderDays.get(k(at.account, at.day))!;
    od.devices += n;
    const key = deviceKey(d);
    const dk = k(at.account, at.day, ...DEVICE_DIMS.map((c) => key[c]));
    snap.deviceDays.set(dk, (snap.deviceDays.get(dk) ?? 0) + n);
    for (const [fk, m] of facetDeltas([{ key, count: n }])) {
      const [dim, model, value] = fk.split(SEP) as [string, string, string];
      const key2 = k(at.account, dim, at.day, model, value);
      snap.facetDays.set(key2, (snap.facetDays.get(key2) ?? 0) + m);
    }
  }
  const jobs = await db
    .selectFrom('check_jobs as j')
    .innerJoin('check_orders as o', 'o.id', 'j.order_id')
    .select(['j.order_id', 'j.service', 'j.state', 'j.reused', 'j.share'])
    .where('o.deleted_at', 'is', null)
    .$if(accountId !== undefined, (q) => q.where('o.account_id', '=', accountId as number))
    .execute();
  for (const j of jobs) {
    const at = dayOf.get(j.order_id);
    if (!at) continue;
    const key = k(at.account, at.day, j.service);
    const s = snap.serviceDays.get(key) ?? { jobs: 0, succeeded: 0, failed: 0, points: 0 };
    s.jobs++;
    if (j.state === 'success') s.succeeded++;
    if (j.state === 'failed') s.failed++;
    if (j.state === 'success' && Number(j.reused) === 0) s.points += Number(j.share);
    snap.serviceDays.set(key, s);
  }
  return snap;
}

/** The rollup as stored, in the same shape, without rows that went back to zero. */
export async function storedRollup(db: Kysely<Database>, accountId?: number): Promise<RollupSnapshot> {
  const snap: RollupSnapshot = {
    orderDays: new Map(),
    serviceDays: new Map(),
    deviceDays: new Map(),
    facetDays: new Map(),
    repairCounts: await storedRepairCounts(db, accountId),
  };
  const od = await db
    .selectFrom('dash_order_days')
    .selectAll()
    .$if(accountId !== undefined, (q) => q.where('account_id', '=', accountId as number))
    .execute();
  for (const r of od)
    if (Number(r.orders) !== 0 || Number(r.devices) !== 0)
      snap.orderDays.set(k(r.account_id, r.day), { orders: Number(r.orders), devices: Number(r.devices) });
  const sd = await db
    .selectFrom('dash_service_days')
    .selectAll()
    .$if(accountId !== undefined, (q) => q.where('account_id', '=', accountId as number))
    .execute();
  for (const r of sd) {
    const v = {
      jobs: Number(r.jobs),
      succeeded: Number(r.succeeded),
      failed: Number(r.failed),
      points: Number(r.points),
    };
    if (v.jobs || v.succeeded || v.failed || v.points)
      snap.serviceDays.set(k(r.account_id, r.day, r.service), v);
  }
  const dd = await db
    .selectFrom('dash_device_days')
    .selectAll()
    .$if(accountId !== undefined, (q) => q.where('account_id', '=', accountId as number))
    .execute();
  for (const r of dd)
    if (Number(r.devices) !== 0)
      snap.deviceDays.set(k(r.account_id, r.day, ...DEVICE_DIMS.map((c) => r[c])), Number(r.devices));
  const fd = await db
    .selectFrom('dash_facet_days')
    .selectAll()
    .$if(accountId !== undefined, (q) => q.where('account_id', '=', accountId as number))
    .execute();
  for (const r of fd)
    if (Number(r.devices) !== 0)
      snap.facetDays.set(k(r.account_id, r.dim, r.day, r.model, r.value), Number(r.devices));
  return snap;
}

/**
 * dash_facet_days from dash_device_days, one statement per facet (migration 0019 and a rebuild):
 * each device key adds its count to its model's 'all' row and to one row per facet value.
 */
export async function fillFacetDays(db: Kysely<Database>): Promise<void> {
  await db.deleteFrom('dash_facet_days').execute();
  await sql`INSERT INTO dash_facet_days (account_id, dim, day, model, value, devices)
    SELECT account_id, 'all', day, model, '', sum(devices) FROM dash_device_days
    GROUP BY account_id, day, model HAVING sum(devices) <> 0`.execute(db);
  for (const dim of FACET_DIMS)
    await sql`INSERT INTO dash_facet_days (account_id, dim, day, model, value, devices)
      SELECT account_id, ${dim}, day, model, ${sql.ref(dim)}, sum(devices) FROM dash_device_days
      GROUP BY account_id, day, model, ${sql.ref(dim)} HAVING sum(devices) <> 0`.execute(db);
}

async function hasTable(db: Kysely<Database>, name: string): Promise<boolean> {
  return (await db.introspection.getTables()).some((t) => t.name === name);
}

/** Empties the rollup and fills it from a recount (the migration; a repair tool). */
export async function rebuildRollup(db: Kysely<Database>): Promise<void> {
  await db.deleteFrom('dash_order_days').execute();
  await db.deleteFrom('dash_service_days').execute();
  await db.deleteFrom('dash_device_days').execute();
  // Migration 0016 rebuilds before migration 0019 made the facet table.
  const facets = await hasTable(db, 'dash_facet_days');
  const snap = await recount(db);
  for (const [key, v] of snap.orderDays) {
    const [account, day] = key.split(SEP) as [string, string];
    await addOrderDays(db, Number(account), day, v.orders, v.devices);
  }
  for (const [key, v] of snap.serviceDays) {
    const [account, day, service] = key.split(SEP) as [string, string, string];
    await addServiceDays(db, Number(account), day, new Map([[service, v]]));
  }
  for (const [key, n] of snap.deviceDays) {
    const [account, day, ...dims] = key.split(SEP);
    const row = Object.fromEntries(DEVICE_DIMS.map((c, i) => [c, dims[i] ?? ''])) as Record<string, string>;
    await addDeviceDays(db, Number(account), day as string, [{ key: deviceKey(row), count: n }], {
      facets: false,
    });
  }
  if (facets) await fillFacetDays(db);
  // Migration 0020 made the repair counters (its triggers keep them; this recounts them).
  if (await hasTable(db, 'dash_repair_counts')) await fillRepairCounts(db);
}
