// One page opened in a new tab, seen by bench:pages (scripts/bench/pages.ts): its clock, its critical
// path, its main thread and its API calls. Figures that do not move with the machine's load (requests,
// bytes, chunk waterfalls, CPU time) beside the ones that do (milliseconds from the navigation start).
import type { Page } from '@playwright/test';
import { startToShell } from './shell-watch.ts';
import { selfTimes, selfTimesByFile, startCpuProfile } from './cpu-profile.ts';

/** The app's boot marks (src/app/boot-marks.ts, query-persistence.ts), in the order they happen. */
export const BOOT_STEPS = [
  ['boot', 'repairops:boot'],
  ['catalogs', 'repairops:catalogs'],
  ['data layer', 'repairops:data-layer'],
  ['render', 'repairops:render'],
  ['route code', 'repairops:route-code'],
  ['page data', 'repairops:page-data'],
  ['restore from', 'repairops:cache-restore-start'],
  ['restore to', 'repairops:cache-restored'],
] as const;

export interface PageOpen {
  /** Navigation start → the shell's first frame. */
  shellMs: number;
  /** Navigation start → the page shown with its data: the shell and the last API answer of the open. */
  readyMs: number;
  /** Navigation start → each boot mark (absent: not reached). */
  marks: Record<string, number>;
  /** Navigation start → the first API request sent, and the HTML's answer. */
  firstApiMs: number;
  htmlMs: number;
  /** Requests of any kind started before the page was ready. */
  requestsBefore: number;
  /** JavaScript and CSS started before the page was ready: files and decoded bytes. */
  js: { files: number; bytes: number };
  css: { files: number; bytes: number };
  /** The longest chain of JS/CSS files each asked for by the previous one (A loads, then B). */
  chain: string[];
  /** Main thread CPU time over the open until settled (Performance metrics in thread ticks), ms. */
  taskMs: number;
  scriptMs: number;
  layoutMs: number;
  /** Long tasks (> 50 ms) before the page was ready: their count and total. */
  longTasks: { count: number; ms: number };
  /** "path body" of every API call of the open. */
  apiCalls: string[];
  /** Each API call's path, start and end (ms from the navigation start): `CALLS=1` prints them. */
  apiTimes: { path: string; start: number; end: number }[];
  /** Characters of the persisted query cache the open restored (IndexedDB), and its queries. */
  persisted: { chars: number; queries: number };
  /** The code files started before ready, with their decoded sizes. */
  codeFiles: { file: string; bytes: number }[];
}

/** Runs in every new document: keeps the long tasks for the bench (the timeline does not buffer them). */
export function watchLongTasks(): void {
  const tasks: [number, number][] = [];
  (window as unknown as { __benchLongTasks: [number, number][] }).__benchLongTasks = tasks;
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) tasks.push([e.startTime, e.duration]);
    }).observe({ type: 'longtask' });
  } catch {
    // no long task timing: none counted
  }
}

interface Initiator {
  type: string;
  url?: string;
  stack?: { callFrames: { url: string }[]; parent?: Initiator['stack'] };
}

/** The file that asked for a request: the parser's document, or the script on top of the stack. */
function initiatorUrl(initiator: Initiator): string | undefined {
  if (initiator.url) return initiator.url;
  for (let stack = initiator.stack; stack; stack = stack.parent)
    for (const frame of stack.callFrames) if (frame.url) return frame.url;
  return undefined;
}

