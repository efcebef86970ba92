import { createStore, promisifyRequest, type UseStore } from 'idb-keyval';
import type { PersistedClient } from '@tanstack/react-query-persist-client';
import { withinBudget } from './persist-budget.ts';

/**
 * Where the persisted query cache lives in IndexedDB: one record per query, and a snapshot record per
 * user listing the queries of its last write. A write puts only the queries whose data changed since
 * this tab last wrote or read them. Before, the whole cache was one string: a 10,000-device order
 * (~10 M characters) kept in the cache for its week was serialised and written again on every page,
 * at every change of any query (once a second), and held the main thread ~200 ms each time (more on
 * a tablet). Records:
 * - `client:<user>`: `{ timestamp, buster, queries: [queryHash, …] }`;
 * - `query:<user>:<queryHash>`: one dehydrated query, as JSON;
 * - `queries:<user>`: the old single-string cache, read once if no snapshot exists (a deploy keeps
 *   what a shop browses offline), deleted by the next write.
 */
type DehydratedQuery = PersistedClient['clientState']['queries'][number];

interface Snapshot {
  timestamp: number;
  buster: string;
  queries: string[];
}

/** What this tab knows of a query's record: the data it holds, and its size (characters). */
interface Known {
  data: unknown;
  stamp: string;
  size: number;
  /** false: measured, but left out by the budget (no record). */
  stored: boolean;
}

export const snapshotKey = (user: number) => `client:${user}`;
export const queryRecordKey = (user: number, queryHash: string) => `query:${user}:${queryHash}`;
export const legacyKey = (user: number) => `queries:${user}`;
const queryRange = (user: number) => IDBKeyRange.bound(`query:${user}:`, `query:${user}:\uffff`);

/** What changes when a query's persisted state does (the data by identity, beside this). */
const stampOf = (query: DehydratedQuery): string => {
  const s = query.state;
  return `${s.dataUpdatedAt}|${s.dataUpdateCount}|${s.status}|${s.isInvalidated}|${s.errorUpdatedAt}`;
};

export interface QueryStore {
  read(user: number): Promise<PersistedClient | null>;
  write(user: number, client: PersistedClient, maxChars: number): Promise<void>;
  remove(user: number): Promise<void>;
  /** Everything, every user's (logout). */
  clear(): Promise<void>;
}

export function createQueryStore(dbName: string): QueryStore {
  let idb: UseStore | null = null;
  const store = (): UseStore => (idb ??= createStore(dbName, 'queries'));
  /** Per user, by query hash: what the records hold. Filled by reads and successful writes. */
  const known = new Map<number, Map<string, Known>>();
  const knownOf = (user: number) => {
    let map = known.get(user);
    if (!map) known.set(user, (map = new Map()));
    return map;
  };

  return {
    async read(user) {
      // One transaction: the snapshot, the user's records (those it does not list, left by another
      // tab's write, are deleted), and the old single string.
      const found = await store()('readwrite', (s) => {
        const snapshot = s.get(snapshotKey(user)) as IDBRequest<string | undefined>;
        const keys = s.getAllKeys(queryRange(user));
        const values = s.getAll(queryRange(user)) as IDBRequest<string[]>;
        const legacy = s.get(legacyKey(user)) as IDBRequest<string | undefined>;
        const listed = new Map<string, string>();
        values.onsuccess = () => {
          const wanted = snapshot.result ? new Set((JSON.parse(snapshot.result) as Snapshot).queries) : null;
          keys.result.forEach((key, i) => {
            const hash = String(key).slice(queryRecordKey(user, '').length);
            if (wanted?.has(hash)) listed.set(hash, values.result[i] as string);
            else s.delete(key);
          });
        };
        return promisifyRequest(s.transaction).then(() => ({
          snapshot: snapshot.result,
          listed,
          legacy: legacy.result,
        }));
      });
      const map = knownOf(user);
      map.clear();
      if (!found.snapshot) return found.legacy ? (JSON.parse(found.legacy) as PersistedClient) : null;
      const snapshot = JSON.parse(found.snapshot) as Snapshot;
      const queries: DehydratedQuery[] = [];
      for (const hash of snapshot.queries) {
        const json = found.listed.get(hash);
        // Deleted by another tab's write after this snapshot was taken: a cache, so left out.
        if (json === undefined) continue;
        const query = JSON.parse(json) as DehydratedQuery;
        queries.push(query);
        map.set(hash, { data: query.state.data, stamp: stampOf(query), size: json.length, stored: true });
      }
      return {
        timestamp: snapshot.timestamp,
        buster: snapshot.buster,
        clientState: { mutations: [], queries },
      };
    },

    async write(user, client, maxChars) {
      const map = knownOf(user);
      const measured = client.clientState.queries.map((query) => {
        const stamp = stampOf(query);
        const before = map.get(query.queryHash);
        const same = before !== undefined && before.data === query.state.data && before.stamp === stamp;
        const json = same ? null : JSON.stringify(query);
        return {
          query,
          stamp,
          json,
          stored: same && before.stored,
          size: json?.length ?? before!.size,
          updatedAt: query.state.dataUpdatedAt,
        };
      });
      const kept = withinBudget(measured, maxChars);
      const keptHashes = new Set(kept.map((entry) => entry.query.queryHash));
      const puts = kept.filter((entry) => !entry.stored);
      for (const entry of puts) entry.json ??= JSON.stringify(entry.query);
      const snapshot: Snapshot = {
        timestamp: client.timestamp,
        buster: client.buster,
        queries: [...keptHashes],
      };
      await store()('readwrite', (s) => {
        for (const entry of puts) s.put(entry.json, queryRecordKey(user, entry.query.queryHash));
        for (const [hash, entry] of map)
          if (entry.stored && !keptHashes.has(hash)) s.delete(queryRecordKey(user, hash));
        s.put(JSON.stringify(snapshot), snapshotKey(user));
        s.delete(legacyKey(user));
        return promisifyRequest(s.transaction);
      });
      // Only once written: a failed write is written whole by the next one.
      map.clear();
      for (const entry of measured)
        map.set(entry.query.queryHash, {
          data: entry.query.state.data,
          stamp: entry.stamp,
          size: entry.size,
          stored: keptHashes.has(entry.query.queryHash),
        });
    },

    async remove(user) {
      known.delete(user);
      await store()('readwrite', (s) => {
        s.delete(snapshotKey(user));
        s.delete(legacyKey(user));
        s.delete(queryRange(user));
        return promisifyRequest(s.transaction);
      });
    },

    async clear() {
      known.clear();
      await store()('readwrite', (s) => {
        s.clear();
        return promisifyRequest(s.transaction);
      });
    },
  };
}
