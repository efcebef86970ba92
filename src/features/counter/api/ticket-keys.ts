/** Query keys of the tickets' screens, in one place so invalidation matches what queries use. */
export const ticketKeys = {
  all: ['counter', 'tickets'] as const,
  lists: () => [...ticketKeys.all, 'list'] as const,
  list: (input: object) => [...ticketKeys.lists(), input] as const,
  detail: (id: number) => [...ticketKeys.all, 'detail', id] as const,
  technicians: () => [...ticketKeys.all, 'technicians'] as const,
};
