import { hydrate, type QueryClient } from '@tanstack/react-query';
import type { PersistedClient } from '@tanstack/react-query-persist-client';

type DehydratedQuery = PersistedClient['clientState']['queries'][number];

/** The persisted records a restore left unread because they are big (src/app/query-store.ts). */
export interface UnreadRecords {
  isUnread(queryHash: string): boolean;
  read(queryHash: string): Promise<DehydratedQuery | null>;
}

/**
 * Decision 0064: a big persisted query (a 10,000-device order's results) joins the cache when a page
 * asks for it (the query enters the cache: a page's `useQuery`, a route loader's prefetch), not at
 * every new tab's restore. Answers when a query's record, if one is unread, is in the cache.
 */
export function restoreOnDemand(
  queryClient: QueryClient,
  records: UnreadRecords,
): (queryHash: string) => Promise<void> {
  const reads = new Map<string, Promise<void>>();
  const restored = (queryHash: string): Promise<void> => {
    let read = reads.get(queryHash);
    if (!read && records.isUnread(queryHash)) {
      read = records
        .read(queryHash)
        // A fresher answer already in the cache wins: hydrate keeps the newer data.
        .then((query) => void (query && hydrate(queryClient, { mutations: [], queries: [query] })))
        .catch(() => undefined)
        .finally(() => reads.delete(queryHash));
      reads.set(queryHash, read);
    }
    return read ?? Promise.resolve();
  };
  const cache = queryClient.getQueryCache();
  for (const query of cache.getAll()) void restored(query.queryHash);
  cache.subscribe((event) => {
    if (event.type === 'added') void restored(event.query.queryHash);
  });
  return restored;
}
