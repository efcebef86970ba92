import type { z } from 'zod';
import { ErrCode } from '#contract/errcodes.ts';
import type {
  RepairDeviceDetailDatas,
  RepairDeviceListDatas,
  TodayScheduleChangeDatas,
  repairDeviceListInput,
  todayScheduleChangeInput,
} from '#contract/schemas/repairs.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { Clock } from '#server/lib/clock.ts';
import type { DeviceRepository } from './device-repository.ts';
import { toDeviceRow } from './device-rows.ts';
import type { RepairSettingsService } from './settings-service.ts';

/** The account's live device by id, or REPAIR_DEVICE_NOT_FOUND. */
export async function requireDevice(devices: DeviceRepository, accountId: number, deviceId: number) {
  const [row] = await devices.byIds(accountId, [deviceId]);
  if (!row) throw new AppError(ErrCode.REPAIR_DEVICE_NOT_FOUND);
  return row;
}

/** What the shop reads of its tracked devices: the device list, one device's detail, today's changes. */
export class DeviceReadService {
  private readonly clock: Clock;
  private readonly settings: RepairSettingsService;
  private readonly devices: DeviceRepository;
  constructor(deps: { clock: Clock; settings: RepairSettingsService; devices: DeviceRepository }) {
    this.clock = deps.clock;
    this.settings = deps.settings;
    this.devices = deps.devices;
  }

  async list(
    accountId: number,
    input: z.output<typeof repairDeviceListInput>,
  ): Promise<RepairDeviceListDatas> {
    const today = input.changed_today ? await this.settings.today(accountId) : { startMs: 0, endMs: 0 };
    const page = await this.devices.list(accountId, input, today);
    return { ...page, server_ms: this.clock.now() };
  }

  async detail(accountId: number, deviceId: number): Promise<RepairDeviceDetailDatas> {
    const row = await requireDevice(this.devices, accountId, deviceId);
    return { device: toDeviceRow(row), events: await this.devices.events(accountId, [deviceId]) };
  }

  async todayChanges(
    accountId: number,
    input: z.output<typeof todayScheduleChangeInput>,
  ): Promise<TodayScheduleChangeDatas> {
    const today = await this.settings.today(accountId);
    const page = await this.devices.list(
      accountId,
      { page: input.page, page_size: input.page_size, keyword: '', changed_today: true },
      today,
    );
    const events = await this.devices.events(
      accountId,
      page.list.map((d) => d.id),
      today.startMs,
    );
    const statusKinds = new Set(['eligibility', 'progress', 'return_logistics']);
    return {
      date: today.date,
      time_zone: today.time_zone,
      list: page.list.map((device) => ({
        device,
        events: events.filter((e) => e.device_id === device.id && statusKinds.has(e.kind)),
      })),
      total: page.total,
    };
  }
}
