import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ServiceRow } from '#contract/schemas/checks-catalogue.ts';
import type { DeviceResultRow } from '#contract/schemas/checks-results.ts';
import { JobClaimRepository } from '#server/modules/checks/job-claim-repository.ts';
import { JobOutcomeRepository } from '#server/modules/checks/job-outcome-repository.ts';
import { CheckTransportError } from '#server/providers/checks/provider.ts';
import { FakeCheckProvider, testImei } from '#tests/setup/fake-check-provider.ts';
import { createTestServer, type TestServer } from '#tests/setup/server-harness.ts';
import { CheckRunner } from './check-runner.ts';
import { endpoints } from '#contract/endpoints.ts';
import { callEndpoint } from '#tests/setup/call-endpoint.ts';

let s: TestServer;
let token: string;
let provider: FakeCheckProvider;
let services: Map<string, ServiceRow>;
let runner: CheckRunner;

const HOUR = 3_600_000;

beforeEach(async () => {
  provider = new FakeCheckProvider();
  // Backoff without jitter (random 1: the whole wait), so the waits are exact.
  s = await createTestServer({ checkProvider: provider, runner: { random: () => 1, maxAttempts: 4 } });
  runner = s.runner as CheckRunner;
  token = await s.session();
  const list = await callEndpoint(s, endpoints.comboList, {}, { token });
  services = new Map(list.datas.list.map((r) => [r.code, r]));
});
afterEach(async () => {
  await s.close();
});

const place = async (identifiers: string[], codes: string[]) => {
  const res = await callEndpoint(
    s,
    endpoints.orderCreate,
    { title: 'T', identifiers, service_ids: codes.map((c) => (services.get(c) as ServiceRow).id) },
    { token },
  );
  expect(res.errcode, res.msg).toBe(0);
  return res.datas.order_id;
};
const detail = async (orderId: number) =>
  (await callEndpoint(s, endpoints.orderDetail, { order_id: orderId }, { token })).datas;
const devices = async (orderId: number): Promise<DeviceResultRow[]> =>
  (await callEndpoint(s, endpoints.orderResults, { order_id: orderId }, { token })).datas.devices;
const ledgerOf = (orderId: number) =>
  s.db
    .selectFrom('ledger_entries')
    .select(['type', 'balance_delta', 'frozen_delta', 'job_id'])
    .where('order_id', '=', orderId)
    .orderBy('id')
    .execute();
const balanced = async () => {
  const sums = await s.db
    .selectFrom('ledger_entries')
    .select((eb) => [eb.fn.sum<number>('balance_delta').as('b'), eb.fn.sum<number>('frozen_delta').as('f')])
    .where('account_id', '=', 1)
    .executeTakeFirstOrThrow();
  const acc = await s.db
    .selectFrom('accounts')
    .select(['integral', 'frozen'])
    .where('id', '=', 1)
    .executeTakeFirstOrThrow();
  expect([Number(sums.b), Number(sums.f)]).toEqual([acc.integral, acc.frozen]);
  return acc;
};

