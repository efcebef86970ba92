import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { repairsKeys } from './keys.ts';
import { COALESCE_MS, MIN_GAP_MS, repairsChangedElsewhere, repairsChangedHere } from './refetch.ts';

afterEach(() => vi.useRealTimers());

/** A watched repairs list (as the page holds it) whose fetches are counted. */
async function watchedList() {
  const client = new QueryClient();
  let fetches = 0;
  const observer = new QueryObserver(client, {
    queryKey: repairsKeys.deviceList({}),
    queryFn: async () => ++fetches,
  });
  const stop = observer.subscribe(() => undefined);
  await vi.waitFor(() => expect(fetches).toBe(1));
  return { client, fetches: () => fetches, stop };
}

describe('repairs refetches (issue 27: one action, one fetch per list)', () => {
  it('answers a burst of server events with one fetch', async () => {
    const list = await watchedList();
    vi.useFakeTimers();
    // What one answered refresh batch sends: repairs:changed, data:changed, repairs:refresh, data:changed.
    for (let i = 0; i < 4; i++) repairsChangedElsewhere(list.client);
    await vi.advanceTimersByTimeAsync(COALESCE_MS + 10);
    expect(list.fetches()).toBe(2);
    list.stop();
  });

  it('lets the page refetch at once after its own write, and the events about it add nothing', async () => {
    const list = await watchedList();
    vi.useFakeTimers();
    repairsChangedElsewhere(list.client); // the server's event, just before the HTTP answer
    await repairsChangedHere(list.client); // the mutation's own refetch
    expect(list.fetches()).toBe(2);
    await vi.advanceTimersByTimeAsync(COALESCE_MS * 3);
    expect(list.fetches()).toBe(2);
    list.stop();
  });

  it('answers the bursts of a refresh answered device by device at most once a MIN_GAP_MS', async () => {
    const list = await watchedList();
    vi.useFakeTimers();
    // The refresh's own event, then each of three devices' answers ~0.5 s apart.
    repairsChangedElsewhere(list.client);
    await vi.advanceTimersByTimeAsync(COALESCE_MS + 10);
    expect(list.fetches()).toBe(2);
    for (let device = 0; device < 3; device++) {
      await vi.advanceTimersByTimeAsync(500);
      repairsChangedElsewhere(list.client);
      repairsChangedElsewhere(list.client);
    }
    // 1.5 s of answers: one more fetch at MIN_GAP_MS after the first, then one for the last answer.
    await vi.advanceTimersByTimeAsync(MIN_GAP_MS * 3);
    expect(list.fetches()).toBe(4);
    list.stop();
  });

  it("joins the refetch the write's own event began when the HTTP answer comes after it", async () => {
    const list = await watchedList();
    vi.useFakeTimers();
    const sentAt = Date.now();
    repairsChangedElsewhere(list.client); // the write's event, answered before its HTTP answer
    await vi.advanceTimersByTimeAsync(COALESCE_MS + 10);
    expect(list.fetches()).toBe(2);
    await vi.advanceTimersByTimeAsync(140); // the HTTP answer, late under load
    await repairsChangedHere(list.client, sentAt);
    expect(list.fetches()).toBe(2);
    list.stop();
  });

  it('does not join a refetch begun before the write was sent', async () => {
    const list = await watchedList();
    vi.useFakeTimers();
    repairsChangedElsewhere(list.client); // another counter's change
    await vi.advanceTimersByTimeAsync(COALESCE_MS + 10);
    const sentAt = Date.now() + 1;
    await vi.advanceTimersByTimeAsync(100);
    await repairsChangedHere(list.client, sentAt);
    expect(list.fetches()).toBe(3);
    list.stop();
  });
});
