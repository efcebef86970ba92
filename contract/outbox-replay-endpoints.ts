import { defineEndpoint } from './endpoint.ts';
import { outboxReplayInput, outboxReplayOutput } from './schemas/outbox.ts';

/**
 * The offline outbox's batch (docs/decisions/0027-outbox-batch-replay.md), which replays the other
 * endpoints' writes. Spread into endpoints.ts.
 */
export const outboxReplayEndpoints = {
  outboxReplay: defineEndpoint({
    path: '/api/outbox/replay',
    access: 'user',
    input: outboxReplayInput,
    output: outboxReplayOutput,
    // Up to 100 queued writes; one may carry a photo (the PWA sends a write over 1 MiB on its own).
    bodyLimit: 4 * 1024 * 1024,
    summary:
      "Applies the caller's queued offline writes in order, each under its own request_id and endpoint, stopping at the first refusal (decision 0027).",
  }),
};
