import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ErrCode } from '#contract/errcodes.ts';
import { REPAIR_REFRESH_PRICE, type RepairDeviceRow } from '#contract/schemas/repairs.ts';
import { HttpRepairProvider } from '#server/providers/repairs/http.ts';
import { SandboxRepairProvider } from '#server/providers/repairs/sandbox.ts';
import { FakeCheckProvider, testImei } from '#tests/setup/fake-check-provider.ts';
import { FakeRepairProvider } from '#tests/setup/fake-repair-provider.ts';
import { createTestServer, type TestServer } from '#tests/setup/server-harness.ts';
import { endpoints } from '#contract/endpoints.ts';
import { callEndpoint } from '#tests/setup/call-endpoint.ts';

// Issue 24: in production without real providers, every call that would run a paid check or repair
// lookup answers its "not configured" errcode, moves no points and writes nothing; the monitor
// scheduler and the runners never ask a sandbox, even one handed in. With a real (HTTP) repair
// provider, refreshes run through it in production, authenticated.

/** Every row count and the account's points a refused call must leave as they were. */
async function footprint(s: TestServer) {
  const count = async (
    table:
      | 'check_orders'
      | 'check_devices'
      | 'check_jobs'
      | 'ledger_entries'
      | 'repair_refreshes'
      | 'repair_jobs'
      | 'monitors',
  ) => {
    const row = await s.db
      .selectFrom(table)
      .select(({ fn }) => fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };
  const account = await s.db
    .selectFrom('accounts')
    .select(['integral', 'frozen'])
    .where('id', '=', 1)
    .executeTakeFirstOrThrow();
  return {
    points: [Number(account.integral), Number(account.frozen)],
    orders: await count('check_orders'),
    devices: await count('check_devices'),
    jobs: await count('check_jobs'),
    ledger: await count('ledger_entries'),
    refreshes: await count('repair_refreshes'),
    repairJobs: await count('repair_jobs'),
    monitors: await count('monitors'),
  };
}

describe('production without check and repair-status providers', () => {
  let s: TestServer;
  let token: string;
  // Sandboxes handed in must be dropped in production: a call to either fails the test.
  const checkSandbox = new FakeCheckProvider();
  const repairSandbox = new SandboxRepairProvider({ latency: 'zero' });
  let repairAsked = 0;
  const realSubmit = repairSandbox.submit.bind(repairSandbox);
  repairSandbox.submit = (req) => {
    repairAsked++;
    return realSubmit(req);
  };

  beforeAll(async () => {
    s = await createTestServer({
      config: { production: true, testPuzzleX: null },
      checkProvider: checkSandbox,
      repairProvider: repairSandbox,
    });
    token = await s.session();
  });
  afterAll(() => s.close());

  const call = (path: string, body: unknown) => s.call(path, body, { token });

  it('says both connections are missing', async () => {
    const r = await call(endpoints.connectionStatus.path, {});
    expect(r).toMatchObject({ errcode: 0, datas: { checks: 'missing', repairs: 'missing' } });
    expect(s.runner).toBeNull();
    expect(s.repairs.provider).toBeNull();
  });

  it('refuses order_create, order_add_devices and order_derive: no points moved, nothing written', async () => {
    const before = await footprint(s);
    const bodies: [string, unknown][] = [
      [
        endpoints.orderCreate.path,
        {
          title: '回收批次',
          identifiers: [testImei(1), testImei(2)],
          service_ids: [1, 2],
          request_id: randomUUID(),
        },
      ],
      [endpoints.orderAddDevices.path, { order_id: 1, identifiers: [testImei(3)], request_id: randomUUID() }],
      [
        endpoints.orderDerive.path,
        {
          order_id: 1,
          selection: { device_ids: [1] },
          title: '复查',
          service_ids: [1],
          request_id: randomUUID(),
        },
      ],
    ];
    for (const [path, body] of bodies) {
      const r = await call(path, body);
      expect([path, r.errcode]).toEqual([path, ErrCode.CHECKS_NOT_CONFIGURED]);
      expect(r.msg).toContain('设备查询服务未配置');
    }
    expect(await footprint(s)).toEqual(before);
    expect(checkSandbox.submits).toHaveLength(0);
  });

  it('takes repairs in (no lookup), but refuses a refresh and a watch: no points moved, nothing written', async () => {
    const batch = await call(endpoints.repairBatchCreate.path, { title: '送修' });
    expect(batch.errcode).toBe(0);
    const intake = await call(endpoints.repairIntake.path, {
      batch_id: (batch.datas as { id: number }).id,
      lines: [{ ident: testImei(11), repair_ids: ['G100000011'] }],
    });
    expect(intake.errcode).toBe(0);
    const [deviceId] = (intake.datas as { device_ids: number[] }).device_ids;
    const before = await footprint(s);
    const refresh = await call(endpoints.repairRefresh.path, {
      device_ids: [deviceId],
      request_id: randomUUID(),
    });
    expect(refresh.errcode).toBe(ErrCode.REPAIRS_NOT_CONFIGURED);
    expect(refresh.msg).toContain('维修进度查询服务未配置');
    const watch = await call(endpoints.monitorWatch.path, {
      device_ids: [deviceId],
      request_id: randomUUID(),
    });
    expect(watch.errcode).toBe(ErrCode.REPAIRS_NOT_CONFIGURED);
    expect(await footprint(s)).toEqual(before);
    const d = await call(endpoints.repairDeviceDetail.path, { device_id: deviceId });
    expect((d.datas as { device: RepairDeviceRow }).device).toMatchObject({
      refresh_state: 'none',
      watched: false,
      progress: null,
    });
  });

  it('the monitor scheduler and the refresh runner ask no sandbox, for a monitor or a job already there', async () => {
    const device = await s.db.selectFrom('repair_devices').select(['id', 'ident']).executeTakeFirstOrThrow();
    const now = s.clock.now();
    await s.db
      .insertInto('monitors')
      .values({
        account_id: 1,
        kind: 'repair',
        device_id: device.id,
        check_device_id: null,
        ident: device.ident,
        last_value: null,
        next_check_at: now,
        created_at: now,
      })
      .execute();
    const cycle = await s.repairs.scheduler.runCycle();
    expect(cycle.changed).toBe(0);
    await s.repairs.runner.runOnce();
    expect(repairAsked).toBe(0);
    expect(checkSandbox.submits).toHaveLength(0);
  });
});

describe('outside production, the sandboxes answer and say so', () => {
  it('reports both connections as sandbox', async () => {
    const s = await createTestServer();
    try {
      const token = await s.session();
      const r = await callEndpoint(s, endpoints.connectionStatus, {}, { token });
      expect(r.datas).toEqual({ checks: 'sandbox', repairs: 'sandbox' });
    } finally {
      await s.close();
    }
  });
});

describe('production with a repair-status provider over HTTP', () => {
  const fake = new FakeRepairProvider();
  let s: TestServer;
  let token: string;
  let deviceId: number;

  beforeAll(async () => {
    await fake.start();
    s = await createTestServer({
      config: { production: true, testPuzzleX: null },
      repairProvider: new HttpRepairProvider({ name: 'repair-data', url: fake.url, key: fake.key }),
      repairRunner: { maxAttempts: 1 },
    });
    token = await s.session();
    const batch = await callEndpoint(s, endpoints.repairBatchCreate, { title: '送修' }, { token });
    const intake = await callEndpoint(
      s,
      endpoints.repairIntake,
      { batch_id: batch.datas.id, lines: [{ ident: testImei(21), repair_ids: ['G100000021'] }] },
      { token },
    );
    deviceId = intake.datas.device_ids[0] as number;
  });
  afterEach(() => fake.reset());
  afterAll(async () => {
    await s.close();
    await fake.close();
  });

  const points = async () =>
    Number(
      (await s.db.selectFrom('accounts').select('integral').where('id', '=', 1).executeTakeFirstOrThrow())
        .integral,
    );

  it('reports repairs configured and checks missing', async () => {
    const r = await callEndpoint(s, endpoints.connectionStatus, {}, { token });
    expect(r.datas).toEqual({ checks: 'missing', repairs: 'configured' });
  });

  it('refreshes through the provider: its status recorded as real data, billed once', async () => {
    fake.progress.set('G100000021', 'quote_pending');
    const before = await points();
    const r = await callEndpoint(
      s,
      endpoints.repairRefresh,
      { device_ids: [deviceId], request_id: randomUUID() },
      { token },
    );
    expect(r.errcode).toBe(0);
    await s.repairs.runner.runOnce();
    expect(fake.hits.map((h) => [h.method, h.authorization])).toEqual([
      ['POST', `Bearer ${fake.key}`],
      ['GET', `Bearer ${fake.key}`],
    ]);
    const d = await callEndpoint(s, endpoints.repairDeviceDetail, { device_id: deviceId }, { token });
    expect(d.datas.device).toMatchObject({
      progress: 'quote_pending',
      quote_amount: 129_900,
      refresh_state: 'done',
      sandbox: false,
    });
    expect(before - (await points())).toBe(REPAIR_REFRESH_PRICE);
  });

  it('a provider that refuses the key fails the refresh and refunds it', async () => {
    fake.onSubmit = () => ({ status: 401, body: { error: 'unauthorized' } });
    const before = await points();
    const r = await callEndpoint(
      s,
      endpoints.repairRefresh,
      { device_ids: [deviceId], request_id: randomUUID() },
      { token },
    );
    expect(r.errcode).toBe(0);
    await s.repairs.runner.runOnce();
    const d = await callEndpoint(s, endpoints.repairDeviceDetail, { device_id: deviceId }, { token });
    expect(d.datas.device.refresh_state).toBe('failed');
    expect(d.datas.device.refresh_error).toMatch(/HTTP 401 \(the key was refused/);
    expect(d.datas.device.progress).toBe('quote_pending');
    expect(await points()).toBe(before);
    const account = await s.db
      .selectFrom('accounts')
      .select('frozen')
      .where('id', '=', 1)
      .executeTakeFirstOrThrow();
    expect(Number(account.frozen)).toBe(0);
  });
});
