import { describe, expect, it } from 'vitest';
import { hashKey, QueryClient, QueryObserver } from '@tanstack/react-query';
import { restoreOnDemand, type UnreadRecords } from './lazy-restore.ts';

const ORDER = ['checks', 'results', 1];

/** One unread big record (the order's results, fetched at `savedAt`), counting its reads. */
function unreadOrder(savedAt: number) {
  let unread = true;
  let reads = 0;
  const records: UnreadRecords = {
    isUnread: (hash) => unread && hash === hashKey(ORDER),
    read: async () => {
      reads++;
      unread = false;
      return {
        queryKey: ORDER,
        queryHash: hashKey(ORDER),
        state: { data: 'cached', dataUpdatedAt: savedAt, status: 'success' },
      } as never;
    },
  };
  return { records, reads: () => reads };
}

describe('big persisted queries join the cache when asked for (decision 0064)', () => {
  it('reads nothing until a page asks for the query, then reads it once into the cache', async () => {
    const client = new QueryClient();
    const order = unreadOrder(Date.now() - 60_000);
    const restored = restoreOnDemand(client, order.records);
    await restored(hashKey(['other']));
    expect(order.reads()).toBe(0);
    const observer = new QueryObserver(client, {
      queryKey: ORDER,
      queryFn: () => new Promise<string>(() => {}),
    });
    const stop = observer.subscribe(() => undefined);
    await restored(hashKey(ORDER));
    expect(client.getQueryData(ORDER)).toBe('cached');
    await restored(hashKey(ORDER));
    expect(order.reads()).toBe(1);
    stop();
  });

  it('keeps a fresher answer already in the cache', async () => {
    const client = new QueryClient();
    client.setQueryData(ORDER, 'fresh');
    const order = unreadOrder(Date.now() - 60_000);
    const restored = restoreOnDemand(client, order.records);
    await restored(hashKey(ORDER));
    expect(order.reads()).toBe(1);
    expect(client.getQueryData(ORDER)).toBe('fresh');
  });
});
