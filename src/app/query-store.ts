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
 * - `client:<user>`: `{ timestamp, buster, records: [{ hash, size, updatedAt }, …] }` (before
 *   decision 0064: `queries: [hash, …]`);
 * - `query:<user>:<queryHash>`: one dehydrated query, as JSON;
 * - `queries:<user>`: the old single-string cache, read once if no snapshot exists (a deploy keeps
 *   what a shop browses offline), deleted by the next write.
 *
 * A record of LAZY_RECORD_CHARS or more is not read at the restore but when a page asks for its query
 * (`readOne`, decision 0064): a new tab no longer reads and parses a cached big order's ~10 M
 * characters (~600 ms of main thread) before whatever page it opens.
 */
type DehydratedQuery = PersistedClient['clientState']['queries'][number];

export const LAZY_RECORD_CHARS = 100_000;

interface RecordInfo {
  hash: string;
  size: number;
  updatedAt: number;
}

interface Snapshot {
  timestamp: number;
  buster: string;
  records?: RecordInfo[];
  /** Snapshots written before decision 0064: the hashes only, every record read at the restore. */
  queries?: string[];
}

const recordsOf = (snapshot: Snapshot): RecordInfo[] =>
  snapshot.records ?? (snapshot.queries ?? []).map((hash) => ({ hash, size: 0, updatedAt: 0 }));

/** The data of a big record this tab has not read yet. */
const NOT_READ = Symbol('not read');

/** What this tab knows of a query's record: the data it holds, its size (characters) and age. */
interface Known {
  data: unknown;
  stamp: string;
  size: number;
  updatedAt: number;
  /** false: measured, but left out by the budget (no record). */
  stored: boolean;
}

const knowing = (query: DehydratedQuery, size: number): Known => ({
  data: query.state.data,
  stamp: stampOf(query),
  size,
  updatedAt: query.state.dataUpdatedAt,
  stored: true,
});

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
  /** The user's cache without its big records (those are `unread`). */
  read(user: number): Promise<PersistedClient | null>;
  /** Whether a query's big record is stored and not read by this tab yet. */
  isUnread(user: number, queryHash: string): boolean;
  /** A big record, read once: null when read already, gone, or written anew since. */
  readOne(user: number, queryHash: string): Promise<DehydratedQuery | null>;
  write(user: number, client: PersistedClient, maxChars: number): Promise<void>;
  remove(user: number): Promise<void>;
  /** Everything, every user's (logout). */
  clear(): Promise<void>;
}

/**
 * A restore's one transaction: the snapshot, the user's keys (records it does not list, left by
 * another tab's write, are deleted), its small records, and the old single string.
 */
function readTransaction(s: IDBObjectStore, user: number) {
  const snapshotRequest = s.get(snapshotKey(user)) as IDBRequest<string | undefined>;
  const keys = s.getAllKeys(queryRange(user));
  const legacy = s.get(legacyKey(user)) as IDBRequest<string | undefined>;
  const present = new Set<string>();
  const read = new Map<string, string>();
  let snapshot: Snapshot | null = null;
  keys.onsuccess = () => {
    snapshot = snapshotRequest.result ? (JSON.parse(snapshotRequest.result) as Snapshot) : null;
    const listed = new Map(snapshot ? recordsOf(snapshot).map((r) => [r.hash, r]) : []);
    for (const key of keys.result) {
      const hash = String(key).slice(queryRecordKey(user, '').length);
      const info = listed.get(hash);
      if (!info) s.delete(key);
      else if (present.add(hash) && info.size < LAZY_RECORD_CHARS) {
        const value = s.get(key) as IDBRequest<string>;
        value.onsuccess = () => read.set(hash, value.result);
      }
    }
  };
  return promisifyRequest(s.transaction).then(() => ({
    snapshot: snapshot as Snapshot | null,
    present,
    read,
    legacy: legacy.result,
  }));
}

interface Measured {
  hash: string;
  /** null: a big record not read by this tab, kept as it is. */
  query: DehydratedQuery | null;
  known: Pick<Known, 'data' | 'stamp'>;
  /** The query as JSON, when it changed since this tab last wrote or read it. */
  json: string | null;
  stored: boolean;
  size: number;
  updatedAt: number;
}

