import type { QueryClient } from '@tanstack/react-query';
import { persistQueryClientRestore, persistQueryClientSubscribe } from '@tanstack/react-query-persist-client';
import { getCurrentUser, onLoggedOut } from '#src/features/auth/session.ts';
import { clearInquiryDrafts } from '#src/features/checks/model/inquiry-draft.ts';
import { createQueryClient } from './query-client.ts';
import { wireOffline } from './offline-wiring.ts';
import { refetchStaleAnswers } from './stale-answer-refetch.ts';
import { setRestoreGate } from '#src/lib/query/restore-gate.ts';
import { restoreOnDemand } from './lazy-restore.ts';
import {
  CACHE_RESTORED_MARK,
  CACHE_RESTORE_START_MARK,
  persistOptions,
  unreadRecords,
} from './query-persistence.ts';

/**
 * The signed-in app's data layer (decision 0025): the query client, its cache persisted to
 * IndexedDB (decision 0009) and the outbox. Its own chunk (with @tanstack/query-core, the persister,
 * idb-keyval and the outbox): the sign-in page does without it; src/app/data-layer-loader.ts starts
 * it for a signed-in user's first render, at sign-in, and before any page but the sign-in one.
 */
export interface DataLayer {
  queryClient: QueryClient;
  /** True while the persisted cache is being restored: queries wait for it (useIsRestoring). */
  isRestoring(): boolean;
  subscribeRestoring(listener: () => void): () => void;
}

// persist-client types its QueryClient from its own query-core copy; the runtime is the same.
type PersistClient = Parameters<typeof persistQueryClientSubscribe>[0]['queryClient'];

export function startDataLayer(): DataLayer {
  const queryClient = createQueryClient();
  // What QueryClientProvider does on mount: refetch on focus and reconnect, resume paused mutations.
  queryClient.mount();
  // Tablets are shared: nothing of one user stays in memory after logout: the cache, and the check
  // page's kept-alive draft (spec section 2; registered here rather than with the route tree, which
  // is in the sign-in page's first load: decision 0025).
  onLoggedOut(() => queryClient.clear());
  onLoggedOut(clearInquiryDrafts);
  wireOffline(queryClient);
  // Lists the service worker answered from its cache while online are asked for again.
  refetchStaleAnswers(queryClient);

  // What PersistQueryClientProvider does, started before the first render rather than after it:
  // restore the signed-in user's cache, then write it back as it changes.
  let restoring = true;
  const listeners = new Set<() => void>();
  const userId = () => getCurrentUser()?.id ?? null;
  const options = { ...persistOptions(userId), queryClient: queryClient as unknown as PersistClient };
  performance.mark(CACHE_RESTORE_START_MARK);
  const restored = persistQueryClientRestore(options)
    // Read by the offline benchmark (scripts/bench/offline-bench.ts).
    .then(() => performance.mark(CACHE_RESTORED_MARK))
    .catch(() => undefined)
    .finally(() => {
      restoring = false;
      for (const listener of listeners) listener();
      persistQueryClientSubscribe(options);
    })
    // Big records are read when a page asks for their query (decision 0064).
    .then(() => restoreOnDemand(queryClient, unreadRecords(userId)));
  setRestoreGate(queryClient, (queryHash) => restored.then((restoredNow) => restoredNow(queryHash)));

  return {
    queryClient,
    isRestoring: () => restoring,
    subscribeRestoring(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
