/**
 * Runs an async task one at a time however often it is asked for: a request while it runs makes
 * exactly one more run after it (never two in flight, never a change missed). For refetches driven
 * by bursts of events, like a check order's progress.
 */
export function createCoalescedRunner(task: () => Promise<unknown>): () => Promise<void> {
  let running: Promise<void> | null = null;
  let again = false;
  const loop = async () => {
    do {
      again = false;
      try {
        await task();
      } catch {
        // The task reports its own errors; the next request tries again.
      }
    } while (again);
    running = null;
  };
  return () => {
    if (running) {
      again = true;
      return running;
    }
    running = loop();
    return running;
  };
}
