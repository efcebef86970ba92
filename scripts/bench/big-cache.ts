// `npm run bench:big-cache`: what a large order kept in the query cache costs the rest of the app.
// A shop opens a 10,000-device order (its results stay cached, and persisted, for the cache's week),
// then goes about its day: this opens the order detail (answered with synthetic devices by request
// interception, the service worker blocked so the page's own calls are the ones answered), waits for
// its results and facets, then visits six other pages in the same tab, `DWELL_MS` each, and reports
// the main thread's busy time and long tasks over that walk, then the persisted cache's restore in a
// new tab on another page, and that tab's long tasks. `RATE` slows the page's CPU (Chromium's CPU throttling; 4 is a shop tablet, roughly);
// `STATIC_DIR=<build>` serves another build (A/B against `npx vite build --outDir <dir>`).
import { chromium, type CDPSession, type Page } from '@playwright/test';
import { benchOrder, syntheticDevices } from './synthetic-results.ts';
import { CHROMIUM_FLAGS, chromiumPath, startAppServer } from '../lib/app-server.ts';
import { signInAdmin } from './installed-app.ts';

const DEVICES = Number(process.env.BENCH_DEVICES ?? 10_000);
const RATE = Number(process.env.RATE ?? 1);
const DWELL_MS = Number(process.env.DWELL_MS ?? 2500);
const PAGES = [
  '/app/maintenance/history',
  '/app/pointrecord',
  '/app/dashboards/default',
  '/app/downloadCenter',
  '/app/personalcenter',
  '/app/accountmanagement',
];
const envelope = (datas: unknown) => JSON.stringify({ errcode: 0, msg: '', datas });

/** The page's main-thread task time so far (ms), from Chromium's performance metrics. */
async function taskMs(cdp: CDPSession): Promise<number> {
  const { metrics } = await cdp.send('Performance.getMetrics');
  return (metrics.find((m) => m.name === 'TaskDuration')?.value ?? 0) * 1000;
}

const observeLongTasks = () => {
  const w = window as unknown as { __longTasks: number[] };
  w.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) w.__longTasks.push(entry.duration);
  }).observe({ type: 'longtask' });
};
const longTasks = (page: Page) =>
  page.evaluate(() => (window as unknown as { __longTasks: number[] }).__longTasks.splice(0));

const server = await startAppServer('test-results/bench-big-cache-server.json');
const base = server.url.replace(/\/$/, '');
const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_FLAGS });
try {
  const { token } = await signInAdmin(base);
  const results = envelope({ devices: syntheticDevices(DEVICES), server_ms: 1_770_000_000_000 });
  const context = await browser.newContext({
    viewport: { width: 1440, height: 900 },
    serviceWorkers: 'block',
  });
  await context.addInitScript((token) => localStorage.setItem('token', token), token);
  await context.addInitScript(observeLongTasks);
  await context.route('**/api/checks/order_detail', (route) =>
    route.fulfill({ contentType: 'application/json', body: envelope(benchOrder(DEVICES, 1)) }),
  );
  await context.route('**/api/checks/order_results', (route) =>
    route.fulfill({ contentType: 'application/json', body: results }),
  );
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: RATE });
  await cdp.send('Performance.enable', { timeDomain: 'threadTicks' });
  await page.goto(`${base}/#/app/quiry/managementDetail?order_id=1`);
  const opened = Date.now();
  await page.waitForSelector(`[data-testid=results-count][data-matched="${DEVICES}"]`, { timeout: 180_000 });
  await page.waitForSelector('[data-testid=filters][data-state=ready]', { timeout: 180_000 });
  const shown = Date.now() - opened;
  await page.waitForTimeout(DWELL_MS);
  const openTasks = await longTasks(page);

  const before = await taskMs(cdp);
  for (const path of PAGES) {
    await page.evaluate((path) => (location.hash = `#${path}`), path);
    await page.waitForTimeout(DWELL_MS);
  }
  const walkMs = (await taskMs(cdp)) - before;
  const walkTasks = await longTasks(page);

  const tab = await context.newPage();
  const tabCdp = await context.newCDPSession(tab);
  await tabCdp.send('Emulation.setCPUThrottlingRate', { rate: RATE });
  await tab.goto(`${base}/#/app/maintenance/history`);
  await tab.waitForFunction(() => performance.getEntriesByName('repairops:cache-restored').length > 0, null, {
    timeout: 60_000,
  });
  await tab.waitForTimeout(DWELL_MS);
  const tabTasks = await longTasks(tab);
  const restoreMs = await tab.evaluate(
    () =>
      performance.getEntriesByName('repairops:cache-restored')[0]!.startTime -
      performance.getEntriesByName('repairops:cache-restore-start')[0]!.startTime,
  );

  const sum = (xs: number[]) => Math.round(xs.reduce((a, b) => a + b, 0));
  console.log(
    `a ${DEVICES}-device order kept in the query cache, CPU throttled ${RATE}x, ${process.env.STATIC_DIR ?? 'dist'}`,
  );
  console.log(
    `  the order detail: results and facets shown ${shown} ms after opening; long tasks to ${DWELL_MS} ms after: ${openTasks.length} (${sum(openTasks)} ms)`,
  );
  console.log(
    `  then ${PAGES.length} pages, ${DWELL_MS} ms each: main thread busy ${Math.round(walkMs)} ms; long tasks ${walkTasks.length} (${sum(walkTasks)} ms, longest ${Math.round(Math.max(0, ...walkTasks))} ms)`,
  );
  console.log(
    `  a new tab (another page): persisted cache restored in ${Math.round(restoreMs)} ms; long tasks to ${DWELL_MS} ms after: ${tabTasks.length} (${sum(tabTasks)} ms, longest ${Math.round(Math.max(0, ...tabTasks))} ms)`,
  );
} finally {
  await browser.close();
  server.stop();
}
