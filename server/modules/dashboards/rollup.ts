import { sql, type Kysely } from 'kysely';
import type { Database } from '#server/db/schema.ts';
import { dayIn } from '#server/lib/shop-day.ts';
import { DEFAULT_TIME_ZONE } from '#server/lib/shop-time.ts';

/**
 * The dashboards' rollup (docs/decisions/0030-dashboard-rollup.md): signed deltas applied in the
 * caller's transaction by the writes that change what the dashboards count (order creation, devices
 * added, a job finishing, soft delete and restore). Every counter is keyed by the shop day of the
 * order's creation, so a figure equals the check order list filtered by created_from/created_to.
 */

/** The shop day (YYYY-MM-DD) of an instant, in the shop's time zone. */
export const shopDay = (ms: number, timeZone = DEFAULT_TIME_ZONE) => dayIn(timeZone, ms).date;

export const DEVICE_DIMS = [
  'model',
  'capacity',
  'colour',
  'warranty_type',
  'sale_country',
  'carrier',
  'activation_lock',
  'network_lock',
  'replaced',
] as const;
export type DeviceDim = (typeof DEVICE_DIMS)[number];
export type DeviceKey = Record<DeviceDim, string>;

/** A device's rollup key: its facets, '' for unknown (null), tri-states as they are. */
export function deviceKey(row: Partial<Record<DeviceDim, string | null | undefined>>): DeviceKey {
  const out = {} as DeviceKey;
  for (const d of DEVICE_DIMS) out[d] = row[d] ?? (d.endsWith('lock') || d === 'replaced' ? 'unknown' : '');
  return out;
}
const keyText = (k: DeviceKey) => DEVICE_DIMS.map((d) => k[d]).join('\u0001');

export interface ServiceDelta {
  jobs: number;
  succeeded: number;
  failed: number;
  points: number;
}
export async function addOrderDays(
  db: Kysely<Database>,
  accountId: number,
  day: string,
  orders: number,
  devices: number,
): Promise<void> {
  if (orders === 0 && devices === 0) return;
  await db
    .insertInto('dash_order_days')
    .values({ account_id: accountId, day, orders, devices })
    .onConflict((oc) =>
      oc.columns(['account_id', 'day']).doUpdateSet({
        orders: sql`dash_order_days.orders + excluded.orders`,
        devices: sql`dash_order_days.devices + excluded.devices`,
      }),
    )
    .execute();
}

export async function addDeviceDays(
  db: Kysely<Database>,
  accountId: number,
  day: string,
  rows: ReadonlyArray<{ key: DeviceKey; count: number }>,
  opts: { facets?: boolean } = {},
): Promise<void> {
  // Merge equal keys first: one row per key per statement (PostgreSQL refuses a key twice).
  const merged = new Map<string, { key: DeviceKey; count: number }>();
  for (const r of rows) {
    const t = keyText(r.key);
    const m = merged.get(t);
    if (m) m.count += r.count;
    else merged.set(t, { key: r.key, count: r.count });
  }
  // Rows in one global order (by key): PostgreSQL locks them in VALUES order, and two job batches
  // upserting the same keys in different orders deadlocked (bench:cluster, three processes).
  const values = [...merged.entries()]
    .filter(([, r]) => r.count !== 0)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, r]) => ({ account_id: accountId, day, ...r.key, devices: r.count }));
  // The facet rollup moves with it (rebuildRollup alone leaves it out: migration 0016 runs before
  // the facet table exists, and a rebuild refills it in one statement per facet).
  if (opts.facets !== false) await addFacetDays(db, accountId, day, [...merged.values()]);
  // 12 parameters a row: 500 rows stay well under SQLite's limit.
  for (let i = 0; i < values.length; i += 500)
    await db
      .insertInto('dash_device_days')
      .values(values.slice(i, i + 500))
      .onConflict((oc) =>
        oc
          .columns(['account_id', 'day', ...DEVICE_DIMS])
          .doUpdateSet({ devices: sql`dash_device_days.devices + excluded.devices` }),
      )
      .execute();
}

/** The facets dash_facet_days counts per model (migration 0019); 'all' counts the model itself. */
export const FACET_DIMS = DEVICE_DIMS.filter((d) => d !== 'model');
export type FacetDim = (typeof FACET_DIMS)[number] | 'all';

/** A facet row's key: account-free, joined by a character no facet value holds. */
export const facetKey = (dim: FacetDim, model: string, value: string) => `${dim}\u0001${model}\u0001${value}`;

/** What device-key deltas add to each (model, facet, value): one row per facet a device has. */
export function facetDeltas(rows: ReadonlyArray<{ key: DeviceKey; count: number }>): Map<string, number> {
  const out = new Map<string, number>();
  const add = (k: string, n: number) => out.set(k, (out.get(k) ?? 0) + n);
  for (const r of rows) {
    add(facetKey('all', r.key.model, ''), r.count);
    for (const d of FACET_DIMS) add(facetKey(d, r.key.model, r.key[d]), r.count);
  }
  for (const [k, n] of out) if (n === 0) out.delete(k);
  return out;
}

