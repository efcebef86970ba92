// bench:page-trace's reading of a trace, on a small hand-made one: the page's navigation and
// renderer, outermost tasks only (nested slices are not counted twice), busy time clipped to the
// window, and each script's background work sorted by cost.
import { describe, expect, it } from 'vitest';
import { mainThreadTasks, pageNavigation, scriptWork, threadBusy, type TraceEvent } from './trace-summary.ts';

const PAGE = 7;
const meta = (pid: number, tid: number, name: string): TraceEvent => ({
  name: 'thread_name',
  ph: 'M',
  ts: 0,
  pid,
  tid,
  args: { name },
});
const slice = (tid: number, name: string, atMs: number, durMs: number, url?: string): TraceEvent => ({
  name,
  ph: 'X',
  ts: 1_000_000 + atMs * 1000,
  dur: durMs * 1000,
  pid: PAGE,
  tid,
  ...(url ? { args: { data: { url } } } : {}),
});

const events: TraceEvent[] = [
  meta(PAGE, 1, 'CrRendererMain'),
  meta(PAGE, 2, 'ThreadPoolForegroundWorker'),
  { name: 'process_name', ph: 'M', ts: 0, pid: PAGE, tid: 0, args: { name: 'Renderer' } },
  {
    name: 'navigationStart',
    ph: 'R',
    ts: 1_000_000,
    pid: PAGE,
    tid: 1,
    args: { data: { documentLoaderURL: 'http://x/#/app/pointrecord' } },
  },
  slice(1, 'RunTask', 10, 40),
  slice(1, 'EvaluateScript', 12, 30, 'http://x/assets/framework-vendor.js'),
  slice(1, 'FunctionCall', 14, 20, 'http://x/assets/framework-vendor.js'),
  slice(1, 'RunTask', 60, 5),
  slice(1, 'RunTask', 90, 30),
  slice(1, 'Layout', 95, 20),
  slice(2, 'v8.parseOnBackground', 5, 50, 'http://x/assets/index.js'),
  slice(2, 'v8.deserializeOnBackground', 60, 10, 'http://x/assets/mantine-vendor.js'),
  slice(2, 'v8.parseOnBackground', 80, 5, 'http://x/assets/index.js'),
];

describe('trace summary', () => {
  const nav = pageNavigation(events, '/app/pointrecord')!;

  it("finds the page's navigation and renderer", () => {
    expect(nav).toEqual({ t0: 1_000_000, pid: PAGE });
    expect(pageNavigation(events, '/app/history')).toBeNull();
  });

  it('lists the main thread tasks over the threshold with the outermost notable work inside', () => {
    expect(mainThreadTasks(events, nav, 200, 8)).toEqual([
      { atMs: 10, durMs: 40, inside: 'EvaluateScript(framework-vendor.js) 30' },
      { atMs: 90, durMs: 30, inside: 'Layout 20' },
    ]);
  });

  it('counts each thread once per moment, clipped to the window', () => {
    const busy = threadBusy(events, nav.t0, 0, 100);
    expect(busy.find((t) => t.thread === 'CrRendererMain')?.busyMs).toBe(40 + 5 + 10);
    expect(busy.find((t) => t.thread === 'ThreadPoolForegroundWorker')?.busyMs).toBe(50 + 10 + 5);
    expect(busy[0]!.process).toBe(`Renderer ${PAGE}`);
  });

  it("sums each script's streaming and deserializing, costliest first", () => {
    expect(scriptWork(events, nav, 200)).toEqual([
      { file: 'index.js', streamedMs: 55, deserializedMs: 0 },
      { file: 'mantine-vendor.js', streamedMs: 0, deserializedMs: 10 },
    ]);
  });
});
