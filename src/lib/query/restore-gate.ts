import { hashKey, type QueryClient, type QueryKey } from '@tanstack/react-query';

/**
 * Whether a query's persisted data is in the cache yet. A new tab restores the persisted cache after
 * its first calls may have gone out, and a big record is read only when its query is asked for
 * (decision 0064). A query function that builds on its cached data (an order's results ask only
 * for what changed since) awaits `restoredFirst` before reading it: without it, it would fetch a
 * 10,000-device order whole while its copy was still being read from the device.
 */
type Gate = (queryHash: string) => Promise<void>;
const gates = new WeakMap<QueryClient, Gate>();

/** Set by the data layer for its client. */
export function setRestoreGate(client: QueryClient, gate: Gate): void {
  gates.set(client, gate);
}

/** Resolves once the query's persisted data, if any, is in the cache (at once for a client without a gate). */
export function restoredFirst(client: QueryClient, queryKey: QueryKey): Promise<void> {
  return gates.get(client)?.(hashKey(queryKey)) ?? Promise.resolve();
}
