/**
 * The page budget (issue 27) as a shop's browser sees it: every main page opened in a new tab of the
 * installed, signed-in PWA (service worker warm, profile on disk), in a Chromium with no Playwright on
 * the page. `npm run bench:pages` opens its tabs through Playwright, which enables the DevTools Runtime
 * domain on each, and that makes V8 re-parse every big script a start runs (`npm run
 * bench:devtools-cost`): its figures hold a cost no shop pays. Here the tabs are opened over the
 * protocol with only the Page domain on, and read once settled with `Runtime.evaluate` (no
 * `Runtime.enable`). Per page, the median of ROUNDS (3) opens: the time from the navigation start to
 * the shell's first frame and to ready (the shell and the last API answer of the open; target
 * < 300 ms), and the app's boot marks. PAGES=<path>,… measures those only.
 *
 * A/B: `AB_DIRS=/tmp/a,/tmp/b` compares two or more builds (`npx vite build --outDir /tmp/a`), each
 * served by its own server (own origin, worker and caches) and installed in the same profile; each
 * round opens every page in every build in turn, the order alternating, ROUNDS (5) times. On this
 * shared machine a figure drifts by 100 ms between passes minutes apart: only interleaved opens
 * compare builds.
 *
 * Before and after, the browser's floor of the hour: a trivial page's first paint in a new tab of the
 * same Chromium (scripts/bench/page-floor.ts).
 */
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildServer } from '../build-server.ts';
import { chromiumPath, startAppServer } from '../lib/app-server.ts';
import { installedPersistentContext } from './installed-app.ts';
import { MAIN_PAGES } from '#tests/setup/main-pages.ts';
import { finiteMedian as median } from './median.ts';
import { appPageHeaders, floorLines } from './page-floor.ts';
import { launchPlainChromium, type PlainChromium } from './plain-chromium.ts';
import { serveBuild } from './serve-build.ts';
import { SHELL_PAINTED, shellWatchSource } from './shell-watch.ts';

const TARGET_MS = 300;
const AB_DIRS = (process.env.AB_DIRS ?? '').split(',').filter(Boolean);
const ROUNDS = Number(process.env.ROUNDS ?? (AB_DIRS.length > 0 ? 5 : 3));
const PAGES = process.env.PAGES ? process.env.PAGES.split(',') : MAIN_PAGES;
const SETTLE_MS = 2500;
/** Read in the settled tab: the shell's mark, the app's boot marks, the API answers. */
const READ_OPEN = `{
  marks: performance.getEntriesByType('mark').map((m) => [m.name, m.startTime]),
  apiEnds: performance.getEntriesByType('resource')
    .filter((r) => new URL(r.name).pathname.startsWith('/api/'))
    .map((r) => r.responseEnd),
}`;
const BOOT_MARKS = ['boot', 'catalogs', 'render', 'route-code'] as const;

if (!existsSync(chromiumPath())) {
  process.stdout.write(`No Chromium at ${chromiumPath()}: install it (see README) to run the benchmark.\n`);
  process.exit(0);
}
const ms = (v: number) => (Number.isFinite(v) ? v.toFixed(0) : '-').padStart(4);

const servers =
  AB_DIRS.length > 0
    ? await serveBuilds(AB_DIRS)
    : [await startAppServer('test-results/bench-pages-plain-server.json')];
const bases = servers.map((server) => server.url.replace(/\/$/, ''));
const profile = mkdtempSync(join(tmpdir(), 'repairops-pages-plain-'));
let browser: PlainChromium | null = null;
try {
  for (const base of bases) await installInProfile(profile, base);
  browser = await launchPlainChromium(profile, ['--window-size=1280,800']);
  // Every page once first: its lazy code and lists reach the worker's and the app's caches.
  for (const base of bases) for (const path of PAGES) await open(browser, base, path);
  process.stdout.write(
    `page budget, no DevTools Runtime on the page: new tab, warm service worker, profile on disk, median of ${ROUNDS} (target < ${TARGET_MS} ms); load average ${loadavg()[0]!.toFixed(1)} at the start\n`,
  );
  const headers = await appPageHeaders(bases[0]!);
  process.stdout.write(await floorLines(browser, 'at the start', headers));
  if (AB_DIRS.length > 0) await compareBuilds(browser);
  else await measurePages(browser, bases[0]!);
  process.stdout.write(await floorLines(browser, 'at the end', headers));
  process.stdout.write(`load average ${loadavg()[0]!.toFixed(1)} at the end\n`);
} finally {
  await browser?.close();
  for (const server of servers) server.stop();
  rmSync(profile, { recursive: true, force: true });
}

