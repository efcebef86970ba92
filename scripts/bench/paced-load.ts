// A constant-arrival-rate load: request i is due at start + i / rate, whether or not earlier answers
// have come back (an open model, like k6's constant-arrival-rate or wrk2). Each latency is measured
// from when the request was due, not from when a free connection sent it, so a server that falls
// behind is charged for the queue it builds (no coordinated omission).
//
// Why not autocannon's `overallRate`: it is a per-second budget per connection. Every connection
// sends back to back until its share of the second is used up, then waits for the next second, so
// "1,000 req/s" arrives as a burst that keeps the server saturated with 20 requests in line for most
// of each second, and the p99 measures that line, not the server at 1,000 req/s.
import { Pool } from 'undici';

export interface PacedLoadOptions {
  origin: string;
  path: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
  /** Requests per second, spread evenly. */
  rate: number;
  seconds: number;
  /** Most requests in flight at once (the pool's connections); more are queued by the pool. */
  connections?: number;
}

export interface PacedLoadResult {
  /** Latency of every answered request, ms, sorted ascending. */
  times: number[];
  sent: number;
  /** Answers that were not 2xx, and requests that failed outright. */
  errors: number;
  /** Wall time from the first due request to the last answer, ms. */
  elapsedMs: number;
}

export async function pacedLoad(options: PacedLoadOptions): Promise<PacedLoadResult> {
  const pool = new Pool(options.origin, { connections: options.connections ?? 64, pipelining: 1 });
  const total = Math.round(options.rate * options.seconds);
  const interval = 1000 / options.rate;
  const times: number[] = [];
  const pending: Promise<void>[] = [];
  let errors = 0;
  let sent = 0;

  const send = (due: number) =>
    pool
      .request({ path: options.path, method: options.method, headers: options.headers, body: options.body })
      .then(async (res) => {
        await res.body.dump();
        times.push(performance.now() - due);
        if (res.statusCode < 200 || res.statusCode >= 300) errors++;
      })
      .catch(() => {
        errors++;
      });

  const start = performance.now();
  await new Promise<void>((resolve) => {
    // A 1 ms tick sends every request that has come due since the last tick (timers are not exact).
    const timer = setInterval(() => {
      const now = performance.now();
      while (sent < total && start + sent * interval <= now) {
        pending.push(send(start + sent * interval));
        sent++;
      }
      if (sent >= total) {
        clearInterval(timer);
        resolve();
      }
    }, 1);
  });
  await Promise.all(pending);
  const elapsedMs = performance.now() - start;
  await pool.close();
  return { times: times.sort((a, b) => a - b), sent, errors, elapsedMs };
}
