import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ServiceRow } from '#contract/schemas/checks-catalogue.ts';
import type { OrderWriteDatas } from '#contract/schemas/checks-orders.ts';
import { createTestServer } from '#tests/setup/server-harness.ts';
import { FakeCheckProvider, defaultFacts, testImei } from '#tests/setup/fake-check-provider.ts';
import { recount, storedRollup } from './recount.ts';
import { foldRepairCounts } from './repair-counts.ts';
import { endpoints } from '#contract/endpoints.ts';
import { callEndpoint } from '#tests/setup/call-endpoint.ts';

// Random cases per property, the same on PostgreSQL: the repairs property also asserts that its
// cases met a refresh in progress and a watched device, which 5 cases did not always do.
const CASES = 12;

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
          const list = await callEndpoint(s, endpoints.comboList, {}, { token });
          const codes = ['warranty', 'sale_country', 'activation_lock'];
          const ids = codes.map((c) => list.datas.list.find((r) => r.code === c)?.id as number);
          const orders: number[] = [];
          const deleted: number[] = [];
          let next = 1;
          for (const st of steps) {
            if (st.kind === 'create') {
              const identifiers = Array.from({ length: st.devices }, () => testImei(next++));
              const res = await callEndpoint(
                s,
                endpoints.orderCreate,
                { title: 'P', identifiers, service_ids: st.services.map((i) => ids[i]!) },
                { token },
              );
              if (res.errcode === 0) orders.push(res.datas.order_id);
            } else if (st.kind === 'add' && orders.length > 0) {
              const identifiers = Array.from({ length: st.devices }, () => testImei(next++));
              await callEndpoint(
                s,
                endpoints.orderAddDevices,
                { order_id: orders.at(-1)!, identifiers },
                { token },
              );
            } else if (st.kind === 'run') {
              await s.runner?.runOnce();
            } else if (st.kind === 'delete' && orders.length > 0) {
              const id = orders[0] as number;
              const res = await callEndpoint(s, endpoints.orderDelete, { order_id: id }, { token });
              if (res.errcode === 0) deleted.push(orders.shift() as number);
            } else if (st.kind === 'restore' && deleted.length > 0) {
              const id = deleted.pop() as number;
              const res = await callEndpoint(s, endpoints.orderRestore, { order_id: id }, { token });
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
      { numRuns: CASES },
    );
  }, 55_000);
});

type RepairStep =
  | { kind: 'intake'; lines: number; withIds: number; newBatch: boolean }
  | { kind: 'from_check'; devices: number }
  | { kind: 'refresh'; batch: boolean; pick: number }
  | { kind: 'time'; hours: number }
  | { kind: 'edit'; pick: number; repairId: boolean }
  | { kind: 'watch' | 'unwatch' | 'delete' | 'badge'; pick: number; count: number }
  | { kind: 'delete_batch'; pick: number }
  | { kind: 'monitors' }
  | { kind: 'fold' };

const pick = fc.nat({ max: 1000 });
// Weighted so that most runs end with devices in progress and watched ones (asserted below).
const repairStep: fc.Arbitrary<RepairStep> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('intake' as const),
      lines: fc.integer({ min: 1, max: 4 }),
      withIds: fc.integer({ min: 0, max: 4 }),
      newBatch: fc.boolean(),
    }),
  },
  fc.record({ kind: fc.constant('from_check' as const), devices: fc.integer({ min: 1, max: 2 }) }),
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('refresh' as const), batch: fc.boolean(), pick }) },
  {
    weight: 3,
    arbitrary: fc.record({ kind: fc.constant('time' as const), hours: fc.integer({ min: 2, max: 90 }) }),
  },
  fc.record({ kind: fc.constant('edit' as const), pick, repairId: fc.boolean() }),
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('watch' as const),
      pick,
      count: fc.integer({ min: 1, max: 3 }),
    }),
  },
  fc.record({
    kind: fc.constantFrom('unwatch' as const, 'delete' as const, 'badge' as const),
    pick,
    count: fc.integer({ min: 1, max: 3 }),
  }),
  fc.record({ kind: fc.constant('delete_batch' as const), pick }),
  fc.constant({ kind: 'monitors' as const }),
  fc.constant({ kind: 'fold' as const }),
);

