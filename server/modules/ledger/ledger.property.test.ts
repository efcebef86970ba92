import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ErrCode } from '#contract/errcodes.ts';
import type { ServiceRow } from '#contract/schemas/checks-catalogue.ts';
import type { ComboRow } from '#contract/schemas/wallet.ts';
import { CheckTransportError } from '#server/providers/checks/provider.ts';
import { FakeCheckProvider, testImei } from '#tests/setup/fake-check-provider.ts';
import { testsOnPostgres } from '#tests/setup/pg-databases.ts';
import { createTestServer, type CallResult, type TestServer } from '#tests/setup/server-harness.ts';
import { LedgerRepository } from './ledger-repository.ts';
import { endpoints } from '#contract/endpoints.ts';
import { callEndpoint } from '#tests/setup/call-endpoint.ts';

// Random cases per property. On PostgreSQL (vitest project node-pg) each case clones a database
// for its test server; the logic under test is the same on both, so fewer cases there check the
// SQL on PostgreSQL and keep the suite within CI's time.
const CASES = testsOnPostgres() ? 8 : 25;

type Outcome = 'ok' | 'busy' | 'refused' | 'transport' | 'poll_failed' | 'poll_retry';
type Step =
  | { kind: 'order'; devices: number[]; services: number[]; outcomes: Outcome[] }
  | { kind: 'add'; devices: number[]; outcomes: Outcome[] }
  | { kind: 'run'; advanceMs: number }
  /** Buy a package (index into the catalogue), sending the same request_id `copies` times. */
  | { kind: 'buy'; combo: number; copies: number }
  /** Recharge `amount` fen (some below the minimum), paid by `copies` concurrent payer actions, or left to expire. */
  | { kind: 'recharge'; amount: number; copies: number; expire: boolean };

const outcome = fc.constantFrom<Outcome>(
  'ok',
  'ok',
  'ok',
  'busy',
  'refused',
  'transport',
  'poll_failed',
  'poll_retry',
);
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('order' as const),
    devices: fc.array(fc.integer({ min: 1, max: 12 }), { minLength: 1, maxLength: 6 }),
    services: fc.uniqueArray(fc.integer({ min: 0, max: 12 }), { minLength: 1, maxLength: 4 }),
    outcomes: fc.array(outcome, { minLength: 1, maxLength: 8 }),
  }),
  fc.record({
    kind: fc.constant('add' as const),
    devices: fc.array(fc.integer({ min: 1, max: 20 }), { minLength: 1, maxLength: 4 }),
    outcomes: fc.array(outcome, { minLength: 1, maxLength: 8 }),
  }),
  fc.record({ kind: fc.constant('run' as const), advanceMs: fc.integer({ min: 0, max: 10 * 60_000 }) }),
  fc.record({
    kind: fc.constant('buy' as const),
    // Mostly the bundles of device checks (indexes 3-5), so orders draw on them.
    combo: fc.constantFrom(0, 2, 3, 3, 4, 5, 5),
    copies: fc.integer({ min: 1, max: 3 }),
  }),
  fc.record({
    kind: fc.constant('recharge' as const),
    amount: fc.integer({ min: 50, max: 200_00 }),
    copies: fc.integer({ min: 1, max: 4 }),
    expire: fc.boolean(),
  }),
);

/** The invariants of the ledger, checked after every step. */
async function checkLedger(s: TestServer, accountId: number) {
  const sums = await s.db
    .selectFrom('ledger_entries')
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<number>('balance_delta'), eb.lit(0)).as('b'),
      eb.fn.coalesce(eb.fn.sum<number>('frozen_delta'), eb.lit(0)).as('f'),
    ])
    .where('account_id', '=', accountId)
    .executeTakeFirstOrThrow();
  const acc = await s.db
    .selectFrom('accounts')
    .select(['integral', 'frozen'])
    .where('id', '=', accountId)
    .executeTakeFirstOrThrow();
  expect(Number(sums.b)).toBe(acc.integral);
  expect(Number(sums.f)).toBe(acc.frozen);
  expect(acc.integral).toBeGreaterThanOrEqual(0);
  expect(acc.frozen).toBeGreaterThanOrEqual(0);
  // Frozen = the shares of the jobs not finished yet; every finished job released exactly once.
  const jobs = await s.db
    .selectFrom('check_jobs')
    .select(['id', 'state', 'share', 'settled', 'reused'])
    .where('account_id', '=', accountId)
    .execute();
  const open = jobs.filter((j) => j.state !== 'success' && j.state !== 'failed');
  expect(open.reduce((sum, j) => sum + Number(j.share), 0)).toBe(acc.frozen);
  const releases = await s.db
    .selectFrom('ledger_entries')
    .select(['job_id', 'type'])
    .where('job_id', 'is not', null)
    .execute();
  const byJob = new Map<number, string[]>();
  for (const r of releases) byJob.set(r.job_id as number, [...(byJob.get(r.job_id as number) ?? []), r.type]);
  for (const j of jobs) {
    const entries = byJob.get(j.id) ?? [];
    if (j.state === 'success' || j.state === 'failed') {
      expect(entries).toEqual([j.state === 'success' && j.reused === 0 ? 'settle' : 'refund']);
      expect(j.settled).toBe(1);
    } else expect(entries).toEqual([]);
  }
  // Each order: price = settled + refunded + what its open jobs still hold.
  const orders = await s.db
    .selectFrom('check_orders')
    .select(['id', 'price', 'settled', 'refunded'])
    .execute();
  const openJobs = await s.db
    .selectFrom('check_jobs')
    .select(['order_id', 'share'])
    .where('state', 'not in', ['success', 'failed'])
    .execute();
  for (const o of orders) {
    const held = openJobs.filter((j) => j.order_id === o.id).reduce((sum, j) => sum + Number(j.share), 0);
    expect(Number(o.settled) + Number(o.refunded) + held).toBe(Number(o.price));
  }
  await checkWallet(s, accountId);
  return acc;
}

