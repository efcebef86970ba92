import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { ErrCode } from '#contract/errcodes.ts';
import { setRestoreGate } from '#src/lib/query/restore-gate.ts';
import { mswServer } from '#tests/setup/web.ts';
import { checksKeys } from './keys.ts';
import { orderResultsQuery } from './results-api.ts';

/** The bodies of the results calls, answered with no change. */
function recordResultsCalls(): unknown[] {
  const bodies: unknown[] = [];
  mswServer.use(
    http.post('*/api/checks/order_results', async ({ request }) => {
      bodies.push(await request.json());
      return HttpResponse.json({ errcode: ErrCode.OK, msg: '', datas: { devices: [], server_ms: 9 } });
    }),
  );
  return bodies;
}

describe("an order's results, asked for while the cached copy is being read (decision 0064)", () => {
  it('waits for the cached copy, then asks only for what changed since it', async () => {
    const bodies = recordResultsCalls();
    const client = new QueryClient();
    // The data layer's gate: the big record is read from the device, then put in the cache.
    setRestoreGate(client, async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
      client.setQueryData(checksKeys.results(7), { devices: [], server_ms: 5 });
    });
    await client.fetchQuery(orderResultsQuery(7));
    expect(bodies).toEqual([{ order_id: 7, changed_since: 5 }]);
  });

  it('asks for the whole order when nothing is cached', async () => {
    const bodies = recordResultsCalls();
    await new QueryClient().fetchQuery(orderResultsQuery(7));
    expect(bodies).toEqual([{ order_id: 7 }]);
  });
});
