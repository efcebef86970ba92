/**
 * `start` run once, its promise shared by every caller, until it fails: a failed start is forgotten,
 * so the next call tries again. For the chunks fetched on demand (a page offline before the service
 * worker cached them tries again on the next need) and the work that follows their arrival.
 */
export function onceUntilFailure<T>(start: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | null = null;
  return () =>
    (running ??= start().catch((err: unknown) => {
      running = null;
      throw err;
    }));
}
