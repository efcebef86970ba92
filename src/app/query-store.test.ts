import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PersistedClient } from '@tanstack/react-query-persist-client';
import { get, set, createStore } from 'idb-keyval';
import {
  createQueryStore,
  LAZY_RECORD_CHARS,
  legacyKey,
  queryRecordKey,
  snapshotKey,
} from './query-store.ts';

type Query = PersistedClient['clientState']['queries'][number];

const query = (hash: string, data: unknown, dataUpdatedAt = 1, dataUpdateCount = 1): Query =>
  ({
    queryKey: JSON.parse(hash) as unknown[],
    queryHash: hash,
    state: {
      data,
      dataUpdatedAt,
      dataUpdateCount,
      status: 'success',
      isInvalidated: false,
      errorUpdatedAt: 0,
      fetchStatus: 'idle',
    },
  }) as unknown as Query;

const client = (...queries: Query[]): PersistedClient => ({
  timestamp: 100,
  buster: '1',
  clientState: { mutations: [], queries },
});

let n = 0;
const freshDb = () => `query-store-test-${++n}`;

/** The keys each IndexedDB put wrote, from now on. */
function watchPuts(): string[] {
  const keys: string[] = [];
  const put = IDBObjectStore.prototype.put;
  vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(function (
    this: IDBObjectStore,
    value: unknown,
    key?: IDBValidKey,
  ) {
    keys.push(String(key));
    return put.call(this, value, key);
  });
  return keys;
}

afterEach(() => vi.restoreAllMocks());

describe('the persisted query cache, a record per query', () => {
  it('reads back what it wrote, in a new tab', async () => {
    const db = freshDb();
    await createQueryStore(db).write(1, client(query('["a"]', { x: 1 }), query('["b"]', [1, 2])), 1e6);
    const restored = await createQueryStore(db).read(1);
    expect(restored?.timestamp).toBe(100);
    expect(restored?.buster).toBe('1');
    expect(restored?.clientState.queries.map((q) => [q.queryHash, q.state.data])).toEqual([
      ['["a"]', { x: 1 }],
      ['["b"]', [1, 2]],
    ]);
  });

  it('writes again only the queries whose data changed', async () => {
    const store = createQueryStore(freshDb());
    const big = { devices: Array.from({ length: 1000 }, (_, i) => ({ id: i })) };
    await store.write(1, client(query('["order"]', big), query('["user"]', { name: 'a' })), 1e7);
    const puts = watchPuts();
    await store.write(1, client(query('["order"]', big), query('["user"]', { name: 'b' }, 2, 2)), 1e7);
    expect(puts).toEqual([queryRecordKey(1, '["user"]'), snapshotKey(1)]);
  });

  it('writes nothing of a query it has just read back, until it changes', async () => {
    const db = freshDb();
    await createQueryStore(db).write(1, client(query('["order"]', { devices: [1] })), 1e6);
    const tab = createQueryStore(db);
    const restored = (await tab.read(1))!;
    const puts = watchPuts();
    await tab.write(1, restored, 1e6);
    expect(puts).toEqual([snapshotKey(1)]);
  });

  it('drops the queries fetched longest ago when over the budget, and their records', async () => {
    const db = freshDb();
    const store = createQueryStore(db);
    const of = (size: number) => 'x'.repeat(size);
    await store.write(1, client(query('["old"]', of(400), 1), query('["new"]', of(400), 2)), 10_000);
    await store.write(
      1,
      client(query('["old"]', of(400), 1), query('["new"]', of(400), 2), query('["newest"]', of(400), 3)),
      1000,
    );
    const idb = createStore(db, 'queries');
    expect(await get(queryRecordKey(1, '["old"]'), idb)).toBeUndefined();
    expect(await get(queryRecordKey(1, '["newest"]'), idb)).toBeDefined();
    const restored = await createQueryStore(db).read(1);
    expect(restored?.clientState.queries.map((q) => q.queryHash)).toEqual(['["newest"]']);
  });

  it('reads the old single-string cache once, and the next write replaces it', async () => {
    const db = freshDb();
    const idb = createStore(db, 'queries');
    await set(legacyKey(1), JSON.stringify(client(query('["kept"]', 'offline'))), idb);
    const store = createQueryStore(db);
    const restored = (await store.read(1))!;
    expect(restored.clientState.queries[0]?.state.data).toBe('offline');
    await store.write(1, restored, 1e6);
    expect(await get(legacyKey(1), idb)).toBeUndefined();
    expect((await createQueryStore(db).read(1))?.clientState.queries[0]?.state.data).toBe('offline');
  });

  it("deletes, when it reads, the records its snapshot does not list (another tab's leftovers)", async () => {
    const db = freshDb();
    const idb = createStore(db, 'queries');
    await createQueryStore(db).write(1, client(query('["a"]', 1)), 1e6);
    await set(queryRecordKey(1, '["stray"]'), JSON.stringify(query('["stray"]', 2)), idb);
    const restored = await createQueryStore(db).read(1);
    expect(restored?.clientState.queries.map((q) => q.queryHash)).toEqual(['["a"]']);
    expect(await get(queryRecordKey(1, '["stray"]'), idb)).toBeUndefined();
  });

  it('keeps users apart, and after a wipe writes everything again', async () => {
    const db = freshDb();
    const store = createQueryStore(db);
    await store.write(1, client(query('["a"]', 'one')), 1e6);
    await store.write(2, client(query('["a"]', 'two')), 1e6);
    await store.remove(2);
    expect((await store.read(1))?.clientState.queries[0]?.state.data).toBe('one');
    expect(await store.read(2)).toBeNull();

    const data = { same: true };
    await store.write(1, client(query('["b"]', data)), 1e6);
    await store.clear();
    await store.write(1, client(query('["b"]', data)), 1e6);
    expect((await createQueryStore(db).read(1))?.clientState.queries[0]?.state.data).toEqual(data);
  });
});

