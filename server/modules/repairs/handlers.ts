import type { HandlerMap } from '#server/plugins/endpoints.ts';
import type { CustomerLinkService } from './customer-link.ts';
import type { HistoryService } from './history-service.ts';
import type { IntakeService } from './intake-service.ts';
import type { MonitorService } from './monitor-service.ts';
import type { NotificationService } from './notification-service.ts';
import type { RefreshService } from './refresh-service.ts';
import type { RepairService } from './repair-service.ts';

/** Repair progress management: every call is scoped to the caller's account inside the services. */
export function repairsHandlers(deps: {
  repairs: RepairService;
  intake: IntakeService;
  refresh: RefreshService;
  monitors: MonitorService;
  notices: NotificationService;
  links: CustomerLinkService;
  history: HistoryService;
}): HandlerMap {
  const { repairs, intake, refresh, monitors, notices, links, history } = deps;
  return {
    repairBatchCreate: ({ user, input }) => repairs.createBatch(user, input),
    repairBatchEdit: ({ user, input }) => repairs.editBatch(user, input),
    repairBatchDelete: ({ user, input }) => repairs.deleteBatch(user, input.batch_id),
    repairBatchList: ({ user, input }) => repairs.listBatches(user.account_id, input),
    repairIntake: ({ user, input }) => intake.intake(user, input),
    repairIntakeFromCheck: ({ user, input }) => intake.fromCheck(user, input),
    repairDeviceList: ({ user, input }) => repairs.list(user.account_id, input),
    repairDeviceDetail: ({ user, input }) => repairs.detail(user.account_id, input.device_id),
    repairDeviceEdit: ({ user, input }) => repairs.edit(user, input),
    repairDeviceDelete: ({ user, input }) => repairs.deleteDevices(user, input.device_ids),
    repairBadgeChange: ({ user, input }) => repairs.changeBadge(user, input.device_ids, input.badge),
    repairRefresh: ({ user, input }) => refresh.refresh(user, input),
    todayScheduleChange: ({ user, input }) => repairs.todayChanges(user.account_id, input),
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
    repairSettings: ({ user }) => repairs.settings(user.account_id),
    repairSettingsSave: ({ user, input }) => repairs.saveSettings(user.account_id, input),
  };
}
