// The browser's floor of the same hour (issue 27, the page budget): a trivial page (a heading and a
// line, from a local server, no service worker) opened in a new tab of the same plain Chromium, its
// first contentful paint. On this shared machine that floor moved from ~90 ms one evening to ~250 ms
// the next day: a page-budget figure means little without the floor measured beside it.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { finiteMedian as median } from './median.ts';
import type { PlainChromium } from './plain-chromium.ts';

const TRIVIAL_PAGE =
  '<!doctype html><meta charset="utf-8"><title>floor</title><h1>RepairOps</h1><p>floor</p>';
const SETTLE_MS = 600;

/** `opens` new tabs of a trivial page: the median first contentful paint and every open's. */
export async function measureFloor(
  chrome: PlainChromium,
  opens = 5,
): Promise<{ median: number; all: number[] }> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
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
export function floorLine(floor: { median: number; all: number[] }, when: string): string {
  return `the browser's floor ${when}: a trivial page's first contentful paint in a new tab, median ${floor.median.toFixed(0)} ms (${floor.all.map((v) => v.toFixed(0)).join(', ')})\n`;
}
