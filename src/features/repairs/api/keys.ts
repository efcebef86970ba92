/** Query keys of the repairs feature, in one place so invalidation matches what queries use. */
export const repairsKeys = {
  all: ['repairs'] as const,
  batches: (page: number, keyword: string) => [...repairsKeys.all, 'batches', page, keyword] as const,
  devices: () => [...repairsKeys.all, 'devices'] as const,
  deviceList: (input: object) => [...repairsKeys.devices(), 'list', input] as const,
  device: (deviceId: number) => [...repairsKeys.devices(), 'detail', deviceId] as const,
  today: () => [...repairsKeys.all, 'today'] as const,
  quota: () => [...repairsKeys.all, 'quota'] as const,
  settings: () => [...repairsKeys.all, 'settings'] as const,
  history: (q: string) => [...repairsKeys.all, 'history', q] as const,
};

/** Notifications live under their own topic ('notices' in contract/realtime.ts). */
export const noticesKeys = {
  all: ['notices'] as const,
  unread: () => [...noticesKeys.all, 'unread'] as const,
  list: (page: number) => [...noticesKeys.all, 'list', page] as const,
};
