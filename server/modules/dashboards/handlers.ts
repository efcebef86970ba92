import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema.ts';
import type { Clock } from '#server/lib/clock.ts';
import type { DeviceRepository } from '#server/modules/repairs/device-repository.ts';
import type { RepairSettingsService } from '#server/modules/repairs/settings-service.ts';
import type { HandlerMap } from '#server/http/endpoints.ts';
import { DevicesService } from './devices-service.ts';
import { HotPhonesService } from './hot-phones-service.ts';
import { OverviewService } from './overview-service.ts';
import { PhoneDetailService } from './phone-detail-service.ts';

/**
 * The dashboards (issue 13; docs/decisions/0030-dashboard-rollup.md). Input is parsed by the
 * contract's schemas before a handler runs; every service reads the caller's account only.
 */
export function dashboardHandlers(deps: {
  db: Kysely<Database>;
  clock: Clock;
  repairSettings: RepairSettingsService;
  repairDevices: DeviceRepository;
}): HandlerMap {
  const overview = new OverviewService(deps);
  const hot = new HotPhonesService(deps);
  const detail = new PhoneDetailService(deps);
  const devices = new DevicesService(deps);
  return {
    dashboardOverview: ({ user, input }) => overview.overview(user.account_id, input.period),
    dashboardHotPhones: ({ user, input }) => hot.hotPhones(user.account_id, input.period, input.limit),
    dashboardPhoneDetail: ({ user, input }) => detail.detail(user.account_id, input.model, input.period),
    dashboardDevices: ({ user, input }) => devices.list(user.account_id, input),
  };
}
