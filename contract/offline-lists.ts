/**
 * The list calls whose answers the service worker keeps for offline use (network first, under a
 * synthetic key: path + hash of the body, partitioned by user). A feature opts a list in with one
 * line here. Only lists: never a write, never a call whose answer is a secret (codes, tokens).
 * Paths, not endpoint objects, so the service worker's bundle stays free of the schemas.
 */
export const OFFLINE_LIST_PATHS: readonly string[] = [
  '/api/admin/employee_list',
  '/api/user/user_center',
  // Device checks: the catalogue, the orders and their results, the points ledger.
  '/api/checks/service_group',
  '/api/checks/combo_list',
  '/api/checks/order_list',
  '/api/checks/order_detail',
  '/api/checks/order_results',
  '/api/checks/result_columns',
  '/api/user/point_record',
  // Template kit: the shop's todo list and surveys, and the menu setting.
  '/api/demo/todo_list',
  '/api/demo/survey_list',
  '/api/demo/template_kit_settings',
  // Repair progress: batches, devices, one device, today's changes, notifications, device history.
  '/api/repair/batch_list',
  '/api/repair/device_list',
  '/api/repair/device_detail',
  '/api/repair/today_schedule_change',
  '/api/repair/monitor_quota',
  '/api/repair/device_history',
  '/api/notice/list',
  '/api/notice/unread_count',
  // Wallet: the packages, what is left of them, and the purchase and recharge records.
  '/api/combo/get_account_price',
  '/api/user/package_surplus',
  '/api/user/buy_record',
  '/api/recharge/recharge_config',
  '/api/recharge/recharge_record',
  // Dashboards: the last ones seen open offline, saying as of when.
  '/api/dashboard/overview',
  '/api/dashboard/hot_phones',
  '/api/dashboard/phone_detail',
  '/api/dashboard/devices',
  // The counter's customers: the list (the picker searches it offline) and one customer's page.
  '/api/counter/customer_list',
  '/api/counter/customer_detail',
  // The counter's tickets: the list, one ticket's page and the technicians' names.
  '/api/counter/ticket_list',
  '/api/counter/ticket_detail',
  '/api/counter/ticket_technicians',
];

export const isOfflineList = (path: string): boolean => OFFLINE_LIST_PATHS.includes(path);

/**
 * Whether the service worker keeps the answer to a list call with this body. Not the answer to a call
 * that asks only for what changed since a cursor (`changed_since`, an order's results): that answer
 * means something only against the copy it was asked from, and each call has a new cursor, so each
 * answer would be a new record that nothing reads again. An order followed live asks for its results
 * at every progress event, so these records used to pile up until logout.
 */
export function keepsAnswer(body: string): boolean {
  try {
    const input = JSON.parse(body) as unknown;
    return !(typeof input === 'object' && input !== null && 'changed_since' in input);
  } catch {
    return true;
  }
}