/** Packages and recharges: checks and money counted once, never negative, entries still sum. */
async function checkWallet(s: TestServer, accountId: number) {
  const entries = await s.db
    .selectFrom('ledger_entries')
    .select(['type', 'balance_delta', 'checks_delta', 'purchase_id', 'recharge_id', 'order_id'])
    .where('account_id', '=', accountId)
    .execute();
  const purchases = await s.db
    .selectFrom('package_purchases')
    .select(['id', 'points', 'check_quota', 'check_left'])
    .where('account_id', '=', accountId)
    .execute();
  // Package checks: the entries' checks_delta sum to what is left unused; nothing below zero.
  const checksLeft = purchases.reduce((sum, p) => sum + p.check_left, 0);
  expect(entries.reduce((sum, e) => sum + Number(e.checks_delta), 0)).toBe(checksLeft);
  for (const p of purchases) {
    expect(p.check_left).toBeGreaterThanOrEqual(0);
    expect(p.check_left).toBeLessThanOrEqual(p.check_quota);
    const own = entries.filter((e) => e.purchase_id === p.id && e.type === 'purchase');
    expect(own.map((e) => [Number(e.balance_delta), Number(e.checks_delta)])).toEqual([
      [-Number(p.points), p.check_quota],
    ]);
  }
  // Recharges: exactly one credit per paid order, of its points; none for any other order.
  const orders = await s.db
    .selectFrom('recharge_orders')
    .select(['id', 'state', 'points'])
    .where('account_id', '=', accountId)
    .execute();
  for (const o of orders) {
    const credits = entries.filter((e) => e.recharge_id === o.id);
    expect(credits.map((e) => [e.type, Number(e.balance_delta)])).toEqual(
      o.state === 'paid' ? [['recharge', Number(o.points)]] : [],
    );
  }
  // A check order's package checks are its package entries; its covered devices cost no points.
  const checkOrders = await s.db
    .selectFrom('check_orders')
    .select(['id', 'package_checks'])
    .where('account_id', '=', accountId)
    .execute();
  // A covered device whose every check failed gave its check back, once; any other kept it used.
  const covered = await s.db
    .selectFrom('check_devices')
    .select(['order_id', 'status', 'package_returned_at'])
    .where('account_id', '=', accountId)
    .where('package_purchase_id', 'is not', null)
    .execute();
  for (const d of covered) expect(d.package_returned_at !== null).toBe(d.status === 'failed');
  for (const o of checkOrders) {
    const mine = entries.filter((e) => e.order_id === o.id);
    const drawn = mine
      .filter((e) => e.type === 'package')
      .reduce((sum, e) => sum - Number(e.checks_delta), 0);
    const returned = mine.filter((e) => e.type === 'package_return');
    expect(returned.map((e) => Number(e.checks_delta)).every((n) => n === 1)).toBe(true);
    expect(returned.length).toBe(covered.filter((d) => d.order_id === o.id && d.status === 'failed').length);
    expect(covered.filter((d) => d.order_id === o.id).length).toBe(drawn);
    expect(drawn - returned.length).toBe(o.package_checks);
  }
}

