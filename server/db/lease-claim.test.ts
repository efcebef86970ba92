// claimLeased on both job tables, on a real database (SQLite, and PostgreSQL in the node-pg project):
// which jobs a claim takes, in which order it looks for them, what it writes, and that a live lease
// is never taken while an expired one is.
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { ServiceRow } from '#contract/schemas/checks-catalogue.ts';
import { FakeCheckProvider, testImei } from '#tests/setup/fake-check-provider.ts';
import { createTestServer, type TestServer } from '#tests/setup/server-harness.ts';
import { claimLeased, type LeasedJobTable, type LeasedQueue } from './lease-claim.ts';
import { endpoints } from '#contract/endpoints.ts';
import { callEndpoint } from '#tests/setup/call-endpoint.ts';

let s: TestServer;
let token: string;
beforeEach(async () => {
  s = await createTestServer({ checkProvider: new FakeCheckProvider() });
  token = await s.session();
});
afterEach(() => s.close());

const queue = (table: LeasedJobTable, due: LeasedQueue['due']): LeasedQueue => ({
  table,
  dialect: s.handle.dialect,
  due,
});

/** Claims and answers the leased ids (ascending) with the lease end `read` was given. */
async function claim(q: LeasedQueue, owner: string, limit: number, leaseMs = 1000) {
  let until = 0;
  const ids = await claimLeased(
    s.db,
    q,
    { owner, now: s.clock.now(), leaseMs, limit },
    async (_trx, got, u) => {
      until = u;
      return got;
    },
  );
  return { ids: ids.sort((a, b) => a - b), until };
}

const rows = (table: LeasedJobTable) =>
  s.db
    .selectFrom(table)
    .select(['id', 'state', 'attempts', 'lease_owner', 'lease_until_ms'])
    .orderBy('id')
    .execute();

async function sixCheckJobs() {
  const list = await callEndpoint(s, endpoints.comboList, {}, { token });
  const warranty = list.datas.list.find((r) => r.code === 'warranty') as ServiceRow;
  const res = await callEndpoint(
    s,
    endpoints.orderCreate,
    { title: 'T', identifiers: [1, 2, 3, 4, 5, 6].map((n) => testImei(n)), service_ids: [warranty.id] },
    { token },
  );
  expect(res.errcode, res.msg).toBe(0);
}

it('check jobs: due from both ends, live leases kept, expired ones taken over, a ticket not counted again', async () => {
  await sixCheckJobs();
  const q = queue('check_jobs', 'both-ends');
  const a = await claim(q, 'A', 4);
  // Half the oldest (1, 2) and half the newest (6, 5).
  expect(a).toEqual({ ids: [1, 2, 5, 6], until: s.clock.now() + 1000 });
  // A's leases are live: B, later, gets only what is left.
  s.clock.advance(500);
  expect((await claim(q, 'B', 10)).ids).toEqual([3, 4]);
  expect((await claim(q, 'C', 10)).ids).toEqual([]);

  // Job 1 has a ticket to poll: taking it over is not another submit.
  await s.db.updateTable('check_jobs').set({ ticket: 't1' }).where('id', '=', 1).execute();
  // A's leases have expired, B's have not.
  s.clock.advance(501);
  const c = await claim(q, 'C', 10);
  expect(c.ids).toEqual([1, 2, 5, 6]);
  const after = await rows('check_jobs');
  expect(after.map((r) => [r.id, r.state, Number(r.attempts), r.lease_owner])).toEqual([
    [1, 'running', 1, 'C'],
    [2, 'running', 2, 'C'],
    [3, 'running', 1, 'B'],
    [4, 'running', 1, 'B'],
    [5, 'running', 2, 'C'],
    [6, 'running', 2, 'C'],
  ]);
  expect(after.filter((r) => r.lease_owner === 'C').map((r) => Number(r.lease_until_ms))).toEqual(
    Array(4).fill(c.until),
  );
});

it('repair jobs: the oldest due first, expired leases ahead of due jobs', async () => {
  const batch = await callEndpoint(s, endpoints.repairBatchCreate, { title: 'B' }, { token });
  const lines = [11, 12, 13, 14, 15].map((n) => ({ ident: testImei(n) }));
  expect(
    (await callEndpoint(s, endpoints.repairIntake, { batch_id: batch.datas.id, lines }, { token })).errcode,
  ).toBe(0);
  expect(
    (await callEndpoint(s, endpoints.repairRefresh, { batch_id: batch.datas.id }, { token })).errcode,
  ).toBe(0);
  const q = queue('repair_jobs', 'oldest');
  expect((await claim(q, 'A', 2)).ids).toEqual([1, 2]);
  // Job 3 waits until later: not due.
  await s.db
    .updateTable('repair_jobs')
    .set({ run_after_ms: s.clock.now() + 5000 })
    .where('id', '=', 3)
    .execute();
  s.clock.advance(1001);
  // A's two expired leases first, then the oldest due (4), not 5.
  expect((await claim(q, 'B', 3)).ids).toEqual([1, 2, 4]);
  expect((await rows('repair_jobs')).map((r) => [r.id, r.state, Number(r.attempts), r.lease_owner])).toEqual([
    [1, 'running', 2, 'B'],
    [2, 'running', 2, 'B'],
    [3, 'pending', 0, null],
    [4, 'running', 1, 'B'],
    [5, 'pending', 0, null],
  ]);
});