describe('job outcomes', () => {
  it('a refusal at submit fails the job, refunds its share, and fails its dependents ("依赖的保修查询失败")', async () => {
    provider.onSubmit = () => ({ kind: 'failed', reason: 'E_INVALID_IMEI: IMEI 无效' });
    const orderId = await place([testImei(1)], ['gsx_text']);
    await runner.runOnce();
    const [device] = await devices(orderId);
    expect(device?.status).toBe('failed');
    expect(device?.jobs.map((j) => [j.service, j.status, j.error])).toEqual([
      ['warranty', 'failed', 'E_INVALID_IMEI: IMEI 无效'],
      ['gsx_text', 'failed', '依赖的保修查询失败'],
    ]);
    expect(provider.submits).toHaveLength(1);
    expect(await detail(orderId)).toMatchObject({
      status: 'done',
      progress: 100,
      settled: 0,
      refunded: 350,
      frozen: 0,
    });
    expect((await ledgerOf(orderId)).map((e) => [e.type, e.balance_delta, e.frozen_delta])).toEqual([
      ['freeze', -350, 350],
      ['refund', 50, -50],
      ['refund', 300, -300],
    ]);
    expect((await balanced()).integral).toBe(1_000_00);
  });

  it('success and failure on one device: partial, one settled and one refunded', async () => {
    provider.onSubmit = (req) =>
      req.service === 'activation_lock'
        ? { kind: 'accepted', ticket: '', poll_after_ms: 0 }
        : { kind: 'failed', reason: 'nope' };
    const orderId = await place([testImei(1)], ['activation_lock', 'id_blacklist']);
    await runner.runOnce();
    const [device] = await devices(orderId);
    expect(device).toMatchObject({ status: 'partial', activation_lock: 'yes' });
    expect(await detail(orderId)).toMatchObject({
      jobs_success: 1,
      jobs_failed: 1,
      settled: 30,
      refunded: 40,
    });
    await balanced();
  });

  it('busy: back to pending until the later of retry_after and the backoff, then the next attempt', async () => {
    provider.onSubmit = (_req, n) =>
      n === 1 ? { kind: 'busy', retry_after_ms: 5_000 } : { kind: 'accepted', ticket: '', poll_after_ms: 0 };
    const orderId = await place([testImei(1)], ['warranty']);
    await runner.runOnce();
    const job = await s.db.selectFrom('check_jobs').selectAll().executeTakeFirstOrThrow();
    expect(job).toMatchObject({
      state: 'pending',
      attempts: 1,
      run_after_ms: s.clock.now() + 5_000,
      ticket: null,
    });
    expect(job.error).toContain('繁忙');
    s.clock.advance(4_999);
    await runner.runOnce();
    expect(provider.submits).toHaveLength(1);
    s.clock.advance(1);
    await runner.runOnce();
    expect(provider.submits.map((r) => r.attempt)).toEqual([1, 2]);
    expect((await devices(orderId))[0]?.jobs[0]).toMatchObject({
      status: 'success',
      attempts: 2,
      error: null,
    });
  });

  it('transport errors: exponential backoff (1 s, 2 s, 4 s), then failed after 4 attempts and refunded', async () => {
    provider.onSubmit = () => new CheckTransportError('connect ECONNREFUSED');
    const orderId = await place([testImei(1)], ['warranty']);
    const waits: number[] = [];
    for (let i = 0; i < 3; i++) {
      await runner.runOnce();
      const job = await s.db.selectFrom('check_jobs').selectAll().executeTakeFirstOrThrow();
      expect(job.state).toBe('pending');
      waits.push(job.run_after_ms - s.clock.now());
      s.clock.advance(job.run_after_ms - s.clock.now());
    }
    expect(waits).toEqual([1_000, 2_000, 4_000]);
    await runner.runOnce();
    const [device] = await devices(orderId);
    expect(device?.jobs[0]).toMatchObject({ status: 'failed', attempts: 4 });
    expect(device?.jobs[0]?.error).toBe('查询服务连接失败：connect ECONNREFUSED（已尝试 4 次）');
    expect(await detail(orderId)).toMatchObject({ refunded: 50, frozen: 0 });
  });

  it('a pending poll keeps the ticket: later polls the same ticket, never submits again', async () => {
    provider.onSubmit = () => ({ kind: 'accepted', ticket: 'T-1', poll_after_ms: 30_000 });
    const orderId = await place([testImei(1)], ['warranty']);
    await runner.runOnce();
    expect(provider.polls).toEqual([]);
    expect((await devices(orderId))[0]).toMatchObject({ status: 'running', jobs: [{ status: 'running' }] });
    s.clock.advance(30_000);
    provider.onPoll = (_t, n) =>
      n === 1
        ? { kind: 'pending', poll_after_ms: 10_000 }
        : { kind: 'done', facts: { mdm_lock: 'no' }, cost: 3 };
    await runner.runOnce();
    s.clock.advance(10_000);
    await runner.runOnce();
    expect(provider.submits).toHaveLength(1);
    expect(provider.polls).toEqual(['T-1', 'T-1']);
    expect((await devices(orderId))[0]).toMatchObject({ status: 'success', mdm_lock: 'no' });
  });

  it('a retryable poll failure submits again; a final one fails the job', async () => {
    provider.onPoll = (_t, n) =>
      n === 1
        ? { kind: 'failed', reason: '上游查询超时,请重试', retryable: true }
        : { kind: 'failed', reason: 'Apple 无此设备记录', retryable: false };
    const orderId = await place([testImei(1)], ['warranty']);
    await runner.runOnce();
    s.clock.advance(HOUR);
    await runner.runOnce();
    expect(provider.submits).toHaveLength(2);
    expect((await devices(orderId))[0]?.jobs[0]).toMatchObject({
      status: 'failed',
      error: 'Apple 无此设备记录',
    });
  });

  it('merges every fact of the answer into the device, without erasing its identifier', async () => {
    provider.onPoll = () => ({
      kind: 'done',
      cost: 1,
      facts: {
        sn: null,
        imei2: '356938035643817',
        model: 'iPhone 14',
        capacity: '128GB',
        colour: '午夜色',
        network_model: 'A2884',
        warranty_type: 'applecare_plus',
        purchase_date: '2024-01-02',
        warranty_end: '2027-01-02',
        warranty_days_left: 300,
        replaced: 'no',
        phone_support: 'yes',
        purchase_verified: 'yes',
        loaner: 'no',
        activated: 'yes',
        activation_lock: 'no',
        id_blacklist: 'no',
        id_monitor_end: '2026-03-16',
        network_lock: 'no',
        carrier: 'Unlocked',
        carrier_country: 'US',
        sale_country: 'US',
        in_repair: 'no',
        mdm_lock: 'no',
        gsx_text: 'sandbox',
      },
    });
    const orderId = await place(['F2LXK0ABHG7F'], ['full_check']);
    await runner.runOnce();
    const [device] = await devices(orderId);
    expect(device).toMatchObject({
      sn: 'F2LXK0ABHG7F',
      imei2: '356938035643817',
      model: 'iPhone 14',
      warranty_days_left: 300,
      phone_support: 'yes',
      carrier_country: 'US',
      gsx_text: 'sandbox',
      status: 'success',
    });
  });
});

