import { sql, type Kysely } from 'kysely';
import type { DashboardDeviceFilter, DayRange } from '#contract/schemas/dashboards.ts';
import type { Database } from '#server/db/schema.ts';
import type { DeviceDim } from './rollup.ts';

/** Facet dimensions a device filter narrows with a list of values ('' = unknown). */
const LIST_DIMS = ['model', 'capacity', 'colour', 'warranty_type', 'sale_country', 'carrier'] as const;
const TRI_DIMS = ['activation_lock', 'network_lock', 'replaced'] as const;

/** One group of devices: its facet values, its day (when grouped by day) and how many. */
export type DeviceGroup<D extends DeviceDim> = Record<D, string> & { day?: string; devices: number };

/**
 * Reads of the dashboards' rollup (docs/decisions/0030-dashboard-rollup.md), always for one account
 * and a range of shop days. Sums are cast to numbers here: PostgreSQL answers bigint sums as text.
 * Each read walks the rollup's primary key (account, day, …): its size grows with days × distinct
 * facet combinations, not with the account's devices.
 */
export class RollupReader {
  private readonly db: Kysely<Database>;
  constructor(db: Kysely<Database>) {
    this.db = db;
  }

  /** Orders and devices of the range's orders. */
  async orderTotals(accountId: number, range: DayRange) {
    const r = await this.db
      .selectFrom('dash_order_days')
      .select([
        sql<string | number>`coalesce(sum(orders), 0)`.as('orders'),
        sql<string | number>`coalesce(sum(devices), 0)`.as('devices'),
      ])
      .where('account_id', '=', accountId)
      .where('day', '>=', range.from)
      .where('day', '<=', range.to)
      .executeTakeFirstOrThrow();
    return { orders: Number(r.orders), devices: Number(r.devices) };
  }

  /** Jobs, successes, failures and settled points per day and service. */
  async serviceDays(accountId: number, range: DayRange) {
    const rows = await this.db
      .selectFrom('dash_service_days')
      .select([
        'day',
        'service',
        sql<string | number>`sum(jobs)`.as('jobs'),
        sql<string | number>`sum(succeeded)`.as('succeeded'),
        sql<string | number>`sum(failed)`.as('failed'),
        sql<string | number>`sum(points)`.as('points'),
      ])
      .where('account_id', '=', accountId)
      .where('day', '>=', range.from)
      .where('day', '<=', range.to)
      .groupBy(['day', 'service'])
      .execute();
    return rows.map((r) => ({
      day: r.day,
      service: r.service,
      jobs: Number(r.jobs),
      succeeded: Number(r.succeeded),
      failed: Number(r.failed),
      points: Number(r.points),
    }));
  }

  /**
   * Devices grouped by `dims` (and the day, when asked), narrowed by a device filter's facets.
   * Rows whose sum is zero are left out.
   */
  async deviceGroups<D extends DeviceDim>(
    accountId: number,
    range: DayRange,
    dims: readonly D[],
    opts: { byDay?: boolean; filter?: Omit<DashboardDeviceFilter, 'from' | 'to'>; knownModel?: boolean } = {},
  ): Promise<Array<DeviceGroup<D>>> {
    const groupBy: string[] = [...dims, ...(opts.byDay ? ['day'] : [])];
    let q = this.db
      .selectFrom('dash_device_days')
      .where('account_id', '=', accountId)
      .where('day', '>=', range.from)
      .where('day', '<=', range.to);
    if (opts.knownModel) q = q.where('model', '<>', '');
    const f = opts.filter ?? {};
    for (const d of LIST_DIMS) {
      const values = f[d];
      if (values?.length) q = q.where(d, 'in', values);
    }
    for (const d of TRI_DIMS) {
      const value = f[d];
      if (value) q = q.where(d, '=', value);
    }
    const rows = await q
      .select([...(groupBy as DeviceDim[]), sql<string | number>`sum(devices)`.as('devices')])
      .$if(groupBy.length > 0, (qb) => qb.groupBy(groupBy as DeviceDim[]))
      .execute();
    return rows
      .map((r) => ({ ...(r as Record<string, string>), devices: Number(r.devices ?? 0) }))
      .filter((r) => r.devices > 0) as unknown as Array<DeviceGroup<D>>;
  }
}
