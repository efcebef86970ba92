/** Query keys of the counter's customers, in one place so invalidation matches what queries use. */
export const customerKeys = {
  all: ['counter', 'customers'] as const,
  lists: () => [...customerKeys.all, 'list'] as const,
  list: (q: string, page: number) => [...customerKeys.lists(), q, page] as const,
  detail: (id: number) => [...customerKeys.all, 'detail', id] as const,
};