describe('leases and exactly once', () => {
  const claimsFor = () => new JobClaimRepository({ db: s.db, dialect: s.handle.dialect });
  const outcomesFor = () =>
    new JobOutcomeRepository({
      db: s.db,
      dialect: s.handle.dialect,
      prerequisites: new Set(['warranty']),
      names: new Map([['warranty', '保修查询']]),
    });

  it("a crashed worker's jobs wait for its lease to expire, then run; its late writes change nothing", async () => {
    const orderId = await place([testImei(1), testImei(2)], ['warranty']);
    const outcomes = outcomesFor();
    const dead = await claimsFor().claim('dead-worker', s.clock.now(), 60_000, 10);
    expect(dead).toHaveLength(2);
    // The dead worker had submitted the first job: its ticket is recorded.
    const first = dead[0] as (typeof dead)[number];
    expect(
      (
        await outcomes.apply(
          [{ kind: 'ticket', job: first, owner: 'dead-worker', ticket: 'T-dead' }],
          s.clock.now(),
        )
      ).applied,
    ).toEqual([true]);
    provider.onPoll = (ticket) => ({ kind: 'done', facts: { model: ticket }, cost: 1 });

    expect(await runner.runOnce()).toBe(0);
    s.clock.advance(60_001);
    expect(await runner.runOnce()).toBe(2);
    // The ticket was polled, not paid for again; the other job was submitted once.
    expect(provider.submits).toHaveLength(1);
    expect(provider.polls).toContain('T-dead');
    expect((await devices(orderId)).map((d) => d.status)).toEqual(['success', 'success']);

    // The dead worker wakes up and completes its job: refused, nothing counted twice.
    const late = await outcomes.apply(
      [
        {
          kind: 'success',
          job: first,
          owner: 'dead-worker',
          facts: {},
          cost: 1,
          provider: 'x',
          sandbox: true,
          reused: false,
        },
      ],
      s.clock.now(),
    );
    expect(late.applied).toEqual([false]);
    expect((await ledgerOf(orderId)).filter((e) => e.type === 'settle')).toHaveLength(2);
    expect(await detail(orderId)).toMatchObject({ jobs_success: 2, settled: 100, frozen: 0 });
    await balanced();
  });

  it('claims from both ends: a small order placed behind a big one starts at once', async () => {
    const big = await place(
      Array.from({ length: 200 }, (_, i) => testImei(i + 1)),
      ['warranty'],
    );
    s.clock.advance(1);
    const small = await place([testImei(999)], ['warranty']);
    const claimed = await claimsFor().claim('w', s.clock.now(), 60_000, 10);
    expect(claimed.filter((j) => j.order_id === small)).toHaveLength(1);
    // The rest are the big order's oldest and newest jobs.
    expect(claimed.filter((j) => j.order_id === big)).toHaveLength(9);
    expect(claimed.map((j) => j.device_id)).toContain(1);
  });

  it('two runners on the same database complete each job once', async () => {
    const orderId = await place(
      Array.from({ length: 150 }, (_, i) => testImei(i + 1)),
      ['sale_country'],
    );
    const other = new CheckRunner({
      db: s.db,
      dialect: s.handle.dialect,
      provider,
      clock: s.clock,
      options: { holdMaxMs: 0, claimBatch: 7 },
    });
    await Promise.all([runner.runOnce(), other.runOnce(), runner.runOnce()]);
    await runner.runOnce();
    const jobs = await s.db
      .selectFrom('check_jobs')
      .select(['id', 'state'])
      .where('order_id', '=', orderId)
      .execute();
    expect(jobs.every((j) => j.state === 'success')).toBe(true);
    const ledger = await ledgerOf(orderId);
    expect(
      ledger
        .filter((e) => e.type === 'settle')
        .map((e) => e.job_id)
        .sort(),
    ).toEqual(jobs.map((j) => j.id).sort());
    expect(provider.submits).toHaveLength(300);
    expect(await detail(orderId)).toMatchObject({ jobs_success: 300, settled: 150 * 150, frozen: 0 });
    await balanced();
  });
});

