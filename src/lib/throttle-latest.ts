/**
 * Runs `task` at once, then at most once per `intervalMs` with the latest arguments given meanwhile;
 * never two runs at a time. What the query cache's writes need: every change asks for a write, the
 * last state is the one that must land. A failed run is the task's to report: the next goes on.
 */
export function throttleLatest<A>(
  task: (arg: A) => Promise<void>,
  intervalMs: number,
): (arg: A) => Promise<void> {
  let latest: { arg: A } | null = null;
  let running: Promise<void> | null = null;
  let nextAt = 0;
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  const drain = async () => {
    while (latest) {
      const wait = nextAt - Date.now();
      if (wait > 0) await sleep(wait);
      const { arg } = latest;
      latest = null;
      try {
        await task(arg);
      } catch {
        // The task's to report (see above).
      }
      nextAt = Date.now() + intervalMs;
    }
    running = null;
  };
  return (arg) => {
    latest = { arg };
    running ??= drain();
    return running;
  };
}
