import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryObserver, type QueryClient } from '@tanstack/react-query';
import { isCachedAnswer, markCachedAnswer } from '#src/lib/api/cached-answers.ts';
import { ApiError, DuplicateRequestError, NetworkError } from '#src/lib/api/errors.ts';
import { createQueryClient } from './query-client.ts';
import { FIRST_RETRY_MS, MAX_RETRY_MS, refetchStaleAnswers } from './stale-answer-refetch.ts';

/** A list query whose answers come from `answers` (true: the service worker's cached copy). */
function listQuery(client: QueryClient, answers: boolean[]) {
  const fetched: boolean[] = [];
  const observer = new QueryObserver(client, {
    queryKey: ['todos'],
    queryFn: () => {
      const cached = answers[fetched.length] ?? false;
      fetched.push(cached);
      const datas = { list: [], n: fetched.length };
      if (cached) markCachedAnswer(datas, Date.now() - 60_000);
      return Promise.resolve(datas);
    },
    staleTime: 30_000,
  });
  const unsubscribe = observer.subscribe(() => undefined);
  return { fetched, unsubscribe };
}

let online = true;
beforeEach(() => {
  vi.useFakeTimers();
  online = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('refetchStaleAnswers', () => {
  it('asks again for a cached answer received online, waiting twice as long each time, until a fresh one', async () => {
    const client = createQueryClient();
    const stop = refetchStaleAnswers(client);
    const { fetched } = listQuery(client, [true, true, true, false]);
    await vi.advanceTimersByTimeAsync(0);
    expect(fetched).toEqual([true]);
    await vi.advanceTimersByTimeAsync(FIRST_RETRY_MS);
    expect(fetched).toEqual([true, true]);
    await vi.advanceTimersByTimeAsync(FIRST_RETRY_MS); // the second wait is twice the first
    expect(fetched).toEqual([true, true]);
    await vi.advanceTimersByTimeAsync(FIRST_RETRY_MS);
    expect(fetched).toEqual([true, true, true]);
    await vi.advanceTimersByTimeAsync(4 * FIRST_RETRY_MS);
    expect(fetched).toEqual([true, true, true, false]);
    // A fresh answer: nothing more until the query's own staleness.
    await vi.advanceTimersByTimeAsync(MAX_RETRY_MS);
    expect(fetched).toHaveLength(4);
    stop();
  });

  it('goes on asking when a refetch fails and leaves the cached copy on screen', async () => {
    const client = createQueryClient();
    const stop = refetchStaleAnswers(client);
    let calls = 0;
    const observer = new QueryObserver(client, {
      queryKey: ['todos'],
      queryFn: () => {
        calls += 1;
        if (calls === 2) return Promise.reject(new DuplicateRequestError('/api/demo/todo_list'));
        const datas = { list: [], n: calls };
        if (calls < 3) markCachedAnswer(datas, Date.now() - 60_000);
        return Promise.resolve(datas);
      },
    });
    observer.subscribe(() => undefined);
    await vi.advanceTimersByTimeAsync(FIRST_RETRY_MS); // cached, then refused
    expect(calls).toBe(2);
    await vi.advanceTimersByTimeAsync(2 * FIRST_RETRY_MS);
    expect(calls).toBe(3);
    expect(isCachedAnswer(client.getQueryData(['todos']))).toBe(false);
    stop();
  });

  it('asks again for the last copy after a refresh failed on the way, not after a business refusal', async () => {
    const client = createQueryClient();
    const stop = refetchStaleAnswers(client);
    const outcomes: (Error | 'ok')[] = ['ok', new NetworkError('transport error', false), 'ok'];
    let calls = 0;
    const observer = new QueryObserver(client, {
      queryKey: ['todos'],
      queryFn: () => {
        const outcome = outcomes[calls++] ?? new ApiError(1003, '无权限', null);
        return outcome === 'ok' ? Promise.resolve({ list: [], n: calls }) : Promise.reject(outcome);
      },
      retry: false,
    });
    observer.subscribe(() => undefined);
    await vi.advanceTimersByTimeAsync(0);
    void client.invalidateQueries({ queryKey: ['todos'] }); // fails on the way: asked again in 1 s
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toBe(2);
    await vi.advanceTimersByTimeAsync(FIRST_RETRY_MS);
    expect(calls).toBe(3);
    void client.invalidateQueries({ queryKey: ['todos'] }); // refused (ApiError): not asked again
    await vi.advanceTimersByTimeAsync(MAX_RETRY_MS);
    expect(calls).toBe(4);
    stop();
  });

  it('waits while the browser is offline, then asks at once when it comes back online', async () => {
    online = false;
    const client = createQueryClient();
    const stop = refetchStaleAnswers(client);
    const { fetched } = listQuery(client, [true, false]);
    await vi.advanceTimersByTimeAsync(MAX_RETRY_MS);
    expect(fetched).toEqual([true]);
    online = true;
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);
    expect(fetched).toEqual([true, false]);
    stop();
  });

  it('leaves fresh answers alone, and stops with the query removed', async () => {
    const client = createQueryClient();
    const stop = refetchStaleAnswers(client);
    const fresh = listQuery(client, [false]);
    await vi.advanceTimersByTimeAsync(MAX_RETRY_MS);
    expect(fresh.fetched).toEqual([false]);
    fresh.unsubscribe();
    client.clear();
    const stale = listQuery(client, [true, true]);
    await vi.advanceTimersByTimeAsync(0);
    stale.unsubscribe();
    client.clear();
    await vi.advanceTimersByTimeAsync(MAX_RETRY_MS);
    expect(stale.fetched).toEqual([true]);
    stop();
  });
});