/** Each query of a write against what its record holds; big records not read yet are kept as they are. */
function measure(map: Map<string, Known>, client: PersistedClient): Measured[] {
  const measured: Measured[] = client.clientState.queries.map((query) => {
    const hash = query.queryHash;
    const stamp = stampOf(query);
    const before = map.get(hash);
    const same = before !== undefined && before.data === query.state.data && before.stamp === stamp;
    const json = same ? null : JSON.stringify(query);
    return {
      hash,
      query,
      known: { data: query.state.data, stamp },
      json,
      stored: same && before.stored,
      size: json?.length ?? before!.size,
      updatedAt: query.state.dataUpdatedAt,
    };
  });
  // Big records this tab has not read stay as they are, counted in the budget with their age.
  const inClient = new Set(measured.map((entry) => entry.hash));
  for (const [hash, entry] of map)
    if (entry.data === NOT_READ && entry.stored && !inClient.has(hash))
      measured.push({
        hash,
        query: null,
        known: entry,
        json: null,
        stored: true,
        size: entry.size,
        updatedAt: entry.updatedAt,
      });
  return measured;
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
      const found = await store()('readwrite', (s) => readTransaction(s, user));
      const map = knownOf(user);
      map.clear();
      const snapshot = found.snapshot;
      if (!snapshot) return found.legacy ? (JSON.parse(found.legacy) as PersistedClient) : null;
      const queries: DehydratedQuery[] = [];
      for (const info of recordsOf(snapshot)) {
        // Deleted by another tab's write after this snapshot was taken: a cache, so left out.
        if (!found.present.has(info.hash)) continue;
        const json = found.read.get(info.hash);
        if (json === undefined) {
          map.set(info.hash, {
            data: NOT_READ,
            stamp: '',
            size: info.size,
            updatedAt: info.updatedAt,
            stored: true,
          });
          continue;
        }
        const query = JSON.parse(json) as DehydratedQuery;
        queries.push(query);
        map.set(info.hash, knowing(query, json.length));
      }
      return {
        timestamp: snapshot.timestamp,
        buster: snapshot.buster,
        clientState: { mutations: [], queries },
      };
    },

    isUnread: (user, queryHash) => known.get(user)?.get(queryHash)?.data === NOT_READ,

    async readOne(user, queryHash) {
      if (known.get(user)?.get(queryHash)?.data !== NOT_READ) return null;
      const json = await store()('readonly', (s) => promisifyRequest(s.get(queryRecordKey(user, queryHash))));
      // Meanwhile a write may have dropped it, or this tab fetched and wrote the query anew.
      const map = known.get(user);
      if (typeof json !== 'string' || map?.get(queryHash)?.data !== NOT_READ) return null;
      const query = JSON.parse(json) as DehydratedQuery;
      map.set(queryHash, knowing(query, json.length));
      return query;
    },

    async write(user, client, maxChars) {
      const map = knownOf(user);
      const measured = measure(map, client);
      const kept = withinBudget(measured, maxChars);
      const keptHashes = new Set(kept.map((entry) => entry.hash));
      const puts = kept.filter((entry) => !entry.stored);
      for (const entry of puts) entry.json ??= JSON.stringify(entry.query);
      const snapshot: Snapshot = {
        timestamp: client.timestamp,
        buster: client.buster,
        records: kept.map(({ hash, size, updatedAt }) => ({ hash, size, updatedAt })),
      };
      await store()('readwrite', (s) => {
        for (const entry of puts) s.put(entry.json, queryRecordKey(user, entry.hash));
        for (const [hash, entry] of map)
          if (entry.stored && !keptHashes.has(hash)) s.delete(queryRecordKey(user, hash));
        s.put(JSON.stringify(snapshot), snapshotKey(user));
        s.delete(legacyKey(user));
        return promisifyRequest(s.transaction);
      });
      // Only once written: a failed write is written whole by the next one. A big record read while
      // this write was under way stays read.
      const next = new Map<string, Known>();
      for (const entry of measured) {
        const stored = keptHashes.has(entry.hash);
        const readMeanwhile = entry.known.data === NOT_READ ? map.get(entry.hash) : undefined;
        if (readMeanwhile && readMeanwhile.data !== NOT_READ) next.set(entry.hash, readMeanwhile);
        else if (entry.known.data !== NOT_READ || stored)
          next.set(entry.hash, { ...entry.known, size: entry.size, updatedAt: entry.updatedAt, stored });
      }
      if (known.get(user) === map) known.set(user, next);
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
