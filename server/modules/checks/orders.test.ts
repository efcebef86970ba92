import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ErrCode } from '#contract/errcodes.ts';
import type { ServiceRow } from '#contract/schemas/checks-catalogue.ts';
import type { PointRecordDatas } from '#contract/schemas/ledger.ts';
import { createTestServer, type TestServer } from '#tests/setup/server-harness.ts';
import { FakeCheckProvider, testImei } from '#tests/setup/fake-check-provider.ts';
import { endpoints } from '#contract/endpoints.ts';
import { callEndpoint } from '#tests/setup/call-endpoint.ts';

let s: TestServer;
let token: string;
let provider: FakeCheckProvider;
let services: Map<string, ServiceRow>;

const id = (code: string) => (services.get(code) as ServiceRow).id;
const balances = async () => {
  const r = await callEndpoint(s, endpoints.pointRecord, { page: 1, page_size: 100 }, { token });
  return r.datas;
};

beforeEach(async () => {
  provider = new FakeCheckProvider();
  s = await createTestServer({ checkProvider: provider });
  token = await s.session();
  const list = await callEndpoint(s, endpoints.comboList, {}, { token });
  services = new Map(list.datas.list.map((r) => [r.code, r]));
});
afterEach(async () => {
  await s.close();
});

describe('catalogue', () => {
  it('serves the groups and every service of the contract, gsx_image under maintenance in the demo', async () => {
    const groups = await callEndpoint(s, endpoints.serviceGroup, {}, { token });
    expect(groups.datas.list.map((g) => g.code)).toEqual(['basic', 'locks', 'network', 'gsx', 'bundle']);
    expect(services.size).toBe(14);
    expect(services.get('warranty')).toMatchObject({
      price: 50,
      maintenance: false,
      depends_on: [],
      fresh_hours: 24,
    });
    expect(services.get('sale_country')?.depends_on).toEqual(['warranty']);
    expect(services.get('gsx_image')?.maintenance).toBe(true);
    const one = await callEndpoint(
      s,
      endpoints.comboList,
      { group_id: services.get('sale_country')?.group_id },
      { token },
    );
    expect(one.datas.list.map((r) => r.code)).toEqual(['sale_country', 'gsx_text', 'gsx_image']);
  });
});

