import type { Kysely } from 'kysely';
import {
  REPAIR_IN_PROGRESS,
  type DashboardOverviewDatas,
  type DashboardPeriod,
} from '#contract/schemas/dashboards.ts';
import { REPAIR_PROGRESS } from '#contract/schemas/repairs.ts';
import type { Database } from '#server/db/schema.ts';
import type { Clock } from '#server/lib/clock.ts';
import type { DeviceRepository } from '#server/modules/repairs/device-repository.ts';
import type { RepairSettingsService } from '#server/modules/repairs/settings-service.ts';
import { walletSnapshot } from '#server/modules/wallet/package-service.ts';
import { ROLLUP_TIME_ZONE, datesOf, periodRange } from './days.ts';
import { bump, checkOrdersLink, repairDevicesLink, slices } from './links.ts';
import { repairCounts } from './repair-counts.ts';
import { RollupReader } from './rollup-reader.ts';

/**
 * The default dashboard: the period's check figures from the rollup (so they equal the check order
 * list filtered by the same shop days), the current repair figures from the repair counters (same
 * conditions as the repair device list's filters) and today's changes from that list's own count,
 * and the wallet's balance and VIP end. Every read is scoped to the caller's account.
 */
export class OverviewService {
  private readonly clock: Clock;
  private readonly db: Kysely<Database>;
  private readonly rollup: RollupReader;
  private readonly repairSettings: RepairSettingsService;
  private readonly repairDevices: DeviceRepository;
  constructor(deps: {
    db: Kysely<Database>;
    clock: Clock;
    repairSettings: RepairSettingsService;
    repairDevices: DeviceRepository;
  }) {
    this.db = deps.db;
    this.clock = deps.clock;
    this.rollup = new RollupReader(deps.db);
    this.repairSettings = deps.repairSettings;
    this.repairDevices = deps.repairDevices;
  }

  async overview(accountId: number, period: DashboardPeriod): Promise<DashboardOverviewDatas> {
    const now = this.clock.now();
    const range = periodRange(period, now);
    // "Changed today" is the repair list's own day (the shop's repair time zone), so the figure
    // equals that list's total.
    const repairToday = await this.repairSettings.today(accountId);
    const [totals, services, warranty, repairs, changedToday, wallet] = await Promise.all([
      this.rollup.orderTotals(accountId, range),
      this.rollup.serviceDays(accountId, range),
      this.rollup.facets(accountId, range, ['warranty_type']),
      repairCounts(this.db, accountId),
      this.repairDevices.changedTodayCount(accountId, repairToday),
      walletSnapshot(this.db, accountId, now),
    ]);

    let points = 0;
    let succeeded = 0;
    let failed = 0;
    const perDay = new Map<string, Array<{ service: string; devices: number; points: number }>>();
    for (const s of services) {
      points += s.points;
      succeeded += s.succeeded;
      failed += s.failed;
      if (s.jobs === 0 && s.points === 0) continue;
      let day = perDay.get(s.day);
      if (!day) perDay.set(s.day, (day = []));
      day.push({ service: s.service, devices: s.jobs, points: s.points });
    }
    const finished = succeeded + failed;
    const warrantyCounts = new Map<string, number>();
    for (const w of warranty) bump(warrantyCounts, w.value, w.devices);
    const inProgress = REPAIR_IN_PROGRESS.reduce((n, p) => n + (repairs.progress.get(p) ?? 0), 0);
    const orders = checkOrdersLink(range);

    return {
      period,
      range,
      time_zone: ROLLUP_TIME_ZONE,
      as_of_ms: now,
      devices: { value: totals.devices, link: orders },
      orders: { value: totals.orders, link: orders },
      points_spent: { value: points, link: orders },
      success_rate_bp: finished === 0 ? null : Math.round((succeeded * 10_000) / finished),
      checks_succeeded: succeeded,
      checks_failed: failed,
      repairs_in_progress: {
        value: inProgress,
        link: repairDevicesLink({ progress: [...REPAIR_IN_PROGRESS] }),
      },
      waiting_for_quote: {
        value: repairs.progress.get('quote_pending') ?? 0,
        link: repairDevicesLink({ progress: ['quote_pending'] }),
      },
      today_schedule_changes: {
        value: changedToday,
        link: repairDevicesLink({ changed_today: true }),
      },
      watched_devices: { value: repairs.watched, link: repairDevicesLink({ watched: true }) },
      balance: { value: wallet.integral, link: { list: 'point_record', filter: {} } },
      vip_end_ms: wallet.vip_end_time > 0 ? wallet.vip_end_time * 1000 : null,
      series: datesOf(range).map((date) => ({
        date,
        services: (perDay.get(date) ?? []).sort((a, b) => (a.service < b.service ? -1 : 1)),
        link: checkOrdersLink({ from: date, to: date }),
      })),
      repair_funnel: REPAIR_PROGRESS.map((progress) => ({
        progress,
        count: repairs.progress.get(progress) ?? 0,
        link: repairDevicesLink({ progress: [progress] }),
      })),
      warranty_mix: slices(warrantyCounts, (key) => ({ ...range, warranty_type: [key] })),
    };
  }
}
