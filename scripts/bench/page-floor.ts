// The browser's floor of the same hour (issue 27, the page budget): a trivial page (a heading and a
// line, from a local server, no service worker) opened in a new tab of the same plain Chromium, its
// first contentful paint. On this shared machine that floor moved from ~90 ms one evening to ~250 ms
// the next day: a page-budget figure means little without the floor measured beside it.
//
// Measured twice: bare, and with the app's own page-policy headers copied from its answer for `/`.
// Those move the floor: with Cross-Origin-Opener-Policy the navigation leaves the new tab's first
// renderer process for one launched for it (docs/benchmarks.md, "The floor with the app's headers").
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { finiteMedian as median } from './median.ts';
import type { PlainChromium } from './plain-chromium.ts';

const TRIVIAL_PAGE =
  '<!doctype html><meta charset="utf-8"><title>floor</title><h1>RepairOps</h1><p>floor</p>';
const SETTLE_MS = 600;
/** The answer headers of the app that decide where a page runs (process, agent cluster, policy). */
const PAGE_POLICY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'origin-agent-cluster',
];

/** The app's page-policy headers, as its server answers `/` at `base`. */
export async function appPageHeaders(base: string): Promise<Record<string, string>> {
  const answer = await fetch(`${base}/`);
  await answer.arrayBuffer();
  return Object.fromEntries(
    PAGE_POLICY_HEADERS.flatMap((name) => {
      const value = answer.headers.get(name);
      return value === null ? [] : [[name, value]];
    }),
  );
}

/**
 * `opens` new tabs of a trivial page (served with `headers`, none by default): the median first
 * contentful paint and every open's.
 */
export async function measureFloor(
  chrome: PlainChromium,
  opens = 5,
  headers: Record<string, string> = {},
): Promise<{ median: number; all: number[] }> {
  const server = createServer((_request, response) => {
    response.writeHead(200, {
      ...headers,
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
    });
    response.end(TRIVIAL_PAGE);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  const all: number[] = [];
  try {
    for (let i = 0; i < opens; i++) {
      const { targetId, sessionId } = await chrome.newTab('about:blank');
      try {
        await chrome.send('Page.enable', {}, sessionId);
        await chrome.send('Page.navigate', { url }, sessionId);
        await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
        const fcp = await chrome.evaluate<number | null>(
          sessionId,
          `performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null`,
        );
        all.push(fcp ?? NaN);
      } finally {
        await chrome.send('Target.closeTarget', { targetId });
      }
    }
  } finally {
    server.close();
  }
  return { median: median(all), all };
}

/** The floor as one line of a bench's output. */
export function floorLine(floor: { median: number; all: number[] }, when: string, what = ''): string {
  return `the browser's floor ${when}${what}: a trivial page's first contentful paint in a new tab, median ${floor.median.toFixed(0)} ms (${floor.all.map((v) => v.toFixed(0)).join(', ')})\n`;
}

/** Both floors of the hour, bare and with the app's headers, as two lines. */
export async function floorLines(chrome: PlainChromium, when: string, appHeaders: Record<string, string>) {
  return (
    floorLine(await measureFloor(chrome), when) +
    floorLine(await measureFloor(chrome, 5, appHeaders), when, ", with the app's headers")
  );
}
