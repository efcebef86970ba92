import { startTransition, useEffect, useMemo, useRef, useState } from 'react';
import { computeFacets, type FacetCounts } from '#contract/results-filter/facets.ts';
import type { ResultFilter } from '#contract/results-filter/filter.ts';
import type { DeviceResultRow } from '#contract/schemas/checks-results.ts';
import { toFilterable, type FacetWorkerAnswer, type FacetWorkerRequest } from './facet-protocol.ts';

/** Below this many devices counting on the main thread takes well under a frame: no worker. */
export const WORKER_THRESHOLD = 2000;
/** Devices per message to the worker (each clone a few milliseconds). */
const CHUNK = 5000;

export interface FacetsState {
  counts: FacetCounts | null;
  /** The devices passing every filter, in list order. */
  rows: readonly DeviceResultRow[];
  /** A recount is under way: counts and rows are the previous ones. */
  counting: boolean;
  /** The filter `rows` and `counts` answer (the previous one while counting). */
  answered: ResultFilter;
}

const yieldToPage = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** The devices the mask keeps, in list order; `matched` (the mask's ones) sizes the array once. */
function rowsOf(devices: readonly DeviceResultRow[], mask: Uint8Array, matched: number): DeviceResultRow[] {
  if (matched === devices.length) return devices as DeviceResultRow[];
  const rows = new Array<DeviceResultRow>(matched);
  const n = Math.min(devices.length, mask.length);
  let k = 0;
  for (let i = 0; i < n && k < matched; i++) if (mask[i] === 1) rows[k++] = devices[i] as DeviceResultRow;
  rows.length = k;
  return rows;
}

/**
 * Counts and filters an order's results. Large lists are counted in a Web Worker: the devices go to
 * it once per list (in chunks, yielding between them), then each filter change costs one small
 * message; small lists, and browsers (or tests) without workers, count on the main thread.
 */
export function useFacets(devices: readonly DeviceResultRow[], given: ResultFilter): FacetsState {
  // The route hands a new object on every render: the same filter must not count again.
  const key = JSON.stringify(given);
  const filter = useMemo(() => JSON.parse(key) as ResultFilter, [key]);
  const useWorker = typeof Worker !== 'undefined' && devices.length >= WORKER_THRESHOLD;
  // Memoised as a whole: the same rows array and counts object until the list or filter changes,
  // so the memoised table and filter groups skip re-rendering on unrelated renders.
  const sync = useMemo((): FacetsState | null => {
    if (useWorker) return null;
    const { mask, ...counts } = computeFacets(devices, filter);
    return { counts, rows: rowsOf(devices, mask, counts.matched), counting: false, answered: filter };
  }, [useWorker, devices, filter]);
  const worker = useFacetWorker(useWorker ? devices : null, filter);
  return sync ?? worker;
}

interface WorkerResult {
  counts: FacetCounts;
  rows: readonly DeviceResultRow[];
  /** The list and filter answered: counting while either differs from the current ones. */
  devices: readonly DeviceResultRow[];
  filter: ResultFilter;
}

function useFacetWorker(devices: readonly DeviceResultRow[] | null, filter: ResultFilter): FacetsState {
  const workerRef = useRef<Worker | null>(null);
  const listRef = useRef<{ version: number; devices: readonly DeviceResultRow[] } | null>(null);
  const seqRef = useRef(0);
  const askedFilter = useRef<ResultFilter>({});
  const [result, setResult] = useState<WorkerResult | null>(null);
  const active = devices !== null;

  useEffect(() => {
    if (!active) return;
    const worker = new Worker(new URL('./facets.worker.ts', import.meta.url), { type: 'module' });
    workerRef.current = worker;
    worker.onmessage = (event: MessageEvent<FacetWorkerAnswer>) => {
      const { mask, version, seq, ...counts } = event.data;
      const list = listRef.current;
      // An answer about an older list or filter is dropped: a newer one is on its way.
      if (!list || list.version !== version || seq !== seqRef.current) return;
      performance.mark('checks:facets-counted');
      const next = {
        counts,
        rows: rowsOf(list.devices, mask, counts.matched),
        devices: list.devices,
        filter: askedFilter.current,
      };
      // A transition: React renders the new counts and rows in slices, yielding to input between
      // them, so a 100,000-device answer never holds the main thread for long (bench:facets).
      startTransition(() => setResult(next));
    };
    return () => {
      worker.terminate();
      workerRef.current = null;
      listRef.current = null;
    };
  }, [active]);

  // A new list: send it over in chunks, yielding to the page between them.
  useEffect(() => {
    const worker = workerRef.current;
    if (!devices || !worker) return;
    const version = (listRef.current?.version ?? 0) + 1;
    listRef.current = { version, devices };
    let cancelled = false;
    void (async () => {
      for (let offset = 0; offset < devices.length && !cancelled; offset += CHUNK) {
        const chunk = devices.slice(offset, offset + CHUNK).map(toFilterable);
        const message: FacetWorkerRequest = {
          type: 'chunk',
          version,
          offset,
          total: devices.length,
          devices: chunk,
        };
        worker.postMessage(message);
        await yieldToPage();
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [devices]);

  // Every filter (or list) change: one count request.
  useEffect(() => {
    const worker = workerRef.current;
    const list = listRef.current;
    if (!worker || !list) return;
    const seq = ++seqRef.current;
    askedFilter.current = filter;
    const message: FacetWorkerRequest = { type: 'count', version: list.version, seq, filter };
    worker.postMessage(message);
  }, [devices, filter]);

  // One object per answer and per "counting" flip: the page's memoised parts compare it by parts.
  const counting = !result || result.devices !== devices || result.filter !== filter;
  return useMemo(
    () =>
      result
        ? { counts: result.counts, rows: result.rows, counting, answered: result.filter }
        : { counts: null, rows: devices ?? EMPTY, counting: true, answered: NO_FILTER },
    [result, counting, devices],
  );
}

const EMPTY: readonly DeviceResultRow[] = [];
const NO_FILTER: ResultFilter = {};
