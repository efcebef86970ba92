// A constant-arrival-rate load: request i is due at start + i / rate, whether or not earlier answers
// have come back (an open model, like k6's constant-arrival-rate or wrk2). Each latency is measured
// from when the request was due, not from when a free connection sent it, so a server that falls
// behind is charged for the queue it builds (no coordinated omission).
//
// Why not autocannon's `overallRate`: it is a per-second budget per connection. Every connection
// sends back to back until its share of the second is used up, then waits for the next second, so
// "1,000 req/s" arrives as a burst that keeps the server saturated with 20 requests in line for most
// of each second, and the p99 measures that line, not the server at 1,000 req/s.
//
// The load runs in a process of its own (pacedLoadApart): the bench's own process holds the seeding's
// and the server build's heap (~35 MB live, 200 MB committed), whose full collections stopped it for
// 10-120 ms about once a second (--trace-gc) - requests due meanwhile went out late, and the late
// start counted as the server's latency: the instrument's pauses showed up as the server's p95/p99.
import { fork } from 'node:child_process';
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
  /** CPU time (user + system) the load generator used meanwhile, ms. */
  cpuMs: number;
}

export async function pacedLoad(options: PacedLoadOptions): Promise<PacedLoadResult> {
  const pool = new Pool(options.origin, { connections: options.connections ?? 64, pipelining: 1 });
  const total = Math.round(options.rate * options.seconds);
  const interval = 1000 / options.rate;
  const times: number[] = [];
  let errors = 0;
  let sent = 0;
  let answered = 0;
  let allAnswered: () => void = () => undefined;

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
      })
      .finally(() => {
        if (++answered === total) allAnswered();
      });

  const cpu0 = process.cpuUsage();
  const done = new Promise<void>((resolve) => (allAnswered = resolve));
  const start = performance.now();
  await new Promise<void>((resolve) => {
    // A 1 ms tick sends every request that has come due since the last tick (timers are not exact).
    const timer = setInterval(() => {
      const now = performance.now();
      while (sent < total && start + sent * interval <= now) {
        void send(start + sent * interval);
        sent++;
      }
      if (sent >= total) {
        clearInterval(timer);
        resolve();
      }
    }, 1);
  });
  if (total > 0) await done;
  const elapsedMs = performance.now() - start;
  const cpu = process.cpuUsage(cpu0);
  await pool.close();
  return {
    times: times.sort((a, b) => a - b),
    sent,
    errors,
    elapsedMs,
    cpuMs: (cpu.user + cpu.system) / 1000,
  };
}

/**
 * The generator's own process, tuned so that its collector does not pause it: by default V8 soon
 * allocates undici's per-request objects straight in the old generation (allocation-site
 * pretenuring), which then filled and was collected every ~0.6 s with 5-13 ms pauses (--trace-gc);
 * without pretenuring and with a young generation that holds a few seconds of requests, the run
 * sees a handful of full collections instead of ~17 in 10 s.
 */
const GENERATOR_NODE_FLAGS = ['--no-allocation-site-pretenuring'];

/** pacedLoad in a child process of its own, with a heap of its own (see the top of this file). */
export function pacedLoadApart(options: PacedLoadOptions): Promise<PacedLoadResult> {
  // LOAD_GEN_NODE_FLAGS='--trace-gc' shows what the generator's collector does.
  const execArgv = [
    ...GENERATOR_NODE_FLAGS,
    ...(process.env.LOAD_GEN_NODE_FLAGS ?? '').split(' ').filter(Boolean),
  ];
  const child = fork(new URL('./paced-load-child.ts', import.meta.url), [], { stdio: 'inherit', execArgv });
  return new Promise((resolve, reject) => {
    child.once('message', (result) => resolve(result as PacedLoadResult));
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`the load generator exited with ${code}`)));
    child.send(options);
  });
}
