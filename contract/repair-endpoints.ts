import { defineEndpoint } from './endpoint.ts';
import { emptyInput, emptyOutput } from './schemas/common.ts';
import {
  repairBadgeChangeInput,
  repairBadgeChangeOutput,
  repairBatchCreateInput,
  repairBatchDeleteInput,
  repairBatchEditInput,
  repairBatchListInput,
  repairBatchListOutput,
  repairBatchRow,
  repairDeviceDeleteInput,
  repairDeviceDetailInput,
  repairDeviceDetailOutput,
  repairDeviceEditInput,
  repairDeviceListInput,
  repairDeviceListOutput,
  repairDeviceRow,
  repairRefreshInput,
  repairRefreshOutput,
  todayScheduleChangeInput,
  todayScheduleChangeOutput,
} from './schemas/repairs.ts';
import {
  repairIntakeFromCheckInput,
  repairIntakeInput,
  repairIntakeOutput,
} from './schemas/repairs-intake.ts';
import {
  customerLinkCreateInput,
  customerLinkCreateOutput,
  customerLinkRevokeInput,
  deviceHistoryInput,
  deviceHistoryOutput,
  monitorListInput,
  monitorListOutput,
  monitorQuotaOutput,
  monitorUnwatchInput,
  monitorWatchInput,
  notificationListInput,
  notificationListOutput,
  notificationReadInput,
  notificationUnreadOutput,
  repairSettingsOutput,
  repairSettingsSaveInput,
} from './schemas/repairs-monitors.ts';

/**
 * The repairs' endpoints (issue 10): batches, tracked devices, refresh, monitors, notifications,
 * customer links, device history and the shop's settings. Spread into endpoints.ts.
 */
