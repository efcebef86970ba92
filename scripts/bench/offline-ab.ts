// Compares the offline cold start of two or more PWA builds, interleaved (prints, asserts nothing):
// on a shared machine the figure drifts by tens of ms within minutes, so builds measured one after the
// other cannot be compared; here each round starts a tab of every build in turn.
//   npx vite build --outDir /tmp/a && (change) && npx vite build --outDir /tmp/b
//   AB_DIRS=/tmp/a,/tmp/b AB_ROUNDS=12 npm run bench:offline-ab
// Each build is served by its own server (the built dist-server, its own fresh demo database) on its
// own port, so each has its own origin, service worker and caches. A start is as bench:offline's: a
// new tab of the installed, signed-in app, offline, to the first frame with the shell (in the page,
// from its navigation start). AB_SETTLED=1 opens each tab 1 s before its clock starts; AB_URL opens
// another address than the landing page's (`/#/`: the installed app's start_url).
import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext } from '@playwright/test';
import { CHROMIUM_FLAGS, chromiumPath } from '../lib/app-server.ts';
import { buildServer } from '../build-server.ts';
import { LANDING_URL, installedContext } from './installed-app.ts';
import { serveBuild } from './serve-build.ts';
import { startToShell, watchForShellIn } from './shell-watch.ts';

const dirs = (process.env.AB_DIRS ?? '').split(',').filter(Boolean);
const ROUNDS = Number(process.env.AB_ROUNDS ?? 10);
const SETTLED = process.env.AB_SETTLED === '1';
const URL_OPENED = process.env.AB_URL ?? LANDING_URL;
if (dirs.length < 2 || dirs.some((dir) => !existsSync(`${dir}/index.html`))) {
  process.stdout.write('AB_DIRS must name two or more PWA builds (directories with index.html)\n');
  process.exit(1);
}

/** A context of the signed-in Admin with the build's service worker installed, then offline. */
async function installed(browser: Browser, base: string): Promise<BrowserContext> {
  const { context, page } = await installedContext(browser, base);
  await page.close();
  await watchForShellIn(context);
  await context.setOffline(true);
  return context;
}

async function start(context: BrowserContext): Promise<number> {
  const tab = await context.newPage();
  if (SETTLED) await new Promise((r) => setTimeout(r, 1000));
  const { pageMs } = await startToShell(tab, URL_OPENED);
  await tab.close();
  return pageMs;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
await buildServer();
const servers = await Promise.all(dirs.map((dir, i) => serveBuild(dir, i)));
const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_FLAGS });
try {
  const contexts: BrowserContext[] = [];
  for (const { base } of servers) contexts.push(await installed(browser, base));
  // One start each to warm what a first start after install does once.
  for (const context of contexts) await start(context);
  const times: number[][] = dirs.map(() => []);
  for (let round = 0; round < ROUNDS; round++) {
    // Alternate the order too, so neither build always runs right after the other.
    const order = round % 2 ? [...dirs.keys()].reverse() : [...dirs.keys()];
    for (const i of order) times[i]!.push(await start(contexts[i]!));
  }
  for (const [i, dir] of dirs.entries()) {
    const t = times[i]!;
    process.stdout.write(
      `${dir}: median ${median(t).toFixed(0)} ms, mean ${(t.reduce((a, b) => a + b, 0) / t.length).toFixed(0)} ms (${t.map((v) => v.toFixed(0)).join(', ')})\n`,
    );
  }
} finally {
  await browser.close();
  for (const { child } of servers) child.kill();
}