describe('order_create', () => {
  it('places an order: devices, jobs with dependencies added, price frozen in the ledger', async () => {
    const before = await balances();
    const res = await callEndpoint(
      s,
      endpoints.orderCreate,
      {
        title: '回收批次',
        identifiers: [testImei(1), 'F2LXK0ABHG7F', 'bad', testImei(1), ' '],
        service_ids: [id('sale_country')],
      },
      { token },
    );
    expect(res.errcode, res.msg).toBe(0);
    // warranty (50) is added for sale_country (100): 150 per device, 2 devices.
    expect(res.datas).toMatchObject({ added: 2, frozen: 300, integral: before.balance - 300 });
    expect(res.datas.rejected.map((r) => [r.line, r.reason])).toEqual([
      [3, 'bad_length'],
      [5, 'empty'],
    ]);
    expect(res.datas.duplicates).toEqual([{ line: 4, raw: testImei(1), value: testImei(1), of: 'input' }]);

    const after = await balances();
    expect(after).toMatchObject({ balance: before.balance - 300, frozen: 300 });
    const center = await callEndpoint(s, endpoints.userCenter, {}, { token });
    expect(center.datas).toMatchObject({ integral: before.balance - 300, frozen_integral: 300 });
    expect(after.list[0]).toMatchObject({
      type: 'freeze',
      balance_delta: -300,
      frozen_delta: 300,
      order_id: res.datas.order_id,
      actor_name: '王店长',
    });

    const detail = await callEndpoint(s, endpoints.orderDetail, { order_id: res.datas.order_id }, { token });
    expect(detail.datas).toMatchObject({
      title: '回收批次',
      services: ['warranty', 'sale_country'],
      devices: 2,
      jobs_total: 4,
      progress: 0,
      status: 'running',
      price: 300,
      frozen: 300,
      creator_name: '王店长',
    });

    const results = await callEndpoint(
      s,
      endpoints.orderResults,
      { order_id: res.datas.order_id },
      { token },
    );
    expect(results.datas.devices.map((d) => [d.input, d.imei, d.sn, d.status])).toEqual([
      [testImei(1), testImei(1), null, 'pending'],
      ['F2LXK0ABHG7F', null, 'F2LXK0ABHG7F', 'pending'],
    ]);
    expect(results.datas.devices[0]?.jobs.map((j) => [j.service, j.status])).toEqual([
      ['warranty', 'pending'],
      ['sale_country', 'pending'],
    ]);
  });

  it('runs the jobs: warranty first, then country; settles every share; reports 100%', async () => {
    const res = await callEndpoint(
      s,
      endpoints.orderCreate,
      { title: 'A', identifiers: [testImei(2), testImei(3)], service_ids: [id('sale_country')] },
      { token },
    );
    await s.runner?.runOnce();
    expect(provider.submits.map((r) => r.service)).toEqual([
      'warranty',
      'warranty',
      'sale_country',
      'sale_country',
    ]);
    const detail = await callEndpoint(s, endpoints.orderDetail, { order_id: res.datas.order_id }, { token });
    expect(detail.datas).toMatchObject({
      progress: 100,
      status: 'done',
      settled: 300,
      refunded: 0,
      frozen: 0,
    });
    const results = await callEndpoint(
      s,
      endpoints.orderResults,
      { order_id: res.datas.order_id },
      { token },
    );
    expect(results.datas.devices[0]).toMatchObject({
      status: 'success',
      warranty_type: 'limited',
      sale_country: 'CN',
      replaced: 'no',
      activated: 'yes',
    });
    expect(results.datas.devices[0]?.jobs[0]).toMatchObject({
      status: 'success',
      provider: 'fake',
      sandbox: true,
      reused: false,
    });
    const b = await balances();
    expect(b.frozen).toBe(0);
    expect(b.list.filter((e) => e.type === 'settle')).toHaveLength(4);
  });
});

