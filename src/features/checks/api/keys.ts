/** Query keys of the checks feature, in one place so invalidation matches what queries use. */
export const checksKeys = {
  all: ['checks'] as const,
  catalogue: () => [...checksKeys.all, 'catalogue'] as const,
  groups: () => [...checksKeys.catalogue(), 'groups'] as const,
  services: () => [...checksKeys.catalogue(), 'services'] as const,
  orders: () => [...checksKeys.all, 'orders'] as const,
  orderList: (page: number, keyword: string, created: { from: string; to: string } | null = null) =>
    [...checksKeys.orders(), 'list', page, keyword, created] as const,
  order: (orderId: number) => [...checksKeys.orders(), 'detail', orderId] as const,
  results: (orderId: number) => [...checksKeys.all, 'results', orderId] as const,
  /** The signed-in user's result columns (persisted: hidden columns stay hidden offline). */
  columns: () => [...checksKeys.all, 'columns'] as const,
  deletedOrders: () => [...checksKeys.orders(), 'deleted'] as const,
  packageChecks: () => [...checksKeys.all, 'package-checks'] as const,
};
