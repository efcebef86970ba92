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
  '/api/user/point_record',
];

export const isOfflineList = (path: string): boolean => OFFLINE_LIST_PATHS.includes(path);
