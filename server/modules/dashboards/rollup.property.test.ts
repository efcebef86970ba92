import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ServiceRow } from '#contract/schemas/checks-catalogue.ts';
import type { OrderWriteDatas } from '#contract/schemas/checks-orders.ts';
import { createTestServer } from '#tests/setup/server-harness.ts';
import { FakeCheckProvider, defaultFacts, testImei } from '#tests/setup/fake-check-provider.ts';
import { recount, storedRollup } from './recount.ts';

type Step =
  | { kind: 'create'; devices: number; services: number[] }
  | { kind: 'add'; devices: number }
  | { kind: 'run' }
  | { kind: 'delete' }
  | { kind: 'restore' }
  | { kind: 'day' };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('create' as const),
    devices: fc.integer({ min: 1, max: 4 }),
    services: fc.subarray([0, 1, 2], { minLength: 1 }),
  }),
  fc.record({ kind: fc.constant('add' as const), devices: fc.integer({ min: 1, max: 3 }) }),
  fc.constant({ kind: 'run' as const }),
  fc.constant({ kind: 'delete' as const }),
  fc.constant({ kind: 'restore' as const }),
  fc.constant({ kind: 'day' as const }),
);

describe('dashboard rollup', () => {
  it('equals a full recount after random orders, results, refunds, deletions and restores', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 3, maxLength: 14 }), fc.integer(), async (steps, seed) => {
        const provider = new FakeCheckProvider();
        let n = Math.abs(seed);
        // Some checks fail (their shares refunded), facts differ from device to device.
        provider.onPoll = (ticket) => {
          const req = provider.requestOf(ticket);
          if (!req) return { kind: 'failed', reason: 'no such ticket', retryable: false };
          n = (n * 1103515245 + 12345) % 2147483648;
          if (n % 5 === 0) return { kind: 'failed', reason: 'sandbox says no', retryable: false };
          return {
            kind: 'done',
            facts: {
              ...defaultFacts(req),
              model: ['iPhone 13', 'iPhone 15'][n % 2] as string,
              colour: 'Blue',
            },
            cost: 10,
          };
        };
        const s = await createTestServer({ checkProvider: provider });
        try {
          const token = await s.session();
          const list = await s.call<{ list: ServiceRow[] }>('/api/checks/combo_list', {}, { token });
          const codes = ['warranty', 'sale_country', 'activation_lock'];
          const ids = codes.map((c) => list.datas.list.find((r) => r.code === c)?.id as number);
          const orders: number[] = [];
          const deleted: number[] = [];
          let next = 1;
          for (const st of steps) {
            if (st.kind === 'create') {
              const identifiers = Array.from({ length: st.devices }, () => testImei(next++));
              const res = await s.call<OrderWriteDatas>(
                '/api/checks/order_create',
                { title: 'P', identifiers, service_ids: st.services.map((i) => ids[i]) },
                { token },
              );
              if (res.errcode === 0) orders.push(res.datas.order_id);
            } else if (st.kind === 'add' && orders.length > 0) {
              const identifiers = Array.from({ length: st.devices }, () => testImei(next++));
              await s.call(
                '/api/checks/order_add_devices',
                { order_id: orders.at(-1), identifiers },
                { token },
              );
            } else if (st.kind === 'run') {
              await s.runner?.runOnce();
            } else if (st.kind === 'delete' && orders.length > 0) {
              const id = orders[0] as number;
              const res = await s.call('/api/checks/order_delete', { order_id: id }, { token });
              if (res.errcode === 0) deleted.push(orders.shift() as number);
            } else if (st.kind === 'restore' && deleted.length > 0) {
              const id = deleted.pop() as number;
              const res = await s.call('/api/checks/order_restore', { order_id: id }, { token });
              if (res.errcode === 0) orders.push(id);
            } else if (st.kind === 'day') {
              s.clock.advance(20 * 3600_000);
            }
          }
          expect(await storedRollup(s.db)).toEqual(await recount(s.db));
        } finally {
          await s.close();
        }
      }),
      { numRuns: 12 },
    );
  }, 55_000);
});
