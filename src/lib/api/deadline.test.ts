// Every call ends at 120 s (spec section 9, issue 25), page queries too: react-query passes its own
// signal, and ofetch ignores its `timeout` when given one.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { http } from 'msw';
import { endpoints } from '#contract/endpoint-paths.generated.ts';
import { mswServer } from '#tests/setup/web.ts';
import { callApi, configureApiClient } from './client.ts';
import { callDeadline } from './deadline.ts';
import { NetworkError } from './errors.ts';

const notify = vi.fn();
beforeEach(() => {
  notify.mockReset();
  configureApiClient({ notify, onSessionExpired: vi.fn(), getToken: () => 'tok' });
});
afterEach(() => vi.useRealTimers());

/** A server that takes the call and never answers. */
const silentServer = () =>
  mswServer.use(http.post('*/api/user/get_user', () => new Promise<never>(() => {})));

/** Settles the promise's state into a flag, to see whether it ended without awaiting it. */
function watch(p: Promise<unknown>) {
  const state = { settled: false, error: undefined as unknown };
  p.then(
    () => (state.settled = true),
    (e: unknown) => {
      state.settled = true;
      state.error = e;
    },
  );
  return state;
}

describe('120 s deadline of every call', () => {
  for (const [name, withSignal] of [
    ['a page query (with react-query’s signal)', true],
    ['a form (no signal)', false],
  ] as const)
    it(`${name} that gets no answer ends at 120 s with 接口请求超时, not before`, async () => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      silentServer();
      const query = new AbortController();
      const call = watch(callApi(endpoints.getUser, {}, withSignal ? { signal: query.signal } : {}));
      await vi.advanceTimersByTimeAsync(119_999);
      expect(call.settled).toBe(false);
      expect(notify).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      await vi.waitFor(() => expect(call.settled).toBe(true));
      expect(call.error).toBeInstanceOf(NetworkError);
      expect(notify).toHaveBeenCalledWith('error', '接口请求超时', 4000);
    });

  it('a query cancelled by react-query rejects at once, without the time-out toast', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    silentServer();
    const query = new AbortController();
    const call = watch(callApi(endpoints.getUser, {}, { signal: query.signal }));
    await vi.advanceTimersByTimeAsync(10);
    query.abort();
    await vi.waitFor(() => expect(call.settled).toBe(true));
    expect(notify).not.toHaveBeenCalled();
  });
});

describe('callDeadline', () => {
  it('aborts at its time, or with the caller; clear() stops the timer', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const d = callDeadline(undefined, 1000);
    vi.advanceTimersByTime(999);
    expect(d.signal.aborted).toBe(false);
    vi.advanceTimersByTime(1);
    expect(d.signal.reason).toMatchObject({ name: 'TimeoutError' });

    const caller = new AbortController();
    const e = callDeadline(caller.signal, 1000);
    caller.abort('newer query');
    expect([e.signal.aborted, e.signal.reason]).toEqual([true, 'newer query']);

    const f = callDeadline(undefined, 1000);
    f.clear();
    vi.advanceTimersByTime(5000);
    expect(f.signal.aborted).toBe(false);
  });
});
