import { useEffect, useMemo, useRef, useState } from 'react';
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

function rowsOf(devices: readonly DeviceResultRow[], mask: Uint8Array): DeviceResultRow[] {
  const rows: DeviceResultRow[] = [];
  const n = Math.min(devices.length, mask.length);
  for (let i = 0; i < n; i++) if (mask[i] === 1) rows.push(devices[i] as DeviceResultRow);
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
  const sync = useMemo(
    () => (useWorker ? null : computeFacets(devices, filter)),
    [useWorker, devices, filter],
  );
  const worker = useFacetWorker(useWorker ? devices : null, filter);
  if (sync) {
    const { mask, ...counts } = sync;
    return { counts, rows: rowsOf(devices, mask), counting: false, answered: filter };
  }
  return worker;
}

interface WorkerResult {
  counts: FacetCounts;
  rows: readonly DeviceResultRow[];
  seq: number;
  filter: ResultFilter;
}

function useFacetWorker(devices: readonly DeviceResultRow[] | null, filter: ResultFilter): FacetsState {
  const workerRef = useRef<Worker | null>(null);
  const listRef = useRef<{ version: number; devices: readonly DeviceResultRow[] } | null>(null);
  const seqRef = useRef(0);
  const askedFilter = useRef<ResultFilter>({});
  const [result, setResult] = useState<WorkerResult | null>(null);
  const [asked, setAsked] = useState(0);
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
      setResult({ counts, rows: rowsOf(list.devices, mask), seq, filter: askedFilter.current });
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
    setAsked(seq);
  }, [devices, filter]);

  if (!result) return { counts: null, rows: devices ?? [], counting: true, answered: {} };
  return {
    counts: result.counts,
    rows: result.rows,
    counting: result.seq !== asked,
    answered: result.filter,
  };
}
