/// <reference lib="webworker" />
// Counts the facets of an order's results off the main thread (docs/decisions/0020), so a filter
// change on 100,000 devices never blocks typing or scrolling.
import { computeFacets } from '#contract/results-filter/facets.ts';
import { searchText, type FilterableDevice } from '#contract/results-filter/filter.ts';
import type { FacetWorkerAnswer, FacetWorkerRequest } from './facet-protocol.ts';

let version = -1;
let devices: FilterableDevice[] = [];
let index: string[] = [];
let received = 0;
/** A count asked for before every chunk of its version arrived: answered once they have. */
let waiting: Extract<FacetWorkerRequest, { type: 'count' }> | null = null;

const scope = self as unknown as DedicatedWorkerGlobalScope;

function count(request: Extract<FacetWorkerRequest, { type: 'count' }>) {
  const result = computeFacets(devices, request.filter, index);
  const answer: FacetWorkerAnswer = { ...result, version, seq: request.seq };
  scope.postMessage(answer, [result.mask.buffer]);
}

scope.onmessage = (event: MessageEvent<FacetWorkerRequest>) => {
  const message = event.data;
  if (message.type === 'chunk') {
    if (message.version !== version) {
      version = message.version;
      devices = new Array<FilterableDevice>(message.total);
      index = new Array<string>(message.total);
      received = 0;
    }
    for (let i = 0; i < message.devices.length; i++) {
      const device = message.devices[i] as FilterableDevice;
      devices[message.offset + i] = device;
      index[message.offset + i] = searchText(device);
    }
    received += message.devices.length;
  } else if (message.version === version || message.version > version) {
    waiting = message;
  }
  // Only the newest count matters: older filters were superseded while data arrived.
  if (waiting && waiting.version === version && received === devices.length) {
    const request = waiting;
    waiting = null;
    count(request);
  }
};
