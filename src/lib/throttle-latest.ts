/**
 * Runs `task` at once, then at most once per `intervalMs` with the latest arguments given meanwhile;
 * never two runs at a time. What the query cache's writes need: every change asks for a write, the
 * last state is the one that must land. A failed run is the task's to report: the next goes on.
 *
 * `busyShare` (0-1) stretches the interval after a slow run so that runs take at most that share of
 * the time, up to `maxIntervalMs`: a run of 250 ms with a share of 0.05 waits 4.75 s before the next.
 * A run's time is its synchronous part (up to the task's first await: for the cache, serialising
 * what changed), what holds the page's main thread; the storage's own time is not the page's.
 * Small caches write once a second as before; a 10,000-device order followed live no longer has its
 * 10 MB written at every progress event.
 */
export function throttleLatest<A>(
  task: (arg: A) => Promise<void>,
  intervalMs: number,
  {
    busyShare = 1,
    maxIntervalMs = Infinity,
    now = Date.now,
  }: { busyShare?: number; maxIntervalMs?: number; /** The clock (tests). */ now?: () => number } = {},
): (arg: A) => Promise<void> {
  let latest: { arg: A } | null = null;
  let running: Promise<void> | null = null;
  let nextAt = 0;
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  const drain = async () => {
    while (latest) {
      const wait = nextAt - now();
      if (wait > 0) await sleep(wait);
      const { arg } = latest;
      latest = null;
      const started = now();
      let run: Promise<void>;
      try {
        run = task(arg);
      } catch {
        run = Promise.resolve();
      }
      const took = now() - started;
      try {
        await run;
      } catch {
        // The task's to report (see above).
      }
      const stretched = Math.min(maxIntervalMs, (took * (1 - busyShare)) / busyShare);
      nextAt = now() + Math.max(intervalMs, stretched);
    }
    running = null;
  };
  return (arg) => {
    latest = { arg };
    running ??= drain();
    return running;
  };
}
