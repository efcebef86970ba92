import type { ExpressionBuilder, Kysely } from 'kysely';
import { ErrCode } from '#contract/errcodes.ts';
import type {
  DashboardDeviceFilter,
  DashboardDeviceRow,
  DashboardDevicesDatas,
} from '#contract/schemas/dashboards.ts';
import type { TriState, WarrantyType } from '#contract/schemas/checks-results.ts';
import type { Database } from '#server/db/schema.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { Clock } from '#server/lib/clock.ts';
import { dayBounds } from '#server/lib/shop-day.ts';
import { addDays, daysIn } from './days.ts';
import { shopDay } from './rollup.ts';
import { RollupReader } from './rollup-reader.ts';

const LIST_DIMS = ['model', 'capacity', 'colour', 'warranty_type', 'sale_country', 'carrier'] as const;
const TRI_DIMS = ['activation_lock', 'network_lock', 'replaced'] as const;
/** errcode 7001: longest range a filter may span; 7002: how far back a day may be. */
const MAX_SPAN_DAYS = 366;
const MAX_BACK_DAYS = 400;

const isDate = (date: string) => {
  const ms = Date.parse(`${date}T00:00:00Z`);
  return !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 10) === date;
};

/**
 * A facet column among `values`, where `nullAs` (the rollup's key for a missing fact: '' or
 * 'unknown') also matches NULL: the rollup's key, as plain comparisons.
 */
function matchesFacet(
  eb: ExpressionBuilder<{ d: Database['check_devices'] }, 'd'>,
  column: `d.${keyof Database['check_devices'] & string}`,
  values: readonly string[],
  nullAs: string,
) {
  const known = values.filter((v) => v !== nullAs);
  const parts = [];
  if (known.length) parts.push(eb(eb.ref(column), 'in', known));
  if (known.length < values.length)
    parts.push(eb(eb.ref(column), 'is', null), eb(eb.ref(column), '=', nullAs));
  return eb.or(parts);
}

/** Refuses a range the dashboards never ask for (the errcodes of contract/errcodes.ts 7001/7002). */
export function checkRange(filter: { from: string; to: string }, nowMs: number): void {
  // A real calendar date each (2026-02-30 is not one, though Date.parse rolls it over).
  if (!isDate(filter.from) || !isDate(filter.to)) throw new AppError(ErrCode.DASHBOARD_RANGE_INVALID);
  if (filter.from > filter.to || daysIn(filter) > MAX_SPAN_DAYS)
    throw new AppError(ErrCode.DASHBOARD_RANGE_INVALID);
  const today = shopDay(nowMs);
  if (filter.to > today || filter.from < addDays(today, -MAX_BACK_DAYS))
    throw new AppError(ErrCode.DASHBOARD_RANGE_OUT);
}

/**
 * The `devices` list a device figure clicks through to: the account's devices of non-deleted check
 * orders created in the filter's shop days, narrowed by facets as the rollup keys them ('' = no such
 * fact, tri-states as stored). The page comes from the base tables, newest order first; the total
 * from the rollup with the same filter (the same key, so the same count, at the rollup's cost:
 * rollup-reader.ts countDevices).
 */
export class DevicesService {
  private readonly db: Kysely<Database>;
  private readonly clock: Clock;
  private readonly rollup: RollupReader;
  constructor(deps: { db: Kysely<Database>; clock: Clock }) {
    this.db = deps.db;
    this.clock = deps.clock;
    this.rollup = new RollupReader(deps.db);
  }

  async list(
    accountId: number,
    input: { page: number; page_size: number; filter: DashboardDeviceFilter },
  ): Promise<DashboardDevicesDatas> {
    const f = input.filter;
    checkRange(f, this.clock.now());
    const { from, to, ...facets } = f;
    let q = this.db
      .selectFrom('check_orders as o')
      .innerJoin('check_devices as d', 'd.order_id', 'o.id')
      .where('o.account_id', '=', accountId)
      .where('o.deleted_at', 'is', null)
      .where('o.created_at', '>=', dayBounds(from).startMs)
      .where('o.created_at', '<', dayBounds(to).endMs)
      .where('d.account_id', '=', accountId);
    // Plain comparisons (not coalesce(…) IN …), so PostgreSQL estimates how many devices match
    // from its column statistics: a common filter then walks the newest orders and their devices
    // and stops at the page (merge join on the order index, ~2 ms at 1M results), where a
    // coalesce(…) it cannot estimate made it read and sort all the range's devices (~150-400 ms).
    for (const dim of LIST_DIMS) {
      const values = facets[dim];
      if (values?.length) q = q.where((eb) => matchesFacet(eb, `d.${dim}`, values, ''));
    }
    for (const dim of TRI_DIMS) {
      const value = facets[dim];
      if (value) q = q.where((eb) => matchesFacet(eb, `d.${dim}`, [value], 'unknown'));
    }
    // The total first: a page past it (or a filter nothing matches) costs no scan at all.
    const total = await this.rollup.countDevices(accountId, f);
    const offset = (input.page - 1) * input.page_size;
    const rows =
      offset >= total
        ? []
        : await q
            .select([
              'd.id',
              'd.order_id',
              'o.title',
              'd.input',
              'd.sn',
              'd.imei',
              'd.model',
              'd.capacity',
              'd.colour',
              'd.warranty_type',
              'd.sale_country',
              'd.carrier',
              'd.activation_lock',
              'd.network_lock',
              'd.replaced',
              'd.created_at',
            ])
            .orderBy('o.id', 'desc')
            .orderBy('d.id', 'desc')
            .limit(input.page_size)
            .offset(offset)
            .execute();
    const list: DashboardDeviceRow[] = rows.map((r) => ({
      device_id: r.id,
      order_id: r.order_id,
      order_title: r.title,
      input: r.input,
      sn: r.sn,
      imei: r.imei,
      model: r.model,
      capacity: r.capacity,
      colour: r.colour,
      warranty_type: r.warranty_type as WarrantyType | null,
      sale_country: r.sale_country,
      carrier: r.carrier,
      activation_lock: (r.activation_lock ?? 'unknown') as TriState,
      network_lock: (r.network_lock ?? 'unknown') as TriState,
      replaced: (r.replaced ?? 'unknown') as TriState,
      created_at: Math.floor(Number(r.created_at) / 1000),
    }));
    return { list, total };
  }
}