/** Keeps dash_facet_days with dash_device_days: called by addDeviceDays only, in its transaction. */
async function addFacetDays(
  db: Kysely<Database>,
  accountId: number,
  day: string,
  rows: ReadonlyArray<{ key: DeviceKey; count: number }>,
): Promise<void> {
  // In key order, like dash_device_days: one lock order for every transaction.
  const values = [...facetDeltas(rows)]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, devices]) => {
      const [dim, model, value] = k.split('\u0001') as [string, string, string];
      return { account_id: accountId, dim, day, model, value, devices };
    });
  // 6 parameters a row.
  for (let i = 0; i < values.length; i += 1000)
    await db
      .insertInto('dash_facet_days')
      .values(values.slice(i, i + 1000))
      .onConflict((oc) =>
        oc
          .columns(['account_id', 'dim', 'day', 'model', 'value'])
          .doUpdateSet({ devices: sql`dash_facet_days.devices + excluded.devices` }),
      )
      .execute();
}

export async function addServiceDays(
  db: Kysely<Database>,
  accountId: number,
  day: string,
  services: ReadonlyMap<string, ServiceDelta>,
): Promise<void> {
  const values = [...services]
    .filter(([, s]) => s.jobs !== 0 || s.succeeded !== 0 || s.failed !== 0 || s.points !== 0)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)) // one lock order, as above
    .map(([service, s]) => ({ account_id: accountId, day, service, ...s }));
  if (values.length === 0) return;
  await db
    .insertInto('dash_service_days')
    .values(values)
    .onConflict((oc) =>
      oc.columns(['account_id', 'day', 'service']).doUpdateSet({
        jobs: sql`dash_service_days.jobs + excluded.jobs`,
        succeeded: sql`dash_service_days.succeeded + excluded.succeeded`,
        failed: sql`dash_service_days.failed + excluded.failed`,
        points: sql`dash_service_days.points + excluded.points`,
      }),
    )
    .execute();
}

/**
 * One order's devices (those with id above `afterDeviceId`) and their jobs, counted from the base
 * tables: what they add to the rollup. Points are the shares of jobs settled (succeeded, not reused).
 */
export async function orderContribution(db: Kysely<Database>, orderId: number, afterDeviceId = 0) {
  const devices = await db
    .selectFrom('check_devices')
    .select([...DEVICE_DIMS, (eb) => eb.fn.countAll<number>().as('n')])
    .where('order_id', '=', orderId)
    .where('id', '>', afterDeviceId)
    .groupBy([...DEVICE_DIMS])
    .execute();
  const jobs = await db
    .selectFrom('check_jobs')
    .select([
      'service',
      (eb) => eb.fn.countAll<number>().as('jobs'),
      sql<number>`sum(case when state = 'success' then 1 else 0 end)`.as('succeeded'),
      sql<number>`sum(case when state = 'failed' then 1 else 0 end)`.as('failed'),
      sql<number>`sum(case when state = 'success' and reused = 0 then share else 0 end)`.as('points'),
    ])
    .where('order_id', '=', orderId)
    .where('device_id', '>', afterDeviceId)
    .groupBy('service')
    .execute();
  const services = new Map<string, ServiceDelta>();
  for (const j of jobs)
    services.set(j.service, {
      jobs: Number(j.jobs),
      succeeded: Number(j.succeeded),
      failed: Number(j.failed),
      points: Number(j.points),
    });
  return {
    devices: devices.map((d) => ({ key: deviceKey(d), count: Number(d.n) })),
    services,
  };
}

/** Adds (sign 1) or takes away (sign -1) an order's devices and jobs; `orders` counts the order itself. */
export async function applyOrder(
  db: Kysely<Database>,
  order: { id: number; account_id: number; created_at: number },
  sign: 1 | -1,
  opts: { afterDeviceId?: number; countOrder: boolean },
): Promise<void> {
  const day = shopDay(Number(order.created_at));
  const c = await orderContribution(db, order.id, opts.afterDeviceId ?? 0);
  const deviceTotal = c.devices.reduce((s, d) => s + d.count, 0);
  await addOrderDays(db, order.account_id, day, opts.countOrder ? sign : 0, sign * deviceTotal);
  await addDeviceDays(
    db,
    order.account_id,
    day,
    c.devices.map((d) => ({ key: d.key, count: sign * d.count })),
  );
  const services = new Map<string, ServiceDelta>();
  for (const [k, s] of c.services)
    services.set(k, {
      jobs: sign * s.jobs,
      succeeded: sign * s.succeeded,
      failed: sign * s.failed,
      points: sign * s.points,
    });
  await addServiceDays(db, order.account_id, day, services);
}

/** The order's account, day, and whether it counts (not deleted), for a job's or device's write. */
export async function orderDayOf(db: Kysely<Database>, orderId: number) {
  const o = await db
    .selectFrom('check_orders')
    .select(['account_id', 'created_at', 'deleted_at'])
    .where('id', '=', orderId)
    .executeTakeFirst();
  if (!o || o.deleted_at !== null) return null;
  return { accountId: o.account_id, day: shopDay(Number(o.created_at)) };
}
