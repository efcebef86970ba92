import type {
  PersistedClient,
  Persister,
  PersistQueryClientOptions,
} from '@tanstack/react-query-persist-client';
import { throttleLatest } from '#src/lib/throttle-latest.ts';
import type { UnreadRecords } from './lazy-restore.ts';
import { createQueryStore } from './query-store.ts';

/**
 * The query cache persisted to IndexedDB (architecture: "The PWA's data path";
 * docs/decisions/0009-offline-pwa.md):
 * - buster: a cache version changed by hand when the shape of cached data changes, not the build hash
 *   (a deploy must not throw away what a shop browses offline);
 * - a max age of weeks, throttled writes, a size guard dropping the oldest queries first;
 * - one record per query, written only when its data changed (src/app/query-store.ts); a big one is
 *   read when a page asks for its query, not at the restore (decision 0064);
 * - a query whose `meta.persist` is false (a secret, a one-time code) is never written;
 * - stored per user, and wiped at logout.
 */
export const QUERY_CACHE_VERSION = '1';
export const QUERY_CACHE_MAX_AGE_MS = 4 * 7 * 24 * 3600_000;
export const QUERY_CACHE_THROTTLE_MS = 1000;
/**
 * The most of the time the cache's writes may take: after a slow write (a big order's results,
 * changed by every progress event while it runs) the next waits longer (src/lib/throttle-latest.ts).
 */
export const QUERY_CACHE_BUSY_SHARE = 0.05;
/** …but a change waits no more than this to be written. */
export const QUERY_CACHE_MAX_WAIT_MS = 10_000;
/** ~24 MB of UTF-16 (12 M code units): restoring it stays well under a second on a tablet. */
export const QUERY_CACHE_MAX_CHARS = 12_000_000;
export const QUERY_CACHE_DB = 'repairops-query-cache';
/** performance marks around the restore (the offline benchmark reads them). */
export const CACHE_RESTORE_START_MARK = 'repairops:cache-restore-start';
export const CACHE_RESTORED_MARK = 'repairops:cache-restored';

const queryStore = createQueryStore(QUERY_CACHE_DB);

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: {
      /** false: never written to the device (secrets, one-time codes). */
      persist?: boolean;
    };
  }
}

/**
 * More list items than this in one answer (an order's 100,000 results: ~75 M characters) is never
 * written: it could not fit the budget anyway, and serialising it first blocked the page ~300 ms once
 * a second (bench:facets) and evicted every other query before being dropped itself. A 10,000-device
 * order (~7.5 M characters) still reads offline.
 */
export const PERSIST_MAX_ITEMS = 15_000;

/** The longest array in an answer's first two levels (`datas.devices`, `datas.list`, …): cheap, no walk. */
function largestList(data: unknown, depth = 0): number {
  if (Array.isArray(data)) return data.length;
  if (depth >= 2 || data === null || typeof data !== 'object') return 0;
  let most = 0;
  for (const value of Object.values(data)) most = Math.max(most, largestList(value, depth + 1));
  return most;
}

/**
 * Successful queries only (react-query's default), minus those marked `meta: { persist: false }` and
 * those too large to keep (PERSIST_MAX_ITEMS).
 */
export const shouldPersistQuery = (query: {
  state: { status: string; data?: unknown };
  meta?: Record<string, unknown> | undefined;
}): boolean =>
  query.state.status === 'success' &&
  query.meta?.persist !== false &&
  largestList(query.state.data) <= PERSIST_MAX_ITEMS;

/**
 * A persister whose key names the signed-in user: a user only ever restores their own cache, and
 * nothing is written while nobody is signed in.
 */
export function createQueryPersister(
  currentUserId: () => number | null,
  options: { maxChars?: number; throttleTime?: number } = {},
) {
  const maxChars = options.maxChars ?? QUERY_CACHE_MAX_CHARS;
  // The store takes the client itself and serialises it query by query, only what changed.
  const write = throttleLatest(
    async (client: PersistedClient) => {
      const user = currentUserId();
      // A failed write (storage full, private mode) loses nothing in memory; the next one retries it.
      if (user !== null) await queryStore.write(user, client, maxChars).catch(() => undefined);
    },
    options.throttleTime ?? QUERY_CACHE_THROTTLE_MS,
    {
      busyShare: QUERY_CACHE_BUSY_SHARE,
      maxIntervalMs: QUERY_CACHE_MAX_WAIT_MS,
    },
  );
  const persister: Persister = {
    persistClient: write,
    restoreClient: async () => {
      const user = currentUserId();
      return user === null ? undefined : ((await queryStore.read(user)) ?? undefined);
    },
    removeClient: async () => {
      const user = currentUserId();
      if (user !== null) await queryStore.remove(user);
    },
  };
  return persister;
}

/** The current user's big records a restore left unread (decision 0064), for src/app/lazy-restore.ts. */
export const unreadRecords = (currentUserId: () => number | null): UnreadRecords => ({
  isUnread: (queryHash) => {
    const user = currentUserId();
    return user !== null && queryStore.isUnread(user, queryHash);
  },
  read: (queryHash) => {
    const user = currentUserId();
    return user === null ? Promise.resolve(null) : queryStore.readOne(user, queryHash);
  },
});

export function persistOptions(
  currentUserId: () => number | null,
): Omit<PersistQueryClientOptions, 'queryClient'> {
  return {
    persister: createQueryPersister(currentUserId),
    buster: QUERY_CACHE_VERSION,
    maxAge: QUERY_CACHE_MAX_AGE_MS,
    dehydrateOptions: { shouldDehydrateQuery: shouldPersistQuery, shouldDehydrateMutation: () => false },
  };
}

/** Logout: nothing of any user's cached data stays on the device. */
export async function wipePersistedQueries(): Promise<void> {
  await queryStore.clear();
}
