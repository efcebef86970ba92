import { queryOptions } from '@tanstack/react-query';
import { endpoints } from '#contract/endpoint-paths.generated.ts';
import type { DeviceResultRow } from '#contract/schemas/checks-results.ts';
import { callApi } from '#src/lib/api/client.ts';
import { restoredFirst } from '#src/lib/query/restore-gate.ts';
import { mergeChangedDevices } from '../model/merge-devices.ts';
import { checksKeys } from './keys.ts';

/** The devices of an order as cached: the whole list and the cursor of the answer that built it. */
export interface OrderResults {
  devices: readonly DeviceResultRow[];
  server_ms: number;
}

/**
 * The results of an order. The first fetch takes every device; every later fetch (a refetch after
 * a progress event or a poll) asks only for what changed since the cached answer and merges it in,
 * so following a 10,000-device order costs a few rows per call.
 */
export const orderResultsQuery = (orderId: number) =>
  queryOptions({
    queryKey: checksKeys.results(orderId),
    queryFn: async ({ client, signal, queryKey }): Promise<OrderResults> => {
      // The cached copy first, if it is still being read from the device: then only what changed.
      await restoredFirst(client, queryKey);
      const previous = client.getQueryData<OrderResults>(queryKey);
      const answer = await callApi(
        endpoints.orderResults,
        previous ? { order_id: orderId, changed_since: previous.server_ms } : { order_id: orderId },
        { signal },
      );
      // For the table bench and performance tools: the data is here, the render starts.
      performance.mark('checks:results-data');
      if (!previous) return answer;
      return { devices: mergeChangedDevices(previous.devices, answer.devices), server_ms: answer.server_ms };
    },
    // Incremental, so cheap: an order opened again catches up at once.
    refetchOnMount: 'always',
  });