/** Each page ROUNDS times in the one build: shell, ready and boot marks (medians). */
async function measurePages(chrome: PlainChromium, base: string): Promise<void> {
  let under = 0;
  for (const path of PAGES) {
    const opens: Open[] = [];
    for (let round = 0; round < ROUNDS; round++) opens.push(await open(chrome, base, path));
    const ready = median(opens.map((o) => o.readyMs));
    if (ready < TARGET_MS) under++;
    process.stdout.write(
      `${path.padEnd(36)} shell ${ms(median(opens.map((o) => o.shellMs)))} ms  ready ${ms(ready)} ms${ready < TARGET_MS ? '' : '  (over)'}` +
        `   ${BOOT_MARKS.map((m) => `${m} ${ms(median(opens.map((o) => o.marks[m] ?? NaN)))}`).join(' | ')}\n`,
    );
  }
  process.stdout.write(`${under} of ${PAGES.length} pages under ${TARGET_MS} ms\n`);
}

/** Each page in every build in turn, ROUNDS times: per build, the median ready, shell and boot marks, and all opens. */
async function compareBuilds(chrome: PlainChromium): Promise<void> {
  const all: number[][] = AB_DIRS.map(() => []);
  for (const path of PAGES) {
    const opens: Open[][] = AB_DIRS.map(() => []);
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 ? [...bases.keys()].reverse() : [...bases.keys()];
      for (const i of order) opens[i]!.push(await open(chrome, bases[i]!, path));
    }
    process.stdout.write(`${path}\n`);
    for (const [i, dir] of AB_DIRS.entries()) {
      const ready = opens[i]!.map((o) => o.readyMs);
      all[i]!.push(...ready);
      process.stdout.write(
        `  ${dir.padEnd(24)} ready ${ms(median(ready))} ms  shell ${ms(median(opens[i]!.map((o) => o.shellMs)))}  ${BOOT_MARKS.map((m) => `${m} ${ms(median(opens[i]!.map((o) => o.marks[m] ?? NaN)))}`).join(' | ')}  (${ready.map((v) => v.toFixed(0)).join(', ')})\n`,
      );
    }
  }
  for (const [i, dir] of AB_DIRS.entries())
    process.stdout.write(
      `all pages: ${dir.padEnd(24)} median ready ${ms(median(all[i]!))} ms over ${all[i]!.length} opens\n`,
    );
}

/** The builds in `dirs`, each on its own server. */
async function serveBuilds(dirs: string[]): Promise<{ url: string; stop(): void }[]> {
  await buildServer();
  const started: { base: string; child: ChildProcess }[] = [];
  for (const [i, dir] of dirs.entries()) started.push(await serveBuild(dir, i));
  return started.map(({ base, child }) => ({ url: base, stop: () => void child.kill() }));
}

/** Signs the Admin in and installs the PWA in the profile at `dir` (Playwright, then closed). */
async function installInProfile(dir: string, base: string): Promise<void> {
  const { context, page } = await installedPersistentContext(dir, base);
  try {
    await page.waitForTimeout(1000);
  } finally {
    await context.close();
  }
}

interface Open {
  shellMs: number;
  readyMs: number;
  marks: Record<string, number>;
}

/** One open of `path` in a new tab: from its navigation start, the shell's frame, ready, boot marks. */
async function open(chrome: PlainChromium, base: string, path: string): Promise<Open> {
  const { targetId, sessionId } = await chrome.newTab('about:blank');
  try {
    await chrome.send('Page.enable', {}, sessionId);
    await chrome.send('Page.addScriptToEvaluateOnNewDocument', { source: shellWatchSource() }, sessionId);
    await chrome.send('Page.navigate', { url: `${base}/#${path}` }, sessionId);
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    const read = await chrome.evaluate<{ marks: [string, number][]; apiEnds: number[] }>(
      sessionId,
      READ_OPEN,
    );
    const marks = Object.fromEntries(read.marks.map(([name, at]) => [name.replace(/^repairops:/, ''), at]));
    const shellMs = marks[SHELL_PAINTED] ?? NaN;
    return { shellMs, readyMs: Math.max(shellMs, ...read.apiEnds), marks };
  } finally {
    await chrome.send('Target.closeTarget', { targetId });
  }
}
