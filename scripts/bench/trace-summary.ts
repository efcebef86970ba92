// What one page open did, read from a Chromium trace (bench:page-trace): the page renderer's main
// thread task by task, how busy each thread of the renderer and the browser was, and what the
// renderer's background threads spent on each script (streamed and compiled from source, or
// deserialized from V8's code cache). Pure functions over the trace's events.

export interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  pid: number;
  tid: number;
  dur?: number;
  args?: { name?: string; data?: Record<string, unknown>; fileName?: string };
}

/** The page's navigation: its start (µs, trace clock) and its renderer process. */
export function pageNavigation(events: TraceEvent[], urlPart: string): { t0: number; pid: number } | null {
  const starts = events.filter(
    (e) => e.name === 'navigationStart' && String(e.args?.data?.documentLoaderURL ?? '').includes(urlPart),
  );
  const last = starts.at(-1);
  return last ? { t0: last.ts, pid: last.pid } : null;
}

const threadKey = (e: { pid: number; tid: number }) => `${e.pid}:${e.tid}`;

/** Thread names by `pid:tid`, and process names by pid. */
function names(events: TraceEvent[]): { threads: Map<string, string>; processes: Map<number, string> } {
  const threads = new Map<string, string>();
  const processes = new Map<number, string>();
  for (const e of events) {
    if (e.ph !== 'M') continue;
    if (e.name === 'thread_name') threads.set(threadKey(e), e.args?.name ?? '?');
    if (e.name === 'process_name') processes.set(e.pid, e.args?.name ?? '?');
  }
  return { threads, processes };
}

/** Complete slices that end after `from` and start before `to` (µs, trace clock). */
const slicesIn = (events: TraceEvent[], from: number, to: number) =>
  events.filter((e) => e.ph === 'X' && e.dur !== undefined && e.ts < to && e.ts + e.dur > from);

/** The outermost slices of one thread, in time order (a slice inside another is not counted twice). */
function outermost(slices: TraceEvent[]): TraceEvent[] {
  const sorted = [...slices].sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  const top: TraceEvent[] = [];
  let end = -Infinity;
  for (const e of sorted) {
    if (e.ts < end) continue;
    top.push(e);
    end = e.ts + e.dur!;
  }
  return top;
}

export interface ThreadBusy {
  process: string;
  thread: string;
  busyMs: number;
}

/** How long each thread ran a task within [fromMs, toMs] of the navigation, busiest first. */
export function threadBusy(events: TraceEvent[], t0: number, fromMs: number, toMs: number): ThreadBusy[] {
  const { threads, processes } = names(events);
  const from = t0 + fromMs * 1000;
  const to = t0 + toMs * 1000;
  const byThread = new Map<string, TraceEvent[]>();
  for (const e of slicesIn(events, from, to))
    byThread.set(threadKey(e), [...(byThread.get(threadKey(e)) ?? []), e]);
  return [...byThread]
    .map(([key, slices]) => ({
      process: `${processes.get(Number(key.split(':')[0])) ?? '?'} ${key.split(':')[0]}`,
      thread: threads.get(key) ?? key,
      busyMs:
        outermost(slices).reduce((sum, e) => sum + Math.min(e.ts + e.dur!, to) - Math.max(e.ts, from), 0) /
        1000,
    }))
    .sort((a, b) => b.busyMs - a.busyMs);
}

export interface MainTask {
  atMs: number;
  durMs: number;
  /** The notable work inside it: scripts run, style, layout, with their times. */
  inside: string;
}

const NOTABLE = new Set([
  'ParseHTML',
  'EvaluateScript',
  'v8.evaluateModule',
  'FunctionCall',
  'UpdateLayoutTree',
  'Layout',
  'Paint',
  'ParseAuthorStyleSheet',
  'MinorGC',
  'MajorGC',
]);

/** The page renderer's main-thread tasks of `minMs` or more within [0, toMs] of the navigation. */
export function mainThreadTasks(
  events: TraceEvent[],
  nav: { t0: number; pid: number },
  toMs: number,
  minMs = 8,
): MainTask[] {
  const { threads } = names(events);
  const main = [...threads].find(([key, name]) => name === 'CrRendererMain' && key.startsWith(`${nav.pid}:`));
  if (!main) return [];
  const slices = slicesIn(events, nav.t0, nav.t0 + toMs * 1000).filter((e) => threadKey(e) === main[0]);
  return outermost(slices)
    .filter((task) => task.dur! >= minMs * 1000)
    .map((task) => {
      const inner = slices.filter(
        (e) =>
          NOTABLE.has(e.name) && e.ts >= task.ts && e.ts + e.dur! <= task.ts + task.dur! && e.dur! >= 2000,
      );
      const inside = outermost(inner)
        .map((e) => `${e.name}${scriptName(e) ? `(${scriptName(e)})` : ''} ${(e.dur! / 1000).toFixed(0)}`)
        .join(', ');
      return { atMs: (task.ts - nav.t0) / 1000, durMs: task.dur! / 1000, inside };
    });
}

/** The file name of the script a slice is about, if any. */
function scriptName(e: TraceEvent): string {
  const url = String(e.args?.data?.url ?? e.args?.fileName ?? '');
  return url ? (url.split('/').pop() ?? '') : '';
}

export interface ScriptWork {
  file: string;
  /** Wall time of its streaming (waiting for its bytes, parsing and compiling) on a background thread. */
  streamedMs: number;
  /** Wall time of deserializing its code cache on a background thread. */
  deserializedMs: number;
}

/** Per script of the page's renderer, within [0, toMs]: streamed from source or from the code cache. */
export function scriptWork(
  events: TraceEvent[],
  nav: { t0: number; pid: number },
  toMs: number,
): ScriptWork[] {
  const work = new Map<string, ScriptWork>();
  for (const e of slicesIn(events, nav.t0, nav.t0 + toMs * 1000)) {
    if (e.pid !== nav.pid) continue;
    const streamed = e.name === 'v8.parseOnBackground';
    const deserialized = e.name === 'v8.deserializeOnBackground';
    if (!streamed && !deserialized) continue;
    const file = scriptName(e);
    const entry = work.get(file) ?? { file, streamedMs: 0, deserializedMs: 0 };
    if (streamed) entry.streamedMs += e.dur! / 1000;
    else entry.deserializedMs += e.dur! / 1000;
    work.set(file, entry);
  }
  return [...work.values()].sort(
    (a, b) => b.streamedMs + b.deserializedMs - (a.streamedMs + a.deserializedMs),
  );
}
