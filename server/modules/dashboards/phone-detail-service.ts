import type { Kysely } from 'kysely';
import type { DashboardPeriod, PhoneDetailDatas } from '#contract/schemas/dashboards.ts';
import type { Database } from '#server/db/schema.ts';
import type { Clock } from '#server/lib/clock.ts';
import { ROLLUP_TIME_ZONE, datesOf, periodRange } from './days.ts';
import { bump, devicesLink, slices } from './links.ts';
import { RollupReader } from './rollup-reader.ts';

const DIMS = ['capacity', 'colour', 'warranty_type', 'sale_country', 'carrier'] as const;

/**
 * One model's devices of a period (reached from hot phones): counts by capacity, colour, warranty
 * type, country of sale and carrier, and per day, all from the rollup in one read; each links to the
 * device list narrowed to the model and that value.
 */
export class PhoneDetailService {
  private readonly clock: Clock;
  private readonly rollup: RollupReader;
  constructor(deps: { db: Kysely<Database>; clock: Clock }) {
    this.clock = deps.clock;
    this.rollup = new RollupReader(deps.db);
  }

  async detail(accountId: number, model: string, period: DashboardPeriod): Promise<PhoneDetailDatas> {
    const now = this.clock.now();
    const range = periodRange(period, now);
    const rows = await this.rollup.facets(accountId, range, ['all', ...DIMS], {
      models: [model],
      byDay: true,
    });
    const counts = Object.fromEntries(DIMS.map((d) => [d, new Map<string, number>()])) as Record<
      (typeof DIMS)[number],
      Map<string, number>
    >;
    const perDay = new Map<string, number>();
    let total = 0;
    for (const r of rows) {
      if (r.dim === 'all') {
        total += r.devices;
        bump(perDay, r.day, r.devices);
      } else bump(counts[r.dim as (typeof DIMS)[number]], r.value, r.devices);
    }
    const base = { ...range, model: [model] };
    return {
      model,
      period,
      range,
      time_zone: ROLLUP_TIME_ZONE,
      as_of_ms: now,
      total: { value: total, link: devicesLink(base) },
      capacity: slices(counts.capacity, (key) => ({ ...base, capacity: [key] })),
      colour: slices(counts.colour, (key) => ({ ...base, colour: [key] })),
      warranty_type: slices(counts.warranty_type, (key) => ({ ...base, warranty_type: [key] })),
      sale_country: slices(counts.sale_country, (key) => ({ ...base, sale_country: [key] })),
      carrier: slices(counts.carrier, (key) => ({ ...base, carrier: [key] })),
      trend: datesOf(range).map((date) => ({
        date,
        count: perDay.get(date) ?? 0,
        link: devicesLink({ from: date, to: date, model: [model] }),
      })),
    };
  }
}
