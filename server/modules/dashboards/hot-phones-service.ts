import type { Kysely } from 'kysely';
import type { DashboardPeriod, HotPhonesDatas } from '#contract/schemas/dashboards.ts';
import type { Database } from '#server/db/schema.ts';
import type { Clock } from '#server/lib/clock.ts';
import { ROLLUP_TIME_ZONE, periodRange, previousRange } from './days.ts';
import { bump, devicesLink, slices } from './links.ts';
import { RollupReader } from './rollup-reader.ts';

/** Models most checked first, ties by name; unknown models ('') are left out. */
function ranked(counts: ReadonlyMap<string, number>): Array<[string, number]> {
  return [...counts]
    .filter(([model, n]) => model !== '' && n > 0)
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
}

/**
 * Hot phones: the period's most checked models from the rollup, with their capacity and colour mix,
 * lock / replaced / out-of-warranty shares and the previous period of the same length for the trend.
 * Each count links to the device list narrowed the same way, so it equals that list's total.
 */
export class HotPhonesService {
  private readonly clock: Clock;
  private readonly rollup: RollupReader;
  constructor(deps: { db: Kysely<Database>; clock: Clock }) {
    this.clock = deps.clock;
    this.rollup = new RollupReader(deps.db);
  }

  async hotPhones(accountId: number, period: DashboardPeriod, limit: number): Promise<HotPhonesDatas> {
    const now = this.clock.now();
    const range = periodRange(period, now);
    const previous = previousRange(range);
    const [current, before] = await Promise.all([
      this.rollup.facets(accountId, range, ['all'], { knownModel: true, byModel: true }),
      this.rollup.facets(accountId, previous, ['all'], { knownModel: true, byModel: true }),
    ]);
    const counts = new Map<string, number>();
    for (const r of current) bump(counts, r.model, r.devices);
    const previousCounts = new Map<string, number>();
    for (const r of before) bump(previousCounts, r.model, r.devices);
    const top = ranked(counts).slice(0, limit);
    const previousRank = new Map(ranked(previousCounts).map(([model], i) => [model, i + 1]));

    // The top models' devices by every facet a card shows, in one read.
    const mix = top.length
      ? await this.rollup.facets(
          accountId,
          range,
          ['capacity', 'colour', 'activation_lock', 'network_lock', 'replaced', 'warranty_type'],
          { models: top.map(([m]) => m), byModel: true },
        )
      : [];
    const per = new Map(
      top.map(([m]) => [
        m,
        {
          capacity: new Map<string, number>(),
          colour: new Map<string, number>(),
          activation_lock: 0,
          network_lock: 0,
          replaced: 0,
          out_of_warranty: 0,
        },
      ]),
    );
    for (const r of mix) {
      const p = per.get(r.model);
      if (!p) continue;
      if (r.dim === 'capacity') bump(p.capacity, r.value, r.devices);
      else if (r.dim === 'colour') bump(p.colour, r.value, r.devices);
      else if (r.dim === 'warranty_type') {
        if (r.value === 'out_of_warranty') p.out_of_warranty += r.devices;
      } else if (
        r.value === 'yes' &&
        (r.dim === 'activation_lock' || r.dim === 'network_lock' || r.dim === 'replaced')
      )
        p[r.dim] += r.devices;
    }

    const total = ranked(counts).reduce((n, [, c]) => n + c, 0);
    return {
      period,
      range,
      previous_range: previous,
      time_zone: ROLLUP_TIME_ZONE,
      as_of_ms: now,
      total_devices: total,
      models: top.map(([model, count], i) => {
        const p = per.get(model)!;
        const base = { ...range, model: [model] };
        return {
          model,
          rank: i + 1,
          count,
          previous: previousCounts.get(model) ?? 0,
          previous_rank: previousRank.get(model) ?? null,
          link: devicesLink(base),
          capacity: slices(p.capacity, (key) => ({ ...base, capacity: [key] })),
          colour: slices(p.colour, (key) => ({ ...base, colour: [key] })),
          activation_lock: {
            count: p.activation_lock,
            link: devicesLink({ ...base, activation_lock: 'yes' }),
          },
          network_lock: { count: p.network_lock, link: devicesLink({ ...base, network_lock: 'yes' }) },
          replaced: { count: p.replaced, link: devicesLink({ ...base, replaced: 'yes' }) },
          out_of_warranty: {
            count: p.out_of_warranty,
            link: devicesLink({ ...base, warranty_type: ['out_of_warranty'] }),
          },
        };
      }),
    };
  }
}
