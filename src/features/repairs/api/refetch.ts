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
 *
 * A refresh's devices are answered one after the other (~0.5 s apart from the sandbox), each with a
 * burst of its own: while bursts keep coming the lists refetch at most once every MIN_GAP_MS, the
 * events in between gathered into the next one, so the page stays live without asking for each
 * device's answer on its own.
 *
 * Under load a write's HTTP answer can come after the refetch its own event started: the write then
 * joins that refetch rather than cancelling it for a second one (a list asked twice 142 ms apart).
 * It joins only a refetch that began after the write was sent: one begun before may predate the
 * write, and an event of the write that comes after it keeps its timer.
 */
export const COALESCE_MS = 400;
export const MIN_GAP_MS = 1000;

interface Refetches {
  timer?: ReturnType<typeof setTimeout>;
  /** When the lists were last asked for again (by an event or by a write of this page). */
  lastAt: number;
  /** The last refetch events started: when, and its promise. */
  eventRefetch?: { at: number; done: Promise<void> };
}
const byClient = new WeakMap<QueryClient, Refetches>();

function refetchesOf(queryClient: QueryClient): Refetches {
  let state = byClient.get(queryClient);
  if (!state) byClient.set(queryClient, (state = { lastAt: -Infinity }));
  return state;
}

/** A server event about repairs: one refetch for the whole burst, and none sooner than MIN_GAP_MS after the last. */
export function repairsChangedElsewhere(queryClient: QueryClient): void {
  const state = refetchesOf(queryClient);
  if (state.timer !== undefined) return;
  const wait = Math.max(COALESCE_MS, state.lastAt + MIN_GAP_MS - Date.now());
  state.timer = setTimeout(() => {
    state.timer = undefined;
    state.lastAt = Date.now();
    const done = queryClient.invalidateQueries({ queryKey: repairsKeys.all }, { cancelRefetch: false });
    state.eventRefetch = { at: state.lastAt, done };
  }, wait);
}

/**
 * A write of this page, sent at `sentAt`, succeeded: refetch now, or join the refetch an event began
 * since it was sent; a burst of events about it needs no refetch of its own.
 */
export function repairsChangedHere(queryClient: QueryClient, sentAt = Infinity): Promise<void> {
  const state = refetchesOf(queryClient);
  const joinable = state.eventRefetch;
  if (joinable && joinable.at >= sentAt && Date.now() - joinable.at < MIN_GAP_MS) return joinable.done;
  if (state.timer !== undefined) {
    clearTimeout(state.timer);
    state.timer = undefined;
  }
  state.lastAt = Date.now();
  return queryClient.invalidateQueries({ queryKey: repairsKeys.all });
}
