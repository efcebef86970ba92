/**
 * The page budget (issue 27): every main page opened in a new tab of the signed-in, installed PWA
 * (service worker warm, in control), online. Per page: the time from the navigation start to the
 * shell's first frame, and to the last API answer the open needed (the page is shown with its
 * data; target < 300 ms), read from the page's own performance timeline (no Playwright round trips);
 * and the API calls of the open, with any call made twice (same path and body) printed: one user
 * action, one call per list. ROUNDS (3) opens per page; the median is printed.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM_FLAGS, chromiumPath, startAppServer } from '../lib/app-server.ts';
import { installedContext } from './installed-app.ts';
import { startToShell, watchForShellIn } from './shell-watch.ts';

const TARGET_MS = 300;
const ROUNDS = Number(process.env.ROUNDS ?? 3);
/** The main pages of the menu (hash routes). */
const PAGES = [
  '/app/dashboards/default',
  '/app/dashboards/hotphone',
  '/app/quiry/basicinquiry',
  '/app/maintenance/maintenance',
  '/app/maintenance/history',
  '/app/pointrecord',
  '/app/rechargerecord',
  '/app/shoppingcenter/shoppingcenter',
  '/app/downloadCenter',
  '/app/personalcenter',
  '/app/accountmanagement',
];
const SETTLE_MS = 1500;

if (!existsSync(chromiumPath())) {
  process.stdout.write(`No Chromium at ${chromiumPath()}: install it (see README) to run the benchmark.\n`);
  process.exit(0);
}
mkdirSync('test-results', { recursive: true });
const server = await startAppServer('test-results/bench-pages-server.json');
const base = server.url.replace(/\/$/, '');
const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_FLAGS });
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** The API calls the page makes from now on: "path body" each. */
function recordCalls(tab: Page): string[] {
  const calls: string[] = [];
  tab.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith('/api/')) calls.push(`${url.pathname} ${r.postData() ?? ''}`);
  });
  return calls;
}

try {
  const { context, page } = await installedContext(browser, base);
  await watchForShellIn(context);
  // Every page once first: its lazy code and lists reach the worker's and the app's caches.
  for (const path of PAGES) {
    await page.goto(`${base}/#${path}`);
    await page.waitForTimeout(800);
  }
  await page.close();
  process.stdout.write(
    `page budget: new tab, warm service worker, median of ${ROUNDS} (target < ${TARGET_MS} ms)\n`,
  );
  let over = 0;
  let duplicated = 0;
  for (const path of PAGES) {
    const shell: number[] = [];
    const ready: number[] = [];
    let calls: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const tab = await context.newPage();
      calls = recordCalls(tab);
      const start = await startToShell(tab, `${base}/#${path}`);
      await tab.waitForTimeout(SETTLE_MS);
      // The last API answer of the open, from the page's own clock.
      const lastApi = await tab.evaluate(() =>
        Math.max(
          0,
          ...performance
            .getEntriesByType('resource')
            .filter((e) => e.name.includes('/api/'))
            .map((e) => (e as PerformanceResourceTiming).responseEnd),
        ),
      );
      shell.push(start.pageMs);
      ready.push(Math.max(start.pageMs, lastApi));
      await tab.close();
    }
    const counts = new Map<string, number>();
    for (const c of calls) counts.set(c, (counts.get(c) ?? 0) + 1);
    const twice = [...counts].filter(([, n]) => n > 1);
    const readyMs = median(ready);
    if (readyMs >= TARGET_MS) over++;
    duplicated += twice.length;
    process.stdout.write(
      `${path.padEnd(36)} shell ${median(shell).toFixed(0).padStart(4)} ms  ready ${readyMs.toFixed(0).padStart(4)} ms  ` +
        `${calls.length} API calls${twice.length ? `, ${twice.length} twice` : ''}${readyMs >= TARGET_MS ? '  (over)' : ''}\n`,
    );
    for (const [call, n] of twice) process.stdout.write(`    ${n}x ${call.slice(0, 140)}\n`);
  }
  process.stdout.write(
    `${PAGES.length - over} of ${PAGES.length} pages under ${TARGET_MS} ms; ${duplicated} calls made twice in one open\n`,
  );
  await context.close();
} finally {
  await browser.close();
  server.stop();
}