describe('order_create refusals: a clear message, and nothing frozen', () => {
  const expectNothingFrozen = async (before: PointRecordDatas) => {
    const after = await balances();
    expect(after.balance).toBe(before.balance);
    expect(after.frozen).toBe(0);
    expect(after.total).toBe(before.total);
    const list = await callEndpoint(s, endpoints.orderList, {}, { token });
    expect(list.datas.total).toBe(0);
  };

  it('an empty order: 1001 (no lines) or 3005 (no valid line, with the reasons)', async () => {
    const before = await balances();
    const empty = await callEndpoint(
      s,
      endpoints.orderCreate,
      { title: 'x', identifiers: [], service_ids: [id('warranty')] },
      { token },
    );
    expect(empty.errcode).toBe(ErrCode.INVALID_INPUT);
    expect(empty.msg).toContain('identifiers 不能为空');
    const blank = await callEndpoint(
      s,
      endpoints.orderCreate,
      { title: 'x', identifiers: ['', 'nope', '123'], service_ids: [id('warranty')] },
      { token },
    );
    expect(blank.errcode).toBe(ErrCode.ORDER_NO_VALID_DEVICES);
    expect(blank.msg).toBe('没有有效的序列号或 IMEI');
    expect(blank.datas.rejected.map((r) => r.reason)).toEqual(['empty', 'bad_length', 'bad_length']);
    await expectNothingFrozen(before);
  });

  it('100,001 lines: 1001 saying at most 100000', async () => {
    const before = await balances();
    const lines = Array.from({ length: 100_001 }, (_, i) => testImei(i));
    const res = await callEndpoint(
      s,
      endpoints.orderCreate,
      { title: 'x', identifiers: lines, service_ids: [id('warranty')] },
      { token },
    );
    expect(res.errcode).toBe(ErrCode.INVALID_INPUT);
    expect(res.msg).toContain('identifiers 最多 100000 项');
    await expectNothingFrozen(before);
  });

  it('a service under maintenance: 3001 naming it', async () => {
    const before = await balances();
    const res = await callEndpoint(
      s,
      endpoints.orderCreate,
      { title: 'x', identifiers: [testImei(1)], service_ids: [id('gsx_image')] },
      { token },
    );
    expect(res.errcode).toBe(ErrCode.SERVICE_MAINTENANCE);
    expect(res.msg).toContain('GSX 图片报告');
    await expectNothingFrozen(before);
  });

  it('an unknown service id: 3002', async () => {
    const before = await balances();
    const res = await callEndpoint(
      s,
      endpoints.orderCreate,
      { title: 'x', identifiers: [testImei(1)], service_ids: [id('warranty'), 999] },
      { token },
    );
    expect(res.errcode).toBe(ErrCode.SERVICE_UNKNOWN);
    expect(res.msg).toContain('999');
    await expectNothingFrozen(before);
  });

  it('too few points: 3003 with the price and the balance', async () => {
    const before = await balances();
    // full_check is 8.00 per device; 1000.00 covers 125 devices, not 126.
    const lines = Array.from({ length: 126 }, (_, i) => testImei(i));
    const res = await callEndpoint(
      s,
      endpoints.orderCreate,
      { title: 'x', identifiers: lines, service_ids: [id('full_check')] },
      { token },
    );
    expect(res.errcode).toBe(ErrCode.INSUFFICIENT_POINTS);
    expect(res.msg).toContain('需要 1008.00，可用 1000.00');
    await expectNothingFrozen(before);
    const ok = await callEndpoint(
      s,
      endpoints.orderCreate,
      { title: 'x', identifiers: lines.slice(0, 125), service_ids: [id('full_check')] },
      { token },
    );
    expect(ok.errcode).toBe(0);
    expect((await balances()).balance).toBe(0);
  });

  it('too few points found inside the transaction (the SQL guard): 3003, nothing written', async () => {
    const before = await balances();
    // Spend the points between the pre-check and the freeze: simulate with a direct update.
    await s.db.updateTable('accounts').set({ integral: 100 }).execute();
    const res = await callEndpoint(
      s,
      endpoints.orderCreate,
      { title: 'x', identifiers: [testImei(1)], service_ids: [id('full_check')] },
      { token },
    );
    expect(res.errcode).toBe(ErrCode.INSUFFICIENT_POINTS);
    expect((await s.db.selectFrom('check_devices').select('id').execute()).length).toBe(0);
    expect((await balances()).total).toBe(before.total);
  });

  it('a repeated request_id: the same answer, frozen once', async () => {
    const body = {
      title: 'x',
      identifiers: [testImei(1)],
      service_ids: [id('warranty')],
      request_id: 'req-12345678',
    };
    const first = await callEndpoint(s, endpoints.orderCreate, body, { token });
    const again = await callEndpoint(s, endpoints.orderCreate, body, { token });
    expect(first.errcode).toBe(0);
    expect(again.raw).toBe(first.raw);
    const b = await balances();
    expect(b.list.filter((e) => e.type === 'freeze')).toHaveLength(1);
    expect(b.frozen).toBe(50);
    // A refusal is kept too: the same request_id answers the same refusal.
    const bad = { ...body, service_ids: [id('gsx_image')], request_id: 'req-87654321' };
    expect((await callEndpoint(s, endpoints.orderCreate, bad, { token })).errcode).toBe(
      ErrCode.SERVICE_MAINTENANCE,
    );
    expect((await callEndpoint(s, endpoints.orderCreate, bad, { token })).errcode).toBe(
      ErrCode.SERVICE_MAINTENANCE,
    );
  });
});