describe('result reuse', () => {
  it('reuses a fresh result of the same service and identifier: no call, facts copied, share refunded', async () => {
    const first = await place([testImei(1)], ['warranty', 'activation_lock', 'id_monitor']);
    await runner.runOnce();
    expect(provider.submits).toHaveLength(3);
    s.clock.advance(2 * HOUR);
    const second = await place([testImei(1)], ['warranty', 'activation_lock', 'id_monitor']);
    await runner.runOnce();
    // warranty is fresh for 24 h: reused; activation lock only 1 h, monitors never: called again.
    expect(
      provider.submits
        .slice(3)
        .map((r) => r.service)
        .sort(),
    ).toEqual(['activation_lock', 'id_monitor']);
    const [device] = await devices(second);
    expect(device?.jobs.map((j) => [j.service, j.reused, j.provider])).toEqual([
      ['warranty', true, 'fake'],
      ['activation_lock', false, 'fake'],
      ['id_monitor', false, 'fake'],
    ]);
    expect(device).toMatchObject({ warranty_type: 'limited', model: 'iPhone 13', status: 'success' });
    expect(await detail(second)).toMatchObject({ settled: 230, refunded: 50, frozen: 0 });
    expect(await detail(first)).toMatchObject({ settled: 280, refunded: 0 });
    await balanced();

    // Past 24 h the warranty is asked again.
    s.clock.advance(23 * HOUR);
    await place([testImei(1)], ['warranty']);
    await runner.runOnce();
    expect(provider.submits.at(-1)?.service).toBe('warranty');
  });

  it('matches by SN or IMEI, only within the account', async () => {
    await place(['F2LXK0ABHG7F'], ['sn_to_imei']);
    await runner.runOnce();
    const again = await place(['F2LXK0ABHG7F'], ['sn_to_imei']);
    await runner.runOnce();
    expect(provider.submits).toHaveLength(1);
    expect((await devices(again))[0]).toMatchObject({ imei: '356938035643809', jobs: [{ reused: true }] });
  });
});

