import { defineEndpoint } from './endpoint.ts';
import { templateKitEndpoints } from './template-kit-endpoints.ts';
import { dashboardEndpoints } from './dashboard-endpoints.ts';
import { ErrCode } from './errcodes.ts';
import { emptyInput, emptyOutput } from './schemas/common.ts';
import {
  loginInput,
  loginOutput,
  quitInput,
  tncodeOutput,
  userDatas,
  wsAuthCodeOutput,
} from './schemas/auth.ts';
import {
  bindingPhoneInput,
  bindingPhoneOutput,
  editPasswordInput,
  editPasswordSmsInput,
  qrcodeInput,
  qrcodeOutput,
  resetPasswordInput,
  resetPasswordOutput,
  sendSmsInput,
  sendSmsOutput,
  unbindWxInput,
  userCenterOutput,
  wxokInput,
  wxokOutput,
} from './schemas/account.ts';
import { registerInput } from './schemas/signup.ts';
import { outboxReplayInput, outboxReplayOutput } from './schemas/outbox.ts';
import { IMAGE_DATA_URL_MAX, identifySnImeiInput, identifySnImeiOutput } from './schemas/checks.ts';
import { comboListInput, comboListOutput, serviceGroupOutput } from './schemas/checks-catalogue.ts';
import {
  orderAddDevicesInput,
  orderCreateInput,
  orderDeleteInput,
  orderDetailInput,
  orderDetailOutput,
  orderListInput,
  orderListOutput,
  orderRemarkInput,
  orderWriteOutput,
} from './schemas/checks-orders.ts';
import { orderResultsInput, orderResultsOutput } from './schemas/checks-results.ts';
import {
  exportCreateInput,
  exportIdInput,
  exportLinkOutput,
  exportListOutput,
  exportRow,
} from './schemas/checks-export.ts';
import {
  orderDeriveInput,
  orderFacetsInput,
  orderFacetsOutput,
  orderRestoreInput,
} from './schemas/checks-derive.ts';
import {
  resultColumnsOutput,
  resultColumnsResetInput,
  resultColumnsSaveInput,
} from './schemas/checks-columns.ts';
import { pointRecordInput, pointRecordOutput } from './schemas/ledger.ts';
import {
  addEmployeeInput,
  editUserInput,
  employeeListInput,
  employeeListOutput,
  employeeRow,
} from './schemas/team.ts';
import {
  accountPriceOutput,
  buyRecordInput,
  buyRecordOutput,
  packageSurplusOutput,
  payIntegralInput,
  payIntegralOutput,
} from './schemas/wallet.ts';
import {
  rechargeCloseInput,
  rechargeCloseOutput,
  rechargeConfigOutput,
  rechargeCreateInput,
  rechargeCreateOutput,
  rechargeRecordInput,
  rechargeRecordOutput,
  rechargeStatusInput,
  rechargeStatusOutput,
  sandboxPayInput,
  sandboxPayOutput,
} from './schemas/recharge.ts';

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
 * Every endpoint of the API (spec section 7 plus the product's own), keyed by a stable name.
 * The server registers exactly these; the PWA calls them through its API client.
 */
export const endpoints = {
  tncode: defineEndpoint({
    path: '/api/login/tncode',
    access: 'public',
    input: emptyInput,
    output: tncodeOutput,
    summary:
      'A new slider puzzle: background with a gap, the piece and its y. The answer stays on the server.',
  }),
  login: defineEndpoint({
    path: '/api/login/login',
    access: 'public',
    input: loginInput,
    output: loginOutput,
    summary: 'Sign in with username, password and the slider answer; answers the user and a new token.',
  }),
  quit: defineEndpoint({
    path: '/api/login/quit',
    access: 'public',
    input: quitInput,
    output: emptyOutput,
    summary: 'Revoke the session token (header or body). Always succeeds, so logout works with a dead token.',
  }),
  getUser: defineEndpoint({
    path: '/api/user/get_user',
    access: 'user',
    tokenInQuery: true,
    input: emptyInput,
    output: userDatas,
    summary: 'The signed-in user.',
  }),
  getWsAuthCode: defineEndpoint({
    path: '/api/socket_io/get_ws_auth_code',
    access: 'user',
    tokenInQuery: true,
    input: emptyInput,
    output: wsAuthCodeOutput,
    summary: 'A short-lived code that opens the real-time socket as auth_info.',
  }),

  // WeChat QR login and binding
  qrcode: defineEndpoint({
    path: '/api/login/qrcode',
    access: 'public',
    input: qrcodeInput,
    output: qrcodeOutput,
    summary:
      "Start a WeChat QR scene for purpose 'login' (public) or 'bind' (needs the token); answers the scene id (uniqid), the QR content, expiry and poll interval.",
  }),
  wxok: defineEndpoint({
    path: '/api/login/wxok',
    access: 'public',
    input: wxokInput,
    output: wxokOutput,
    summary:
      "Poll a QR scene by uniqid; `purpose` tells login from bind. Answers status pending/scanned/expired, then 'logged_in' with the login datas and token, or (purpose 'bind', token required and the scene's owner) 'bound' with the user datas.",
  }),
  unbindWx: defineEndpoint({
    path: '/api/admin/unbind_wx',
    access: 'user',
    input: unbindWxInput,
    output: emptyOutput,
    summary:
      "Remove a WeChat binding: the caller's own without user_id; an Admin may pass an employee's user_id, an Editor only its own (else FORBIDDEN).",
  }),

  // Employees (team)
  addEmployee: defineEndpoint({
    path: '/api/admin/add_employee',
    access: 'admin',
    input: addEmployeeInput,
    output: employeeRow,
    summary: "Add an employee to the caller's account; answers the new employee's row.",
  }),
  editUser: defineEndpoint({
    path: '/api/admin/edit_user',
    access: 'admin',
    input: editUserInput,
    output: employeeRow,
    summary:
      'Change real name, role, disabled flag or password (reset) of an employee of the account; answers the updated row.',
  }),
  employeeList: defineEndpoint({
    path: '/api/admin/employee_list',
    access: 'admin',
    input: employeeListInput,
    output: employeeListOutput,
    summary: "One page of the account's employees, filtered by keyword; answers { list, total }.",
  }),

  // Personal center, passwords, SMS and phone
  userCenter: defineEndpoint({
    path: '/api/user/user_center',
    access: 'user',
    input: emptyInput,
    output: userCenterOutput,
    summary: "The personal center: the caller's profile, balance (spendable and frozen), VIP level and end.",
  }),
  editPassword: defineEndpoint({
    path: '/api/user/edit_password',
    access: 'user',
    input: editPasswordInput,
    output: emptyOutput,
    summary: "Change the caller's password given the old one; the caller's other sessions are signed out.",
  }),
  sendSms: defineEndpoint({
    path: '/api/user/sendsms',
    access: 'public',
    input: sendSmsInput,
    output: sendSmsOutput,
    summary:
      'Send a 6-digit SMS code for a purpose (rate limited per phone and per client); answers the resend cooldown and expiry. edit_password needs the token and the bound phone.',
  }),
  editPasswordSms: defineEndpoint({
    path: '/api/user/edit_password_sms',
    access: 'user',
    input: editPasswordSmsInput,
    output: emptyOutput,
    summary:
      "Change the caller's password with an SMS code (purpose edit_password) sent to the bound phone; other sessions are signed out.",
  }),
  bindingPhone: defineEndpoint({
    path: '/api/user/binding_phone',
    access: 'user',
    input: bindingPhoneInput,
    output: bindingPhoneOutput,
    summary: "Bind or replace the caller's phone, proven by an SMS code (purpose binding_phone) sent to it.",
  }),

  // Wallet: packages bought with points
  getAccountPrice: defineEndpoint({
    path: '/api/combo/get_account_price',
    access: 'user',
    input: emptyInput,
    output: accountPriceOutput,
    summary: 'The packages (combos) on sale, with points and money prices, VIP days and check quota.',
  }),
  payIntegral: defineEndpoint({
    path: '/api/user/pay_integral',
    access: 'admin',
    input: payIntegralInput,
    output: payIntegralOutput,
    summary:
      "Buy one package with the account's points (one ledger entry); answers the new balance and VIP end.",
  }),
  packageSurplus: defineEndpoint({
    path: '/api/user/package_surplus',
    access: 'user',
    input: emptyInput,
    output: packageSurplusOutput,
    summary: 'What is left of the bought packages (unused checks and when they lapse).',
  }),
  buyRecord: defineEndpoint({
    path: '/api/user/buy_record',
    access: 'user',
    input: buyRecordInput,
    output: buyRecordOutput,
    summary: "One page of the account's package purchases, newest first; answers { list, total }.",
  }),

  // Wallet: recharge (money to points through the payment provider)
  rechargeConfig: defineEndpoint({
    path: '/api/recharge/recharge_config',
    access: 'user',
    input: emptyInput,
    output: rechargeConfigOutput,
    summary: 'The recharge rate (points per fen), minimum and maximum amount, provider and order lifetime.',
  }),
  rechargeCreate: defineEndpoint({
    path: '/api/recharge/recharge_create',
    access: 'admin',
    input: rechargeCreateInput,
    output: rechargeCreateOutput,
    summary:
      'Start a recharge of `amount` fen: a recharge order at the provider; answers it with the QR content to pay.',
  }),
  rechargeStatus: defineEndpoint({
    path: '/api/recharge/recharge_status',
    access: 'user',
    input: rechargeStatusInput,
    output: rechargeStatusOutput,
    summary:
      "One recharge order of the caller's account by order_no (expired when unpaid past its time); refresh asks the provider.",
  }),
  rechargeClose: defineEndpoint({
    path: '/api/recharge/recharge_close',
    access: 'admin',
    input: rechargeCloseInput,
    output: rechargeCloseOutput,
    summary: 'Cancel an unpaid recharge order (closed at the provider too); refused once paid.',
  }),
  rechargeRecord: defineEndpoint({
    path: '/api/recharge/recharge_record',
    access: 'user',
    input: rechargeRecordInput,
    output: rechargeRecordOutput,
    summary:
      "One page of the account's recharge orders, newest first, filterable by state, with paid totals.",
  }),
  sandboxPay: defineEndpoint({
    path: '/api/recharge/sandbox_pay',
    access: 'public',
    input: sandboxPayInput,
    output: sandboxPayOutput,
    summary:
      'Sandbox provider only (5008 otherwise): the payer completes or fails a sandbox payment, as the /sandbox/pay page does.',
  }),

  // Device checks
  identifySnImei: defineEndpoint({
    path: '/api/checks/identify_sn_imei',
    access: 'user',
    input: identifySnImeiInput,
    output: identifySnImeiOutput,
    // The data URL plus the JSON around it.
    bodyLimit: IMAGE_DATA_URL_MAX + 64 * 1024,
    tooLargeErrcode: ErrCode.OCR_TOO_LARGE,
    summary: 'Recognise the text in a photo (data URL); answers it as `content` for SN/IMEI extraction.',
  }),
  serviceGroup: defineEndpoint({
    path: '/api/checks/service_group',
    access: 'user',
    input: emptyInput,
    output: serviceGroupOutput,
    summary: 'The groups of the check-service catalogue, in display order.',
  }),
  comboList: defineEndpoint({
    path: '/api/checks/combo_list',
    access: 'user',
    input: comboListInput,
    output: comboListOutput,
    summary:
      'The check services (all, or one group) with price per device, maintenance flag, dependencies and freshness.',
  }),
  orderCreate: defineEndpoint({
    path: '/api/checks/order_create',
    access: 'user',
    input: orderCreateInput,
    output: orderWriteOutput,
    // 100,000 lines of up to 200 characters, as JSON.
    bodyLimit: 24 * 1024 * 1024,
    summary:
      'Place a check order: valid new identifiers become devices, each gets the chosen services; the price is frozen in the same transaction.',
  }),
  orderAddDevices: defineEndpoint({
    path: '/api/checks/order_add_devices',
    access: 'user',
    input: orderAddDevicesInput,
    output: orderWriteOutput,
    bodyLimit: 24 * 1024 * 1024,
    summary:
      "Add devices to an order (duplicates of the order's devices are skipped); their price is frozen.",
  }),
  orderRemark: defineEndpoint({
    path: '/api/checks/order_remark',
    access: 'user',
    input: orderRemarkInput,
    output: emptyOutput,
    summary: "Set an order's remark.",
  }),
  orderDelete: defineEndpoint({
    path: '/api/checks/order_delete',
    access: 'user',
    input: orderDeleteInput,
    output: emptyOutput,
    summary: 'Soft-delete a finished order (refused while jobs are running).',
  }),
  orderList: defineEndpoint({
    path: '/api/checks/order_list',
    access: 'user',
    input: orderListInput,
    output: orderListOutput,
    summary:
      "One page of the account's check orders, newest first, with totals (orders, devices, points spent).",
  }),
  orderDetail: defineEndpoint({
    path: '/api/checks/order_detail',
    access: 'user',
    input: orderDetailInput,
    output: orderDetailOutput,
    summary: 'One check order with its counts, progress and points frozen, settled and refunded.',
  }),
  orderResults: defineEndpoint({
    path: '/api/checks/order_results',
    access: 'user',
    input: orderResultsInput,
    output: orderResultsOutput,
    summary:
      "The devices of an order with every result field and each job's state; with changed_since only what changed.",
  }),
  exportCreate: defineEndpoint({
    path: '/api/exports/create',
    access: 'user',
    input: exportCreateInput,
    output: exportRow,
    summary:
      'Start an Excel export of one order (chosen columns, filter applied, headers in a language) as a server job; progress comes as exports:progress.',
  }),
  exportList: defineEndpoint({
    path: '/api/exports/list',
    access: 'user',
    input: emptyInput,
    output: exportListOutput,
    summary: "The account's export jobs, newest first (the download center).",
  }),
  exportLink: defineEndpoint({
    path: '/api/exports/link',
    access: 'user',
    input: exportIdInput,
    output: exportLinkOutput,
    summary: 'A download link of a finished export, signed for the account and valid for a few minutes.',
  }),
  exportRetry: defineEndpoint({
    path: '/api/exports/retry',
    access: 'user',
    input: exportIdInput,
    output: exportRow,
    summary: 'Run a failed or expired export again with the same order, columns, filter and language.',
  }),
  exportDelete: defineEndpoint({
    path: '/api/exports/delete',
    access: 'user',
    input: exportIdInput,
    output: emptyOutput,
    summary: 'Delete an export job and its file (a running one is stopped).',
  }),
  orderFacets: defineEndpoint({
    path: '/api/checks/order_facets',
    access: 'user',
    input: orderFacetsInput,
    output: orderFacetsOutput,
    summary:
      "Counts of an order's results under a filter: matched devices, and per facet and tri-state value (contract/results-filter).",
  }),
  orderDerive: defineEndpoint({
    path: '/api/checks/order_derive',
    access: 'user',
    input: orderDeriveInput,
    output: orderWriteOutput,
    bodyLimit: 4 * 1024 * 1024,
    summary:
      'Copy selected devices of an order (ids, or all matching a filter) into a new order with other services, priced and frozen like any order.',
  }),
  orderRestore: defineEndpoint({
    path: '/api/checks/order_restore',
    access: 'user',
    input: orderRestoreInput,
    output: emptyOutput,
    summary: 'Undo order_delete: a soft-deleted order of the account comes back (within 30 days).',
  }),
  resultColumns: defineEndpoint({
    path: '/api/checks/result_columns',
    access: 'user',
    input: emptyInput,
    output: resultColumnsOutput,
    summary:
      "The caller's result columns: shown in the table and written by the export (defaults until saved).",
  }),
  resultColumnsSave: defineEndpoint({
    path: '/api/checks/result_columns_save',
    access: 'user',
    input: resultColumnsSaveInput,
    output: resultColumnsOutput,
    summary:
      "Save the caller's table and export columns (ids of contract/schemas/checks-columns.ts; unknown ids refused).",
  }),
  resultColumnsReset: defineEndpoint({
    path: '/api/checks/result_columns_reset',
    access: 'user',
    input: resultColumnsResetInput,
    output: resultColumnsOutput,
    summary: "Forget the caller's saved columns: back to the catalogue's defaults.",
  }),
  pointRecord: defineEndpoint({
    path: '/api/user/point_record',
    access: 'user',
    input: pointRecordInput,
    output: pointRecordOutput,
    summary: "One page of the account's points ledger, newest first, with the balance and frozen points.",
  }),
  register: defineEndpoint({
    path: '/api/login/register',
    access: 'public',
    input: registerInput,
    output: loginOutput,
    summary:
      'Sign up a new shop: creates the account and its first Admin (phone proven by an SMS code, purpose register); answers the login datas.',
  }),
  resetPassword: defineEndpoint({
    path: '/api/login/reset_password',
    access: 'public',
    input: resetPasswordInput,
    output: resetPasswordOutput,
    summary:
      'Reset a forgotten password with an SMS code (purpose reset_password) sent to the bound phone; ends every session of that user.',
  }),
  ...templateKitEndpoints,
  ...dashboardEndpoints,
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
  outboxReplay: defineEndpoint({
    path: '/api/outbox/replay',
    access: 'user',
    input: outboxReplayInput,
    output: outboxReplayOutput,
    // Up to 100 queued writes; one may carry a photo (the PWA sends a write over 1 MiB on its own).
    bodyLimit: 4 * 1024 * 1024,
    summary:
      "Applies the caller's queued offline writes in order, each under its own request_id and endpoint, stopping at the first refusal (decision 0027).",
  }),
} as const;

export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;
