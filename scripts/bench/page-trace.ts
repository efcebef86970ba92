/**
 * Where one new tab's time goes (issue 27, the page budget), as bench:pages-plain opens it: the
 * installed, signed-in PWA in a profile on disk, a plain Chromium with no Playwright on the page. The
 * page is opened `WARM` (3) times, then once under Chromium's tracing (which slows it by a third or
 * so: read the figures against each other, not against the budget). Prints the app's marks, the page
 * renderer's main-thread tasks of 8 ms or more with what ran inside them, how busy each thread was up
 * to the shell's frame (two cores here: more than twice the wall time means the threads waited for
 * each other), and each script's background work: streamed and compiled from source, or deserialized
 * from V8's code cache. `PAGE` (/app/maintenance/history); `OUT=<file>` keeps the trace's events.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromiumPath, startAppServer } from '../lib/app-server.ts';
import { installedPersistentContext } from './installed-app.ts';
import { launchPlainChromium, type PlainChromium } from './plain-chromium.ts';
import { SHELL_PAINTED, shellWatchSource } from './shell-watch.ts';
import { mainThreadTasks, pageNavigation, scriptWork, threadBusy, type TraceEvent } from './trace-summary.ts';

const PAGE = process.env.PAGE ?? '/app/maintenance/history';
const WARM = Number(process.env.WARM ?? 3);
const SETTLE_MS = 2500;
const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8',
  'v8.execute',
  'blink.user_timing',
  'loading',
  'toplevel',
  'blink',
  'navigation',
];

if (!existsSync(chromiumPath())) {
  process.stdout.write(`No Chromium at ${chromiumPath()}: install it (see README) to run the benchmark.\n`);
  process.exit(0);
}
const server = await startAppServer('test-results/bench-page-trace-server.json');
const base = server.url.replace(/\/$/, '');
const profile = mkdtempSync(join(tmpdir(), 'repairops-page-trace-'));
let browser: PlainChromium | null = null;
try {
  const { context, page } = await installedPersistentContext(profile, base);
  await page.waitForTimeout(1000);
  await context.close();
  browser = await launchPlainChromium(profile, ['--window-size=1280,800']);
  for (let i = 0; i < WARM; i++) await open(browser, false);
  const { marks, events } = await open(browser, true);
  if (process.env.OUT) writeFileSync(process.env.OUT, JSON.stringify(events));
  print(marks, events);
} finally {
  await browser?.close();
  server.stop();
  rmSync(profile, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
}

/** One open of PAGE in a new tab, traced or not: the app's marks (ms) and the trace's events. */
async function open(
  chrome: PlainChromium,
  traced: boolean,
): Promise<{ marks: Map<string, number>; events: TraceEvent[] }> {
  const { targetId, sessionId } = await chrome.newTab('about:blank');
  const events: TraceEvent[] = [];
  try {
    await chrome.send('Page.enable', {}, sessionId);
    await chrome.send('Page.addScriptToEvaluateOnNewDocument', { source: shellWatchSource() }, sessionId);
    const complete = new Promise<void>((resolve) => {
      chrome.on('Tracing.dataCollected', (params) => events.push(...(params.value as TraceEvent[])));
      chrome.on('Tracing.tracingComplete', () => resolve());
    });
    if (traced)
      await chrome.send('Tracing.start', {
        traceConfig: { includedCategories: CATEGORIES },
        transferMode: 'ReportEvents',
      });
    await chrome.send('Page.navigate', { url: `${base}/#${PAGE}` }, sessionId);
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    const marks = await chrome.evaluate<[string, number][]>(
      sessionId,
      `performance.getEntriesByType('mark').map((m) => [m.name, m.startTime])`,
    );
    if (traced) {
      await chrome.send('Tracing.end');
      await complete;
    }
    return { marks: new Map(marks.map(([name, at]) => [name.replace(/^repairops:/, ''), at])), events };
  } finally {
    await chrome.send('Target.closeTarget', { targetId });
  }
}

function print(marks: Map<string, number>, events: TraceEvent[]): void {
  const nav = pageNavigation(events, PAGE);
  if (!nav) throw new Error(`no navigation to ${PAGE} in the trace`);
  const shellMs = marks.get(SHELL_PAINTED) ?? 1000;
  const out = (line: string) => process.stdout.write(`${line}\n`);
  out(
    `${PAGE}, traced open (tracing slows it): marks ${[...marks].map(([n, at]) => `${n} ${at.toFixed(0)}`).join(' | ')}`,
  );
  out(`\nmain thread, tasks of 8 ms or more (at, duration, inside):`);
  for (const task of mainThreadTasks(events, nav, shellMs + 100))
    out(`${task.atMs.toFixed(0).padStart(6)} ${task.durMs.toFixed(0).padStart(5)} ms  ${task.inside}`);
  out(`\nthreads busy from the navigation to the shell's frame (${shellMs.toFixed(0)} ms):`);
  for (const t of threadBusy(events, nav.t0, 0, shellMs).slice(0, 12))
    out(`${t.busyMs.toFixed(0).padStart(6)} ms  ${t.process.padEnd(22)} ${t.thread}`);
  out(
    `\nscripts' background work to the shell's frame (wall ms: streamed from source | from the code cache):`,
  );
  for (const s of scriptWork(events, nav, shellMs).slice(0, 20))
    out(`${s.streamedMs.toFixed(0).padStart(6)} | ${s.deserializedMs.toFixed(0).padStart(4)}  ${s.file}`);
}
