import { sql, type Kysely } from 'kysely';
import type { DashboardDeviceFilter, DayRange } from '#contract/schemas/dashboards.ts';
import type { Database } from '#server/db/schema.ts';
import type { DeviceDim, FacetDim } from './rollup.ts';

/** Facet dimensions a device filter narrows with a list of values ('' = unknown). */
const LIST_DIMS = ['model', 'capacity', 'colour', 'warranty_type', 'sale_country', 'carrier'] as const;
const TRI_DIMS = ['activation_lock', 'network_lock', 'replaced'] as const;

/** Devices of one facet value (and model and day, when grouped by them). */
export interface FacetGroup {
  dim: FacetDim;
  value: string;
  model: string;
  day: string;
  devices: number;
}

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
   * Devices per facet value from dash_facet_days (`dims`: facets, or 'all' for a model's devices),
   * grouped by facet and value, and by model and day when asked; narrowed to `models` when given,
   * to known models with `knownModel`. A period reads a few rows per model, facet value and day.
   */
  async facets(
    accountId: number,
    range: DayRange,
    dims: readonly FacetDim[],
    opts: {
      models?: readonly string[];
      values?: readonly string[];
      knownModel?: boolean;
      byModel?: boolean;
      byDay?: boolean;
    } = {},
  ): Promise<FacetGroup[]> {
    const groupBy: Array<'dim' | 'value' | 'model' | 'day'> = ['dim', 'value'];
    if (opts.byModel) groupBy.push('model');
    if (opts.byDay) groupBy.push('day');
    let q = this.db
      .selectFrom('dash_facet_days')
      .where('account_id', '=', accountId)
      .where('dim', 'in', dims)
      .where('day', '>=', range.from)
      .where('day', '<=', range.to);
    if (opts.models) q = q.where('model', 'in', opts.models.length ? opts.models : ['\u0000']);
    if (opts.values) q = q.where('value', 'in', opts.values.length ? opts.values : ['\u0000']);
    if (opts.knownModel) q = q.where('model', '<>', '');
    const rows = await q
      .select([...groupBy, sql<string | number>`sum(devices)`.as('devices')])
      .groupBy(groupBy)
      .execute();
    return rows
      .map((r) => ({
        dim: r.dim as FacetDim,
        value: r.value,
        model: (r as { model?: string }).model ?? '',
        day: (r as { day?: string }).day ?? '',
        devices: Number(r.devices),
      }))
      .filter((r) => r.devices > 0);
  }

  /**
   * The devices matching a device filter, counted from the facet rollup when the filter narrows by
   * the model and at most one other facet (every click-through of the charts), else from
   * dash_device_days (every combination of facets, larger).
   */
  async countDevices(accountId: number, filter: DashboardDeviceFilter): Promise<number> {
    const { from, to, model, ...rest } = filter;
    const narrowing = Object.entries(rest).filter(([, v]) =>
      Array.isArray(v) ? v.length > 0 : v !== undefined,
    );
    const range = { from, to };
    if (narrowing.length <= 1) {
      const [dim, v] = narrowing[0] ?? ['all', ['']];
      const rows = await this.facets(accountId, range, [dim as FacetDim], {
        values: Array.isArray(v) ? (v as string[]) : [v as string],
        ...(model?.length ? { models: model } : {}),
      });
      return rows.reduce((n, r) => n + r.devices, 0);
    }
    const rows = await this.deviceGroups(accountId, range, [], { filter: { model, ...rest } });
    return rows.reduce((n, r) => n + r.devices, 0);
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