describe('progress over the socket', () => {
  it("emits checks:progress to the account's room up to 100%, then checks:orders", async () => {
    const events: [string, string, unknown][] = [];
    vi.spyOn(s.io, 'to').mockImplementation(
      (room) =>
        ({ emit: (event: string, payload: unknown) => events.push([String(room), event, payload]) }) as never,
    );
    const orderId = await place([testImei(1), testImei(2)], ['sale_country']);
    await runner.runOnce();
    await s.progress.idle();
    await new Promise((r) => setTimeout(r, 300));
    await s.progress.idle();
    const progress = events.filter(([, e]) => e === 'checks:progress');
    expect(progress.every(([room]) => room === 'account:1')).toBe(true);
    expect(progress.at(-1)?.[2]).toEqual({
      order_id: orderId,
      jobs_total: 4,
      jobs_success: 4,
      jobs_failed: 0,
      progress: 100,
    });
    // Throttled: fewer events than jobs.
    expect(progress.length).toBeLessThanOrEqual(3);
    expect(events.filter(([, e]) => e === 'checks:orders').map(([, , p]) => p)).toEqual([
      { order_id: orderId },
      { order_id: orderId },
    ]);
  });
});

describe('the loop', () => {
  it('started, it runs new orders at once; stopped, it hands back a job waiting for its poll, ticket kept', async () => {
    await s.close();
    provider = new FakeCheckProvider();
    s = await createTestServer({ checkProvider: provider, runner: { holdMaxMs: 5_000, idleMs: 50 } });
    runner = s.runner as CheckRunner;
    token = await s.session();
    provider.onSubmit = (req) =>
      req.imei === testImei(2)
        ? { kind: 'accepted', ticket: 'SLOW', poll_after_ms: 4_000 }
        : { kind: 'accepted', ticket: '', poll_after_ms: 0 };
    runner.start();
    const orderId = await place([testImei(1), testImei(2)], ['warranty']);
    const until = async (check: () => Promise<boolean>) => {
      for (let i = 0; i < 1000 && !(await check()); i++) await new Promise((r) => setTimeout(r, 10));
    };
    await until(async () => (await detail(orderId)).jobs_success === 1);
    await until(async () => {
      const slow = await s.db
        .selectFrom('check_jobs')
        .select('ticket')
        .where('device_id', '=', 2)
        .executeTakeFirst();
      return slow?.ticket === 'SLOW';
    });
    await runner.stop();
    const slow = await s.db
      .selectFrom('check_jobs')
      .selectAll()
      .where('device_id', '=', 2)
      .executeTakeFirstOrThrow();
    expect(slow).toMatchObject({
      state: 'pending',
      ticket: 'SLOW',
      lease_owner: null,
      run_after_ms: s.clock.now() + 4_000,
    });
    expect(provider.polls).not.toContain('SLOW');
    s.clock.advance(4_000);
    await runner.runOnce();
    expect(provider.polls).toContain('SLOW');
    expect(provider.submits).toHaveLength(2);
    expect(await detail(orderId)).toMatchObject({ jobs_success: 2, progress: 100 });
  });
});