describe('big records, read when asked for (decision 0064)', () => {
  const bigData = () => 'r'.repeat(LAZY_RECORD_CHARS);
  const hashes = (c: PersistedClient | null) => c?.clientState.queries.map((q) => q.queryHash);
  /** A new tab's store over a cache holding a big order and a small list. */
  async function tabWithBigOrder() {
    const db = freshDb();
    await createQueryStore(db).write(
      1,
      client(query('["order"]', bigData(), 5), query('["list"]', [1], 6)),
      1e7,
    );
    const tab = createQueryStore(db);
    return { db, tab, restored: await tab.read(1) };
  }

  it('leaves a big record out of the restore, and reads it once when asked', async () => {
    const { tab, restored } = await tabWithBigOrder();
    expect(hashes(restored)).toEqual(['["list"]']);
    expect(tab.isUnread(1, '["order"]')).toBe(true);
    expect(tab.isUnread(1, '["list"]')).toBe(false);
    expect((await tab.readOne(1, '["order"]'))?.state.data).toBe(bigData());
    expect(tab.isUnread(1, '["order"]')).toBe(false);
    expect(await tab.readOne(1, '["order"]')).toBeNull();
  });

  it('keeps an unread big record through writes without its query: not rewritten, not deleted', async () => {
    const { db, tab, restored } = await tabWithBigOrder();
    const puts = watchPuts();
    await tab.write(1, client(...restored!.clientState.queries, query('["new"]', 2, 7)), 1e7);
    expect(puts).toEqual([queryRecordKey(1, '["new"]'), snapshotKey(1)]);
    const next = createQueryStore(db);
    expect(hashes(await next.read(1))).toEqual(['["list"]', '["new"]']);
    expect((await next.readOne(1, '["order"]'))?.state.data).toBe(bigData());
  });

  it('writes nothing of a big record it read, until it changes; a fresher answer replaces it', async () => {
    const { db, tab, restored } = await tabWithBigOrder();
    const order = (await tab.readOne(1, '["order"]'))!;
    const puts = watchPuts();
    await tab.write(1, client(...restored!.clientState.queries, order), 1e7);
    expect(puts).toEqual([snapshotKey(1)]);
    await tab.write(1, client(query('["order"]', 'fresh', 9)), 1e7);
    expect(puts.slice(1)).toEqual([queryRecordKey(1, '["order"]'), snapshotKey(1)]);
    expect(hashes(await createQueryStore(db).read(1))).toEqual(['["order"]']);
  });

  it('lets the budget drop an unread big record by its age, and deletes it', async () => {
    const { db, tab, restored } = await tabWithBigOrder();
    await tab.write(1, client(...restored!.clientState.queries), 1000);
    expect(tab.isUnread(1, '["order"]')).toBe(false);
    expect(await get(queryRecordKey(1, '["order"]'), createStore(db, 'queries'))).toBeUndefined();
  });

  it('reads every record of a snapshot written before sizes were kept', async () => {
    const db = freshDb();
    const idb = createStore(db, 'queries');
    await set(snapshotKey(1), JSON.stringify({ timestamp: 1, buster: '1', queries: ['["order"]'] }), idb);
    await set(queryRecordKey(1, '["order"]'), JSON.stringify(query('["order"]', bigData())), idb);
    expect(hashes(await createQueryStore(db).read(1))).toEqual(['["order"]']);
  });
});
