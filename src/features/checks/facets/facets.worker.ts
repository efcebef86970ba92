/// <reference lib="webworker" />
// Counts the facets of an order's results off the main thread (docs/decisions/0020), so a filter
// change on 100,000 devices never blocks typing or scrolling. The devices are kept as a columnar
// index (contract/results-filter/facet-index.ts): a recount of 100,000 takes a few milliseconds.
import {
  addDevices,
  countFacets,
  createFacetIndex,
  type FacetIndex,
} from '#contract/results-filter/facet-index.ts';
import type { FacetWorkerAnswer, FacetWorkerRequest } from './facet-protocol.ts';

let version = -1;
let index: FacetIndex = createFacetIndex(0);
let received = 0;
/** A count asked for before every chunk of its version arrived: answered once they have. */
let waiting: Extract<FacetWorkerRequest, { type: 'count' }> | null = null;

const scope = self as unknown as DedicatedWorkerGlobalScope;

function count(request: Extract<FacetWorkerRequest, { type: 'count' }>) {
  const result = countFacets(index, request.filter);
  const answer: FacetWorkerAnswer = { ...result, version, seq: request.seq };
  scope.postMessage(answer, [result.mask.buffer]);
}

scope.onmessage = (event: MessageEvent<FacetWorkerRequest>) => {
  const message = event.data;
  if (message.type === 'chunk') {
    if (message.version !== version) {
      version = message.version;
      index = createFacetIndex(message.total);
      received = 0;
    }
    addDevices(index, message.offset, message.devices);
    received += message.devices.length;
  } else if (message.version === version || message.version > version) {
    waiting = message;
  }
  // Only the newest count matters: older filters were superseded while data arrived.
  if (waiting && waiting.version === version && received === index.size) {
    const request = waiting;
    waiting = null;
    count(request);
  }
};