describe('the points ledger under random orders, job outcomes, package purchases and recharges', () => {
  it('always sums to balance + frozen (and package checks left), never goes negative, counts nothing twice', async () => {
    await fc.assert(
      fc.asyncProperty(
        // Often too little for an order; sometimes enough for packages and orders after them.
        fc.oneof(fc.integer({ min: 0, max: 3000 }), fc.integer({ min: 50_00, max: 800_00 })),
        fc.array(step, { minLength: 1, maxLength: 8 }),
        async (opening, steps) => {
          const provider = new FakeCheckProvider();
          const s = await createTestServer({ checkProvider: provider, runner: { maxAttempts: 3 } });
          try {
            // A shop of its own with a random opening balance (often too little for an order).
            const account = await s.db
              .insertInto('accounts')
              .values({ name: 'P', vip_end_time: 0, integral: 0, created_at: s.clock.now() })
              .returning('id')
              .executeTakeFirstOrThrow();
            await new LedgerRepository(s.db).opening(account.id, opening, s.clock.now());
            await s.db
              .insertInto('users')
              .values({
                account_id: account.id,
                username: 'prop',
                password_hash: 'x',
                real_name: '',
                avatar: '',
                role: 0,
                phone_number: '',
                wx_openid: '',
                disabled: 0,
                created_at: s.clock.now(),
                last_login_at: null,
              })
              .execute();
            const token = await s.session('prop');
            const catalogue = (await callEndpoint(s, endpoints.comboList, {}, { token })).datas.list;
            let script: Outcome[] = ['ok'];
            let calls = 0;
            const next = () => script[calls++ % script.length] as Outcome;
            const byTicket = new Map<string, Outcome>();
            provider.onSubmit = () => {
              const o = next();
              if (o === 'busy') return { kind: 'busy', retry_after_ms: 1000 };
              if (o === 'refused') return { kind: 'failed', reason: 'refused' };
              if (o === 'transport') return new CheckTransportError('down');
              const ticket = `k${calls}`;
              byTicket.set(ticket, o);
              return { kind: 'accepted', ticket, poll_after_ms: o === 'ok' ? 0 : 1000 };
            };
            provider.onPoll = (ticket) => {
              const o = byTicket.get(ticket);
              if (o === 'poll_failed') return { kind: 'failed', reason: 'no record', retryable: false };
              if (o === 'poll_retry') return { kind: 'failed', reason: 'timeout', retryable: true };
              return { kind: 'done', facts: { model: 'x' }, cost: 1 };
            };
            let lastOrder: number | null = null;
            const combos = (await callEndpoint(s, endpoints.getAccountPrice, {}, { token })).datas.list;
            let requests = 0;
            for (const st of steps) {
              if (st.kind === 'buy') {
                const body = {
                  combo_id: (combos[st.combo] as ComboRow).id,
                  request_id: `prop-buy-${requests++}`,
                };
                for (let i = 0; i < st.copies; i++) {
                  const res = await callEndpoint(s, endpoints.payIntegral, body, { token });
                  expect([0, ErrCode.INSUFFICIENT_POINTS]).toContain(res.errcode);
                }
              } else if (st.kind === 'recharge') {
                const res = await callEndpoint(s, endpoints.rechargeCreate, { amount: st.amount }, { token });
                if (st.amount < 100) expect(res.errcode).toBe(ErrCode.RECHARGE_BELOW_MIN);
                else if (res.errcode === 0) {
                  if (st.expire) s.clock.advance(15 * 60_000 + 1);
                  const paid = await Promise.all(
                    Array.from({ length: st.copies }, () =>
                      callEndpoint(s, endpoints.sandboxPay, { order_no: res.datas.order_no, outcome: 'pay' }),
                    ),
                  );
                  for (const p of paid) expect(p.errcode).toBe(st.expire ? ErrCode.RECHARGE_EXPIRED : 0);
                } else expect(res.errcode).toBe(ErrCode.RECHARGE_TOO_MANY_OPEN);
              } else if (st.kind === 'order' || st.kind === 'add') {
                script = st.outcomes;
                const identifiers = st.devices.map((d) => testImei(d));
                const res: CallResult<{ order_id: number }> | null =
                  st.kind === 'order'
                    ? await callEndpoint(
                        s,
                        endpoints.orderCreate,
                        {
                          title: 'p',
                          identifiers,
                          service_ids: st.services.map((i) => (catalogue[i] as ServiceRow).id),
                        },
                        { token },
                      )
                    : lastOrder === null
                      ? null
                      : await callEndpoint(
                          s,
                          endpoints.orderAddDevices,
                          { order_id: lastOrder, identifiers },
                          { token },
                        );
                if (res && res.errcode === 0) lastOrder = res.datas.order_id;
                else if (res)
                  expect([
                    ErrCode.INSUFFICIENT_POINTS,
                    ErrCode.SERVICE_MAINTENANCE,
                    ErrCode.ORDER_NO_VALID_DEVICES,
                  ]).toContain(res.errcode);
              } else {
                s.clock.advance(st.advanceMs);
                await s.runner?.runOnce();
              }
              await checkLedger(s, account.id);
            }
            // Run everything to the end: nothing stays frozen.
            for (let i = 0; i < 12; i++) {
              s.clock.advance(10 * 60_000);
              await s.runner?.runOnce();
            }
            const end = await checkLedger(s, account.id);
            expect(end.frozen).toBe(0);
          } finally {
            await s.close();
          }
        },
      ),
      { numRuns: CASES },
    );
  }, 120_000);
});
