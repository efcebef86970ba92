import type { HandlerMap } from '#server/http/endpoints.ts';
import type { BatchService } from './batch-service.ts';
import type { CustomerLinkService } from './customer-link.ts';
import type { DeviceReadService } from './device-read-service.ts';
import type { DeviceWriteService } from './device-write-service.ts';
import type { HistoryService } from './history-service.ts';
import type { IntakeService } from './intake-service.ts';
import type { MonitorService } from './monitor-service.ts';
import type { NotificationService } from './notification-service.ts';
import type { RefreshService } from './refresh-service.ts';
import type { RepairSettingsService } from './settings-service.ts';

/** Repair progress management: every call is scoped to the caller's account inside the services. */
export function repairsHandlers(deps: {
  settings: RepairSettingsService;
  batches: BatchService;
  deviceReads: DeviceReadService;
  deviceWrites: DeviceWriteService;
  intake: IntakeService;
  refresh: RefreshService;
  monitors: MonitorService;
  notices: NotificationService;
  links: CustomerLinkService;
  history: HistoryService;
}): HandlerMap {
  const { settings, batches, deviceReads, deviceWrites, intake, refresh, monitors, notices, links, history } =
    deps;
  return {
    repairBatchCreate: ({ user, input }) => batches.createBatch(user, input),
    repairBatchEdit: ({ user, input }) => batches.editBatch(user, input),
    repairBatchDelete: ({ user, input }) => batches.deleteBatch(user, input.batch_id),
    repairBatchList: ({ user, input }) => batches.listBatches(user.account_id, input),
    repairIntake: ({ user, input }) => intake.intake(user, input),
    repairIntakeFromCheck: ({ user, input }) => intake.fromCheck(user, input),
    repairDeviceList: ({ user, input }) => deviceReads.list(user.account_id, input),
    repairDeviceDetail: ({ user, input }) => deviceReads.detail(user.account_id, input.device_id),
    repairDeviceEdit: ({ user, input }) => deviceWrites.edit(user, input),
    repairDeviceDelete: ({ user, input }) => deviceWrites.deleteDevices(user, input.device_ids),
    repairBadgeChange: ({ user, input }) => deviceWrites.changeBadge(user, input.device_ids, input.badge),
    repairRefresh: ({ user, input }) => refresh.refresh(user, input),
    todayScheduleChange: ({ user, input }) => deviceReads.todayChanges(user.account_id, input),
    monitorWatch: ({ user, input }) => monitors.watch(user, input),
    monitorUnwatch: ({ user, input }) => monitors.unwatch(user, input),
    monitorQuota: ({ user }) => monitors.quota(user.account_id),
    monitorList: ({ user, input }) => monitors.list(user.account_id, input),
    notificationList: ({ user, input }) => notices.list(user, input),
    notificationUnread: ({ user }) => notices.unread(user),
    notificationRead: ({ user, input }) => notices.markRead(user, input),
    customerLinkCreate: ({ user, input }) => links.create(user, input.device_id),
    customerLinkRevoke: ({ user, input }) => links.revoke(user, input.device_id),
    deviceHistory: ({ user, input }) => history.history(user.account_id, input.q),
    repairSettings: ({ user }) => settings.settings(user.account_id),
    repairSettingsSave: ({ user, input }) => settings.saveSettings(user.account_id, input),
  };
}