const isCode = (url: string) => /\/assets\/[^?]+\.(js|css)(\?|$)/.test(url);
const shortName = (url: string) => new URL(url).pathname.replace(/^\/assets\//, '');

/** The longest run of code files each started by the previous one, from the requests' initiators. */
function longestChain(askedBy: Map<string, string | undefined>, files: string[]): string[] {
  const memo = new Map<string, string[]>();
  const chainTo = (url: string, seen: Set<string>): string[] => {
    const known = memo.get(url);
    if (known) return known;
    const parent = askedBy.get(url);
    const chain =
      parent && isCode(parent) && !seen.has(parent) && askedBy.has(parent)
        ? [...chainTo(parent, new Set(seen).add(url)), url]
        : [url];
    memo.set(url, chain);
    return chain;
  };
  let best: string[] = [];
  for (const f of files) {
    const chain = chainTo(f, new Set());
    if (chain.length > best.length) best = chain;
  }
  return best.map(shortName);
}

/**
 * Opens `url` in `tab` (a new tab of a context watched by watchForShellIn), settles and measures.
 * `profile`: a file to write the main thread's CPU profile of the open to, its top self times printed.
 */
export async function measureOpen(
  tab: Page,
  url: string,
  settleMs: number,
  profile?: string,
): Promise<PageOpen> {
  const profiler = profile ? await startCpuProfile(tab) : null;
  const cdp = await tab.context().newCDPSession(tab);
  // Thread time, not wall time: what the main thread ran, whatever else the machine's cores ran.
  await cdp.send('Performance.enable', { timeDomain: 'threadTicks' });
  await cdp.send('Network.enable');
  const askedBy = new Map<string, string | undefined>();
  cdp.on('Network.requestWillBeSent', (e) => {
    if (!askedBy.has(e.request.url)) askedBy.set(e.request.url, initiatorUrl(e.initiator as Initiator));
  });
  const apiCalls: string[] = [];
  tab.on('request', (r) => {
    const u = new URL(r.url());
    if (u.pathname.startsWith('/api/')) apiCalls.push(`${u.pathname} ${r.postData() ?? ''}`);
  });
  const metric = async () => {
    const { metrics } = await cdp.send('Performance.getMetrics');
    return Object.fromEntries(metrics.map((m) => [m.name, m.value]));
  };
  const before = await metric();
  const start = await startToShell(tab, url);
  await tab.waitForTimeout(settleMs);
  const after = await metric();
  if (profiler && profile) {
    const cpu = await profiler.stop(profile);
    const line = (rows: { ms: number }[], label: (r: never) => string) =>
      rows.map((r) => `${r.ms.toFixed(0)} ms ${label(r as never)}`).join(', ');
    process.stdout.write(
      `    profile ${profile}: by file ${line(selfTimesByFile(cpu, 8), (r: { file: string }) => r.file)}\n`,
    );
    process.stdout.write(
      `      by function ${line(selfTimes(cpu, 10), (r: { name: string; where: string }) => `${r.name} ${r.where}`)}\n`,
    );
  }
  const page = await tab.evaluate(() => {
    const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
    return {
      resources: resources.map((r) => ({
        name: r.name,
        start: r.startTime,
        end: r.responseEnd,
        bytes: r.decodedBodySize,
      })),
      marks: performance.getEntriesByType('mark').map((m) => [m.name, m.startTime] as const),
      htmlMs: nav?.responseEnd ?? 0,
      longTasks: (window as unknown as { __benchLongTasks?: [number, number][] }).__benchLongTasks ?? [],
    };
  });
  await cdp.detach();
  const persisted = await tab.evaluate(
    () =>
      new Promise<{ chars: number; queries: number }>((resolve) => {
        const none = { chars: 0, queries: 0 };
        const open = indexedDB.open('repairops-query-cache');
        open.onerror = () => resolve(none);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('queries')) return resolve(none);
          // A record per query (`query:<user>:<hash>`) beside each user's snapshot (src/app/query-store.ts).
          const store = db.transaction('queries').objectStore('queries');
          const keys = store.getAllKeys();
          const all = store.getAll();
          all.onerror = () => resolve(none);
          all.onsuccess = () => {
            const texts = (all.result as unknown[]).filter((v): v is string => typeof v === 'string');
            const chars = texts.reduce((n, t) => n + t.length, 0);
            const queries = keys.result.filter((key) => String(key).startsWith('query:')).length;
            db.close();
            resolve({ chars, queries });
          };
        };
      }),
  );
  const api = page.resources.filter((r) => new URL(r.name).pathname.startsWith('/api/'));
  const readyMs = Math.max(start.pageMs, ...api.map((r) => r.end));
  const before_ = page.resources.filter((r) => r.start < readyMs);
  const code = (ext: string) => before_.filter((r) => new URL(r.name).pathname.endsWith(ext));
  const sum = (rs: { bytes: number }[]) => rs.reduce((s, r) => s + r.bytes, 0);
  const codeFiles = before_.map((r) => r.name).filter(isCode);
  const longBefore = page.longTasks.filter(([s]) => s < readyMs);
  const marks: Record<string, number> = {};
  for (const [name, at] of page.marks)
    if (name.startsWith('repairops:') && !(name in marks)) marks[name] = at;
  const cpu = (name: string) => ((after[name] ?? 0) - (before[name] ?? 0)) * 1000;
  return {
    shellMs: start.pageMs,
    readyMs,
    marks,
    firstApiMs: api.length ? Math.min(...api.map((r) => r.start)) : NaN,
    htmlMs: page.htmlMs,
    requestsBefore: before_.length,
    js: { files: code('.js').length, bytes: sum(code('.js')) },
    css: { files: code('.css').length, bytes: sum(code('.css')) },
    chain: longestChain(askedBy, codeFiles),
    taskMs: cpu('TaskDuration'),
    scriptMs: cpu('ScriptDuration'),
    layoutMs: cpu('LayoutDuration') + cpu('RecalcStyleDuration'),
    longTasks: { count: longBefore.length, ms: longBefore.reduce((s, [, d]) => s + d, 0) },
    apiCalls,
    apiTimes: api.map((r) => ({ path: new URL(r.name).pathname, start: r.start, end: r.end })),
    persisted,
    codeFiles: before_
      .filter((r) => isCode(r.name))
      .map((r) => ({ file: shortName(r.name), bytes: r.bytes })),
  };
}
