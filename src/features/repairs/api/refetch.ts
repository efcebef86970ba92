import type { QueryClient } from '@tanstack/react-query';
import { repairsKeys } from './keys.ts';

/**
 * One user action, one fetch per repairs list. The server tells about a change in bursts: an
 * intake or a batch of answered refreshes sends `repairs:changed`, `data:changed` (repairs) and
 * `repairs:refresh` together, often just before the HTTP answer whose mutation refetches anyway;
 * each used to invalidate the three lists of the repairs page again, cancelling the fetch under way
 * (11 device-list fetches in 8 s for one refresh: issue 27). Events are now gathered for
 * COALESCE_MS and answered with one invalidation that joins a fetch already under way
 * (cancelRefetch: false), and the page's own invalidation after a write takes the pending one's place.
 */
export const COALESCE_MS = 400;

const pending = new WeakMap<QueryClient, ReturnType<typeof setTimeout>>();

/** A server event about repairs: one refetch for the whole burst. */
export function repairsChangedElsewhere(queryClient: QueryClient): void {
  if (pending.has(queryClient)) return;
  pending.set(
    queryClient,
    setTimeout(() => {
      pending.delete(queryClient);
      void queryClient.invalidateQueries({ queryKey: repairsKeys.all }, { cancelRefetch: false });
    }, COALESCE_MS),
  );
}

/** A write of this page succeeded: refetch now; a burst of events about it needs no refetch of its own. */
export function repairsChangedHere(queryClient: QueryClient): Promise<void> {
  const timer = pending.get(queryClient);
  if (timer !== undefined) {
    clearTimeout(timer);
    pending.delete(queryClient);
  }
  return queryClient.invalidateQueries({ queryKey: repairsKeys.all });
}
