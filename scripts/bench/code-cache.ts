/**
 * Does a new tab of the installed PWA compile its code from V8's code cache? (issue 27, the page
 * budget.) Opens the landing page in new tabs of the signed-in, installed app (service worker warm)
 * and reads Chromium's trace: for each script or module compiled before the shell's first frame, its
 * size, the code cache it consumed (bytes; "rejected" when V8 refused it) or produced, and the
 * compile's wall time. A script compiled from source at every open costs its parse and compile on
 * the main thread each time. `OPENS` (3) new tabs; the last one is printed.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM_FLAGS, chromiumPath, startAppServer } from '../lib/app-server.ts';
import { installedContext, installedPersistentContext, LANDING_URL } from './installed-app.ts';
import { startToShell, watchForShellIn } from './shell-watch.ts';

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  pid?: number;
  tid?: number;
  dur?: number;
  tdur?: number;
  args?: { data?: Record<string, unknown>; fileName?: string };
}

if (!existsSync(chromiumPath())) {
  process.stdout.write(`No Chromium at ${chromiumPath()}: install it (see README) to run the benchmark.\n`);
  process.exit(0);
}
const OPENS = Number(process.env.OPENS ?? 3);
const server = await startAppServer('test-results/bench-code-cache-server.json');
const base = server.url.replace(/\/$/, '');
// PERSISTENT=1: a profile on disk, as an installed app has (Playwright's new contexts are
// off-the-record, and Chromium keeps no code cache for those).
const persistent = process.env.PERSISTENT === '1';
const browser = persistent
  ? null
  : await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_FLAGS });
const profileDir = persistent ? mkdtempSync(join(tmpdir(), 'repairops-code-cache-')) : null;
let events: TraceEvent[] = [];
try {
  const { context, page } = browser
    ? await installedContext(browser, base)
    : await installedPersistentContext(profileDir!, base);
  await watchForShellIn(context);
  await page.waitForTimeout(1000);
  await page.close();
  for (let open = 0; open < OPENS; open++) {
    const tab = await context.newPage();
    events = await traced(tab, async () => {
      await startToShell(tab, `${base}${LANDING_URL}`);
      await tab.waitForTimeout(1500);
    });
    await tab.close();
  }
  if (!browser) await context.close();
  const compiles = events.filter((e) =>
    /^v8\.(compile|compileModule|produceCache|produceModuleCache)$/.test(e.name),
  );
  const rows = new Map<
    string,
    { compileMs: number; consumed: number; produced: number; rejected: boolean; kind: string }
  >();
  for (const e of compiles) {
    const data = e.args?.data ?? {};
    const url = String(data.url ?? e.args?.fileName ?? '');
    if (!url.includes('/assets/')) continue;
    const name = new URL(url).pathname.replace(/^\/assets\//, '');
    const row = rows.get(name) ?? { compileMs: 0, consumed: 0, produced: 0, rejected: false, kind: e.name };
    if (e.name.startsWith('v8.compile')) row.compileMs += (e.dur ?? 0) / 1000;
    row.consumed += Number(data.consumedCacheSize ?? 0);
    row.produced += Number(data.producedCacheSize ?? 0);
    row.rejected ||= data.cacheRejected === true;
    rows.set(name, row);
  }
  const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;
  let total = 0;
  for (const [name, r] of [...rows].sort((a, b) => b[1].compileMs - a[1].compileMs)) {
    total += r.compileMs;
    process.stdout.write(
      `  ${name.padEnd(44)} ${r.kind.padEnd(17)} compile ${r.compileMs.toFixed(1).padStart(6)} ms; cache consumed ${kb(r.consumed)}${r.rejected ? ' (rejected)' : ''}, produced ${kb(r.produced)}\n`,
    );
  }
  const names = new Set(compiles.map((e) => e.name));
  // Functions compiled lazily as they first run, on the renderer's main thread (the thread of the
  // module compiles): what a code cache would have held. Thread time (tdur), not wall time.
  const main = events.find((e) => e.name === 'v8.compileModule');
  const lazy = events.filter(
    (e) =>
      main && e.pid === main.pid && e.tid === main.tid && /^V8\.(CompileCode|ParseFunction)$/.test(e.name),
  );
  const lazyMs = lazy.reduce((sum, e) => sum + (e.tdur ?? 0), 0) / 1000;
  const consumed = compiles.some((e) => Number(e.args?.data?.consumedCacheSize ?? 0) > 0);
  process.stdout.write(
    `  main thread: ${lazy.length} lazy compiles of functions, ${lazyMs.toFixed(0)} ms thread time; code cache ${consumed ? 'consumed' : 'never consumed'} (${persistent ? 'persistent profile' : 'off-the-record context'})\n`,
  );
  if (main) {
    const busy = workerThreadsBusyMs(events, main.pid!);
    process.stdout.write(
      `  renderer's worker threads (streaming compiles, code cache reads): ${busy.toFixed(0)} ms busy over the open\n`,
    );
  }
  process.stdout.write(
    `code cache, new tab of the installed app (open ${OPENS} of ${OPENS}): ${rows.size} files compiled, ${total.toFixed(0)} ms compiling; trace events ${[...names].join(', ') || 'none'}\n`,
  );
} finally {
  await browser?.close();
  server.stop();
  if (profileDir) rmSync(profileDir, { recursive: true, force: true });
}

/**
 * Wall time the renderer's pool threads (`pid`) were busy: where V8 streams and compiles scripts, and
 * reads code caches, beside the main thread. Top-level events only, so nested ones count once.
 */
function workerThreadsBusyMs(events: TraceEvent[], pid: number): number {
  const pool = new Set(
    events
      .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.pid === pid)
      .filter((e) => /ThreadPool/.test(String((e.args as { name?: string } | undefined)?.name)))
      .map((e) => e.tid),
  );
  let total = 0;
  for (const tid of pool) {
    let end = 0;
    const spans = events
      .filter((e) => e.ph === 'X' && e.pid === pid && e.tid === tid && e.dur)
      .sort((a, b) => a.ts - b.ts);
    for (const e of spans)
      if (e.ts >= end) {
        total += e.dur!;
        end = e.ts + e.dur!;
      }
  }
  return total / 1000;
}

/** The trace events of what `run` does in `tab` (the tab's DevTools session: works in any context). */
async function traced(tab: Page, run: () => Promise<void>): Promise<TraceEvent[]> {
  const cdp = await tab.context().newCDPSession(tab);
  const collected: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (e) => collected.push(...(e.value as unknown as TraceEvent[])));
  const complete = new Promise<void>((done) => cdp.once('Tracing.tracingComplete', () => done()));
  await cdp.send('Tracing.start', {
    transferMode: 'ReportEvents',
    traceConfig: {
      includedCategories: ['devtools.timeline', 'v8', 'v8.execute', 'disabled-by-default-v8.compile'],
    },
  });
  await run();
  await cdp.send('Tracing.end');
  await complete;
  await cdp.detach();
  // TRACE=<file>: the last open's trace, for chrome://tracing or Perfetto.
  if (process.env.TRACE) writeFileSync(process.env.TRACE, JSON.stringify({ traceEvents: collected }));
  return collected;
}
