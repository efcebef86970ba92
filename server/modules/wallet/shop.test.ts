import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ErrCode } from '#contract/errcodes.ts';
import type { AccountPrice } from '#contract/schemas/wallet.ts';
import { DEMO_EDITOR, TEST_START, createTestServer, type TestServer } from '#tests/setup/server-harness.ts';
import { FakeCheckProvider, testImei } from '#tests/setup/fake-check-provider.ts';
import { endpoints } from '#contract/endpoints.ts';
import { callEndpoint } from '#tests/setup/call-endpoint.ts';

let s: TestServer;
let admin: string;
let combos: AccountPrice['list'];
const RID = (n: number) => `buy-request-${n}`;

const combo = (name: string) => {
  const c = combos.find((x) => x.name === name);
  if (!c) throw new Error(`no combo ${name}`);
  return c;
};
const ledger = async () =>
  (await callEndpoint(s, endpoints.pointRecord, { page: 1, page_size: 100 }, { token: admin })).datas;

beforeEach(async () => {
  s = await createTestServer({ checkProvider: new FakeCheckProvider() });
  admin = await s.session();
  combos = (await callEndpoint(s, endpoints.getAccountPrice, {}, { token: admin })).datas.list;
});
afterEach(async () => {
  await s.close();
});

describe('get_account_price', () => {
  it('lists the packages on sale in order: VIP levels for days and bundles of device checks', () => {
    expect(combos.map((c) => c.sort)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(combo('VIP 月卡')).toMatchObject({ points: 30_00, vip_level: 1, vip_days: 30, check_quota: 0 });
    expect(combo('查询包 100 台')).toMatchObject({ points: 60_00, vip_level: 0, check_quota: 100 });
    // Every installed package reads in English and Spanish too (migration 0027; issue 27).
    for (const c of combos)
      for (const text of [c.name_en, c.name_es, c.description_en, c.description_es]) {
        expect(text.trim()).not.toBe('');
        expect(text).not.toMatch(/[\u4e00-\u9fff]/);
      }
    expect(combo('VIP 月卡')).toMatchObject({ name_en: 'VIP monthly pass', name_es: 'Pase VIP mensual' });
  });
});

describe('pay_integral', () => {
  it('buys a package: points out through the ledger, VIP extended, checks granted, recorded', async () => {
    const vipBefore = (await callEndpoint(s, endpoints.userCenter, {}, { token: admin })).datas;
    const c = combo('VIP 月卡 + 查询 50 台');
    const res = await callEndpoint(
      s,
      endpoints.payIntegral,
      { combo_id: c.id, request_id: RID(1) },
      { token: admin },
    );
    expect(res.errcode).toBe(0);
    expect(res.datas).toMatchObject({ integral: 1_000_00 - 55_00, vip_level: 1 });
    // A running VIP gets the days added to its end.
    expect(res.datas.vip_end_time).toBe(vipBefore.vip_end_time + 30 * 86_400);

    const l = await ledger();
    expect(l.balance).toBe(1_000_00 - 55_00);
    expect(l.list[0]).toMatchObject({
      type: 'purchase',
      balance_delta: -55_00,
      checks_delta: 50,
      purchase_id: res.datas.record_id,
      balance_after: 1_000_00 - 55_00,
    });

    const surplus = await callEndpoint(s, endpoints.packageSurplus, {}, { token: admin });
    expect(surplus.datas.list).toEqual([
      expect.objectContaining({
        record_id: res.datas.record_id,
        check_quota: 50,
        check_left: 50,
        bought_at: Math.floor(TEST_START / 1000),
        expires_at: Math.floor(TEST_START / 1000) + 90 * 86_400,
        name_en: c.name_en,
        name_es: c.name_es,
      }),
    ]);
    const record = await callEndpoint(s, endpoints.buyRecord, { page: 1 }, { token: admin });
    expect(record.datas.total).toBe(1);
    expect(record.datas.list[0]).toMatchObject({
      combo_name: c.name,
      combo_name_en: 'VIP monthly pass + 50 device checks',
      combo_name_es: c.name_es,
      points: 55_00,
      username: '王店长',
    });
  });

  it('a repeated request_id buys once and answers the first purchase', async () => {
    const c = combo('VIP 月卡');
    const body = { combo_id: c.id, request_id: RID(2) };
    const [a, b] = await Promise.all([
      callEndpoint(s, endpoints.payIntegral, body, { token: admin }),
      callEndpoint(s, endpoints.payIntegral, body, { token: admin }),
    ]);
    // One answers, the other is the same purchase (or stays silent while the first runs).
    const ok = [a, b].filter((r) => r.errcode === 0);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    const replay = await callEndpoint(s, endpoints.payIntegral, body, { token: admin });
    expect(replay.datas.record_id).toBe(ok[0]!.datas.record_id);
    const l = await ledger();
    expect(l.list.filter((e) => e.type === 'purchase')).toHaveLength(1);
    expect(l.balance).toBe(1_000_00 - 30_00);
  });

  it('refuses an unknown package and too few points with a clear message, charging nothing', async () => {
    const unknown = await callEndpoint(
      s,
      endpoints.payIntegral,
      { combo_id: 999, request_id: RID(3) },
      { token: admin },
    );
    expect(unknown).toMatchObject({ errcode: ErrCode.COMBO_NOT_FOUND, msg: '套餐不存在或已下架' });

    // 1000.00 buys three VIP 高级年卡 (298.00) but not a fourth.
    const big = combo('VIP 高级年卡');
    for (let i = 0; i < 3; i++)
      expect(
        (
          await callEndpoint(
            s,
            endpoints.payIntegral,
            { combo_id: big.id, request_id: RID(10 + i) },
            { token: admin },
          )
        ).errcode,
      ).toBe(0);
    const short = await callEndpoint(
      s,
      endpoints.payIntegral,
      { combo_id: big.id, request_id: RID(20) },
      { token: admin },
    );
    expect(short.errcode).toBe(ErrCode.INSUFFICIENT_POINTS);
    expect(short.msg).toBe('积分不足，请先充值（需要 298.00，可用 106.00）');
    const l = await ledger();
    expect(l.balance).toBe(1_000_00 - 3 * 298_00);
    expect(l.list.filter((e) => e.type === 'purchase')).toHaveLength(3);
    // VIP level 2 now, a year times three.
    const center = await callEndpoint(s, endpoints.userCenter, {}, { token: admin });
    expect(center.datas.vip_level).toBe(2);
  });

  it('refuses an Editor (FORBIDDEN), who still sees the shop and the records', async () => {
    const editor = await s.session(DEMO_EDITOR.username);
    const res = await callEndpoint(
      s,
      endpoints.payIntegral,
      { combo_id: combo('VIP 月卡').id },
      { token: editor },
    );
    expect(res.errcode).toBe(ErrCode.FORBIDDEN);
    expect((await ledger()).balance).toBe(1_000_00);
    expect((await callEndpoint(s, endpoints.getAccountPrice, {}, { token: editor })).errcode).toBe(0);
    expect((await callEndpoint(s, endpoints.buyRecord, {}, { token: editor })).errcode).toBe(0);
    expect((await callEndpoint(s, endpoints.packageSurplus, {}, { token: editor })).errcode).toBe(0);
  });
});

describe('check orders draw on package checks first', () => {
  it('covers devices with the oldest package checks, then freezes points for the rest; detail and ledger say which', async () => {
    const services = (await callEndpoint(s, endpoints.comboList, {}, { token: admin })).datas.list;
    const warranty = services.find((x) => x.code === 'warranty')!;
    const first = await callEndpoint(
      s,
      endpoints.payIntegral,
      { combo_id: combo('VIP 月卡 + 查询 50 台').id, request_id: RID(30) },
      { token: admin },
    );
    s.clock.advance(1000);
    const second = await callEndpoint(
      s,
      endpoints.payIntegral,
      { combo_id: combo('查询包 100 台').id, request_id: RID(31) },
      { token: admin },
    );
    const balance = 1_000_00 - 55_00 - 60_00;

    // 160 devices: 50 from the first package, 100 from the second, 10 paid in points (0.50 each).
    const identifiers = Array.from({ length: 160 }, (_, i) => testImei(i + 1));
    const order = await callEndpoint(
      s,
      endpoints.orderCreate,
      { title: '套餐下单', identifiers, service_ids: [warranty.id], request_id: 'order-with-packages' },
      { token: admin },
    );
    expect(order.errcode).toBe(0);
    expect(order.datas).toMatchObject({ added: 160, frozen: 10 * 50, integral: balance - 10 * 50 });

    const detail = await callEndpoint(
      s,
      endpoints.orderDetail,
      { order_id: order.datas.order_id },
      { token: admin },
    );
    expect(detail.datas).toMatchObject({ package_checks: 150, price: 500, frozen: 500 });
    const surplus = await callEndpoint(s, endpoints.packageSurplus, {}, { token: admin });
    expect(surplus.datas.list).toEqual([]);

    const l = await ledger();
    const draws = l.list.filter((e) => e.type === 'package');
    expect(draws.map((e) => [e.purchase_id, e.checks_delta, e.order_id, e.balance_delta])).toEqual([
      [second.datas.record_id, -100, order.datas.order_id, 0],
      [first.datas.record_id, -50, order.datas.order_id, 0],
    ]);
    // Only the 10 uncovered devices' jobs carry a share: what was frozen.
    const shares = await s.db
      .selectFrom('check_jobs')
      .select((eb) => eb.fn.sum<number>('share').as('sum'))
      .where('order_id', '=', order.datas.order_id)
      .executeTakeFirstOrThrow();
    expect(Number(shares.sum)).toBe(500);

    // More devices: no checks left, all in points.
    const more = await callEndpoint(
      s,
      endpoints.orderAddDevices,
      { order_id: order.datas.order_id, identifiers: [testImei(500)], request_id: 'order-add-after' },
      { token: admin },
    );
    expect(more.datas.frozen).toBe(50);
  });

  it('a covered device whose every check failed gets its package check back, once; one with an answer keeps it used', async () => {
    const provider = new FakeCheckProvider();
    await s.close();
    s = await createTestServer({ checkProvider: provider, runner: { maxAttempts: 3 } });
    admin = await s.session();
    combos = (await callEndpoint(s, endpoints.getAccountPrice, {}, { token: admin })).datas.list;
    const services = (await callEndpoint(s, endpoints.comboList, {}, { token: admin })).datas.list;
    const warranty = services.find((x) => x.code === 'warranty')!;
    const bought = await callEndpoint(
      s,
      endpoints.payIntegral,
      { combo_id: combo('查询包 100 台').id, request_id: RID(50) },
      { token: admin },
    );
    // The provider refuses the first two devices it is sent (no answer); the third gets its answer.
    provider.onSubmit = (_req, n) =>
      n <= 2 ? { kind: 'failed', reason: 'refused' } : { kind: 'accepted', ticket: '', poll_after_ms: 0 };
    const order = await callEndpoint(
      s,
      endpoints.orderCreate,
      {
        title: '退回',
        identifiers: [1, 2, 3].map((n) => testImei(n)),
        service_ids: [warranty.id],
        request_id: 'order-give-back',
      },
      { token: admin },
    );
    expect([order.errcode, order.msg, order.datas?.frozen]).toEqual([0, expect.any(String), 0]);
    for (let i = 0; i < 6; i++) {
      s.clock.advance(10 * 60_000);
      await s.runner?.runOnce();
    }
    const detail = await callEndpoint(
      s,
      endpoints.orderDetail,
      { order_id: order.datas.order_id },
      { token: admin },
    );
    expect(detail.datas).toMatchObject({ package_checks: 1, jobs_failed: 2 });
    const surplus = await callEndpoint(s, endpoints.packageSurplus, {}, { token: admin });
    expect(surplus.datas.list.map((p) => p.check_left)).toEqual([99]);
    const returns = (await ledger()).list.filter((e) => e.type === 'package_return');
    expect(returns.map((e) => [e.purchase_id, e.checks_delta, e.order_id, e.balance_delta])).toEqual([
      [bought.datas.record_id, 1, order.datas.order_id, 0],
      [bought.datas.record_id, 1, order.datas.order_id, 0],
    ]);
    // Each job's release is in the table once (the exactly-once guard) but moved nothing: the point
    // record lists the package draw and its returns, not a "Refunded 0.00" row per check (issue 27).
    const releases = await s.db
      .selectFrom('ledger_entries')
      .select('type')
      .where('order_id', '=', order.datas.order_id)
      .where('type', 'in', ['settle', 'refund'])
      .execute();
    expect(releases).toHaveLength(3);
    const shown = (await ledger()).list.filter((e) => e.order_id === order.datas.order_id);
    expect(shown.map((e) => e.type).sort()).toEqual(['package', 'package_return', 'package_return']);
    const refunds = await callEndpoint(s, endpoints.pointRecord, { type: 'refund' }, { token: admin });
    expect(refunds.datas.total).toBe(refunds.datas.list.length);
    expect(refunds.datas.list.filter((e) => e.order_id === order.datas.order_id)).toEqual([]);
    // More runs (a replayed completion finds nothing to do): still two returns.
    s.clock.advance(60 * 60_000);
    await s.runner?.runOnce();
    expect((await ledger()).list.filter((e) => e.type === 'package_return')).toHaveLength(2);
  });

  it('lapsed package checks are not used', async () => {
    await callEndpoint(
      s,
      endpoints.payIntegral,
      { combo_id: combo('查询包 100 台').id, request_id: RID(40) },
      { token: admin },
    );
    s.clock.advance(181 * 24 * 3600_000);
    admin = await s.session();
    const services = (await callEndpoint(s, endpoints.comboList, {}, { token: admin })).datas.list;
    const order = await callEndpoint(
      s,
      endpoints.orderCreate,
      {
        title: 'lapsed',
        identifiers: [testImei(1)],
        service_ids: [services.find((x) => x.code === 'warranty')!.id],
      },
      { token: admin },
    );
    expect(order.datas.frozen).toBe(50);
    expect((await callEndpoint(s, endpoints.packageSurplus, {}, { token: admin })).datas.list).toEqual([]);
  });
});