describe('repair counters', () => {
  it('equal a full recount after random intakes, refreshes, edits, watches, deletions and monitor cycles', async () => {
    // Runs that ended with devices in progress / watched: the sequences must reach those states.
    let withProgress = 0;
    let withWatched = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(repairStep, { minLength: 4, maxLength: 20 }), async (steps) => {
        const s = await createTestServer({ checkProvider: new FakeCheckProvider() });
        try {
          const token = await s.session();
          const ok = async <D>(path: string, body: unknown): Promise<D> => {
            const r = await s.call<D>(path, body, { token });
            expect(r.errcode, `${path}: ${r.msg}`).toBe(0);
            return r.datas;
          };
          const services = await ok<{ list: ServiceRow[] }>(endpoints.comboList.path, {});
          const warranty = services.list.find((r) => r.code === 'warranty')?.id as number;
          const batches: number[] = [];
          const live = async () =>
            (
              await s.db
                .selectFrom('repair_devices')
                .select('id')
                .where('deleted_at', 'is', null)
                .orderBy('id')
                .execute()
            ).map((r) => r.id);
          const some = async (at: number, count: number) => {
            const ids = await live();
            return ids.length === 0
              ? []
              : [
                  ...new Set(
                    Array.from({ length: count }, (_, i) => ids[(at + i * 7) % ids.length] as number),
                  ),
                ];
          };
          const batch = async (fresh: boolean) => {
            if (fresh || batches.length === 0)
              batches.push((await ok<{ id: number }>(endpoints.repairBatchCreate.path, { title: 'P' })).id);
            return batches.at(-1) as number;
          };
          let next = 1;
          for (const st of steps) {
            if (st.kind === 'intake') {
              const lines = Array.from({ length: st.lines }, (_, i) => {
                const n = next++;
                return {
                  ident: testImei(n, '35391130'),
                  repair_ids: i < st.withIds ? ['R' + String(100_000_001 + n)] : [],
                };
              });
              await ok(endpoints.repairIntake.path, { batch_id: await batch(st.newBatch), lines });
            } else if (st.kind === 'from_check') {
              const identifiers = Array.from({ length: st.devices }, () => testImei(next++, '35391140'));
              const order = await ok<OrderWriteDatas>(endpoints.orderCreate.path, {
                title: 'P',
                identifiers,
                service_ids: [warranty],
              });
              await s.runner?.runOnce();
              const ids = await s.db
                .selectFrom('check_devices')
                .select('id')
                .where('order_id', '=', order.order_id)
                .execute();
              await ok(endpoints.repairIntakeFromCheck.path, {
                check_order_id: order.order_id,
                device_ids: ids.map((d) => d.id),
                batch_id: await batch(false),
              });
            } else if (st.kind === 'refresh') {
              const ids = await some(st.pick, 3);
              const body =
                st.batch && batches.length > 0
                  ? { batch_id: batches[st.pick % batches.length] }
                  : ids.length > 0
                    ? { device_ids: ids }
                    : null;
              if (body) await callEndpoint(s, endpoints.repairRefresh, body, { token });
              await s.repairs.runner.runOnce();
            } else if (st.kind === 'time') {
              s.clock.advance(st.hours * 3600_000);
            } else if (st.kind === 'edit') {
              const [id] = await some(st.pick, 1);
              if (id)
                // A new repair id starts the device's progress again from nothing.
                await ok(endpoints.repairDeviceEdit.path, {
                  device_id: id,
                  ...(st.repairId
                    ? { repair_ids: ['R' + String(200_000_001 + next++)] }
                    : { customer_name: `客户${next++}` }),
                });
            } else if (st.kind === 'delete_batch') {
              if (batches.length > 0) {
                const [id] = batches.splice(st.pick % batches.length, 1);
                await ok(endpoints.repairBatchDelete.path, { batch_id: id });
              }
            } else if (st.kind === 'monitors') {
              await s.repairs.scheduler.runCycle();
            } else if (st.kind === 'fold') {
              // PostgreSQL's deltas into the folded counters (SQLite keeps none).
              await foldRepairCounts(s.db, s.handle.dialect);
            } else {
              const ids = await some(st.pick, st.count);
              if (ids.length === 0) continue;
              const path = {
                watch: endpoints.monitorWatch.path,
                unwatch: endpoints.monitorUnwatch.path,
                delete: endpoints.repairDeviceDelete.path,
                badge: endpoints.repairBadgeChange.path,
              }[st.kind];
              // Not asserted: a watch may pass the VIP cap, a badge move may be refused.
              await s.call(
                path,
                { device_ids: ids, ...(st.kind === 'badge' ? { badge: 'to_ship' } : {}) },
                { token },
              );
            }
          }
          const stored = await storedRollup(s.db);
          expect(stored.repairCounts).toEqual((await recount(s.db)).repairCounts);
          expect(stored).toEqual(await recount(s.db));
          const keys = [...stored.repairCounts.keys()];
          if (keys.some((k) => k.includes('progress'))) withProgress++;
          if (keys.some((k) => k.includes('watched'))) withWatched++;
        } finally {
          await s.close();
        }
      }),
      // One fixed run besides the random ones reaches both states, so the coverage check below does not
      // hang on the draw (12 random runs once ended with no device watched, CI 2026-11-28).
      {
        numRuns: CASES,
        examples: [
          [
            [
              { kind: 'intake', lines: 3, withIds: 3, newBatch: true },
              { kind: 'refresh', batch: true, pick: 0 },
              { kind: 'time', hours: 2 },
              { kind: 'watch', pick: 0, count: 3 },
            ],
          ],
        ],
      },
    );
    expect(withProgress).toBeGreaterThan(0);
    expect(withWatched).toBeGreaterThan(0);
  }, 90_000);
});
