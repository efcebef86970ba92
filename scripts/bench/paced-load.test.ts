// The load generator of bench:load, against a small HTTP server of the test's own: requests arrive
// evenly (not in bursts), every one is answered and counted, and a server that stalls is charged
// for the requests that came due while it stalled (latency from when each was due).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { pacedLoadApart } from './paced-load.ts';

let server: Server | undefined;
afterEach(async () => {
  await new Promise((r) => (server ? server.close(r) : r(null)));
  server = undefined;
});

/** A server that records when each request arrives and answers with `status(n)` for the n-th. */
async function listen(onRequest: (n: number) => number): Promise<{ origin: string; arrivals: number[] }> {
  const arrivals: number[] = [];
  server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      arrivals.push(performance.now());
      res.writeHead(onRequest(arrivals.length));
      res.end('{}');
    });
  });
  await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
  return { origin: `http://127.0.0.1:${(server!.address() as AddressInfo).port}`, arrivals };
}

const options = (origin: string) => ({
  origin,
  path: '/api/x',
  method: 'POST' as const,
  headers: { 'content-type': 'application/json' },
  body: '{}',
  rate: 200,
  seconds: 1,
});

describe('pacedLoadApart', () => {
  it('sends rate x seconds requests spread over the run, and counts the answers that are not 2xx', async () => {
    const { origin, arrivals } = await listen((n) => (n % 50 === 0 ? 500 : 200));
    const result = await pacedLoadApart(options(origin));
    expect(result.sent).toBe(200);
    expect(result.times).toHaveLength(200);
    expect(result.errors).toBe(4);
    expect(result.cpuMs).toBeGreaterThan(0);
    // Evenly spaced: the first half second holds about half of the requests, not all of them.
    const firstHalf = arrivals.filter((t) => t - arrivals[0]! < 500).length;
    expect(firstHalf).toBeGreaterThan(70);
    expect(firstHalf).toBeLessThan(130);
    expect(arrivals.at(-1)! - arrivals[0]!).toBeGreaterThan(800);
    // Sorted ascending, as the bench's percentiles expect.
    expect([...result.times].sort((a, b) => a - b)).toEqual(result.times);
  });

  it('charges a stalled server for every request that came due during the stall', async () => {
    const { origin } = await listen((n) => {
      // The 50th request stops this process for 300 ms: the requests due meanwhile wait in line.
      if (n === 50) {
        const until = performance.now() + 300;
        while (performance.now() < until);
      }
      return 200;
    });
    const result = await pacedLoadApart(options(origin));
    expect(result.times).toHaveLength(200);
    // About 60 requests (300 ms at 200 req/s) came due during the stall; the earliest waited ~300 ms.
    expect(result.times.at(-1)!).toBeGreaterThan(250);
    expect(result.times.filter((t) => t > 100).length).toBeGreaterThan(30);
  });
});
