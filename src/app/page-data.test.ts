import { describe, expect, it, vi } from 'vitest';
import { QueryClient, QueryObserver, queryOptions } from '@tanstack/react-query';
import { surplusQuery, walletCenterQuery } from '#src/features/wallet/api/wallet-api.ts';
import { prefetchPageData } from './page-data.ts';

const listQuery = (queryFn: () => Promise<string[]>) => queryOptions({ queryKey: ['list', 1], queryFn });

describe("a page's loader asks for its lists (decision 0054)", () => {
  it('asks once: the page mounting meanwhile joins the call in flight, and then reads its answer', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000 } } });
    let answer!: (rows: string[]) => void;
    const queryFn = vi.fn(() => new Promise<string[]>((resolve) => (answer = resolve)));
    prefetchPageData({ startDataLayer: async () => ({ queryClient: client }) }, [listQuery(queryFn)]);
    await vi.waitFor(() => expect(queryFn).toHaveBeenCalledTimes(1));

    // The page's useQuery of the same options, mounted while the call is under way.
    const observer = new QueryObserver(client, listQuery(queryFn));
    const seen: (string[] | undefined)[] = [];
    const stop = observer.subscribe((result) => seen.push(result.data));
    answer(['a']);
    await vi.waitFor(() => expect(seen.at(-1)).toEqual(['a']));
    stop();
    // The page opened again within staleTime, its loader run again (a hover's preload, a return).
    prefetchPageData({ startDataLayer: async () => ({ queryClient: client }) }, [listQuery(queryFn)]);
    await new Promise((r) => setTimeout(r, 10));
    expect(queryFn).toHaveBeenCalledTimes(1);
  });

  it('does nothing without a data layer, and a refused call stays the page query’s to show', async () => {
    const queryFn = vi.fn(() => Promise.reject(new Error('refused')));
    prefetchPageData({ startDataLayer: async () => undefined }, [listQuery(queryFn)]);
    const client = new QueryClient();
    prefetchPageData({ startDataLayer: async () => ({ queryClient: client }) }, [listQuery(queryFn)]);
    await vi.waitFor(() => expect(client.getQueryState(['list', 1])?.status).toBe('error'));
    expect(queryFn).toHaveBeenCalledTimes(1);
  });

  it('asks once for a list read again on each open, when the page mounts after its answer came', async () => {
    // The shopping center's balance and package checks: the page's useQuery waits for the persisted
    // cache's restore and often mounts after the loader's answer (seen twice in `npm run bench:pages`).
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000 } } });
    for (const options of [walletCenterQuery(), surplusQuery()]) {
      const queryFn = vi.fn(async () => ({ list: [] }));
      const query = { ...options, queryFn } as unknown as ReturnType<typeof listQuery>;
      prefetchPageData({ startDataLayer: async () => ({ queryClient: client }) }, [query]);
      await vi.waitFor(() => expect(client.getQueryState(query.queryKey)?.status).toBe('success'));

      const observer = new QueryObserver(client, query);
      const stop = observer.subscribe(() => undefined);
      await new Promise((r) => setTimeout(r, 10));
      stop();
      expect(queryFn).toHaveBeenCalledTimes(1);
    }
  });
});
