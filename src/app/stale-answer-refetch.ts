import type { Query, QueryClient } from '@tanstack/react-query';
import { isCachedAnswer } from '#src/lib/api/cached-answers.ts';
import { ApiError } from '#src/lib/api/errors.ts';
import { isOnline } from '#src/lib/offline/network.ts';

/** The first wait before asking again for data that is only a stand-in. */
export const FIRST_RETRY_MS = 1000;
/** The longest wait between two such attempts (a server that stays unreachable). */
export const MAX_RETRY_MS = 30_000;

/**
 * Data on screen that is only a stand-in for the server's (what DataAsOf shows "data as of" over):
 * the service worker's cached copy, or the last copy after a refresh that failed on the way (not a
 * business refusal, which asking again would not change).
 */
function showsStandIn(query: Query): boolean {
  const { data, status, error } = query.state;
  if (data === undefined) return false;
  return isCachedAnswer(data) || (status === 'error' && !(error instanceof ApiError));
}

/**
 * While the browser says it is online, a stand-in is asked for again (1 s, then twice as long each
 * time, at most 30 s) until the server answers, and at once when the browser comes back online.
 * Without this, a refresh that met a flaky line kept the old copy until the query went stale (30 s)
 * or the window got the focus: after a replay, or another employee's change, the list on screen
 * went on lacking it while the header said online.
 */
export function refetchStaleAnswers(queryClient: QueryClient): () => void {
  const waits = new Map<string, number>();
  const timers = new Map<string, ReturnType<typeof setTimeout>>();
  const refetch = (query: Query) =>
    void queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true });

  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    const { query } = event;
    if (event.type === 'removed') {
      clearTimeout(timers.get(query.queryHash));
      timers.delete(query.queryHash);
      waits.delete(query.queryHash);
      return;
    }
    // A fetch that ended, with an answer or an error.
    if (event.type !== 'updated') return;
    if (event.action.type !== 'success' && event.action.type !== 'error') return;
    if (!showsStandIn(query)) {
      waits.delete(query.queryHash);
      return;
    }
    if (!isOnline() || timers.has(query.queryHash)) return;
    const wait = waits.get(query.queryHash) ?? FIRST_RETRY_MS;
    waits.set(query.queryHash, Math.min(wait * 2, MAX_RETRY_MS));
    timers.set(
      query.queryHash,
      setTimeout(() => {
        timers.delete(query.queryHash);
        if (isOnline()) refetch(query);
      }, wait),
    );
  });

  const onOnline = () => {
    for (const query of queryClient.getQueryCache().getAll()) {
      if (!showsStandIn(query)) continue;
      waits.delete(query.queryHash);
      refetch(query);
    }
  };
  window.addEventListener('online', onOnline);
  return () => {
    unsubscribe();
    window.removeEventListener('online', onOnline);
    for (const timer of timers.values()) clearTimeout(timer);
  };
}
