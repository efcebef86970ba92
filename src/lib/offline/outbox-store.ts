import { createStore, del, delMany, get, set, setMany, values, type UseStore } from 'idb-keyval';

/**
 * - queued: waiting its turn (made offline, or behind another write);
 * - sending: on its way (a reload or crash while sending leaves it here: it is sent again, with the
 *   same request_id, so the server still applies it once);
 * - failed-transport: no answer came back; sent again after a backoff;
 * - refused: the server answered with an error; waits for the user to retry or discard it.
 */
export type OutboxState = 'queued' | 'sending' | 'failed-transport' | 'refused';

/** A write waiting in the outbox. */
export interface OutboxItem {
  id: string;
  /** The user who made it: only that user's session replays it, or sees it. */
  user_id: number;
  /** The endpoint's path (its name in contract/endpoints.ts in items queued before 2026-11-23), and its path. */
  endpoint: string;
  path: string;
  /** What the user did, in their words at the time (shown in the outbox list); '' when none. */
  label: string;
  /** The input as sent, request_id included. */
  body: Record<string, unknown>;
  created_at: number;
  /** Strict order of replay (created_at can repeat within a millisecond). */
  seq: number;
  state: OutboxState;
  attempts: number;
  last_error: string | null;
  /** No new attempt before this time (backoff after a transport failure). */
  next_attempt_at: number;
}

/**
 * The outbox's own IndexedDB database: the query cache's buster, age or size guard never touch it.
 * Created lazily so importing this module needs no IndexedDB.
 */
export const OUTBOX_DB_NAME = 'repairops-outbox';
let store: UseStore | null = null;
const outboxStore = (): UseStore => (store ??= createStore(OUTBOX_DB_NAME, 'items'));

export async function loadItems(): Promise<OutboxItem[]> {
  const all = await values<OutboxItem>(outboxStore());
  return all.sort((a, b) => a.seq - b.seq);
}

export const loadItem = (id: string): Promise<OutboxItem | undefined> => get<OutboxItem>(id, outboxStore());
export const saveItem = (item: OutboxItem): Promise<void> => set(item.id, item, outboxStore());
/** Several items in one transaction (a batch going out, or coming back). */
export const saveItems = (items: OutboxItem[]): Promise<void> =>
  setMany(
    items.map((item) => [item.id, item]),
    outboxStore(),
  );
export const deleteItem = (id: string): Promise<void> => del(id, outboxStore());
export const deleteItems = (ids: string[]): Promise<void> => delMany(ids, outboxStore());

/** What another tab may change of a waiting item (retry, backoff, discard): a batch checks it did not. */
const sameAs = (stored: OutboxItem | undefined, expected: OutboxItem) =>
  !!stored &&
  stored.state === expected.state &&
  stored.attempts === expected.attempts &&
  stored.next_attempt_at === expected.next_attempt_at &&
  stored.last_error === expected.last_error;

/**
 * Replaces items in one transaction only if each is still stored as `expected` says (the replay's copy
 * of its queue may be older than another tab's discard or retry): answers false, writing nothing,
 * when one is gone or changed.
 */
export function replaceItemsIfUnchanged(expected: OutboxItem[], next: OutboxItem[]): Promise<boolean> {
  return outboxStore()('readwrite', (store) => {
    const tx = store.transaction;
    return new Promise<boolean>((resolve, reject) => {
      let unchanged = true;
      let pending = expected.length;
      tx.oncomplete = () => resolve(unchanged);
      tx.onabort = () =>
        unchanged ? reject(tx.error ?? new Error('outbox transaction aborted')) : resolve(false);
      expected.forEach((item) => {
        const read = store.get(item.id);
        read.onsuccess = () => {
          if (!unchanged) return;
          if (!sameAs(read.result as OutboxItem | undefined, item)) {
            unchanged = false;
            tx.abort();
            return;
          }
          if (--pending === 0) for (const write of next) store.put(write, write.id);
        };
      });
      if (expected.length === 0) for (const write of next) store.put(write, write.id);
    });
  });
}