export const repairEndpoints = {
  // Repair progress management (issue 10): batches, tracked devices, refresh, monitors, links
  repairBatchCreate: defineEndpoint({
    path: '/api/repair/batch_create',
    access: 'user',
    input: repairBatchCreateInput,
    output: repairBatchRow,
    summary: 'Create an empty batch of tracked devices; answers its row.',
  }),
  repairBatchEdit: defineEndpoint({
    path: '/api/repair/batch_edit',
    access: 'user',
    input: repairBatchEditInput,
    output: repairBatchRow,
    summary: "Change a batch's title or remark; answers its row.",
  }),
  repairBatchDelete: defineEndpoint({
    path: '/api/repair/batch_delete',
    access: 'user',
    input: repairBatchDeleteInput,
    output: emptyOutput,
    summary: 'Soft-delete a batch and its devices (their monitors and customer links stop).',
  }),
  repairBatchList: defineEndpoint({
    path: '/api/repair/batch_list',
    access: 'user',
    input: repairBatchListInput,
    output: repairBatchListOutput,
    summary:
      "One page of the account's repair batches, newest first, with device, watched and changed-today counts.",
  }),
  repairIntake: defineEndpoint({
    path: '/api/repair/device_intake',
    access: 'user',
    input: repairIntakeInput,
    output: repairIntakeOutput,
    bodyLimit: 8 * 1024 * 1024,
    summary:
      'Take lines (SN/IMEI, repair ids, customer) into a batch; each refused line comes back with its reason (identifier rule, repair_id_invalid, duplicate).',
  }),
  repairIntakeFromCheck: defineEndpoint({
    path: '/api/repair/intake_from_check',
    access: 'user',
    input: repairIntakeFromCheckInput,
    output: repairIntakeOutput,
    summary:
      'Selected devices of a check order become tracked devices with their checked facts (model, warranty), without a new paid call.',
  }),
  repairDeviceList: defineEndpoint({
    path: '/api/repair/device_list',
    access: 'user',
    input: repairDeviceListInput,
    output: repairDeviceListOutput,
    summary:
      'One page of tracked devices filtered by batch, progress, eligibility, badge, watched, changed today; keyword matches SN, IMEI, repair id, customer name or phone.',
  }),
  repairDeviceDetail: defineEndpoint({
    path: '/api/repair/device_detail',
    access: 'user',
    input: repairDeviceDetailInput,
    output: repairDeviceDetailOutput,
    summary: 'One tracked device with its progress timeline, newest first.',
  }),
  repairDeviceEdit: defineEndpoint({
    path: '/api/repair/device_edit',
    access: 'user',
    input: repairDeviceEditInput,
    output: repairDeviceRow,
    summary:
      "Change a device's repair ids, replacement SN/IMEI, customer, tracking numbers, prices or warranty snapshot.",
  }),
  repairDeviceDelete: defineEndpoint({
    path: '/api/repair/device_delete',
    access: 'user',
    input: repairDeviceDeleteInput,
    output: emptyOutput,
    summary: 'Soft-delete tracked devices (their monitors and customer links stop).',
  }),
  repairBadgeChange: defineEndpoint({
    path: '/api/repair/badge_change',
    access: 'user',
    input: repairBadgeChangeInput,
    output: repairBadgeChangeOutput,
    summary:
      'Move devices to a logistics badge; devices whose badge does not allow that move are listed as refused.',
  }),
  repairRefresh: defineEndpoint({
    path: '/api/repair/refresh',
    access: 'user',
    input: repairRefreshInput,
    output: repairRefreshOutput,
    summary:
      'Ask the repair-status provider again for chosen devices (or a batch): price frozen now, settled per answered device, refunded on failure.',
  }),
  todayScheduleChange: defineEndpoint({
    path: '/api/repair/today_schedule_change',
    access: 'user',
    input: todayScheduleChangeInput,
    output: todayScheduleChangeOutput,
    summary: "The devices whose status changed today in the shop's time zone, with today's events.",
  }),
  monitorWatch: defineEndpoint({
    path: '/api/repair/monitor_watch',
    access: 'user',
    input: monitorWatchInput,
    output: monitorQuotaOutput,
    summary: 'Watch devices (or a batch), all or nothing within the VIP cap; answers the quota after.',
  }),
  monitorUnwatch: defineEndpoint({
    path: '/api/repair/monitor_unwatch',
    access: 'user',
    input: monitorUnwatchInput,
    output: monitorQuotaOutput,
    summary: 'Stop watching devices (or a batch); answers the quota after.',
  }),
  monitorQuota: defineEndpoint({
    path: '/api/repair/monitor_quota',
    access: 'user',
    input: emptyInput,
    output: monitorQuotaOutput,
    summary: "The account's monitor quota: VIP level, watched count, cap and re-check interval.",
  }),
  monitorList: defineEndpoint({
    path: '/api/repair/monitor_list',
    access: 'user',
    input: monitorListInput,
    output: monitorListOutput,
    summary: "One page of the account's active monitors (repair devices, ID-lock and network-lock monitors).",
  }),
  notificationList: defineEndpoint({
    path: '/api/notice/list',
    access: 'user',
    input: notificationListInput,
    output: notificationListOutput,
    summary: "One page of the account's monitor notifications, newest first, read state per employee.",
  }),
  notificationUnread: defineEndpoint({
    path: '/api/notice/unread_count',
    access: 'user',
    input: emptyInput,
    output: notificationUnreadOutput,
    summary: "How many of the account's notifications the caller has not read.",
  }),
  notificationRead: defineEndpoint({
    path: '/api/notice/mark_read',
    access: 'user',
    input: notificationReadInput,
    output: notificationUnreadOutput,
    summary: 'Mark notifications (or all) read for the caller; answers the unread count after.',
  }),
  customerLinkCreate: defineEndpoint({
    path: '/api/repair/link_create',
    access: 'user',
    input: customerLinkCreateInput,
    output: customerLinkCreateOutput,
    summary:
      "Create (or replace) a device's unguessable customer status link; the token is only in this answer.",
  }),
  customerLinkRevoke: defineEndpoint({
    path: '/api/repair/link_revoke',
    access: 'user',
    input: customerLinkRevokeInput,
    output: emptyOutput,
    summary: "Revoke a device's customer link: its page then answers nothing about the device.",
  }),
  deviceHistory: defineEndpoint({
    path: '/api/repair/device_history',
    access: 'user',
    input: deviceHistoryInput,
    output: deviceHistoryOutput,
    summary: 'Every check result and repair event of one SN or IMEI in the account, newest first.',
  }),
  repairSettings: defineEndpoint({
    path: '/api/repair/shop_settings',
    access: 'user',
    input: emptyInput,
    output: repairSettingsOutput,
    summary: "The shop's time zone and the contact shown on customer status pages.",
  }),
  repairSettingsSave: defineEndpoint({
    path: '/api/repair/shop_settings_save',
    access: 'admin',
    input: repairSettingsSaveInput,
    output: repairSettingsOutput,
    summary: "Change the shop's time zone or customer-page contact (Admin).",
  }),
};
