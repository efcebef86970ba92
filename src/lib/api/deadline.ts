/**
 * A signal that aborts when the caller's does or when `ms` have passed, whichever first. ofetch
 * ignores its own `timeout` option when it is given a signal (react-query passes one to every page
 * query), so a query that got no answer spun for ever (issue 25): every call gets this one instead.
 * The timer is the global setTimeout, not AbortSignal.timeout, so vitest's fake timers and
 * Playwright's clock drive it like the rest of the page. `clear` stops the timer once answered.
 */
export function callDeadline(
  signal: AbortSignal | undefined,
  ms: number,
): { signal: AbortSignal; clear(): void } {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new DeadlineExceeded(ms)), ms);
  const forward = () => controller.abort(signal?.reason);
  if (signal?.aborted) forward();
  else signal?.addEventListener('abort', forward, { once: true });
  return {
    signal: controller.signal,
    clear: () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', forward);
    },
  };
}

/** The reason of a call cut by its deadline (a time-out, not the caller's cancel). */
export class DeadlineExceeded extends Error {
  constructor(ms: number) {
    super(`no answer within ${ms} ms`);
    this.name = 'TimeoutError';
  }
}