describe('orders after placing', () => {
  const place = async (title: string, identifiers: string[], codes = ['warranty']) => {
    const res = await callEndpoint(
      s,
      endpoints.orderCreate,
      { title, identifiers, service_ids: codes.map(id) },
      { token },
    );
    expect(res.errcode, res.msg).toBe(0);
    return res.datas.order_id;
  };

  it('order_add_devices: duplicates of the order skipped, the rest priced at the order prices', async () => {
    const orderId = await place('A', [testImei(1), testImei(2)], ['sale_country']);
    const res = await callEndpoint(
      s,
      endpoints.orderAddDevices,
      { order_id: orderId, identifiers: [testImei(2), testImei(3), testImei(3)] },
      { token },
    );
    expect(res.errcode, res.msg).toBe(0);
    expect(res.datas).toMatchObject({ added: 1, frozen: 150 });
    expect(res.datas.duplicates.map((d) => d.of)).toEqual(['order', 'input']);
    const detail = await callEndpoint(s, endpoints.orderDetail, { order_id: orderId }, { token });
    expect(detail.datas).toMatchObject({ devices: 3, jobs_total: 6, price: 450 });
    const onlyDupes = await callEndpoint(
      s,
      endpoints.orderAddDevices,
      { order_id: orderId, identifiers: [testImei(1)] },
      { token },
    );
    expect(onlyDupes.errcode).toBe(ErrCode.ORDER_NO_VALID_DEVICES);
    const missing = await callEndpoint(
      s,
      endpoints.orderAddDevices,
      { order_id: 999, identifiers: [testImei(9)] },
      { token },
    );
    expect(missing.errcode).toBe(ErrCode.ORDER_NOT_FOUND);
  });

  it('order_remark and order_delete (3006 while running, then gone)', async () => {
    const orderId = await place('A', [testImei(1)]);
    expect(
      (await callEndpoint(s, endpoints.orderRemark, { order_id: orderId, remark: '加急' }, { token }))
        .errcode,
    ).toBe(0);
    const running = await callEndpoint(s, endpoints.orderDelete, { order_id: orderId }, { token });
    expect(running.errcode).toBe(ErrCode.ORDER_RUNNING);
    await s.runner?.runOnce();
    expect((await callEndpoint(s, endpoints.orderDelete, { order_id: orderId }, { token })).errcode).toBe(0);
    expect((await callEndpoint(s, endpoints.orderDetail, { order_id: orderId }, { token })).errcode).toBe(
      ErrCode.ORDER_NOT_FOUND,
    );
    expect(
      (await callEndpoint(s, endpoints.orderRemark, { order_id: orderId, remark: 'x' }, { token })).errcode,
    ).toBe(ErrCode.ORDER_NOT_FOUND);
    expect((await callEndpoint(s, endpoints.orderDelete, { order_id: orderId }, { token })).errcode).toBe(
      ErrCode.ORDER_NOT_FOUND,
    );
  });

  it('order_list: newest first, keyword over title, remark and SN/IMEI, summary over the filter', async () => {
    const a = await place('苹果回收', [testImei(1), 'F2LXK0ABHG7F']);
    const b = await place('三星', [testImei(2)]);
    await callEndpoint(s, endpoints.orderRemark, { order_id: b, remark: '客户加急' }, { token });
    await s.runner?.runOnce();
    const all = await callEndpoint(s, endpoints.orderList, {}, { token });
    expect(all.datas.list.map((o) => o.id)).toEqual([b, a]);
    expect(all.datas.summary).toEqual({ orders: 2, devices: 3, points_spent: 150 });
    const search = async (keyword: string) =>
      (await callEndpoint(s, endpoints.orderList, { keyword }, { token })).datas;
    expect((await search('苹果')).list.map((o) => o.id)).toEqual([a]);
    expect((await search('加急')).list.map((o) => o.id)).toEqual([b]);
    expect((await search('f2lxk0')).list.map((o) => o.id)).toEqual([a]);
    expect((await search(testImei(2).slice(8))).summary).toEqual({
      orders: 1,
      devices: 1,
      points_spent: 50,
    });
    expect((await search('100%')).total).toBe(0);
    const paged = await callEndpoint(s, endpoints.orderList, { page: 2, page_size: 1 }, { token });
    expect(paged.datas.list.map((o) => o.id)).toEqual([a]);
    expect(paged.datas.total).toBe(2);
  });

  it('order_results with changed_since answers only the devices changed since', async () => {
    const orderId = await place('A', [testImei(1), testImei(2)], ['warranty']);
    const first = await callEndpoint(s, endpoints.orderResults, { order_id: orderId }, { token });
    expect(first.datas.devices).toHaveLength(2);
    s.clock.advance(10_000);
    const none = await callEndpoint(
      s,
      endpoints.orderResults,
      { order_id: orderId, changed_since: first.datas.server_ms + 5_000 },
      { token },
    );
    expect(none.datas.devices).toHaveLength(0);
    const cursor = none.datas.server_ms;
    // Only the first device's job answers.
    provider.onPoll = (ticket) =>
      provider.requestOf(ticket)?.imei === testImei(1)
        ? { kind: 'done', facts: { warranty_type: 'applecare_plus' }, cost: 1 }
        : { kind: 'pending', poll_after_ms: 60_000 };
    s.clock.advance(10_000);
    await s.runner?.runOnce();
    const changed = await callEndpoint(
      s,
      endpoints.orderResults,
      { order_id: orderId, changed_since: cursor },
      { token },
    );
    // The second device changed too: its job is now running upstream (a ticket).
    expect(changed.datas.devices.map((d) => [d.imei, d.status, d.jobs[0]?.status])).toEqual([
      [testImei(1), 'success', 'success'],
      [testImei(2), 'running', 'running'],
    ]);
    // A change stamped within the safety margin before an answer is answered again next time.
    s.clock.advance(10_000);
    const again = await callEndpoint(
      s,
      endpoints.orderResults,
      { order_id: orderId, changed_since: changed.datas.server_ms },
      { token },
    );
    expect(again.datas.devices).toHaveLength(2);
    const later = await callEndpoint(
      s,
      endpoints.orderResults,
      { order_id: orderId, changed_since: again.datas.server_ms },
      { token },
    );
    expect(later.datas.devices).toHaveLength(0);
  });

  it('another shop sees none of it (3004, empty lists, its own ledger)', async () => {
    const orderId = await place('A', [testImei(1)]);
    const other = await s.db
      .insertInto('accounts')
      .values({ name: '隔壁', vip_end_time: 0, integral: 0, created_at: s.clock.now() })
      .returning('id')
      .executeTakeFirstOrThrow();
    await s.db
      .insertInto('users')
      .values({
        account_id: other.id,
        username: 'boss2',
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
    const t2 = await s.session('boss2');
    for (const [path, body] of [
      [endpoints.orderDetail.path, { order_id: orderId }],
      [endpoints.orderResults.path, { order_id: orderId }],
      [endpoints.orderRemark.path, { order_id: orderId, remark: 'x' }],
      [endpoints.orderDelete.path, { order_id: orderId }],
      [endpoints.orderAddDevices.path, { order_id: orderId, identifiers: [testImei(5)] }],
    ] as const)
      expect((await s.call(path, body, { token: t2 })).errcode, path).toBe(ErrCode.ORDER_NOT_FOUND);
    const list = await callEndpoint(s, endpoints.orderList, {}, { token: t2 });
    expect(list.datas).toEqual({ list: [], total: 0, summary: { orders: 0, devices: 0, points_spent: 0 } });
    const ledger = await callEndpoint(s, endpoints.pointRecord, {}, { token: t2 });
    expect(ledger.datas).toMatchObject({ list: [], total: 0, balance: 0, frozen: 0 });
    const poor = await callEndpoint(
      s,
      endpoints.orderCreate,
      { title: 'x', identifiers: [testImei(1)], service_ids: [id('warranty')] },
      { token: t2 },
    );
    expect(poor.errcode).toBe(ErrCode.INSUFFICIENT_POINTS);
  });
});

describe('offline facts and the point record', () => {
  it('fills TAC model, factory and manufacture week from the identifier at insert', async () => {
    // TAC 01161200 is an iPhone 3G; C02 a Quanta factory; year letter G (2011/2021, second half), week 5.
    const imei = testImei(7, '01161200');
    const sn = 'C02G5XXXDPNG';
    const res = await callEndpoint(
      s,
      endpoints.orderCreate,
      { title: 'offline', identifiers: [imei, sn], service_ids: [id('warranty')] },
      { token },
    );
    expect(res.errcode, res.msg).toBe(0);
    const results = await callEndpoint(
      s,
      endpoints.orderResults,
      { order_id: res.datas.order_id },
      { token },
    );
    const [phone, computer] = results.datas.devices;
    expect(phone).toMatchObject({ tac_model: 'Apple iPhone 3G', factory: null, manufactured: null });
    expect(computer).toMatchObject({
      sn,
      factory: 'China (Quanta Computer)',
      tac_model: 'iPhone 4 (CDMA)',
      model: 'iPhone 4 (CDMA)',
      capacity: '8GB',
    });
    expect(computer?.manufactured).toMatch(/^20[12]1-W\d\d$/);
  });

  it('lists entries with order title, device, service and actor; filters by type and order', async () => {
    const res = await callEndpoint(
      s,
      endpoints.orderCreate,
      { title: '记录测试', identifiers: [testImei(1)], service_ids: [id('activation_lock')] },
      { token },
    );
    await s.runner?.runOnce();
    const settle = await callEndpoint(s, endpoints.pointRecord, { type: 'settle' }, { token });
    expect(settle.datas.total).toBe(1);
    expect(settle.datas.list[0]).toMatchObject({
      type: 'settle',
      balance_delta: 0,
      frozen_delta: -30,
      balance_after: 1_000_00 - 30,
      order_id: res.datas.order_id,
      order_title: '记录测试',
      device: testImei(1),
      service: 'activation_lock',
      actor_name: null,
    });
    const byOrder = await callEndpoint(s, endpoints.pointRecord, { order_id: res.datas.order_id }, { token });
    expect(byOrder.datas.list.map((e) => e.type)).toEqual(['settle', 'freeze']);
    const all = await callEndpoint(s, endpoints.pointRecord, { page: 1, page_size: 2 }, { token });
    expect(all.datas).toMatchObject({ total: 3, balance: 1_000_00 - 30, frozen: 0 });
    expect(all.datas.list.map((e) => e.type)).toEqual(['settle', 'freeze']);
    const opening = await callEndpoint(s, endpoints.pointRecord, { type: 'opening' }, { token });
    expect(opening.datas.list[0]).toMatchObject({ balance_delta: 1_000_00, balance_after: 1_000_00 });
  });

  it('order_list filters by status', async () => {
    const running = await callEndpoint(
      s,
      endpoints.orderCreate,
      { title: 'r', identifiers: [testImei(1)], service_ids: [id('warranty')] },
      { token },
    );
    const ids = async (status: 'running' | 'done') =>
      (await callEndpoint(s, endpoints.orderList, { status }, { token })).datas.list.map((o) => o.id);
    expect(await ids('running')).toEqual([running.datas.order_id]);
    expect(await ids('done')).toEqual([]);
    await s.runner?.runOnce();
    expect(await ids('running')).toEqual([]);
    expect(await ids('done')).toEqual([running.datas.order_id]);
  });
});
