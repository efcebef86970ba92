/**
 * The page budget (issue 27): every main page opened in a new tab of the signed-in, installed PWA
 * (service worker warm, in control), online. Per page: the time from the navigation start to the
 * shell's first frame, and to the last API answer the open needed (the page is shown with its
 * data; target < 300 ms), read from the page's own performance timeline (no Playwright round trips);
 * and the API calls of the open, with any call made twice (same path and body) printed: one user
 * action, one call per list. ROUNDS (3) opens per page; the median is printed.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { loadavg } from 'node:os';
import { chromium } from '@playwright/test';
import { CHROMIUM_FLAGS, chromiumPath, startAppServer } from '../lib/app-server.ts';
import { installedContext } from './installed-app.ts';
import { watchForShellIn } from './shell-watch.ts';
import { BOOT_STEPS, measureOpen, watchLongTasks, type PageOpen } from './page-open.ts';
import { MAIN_PAGES } from '#tests/setup/main-pages.ts';
import { finiteMedian as median } from './median.ts';

const TARGET_MS = 300;
const ROUNDS = Number(process.env.ROUNDS ?? 3);
/**
 * PAGES=<path>,<path> measures those only; FILES=1 lists each page's code files before ready;
 * PROFILE=<dir> writes a CPU profile of each page's last open there.
 */
const PAGES = process.env.PAGES ? process.env.PAGES.split(',') : MAIN_PAGES;
const SETTLE_MS = 1500;

if (!existsSync(chromiumPath())) {
  process.stdout.write(`No Chromium at ${chromiumPath()}: install it (see README) to run the benchmark.\n`);
  process.exit(0);
}
mkdirSync('test-results', { recursive: true });
if (process.env.PROFILE) mkdirSync(process.env.PROFILE, { recursive: true });
const server = await startAppServer('test-results/bench-pages-server.json');
const base = server.url.replace(/\/$/, '');
const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_FLAGS });

const ms = (v: number) => (Number.isFinite(v) ? v.toFixed(0) : '-').padStart(4);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

try {
  const { context, page } = await installedContext(browser, base);
  await watchForShellIn(context);
  await context.addInitScript(watchLongTasks);
  // Every page once first: its lazy code and lists reach the worker's and the app's caches.
  for (const path of PAGES) {
    await page.goto(`${base}/#${path}`);
    await page.waitForTimeout(800);
  }
  await page.close();
  const load = () => loadavg()[0]!.toFixed(1);
  process.stdout.write(
    `page budget: new tab, warm service worker, median of ${ROUNDS} (target < ${TARGET_MS} ms); load average ${load()} at the start\n` +
      `  ms from the navigation start; before ready: requests, JS/CSS files and decoded bytes, the longest chain of\n` +
      `  code files each asked for by the previous one; CPU of the main thread over the open (settled ${SETTLE_MS} ms)\n`,
  );
  let over = 0;
  let duplicated = 0;
  for (const path of PAGES) {
    const opens: PageOpen[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const tab = await context.newPage();
      // PROFILE=<dir>: the last open of each page as a CPU profile (<dir>/<page>.cpuprofile).
      const profile =
        process.env.PROFILE && round === ROUNDS - 1
          ? `${process.env.PROFILE}/${path.replace(/\W+/g, '_')}.cpuprofile`
          : undefined;
      opens.push(await measureOpen(tab, `${base}/#${path}`, SETTLE_MS, profile));
      await tab.close();
    }
    const med = (of: (o: PageOpen) => number) => median(opens.map(of));
    const calls = opens.at(-1)!.apiCalls;
    const counts = new Map<string, number>();
    for (const c of calls) counts.set(c, (counts.get(c) ?? 0) + 1);
    const twice = [...counts].filter(([, n]) => n > 1);
    const readyMs = med((o) => o.readyMs);
    if (readyMs >= TARGET_MS) over++;
    duplicated += twice.length;
    const last = opens.at(-1)!;
    process.stdout.write(
      `${path.padEnd(36)} shell ${ms(med((o) => o.shellMs))} ms  ready ${ms(readyMs)} ms  ` +
        `${calls.length} API calls${twice.length ? `, ${twice.length} twice` : ''}${readyMs >= TARGET_MS ? '  (over)' : ''}\n` +
        `    before ready: ${med((o) => o.requestsBefore)} requests; JS ${med((o) => o.js.files)} files ${kb(med((o) => o.js.bytes))}; ` +
        `CSS ${med((o) => o.css.files)} files ${kb(med((o) => o.css.bytes))}; chain of ${last.chain.length}: ${last.chain.join(' > ')}\n` +
        `    main thread: tasks ${ms(med((o) => o.taskMs))} ms, script ${ms(med((o) => o.scriptMs))} ms, style+layout ${ms(med((o) => o.layoutMs))} ms; ` +
        `long tasks before ready ${med((o) => o.longTasks.count)} (${ms(med((o) => o.longTasks.ms))} ms)\n` +
        `    waits: html ${ms(med((o) => o.htmlMs))}` +
        BOOT_STEPS.map(([label, mark]) => ` | ${label} ${ms(med((o) => o.marks[mark] ?? NaN))}`).join('') +
        ` | first API ${ms(med((o) => o.firstApiMs))}; persisted cache ${kb(last.persisted.chars * 2)} (UTF-16), ${last.persisted.queries} queries\n`,
    );
    if (process.env.FILES)
      for (const { file, bytes } of last.codeFiles)
        process.stdout.write(`      ${kb(bytes).padStart(9)} ${file}\n`);
    if (process.env.CALLS)
      for (const { path: call, start, end } of last.apiTimes)
        process.stdout.write(`      ${ms(start)} → ${ms(end)} ms ${call}\n`);
    for (const [call, n] of twice) process.stdout.write(`    ${n}x ${call.slice(0, 140)}\n`);
  }
  process.stdout.write(
    `${PAGES.length - over} of ${PAGES.length} pages under ${TARGET_MS} ms; ${duplicated} calls made twice in one open; load average ${load()} at the end\n`,
  );
  await context.close();
} finally {
  await browser.close();
  server.stop();
}
