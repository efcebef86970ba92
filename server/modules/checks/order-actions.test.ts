import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ErrCode } from '#contract/errcodes.ts';
import type { ServiceRow } from '#contract/schemas/checks-catalogue.ts';
import { DEFAULT_EXPORT_COLUMNS, DEFAULT_TABLE_COLUMNS } from '#contract/schemas/checks-columns.ts';
import { computeFacets } from '#contract/results-filter/facets.ts';
import type { ResultFilter } from '#contract/results-filter/filter.ts';
import { DEMO_EDITOR, createTestServer, type TestServer } from '#tests/setup/server-harness.ts';
import { FakeCheckProvider, defaultFacts, testImei } from '#tests/setup/fake-check-provider.ts';
import { addOtherShop } from '#tests/setup/other-shop.ts';
import { endpoints } from '#contract/endpoints.ts';
import { callEndpoint } from '#tests/setup/call-endpoint.ts';

let s: TestServer;
let token: string;
let provider: FakeCheckProvider;
let services: Map<string, ServiceRow>;
const id = (code: string) => (services.get(code) as ServiceRow).id;

beforeEach(async () => {
  provider = new FakeCheckProvider();
  // Facts that differ from device to device, so facets have several values.
  provider.onPoll = (ticket) => {
    const req = provider.requestOf(ticket);
    if (!req) return { kind: 'failed', reason: 'no such ticket', retryable: false };
    const n = Number((req.imei ?? req.sn ?? '').slice(-3, -1));
    const facts =
      req.service === 'warranty'
        ? {
            ...defaultFacts(req),
            model: n % 2 ? 'iPhone 13' : 'iPhone 14 Pro',
            colour: ['Blue', 'Black', 'Red'][n % 3] as string,
            warranty_days_left: n * 10,
            activated: n % 4 === 0 ? ('no' as const) : ('yes' as const),
          }
        : req.service === 'activation_lock'
          ? { activation_lock: n % 3 === 0 ? ('yes' as const) : ('no' as const) }
          : defaultFacts(req);
    return { kind: 'done', facts, cost: 10 };
  };
  s = await createTestServer({ checkProvider: provider });
  token = await s.session();
  const list = await callEndpoint(s, endpoints.comboList, {}, { token });
  services = new Map(list.datas.list.map((r) => [r.code, r]));
});
afterEach(async () => {
  await s.close();
});

async function otherShopToken(): Promise<string> {
  return (await addOtherShop(s, { name: '隔壁', realName: '', integral: 100_000 })).token;
}

async function placeAndRun(count: number, codes = ['warranty', 'activation_lock']) {
  const res = await callEndpoint(
    s,
    endpoints.orderCreate,
    {
      title: 'Batch',
      identifiers: Array.from({ length: count }, (_, i) => testImei(i + 10)),
      service_ids: codes.map(id),
    },
    { token },
  );
  expect(res.errcode, res.msg).toBe(0);
  await s.runner?.runOnce();
  return res.datas.order_id;
}

describe('result columns per user', () => {
  it('answers the defaults, saves (deduplicated), refuses unknown ids by name, resets', async () => {
    const first = await callEndpoint(s, endpoints.resultColumns, {}, { token });
    expect(first.datas).toEqual({
      table: [...DEFAULT_TABLE_COLUMNS],
      export: [...DEFAULT_EXPORT_COLUMNS],
      is_default: true,
    });
    const saved = await callEndpoint(
      s,
      endpoints.resultColumnsSave,
      { table: ['imei', 'sn', 'imei'], export: ['sn', 'model'] },
      { token },
    );
    expect(saved.datas).toEqual({ table: ['imei', 'sn'], export: ['sn', 'model'], is_default: false });
    const bad = await callEndpoint(
      s,
      endpoints.resultColumnsSave,
      { table: ['sn', 'price', 'x<y'], export: ['sn', 'price'] },
      { token },
    );
    expect(bad.errcode).toBe(ErrCode.RESULT_COLUMN_UNKNOWN);
    expect(bad.msg).toBe('未知的列：price、x<y');
    expect(bad.datas).toEqual({ unknown: ['price', 'x<y'] });
    const none = await callEndpoint(s, endpoints.resultColumnsSave, { table: [], export: ['sn'] }, { token });
    expect(none.errcode).toBe(ErrCode.INVALID_INPUT);
    // The refused saves changed nothing.
    const again = await callEndpoint(s, endpoints.resultColumns, {}, { token });
    expect(again.datas.table).toEqual(['imei', 'sn']);
    const reset = await callEndpoint(s, endpoints.resultColumnsReset, {}, { token });
    expect(reset.datas.is_default).toBe(true);
    expect((await callEndpoint(s, endpoints.resultColumns, {}, { token })).datas.is_default).toBe(true);
  });

  it('is per user: a colleague and another shop keep their own', async () => {
    await callEndpoint(s, endpoints.resultColumnsSave, { table: ['sn'], export: ['sn'] }, { token });
    const editor = await s.session(DEMO_EDITOR.username);
    const theirs = await callEndpoint(s, endpoints.resultColumns, {}, { token: editor });
    expect(theirs.datas.is_default).toBe(true);
    await callEndpoint(
      s,
      endpoints.resultColumnsSave,
      { table: ['imei'], export: ['imei'] },
      { token: editor },
    );
    await callEndpoint(s, endpoints.resultColumnsReset, {}, { token: editor });
    const mine = await callEndpoint(s, endpoints.resultColumns, {}, { token });
    expect(mine.datas.table).toEqual(['sn']);
    const t2 = await otherShopToken();
    expect((await callEndpoint(s, endpoints.resultColumns, {}, { token: t2 })).datas.is_default).toBe(true);
  });
});

describe('order_facets', () => {
  it("counts like the PWA's computeFacets over order_results, for several filters", async () => {
    const orderId = await placeAndRun(30);
    const results = await callEndpoint(s, endpoints.orderResults, { order_id: orderId }, { token });
    const filters: ResultFilter[] = [
      {},
      { model: ['iPhone 13'] },
      { colour: ['Blue', 'Red'], activation_lock: 'no' },
      { days_min: 100, days_max: 250, activated: 'yes' },
      { q: testImei(12).slice(-6) },
    ];
    for (const filter of filters) {
      const r = await callEndpoint(s, endpoints.orderFacets, { order_id: orderId, filter }, { token });
      expect(r.errcode, r.msg).toBe(0);
      const { mask: _mask, ...expected } = computeFacets(results.datas.devices, filter);
      expect(r.datas).toEqual(expected);
    }
    const blue = await callEndpoint(
      s,
      endpoints.orderFacets,
      { order_id: orderId, filter: { colour: ['Blue'] } },
      { token },
    );
    expect(blue.datas.matched).toBe(10);
    // Its own facet keeps the other colours' counts.
    expect(blue.datas.facets.colour).toEqual({ Blue: 10, Black: 10, Red: 10 });
    const t2 = await otherShopToken();
    const foreign = await callEndpoint(s, endpoints.orderFacets, { order_id: orderId }, { token: t2 });
    expect(foreign.errcode).toBe(ErrCode.ORDER_NOT_FOUND);
    // Refused by the input schema on purpose: sent raw.
    const badFilter = await s.call(
      endpoints.orderFacets.path,
      { order_id: orderId, filter: { activation_lock: 'maybe' } },
      { token },
    );
    expect(badFilter.errcode).toBe(ErrCode.INVALID_INPUT);
  });
});

describe('order_derive', () => {
  it('copies selected devices into a new order, priced and frozen like any order, once per request_id', async () => {
    const source = await placeAndRun(12);
    const results = await callEndpoint(s, endpoints.orderResults, { order_id: source }, { token });
    const picked = results.datas.devices.slice(0, 3);
    const before = (await callEndpoint(s, endpoints.pointRecord, {}, { token })).datas;
    const body = {
      order_id: source,
      selection: { device_ids: picked.map((d) => d.id) },
      title: 'Re-check',
      service_ids: [id('sale_country')],
      request_id: 'derive-0001',
    };
    const res = await callEndpoint(s, endpoints.orderDerive, body, { token });
    expect(res.errcode, res.msg).toBe(0);
    // sale_country (100) needs warranty (50): 150 x 3.
    expect(res.datas).toMatchObject({ added: 3, frozen: 450, integral: before.balance - 450 });
    const replay = await callEndpoint(s, endpoints.orderDerive, body, { token });
    expect(replay.datas).toEqual(res.datas);
    const after = (await callEndpoint(s, endpoints.pointRecord, {}, { token })).datas;
    expect(after.balance).toBe(before.balance - 450);
    expect(after.list.filter((e) => e.type === 'freeze' && e.order_id === res.datas.order_id)).toHaveLength(
      1,
    );
    const detail = await callEndpoint(s, endpoints.orderDetail, { order_id: res.datas.order_id }, { token });
    expect(detail.datas).toMatchObject({
      devices: 3,
      derived_from: source,
      services: ['warranty', 'sale_country'],
      price: 450,
    });
    const derived = await callEndpoint(
      s,
      endpoints.orderResults,
      { order_id: res.datas.order_id },
      { token },
    );
    expect(derived.datas.devices.map((d) => d.imei)).toEqual(picked.map((d) => d.imei));
  });

  it('takes all that match a filter; refuses an empty selection, foreign ids and foreign orders', async () => {
    const source = await placeAndRun(12);
    const filter: ResultFilter = { model: ['iPhone 13'] };
    const counts = await callEndpoint(s, endpoints.orderFacets, { order_id: source, filter }, { token });
    const res = await callEndpoint(
      s,
      endpoints.orderDerive,
      { order_id: source, selection: { filter }, title: 'Only 13', service_ids: [id('warranty')] },
      { token },
    );
    expect(res.errcode, res.msg).toBe(0);
    expect(res.datas.added).toBe(counts.datas.matched);
    const none = await callEndpoint(
      s,
      endpoints.orderDerive,
      {
        order_id: source,
        selection: { filter: { model: ['Nokia'] } },
        title: 'x',
        service_ids: [id('warranty')],
      },
      { token },
    );
    expect(none.errcode).toBe(ErrCode.DERIVE_NO_DEVICES);
    const t2 = await otherShopToken();
    const foreign = await callEndpoint(
      s,
      endpoints.orderDerive,
      { order_id: source, selection: { device_ids: [1] }, title: 'x', service_ids: [id('warranty')] },
      { token: t2 },
    );
    expect(foreign.errcode).toBe(ErrCode.ORDER_NOT_FOUND);
    // Device ids of another order are ignored: nothing of theirs is copied.
    const otherOrder = await callEndpoint(
      s,
      endpoints.orderCreate,
      { title: 'theirs', identifiers: [testImei(90)], service_ids: [id('warranty')] },
      { token: t2 },
    );
    const theirIds = (
      await callEndpoint(s, endpoints.orderResults, { order_id: otherOrder.datas.order_id }, { token: t2 })
    ).datas.devices.map((d) => d.id);
    const stolen = await callEndpoint(
      s,
      endpoints.orderDerive,
      { order_id: source, selection: { device_ids: theirIds }, title: 'x', service_ids: [id('warranty')] },
      { token },
    );
    expect(stolen.errcode).toBe(ErrCode.DERIVE_NO_DEVICES);
  });
});

describe('order_restore (undo delete)', () => {
  it('brings a deleted order back, lists deleted orders, refuses after 30 days', async () => {
    const orderId = await placeAndRun(2);
    expect((await callEndpoint(s, endpoints.orderDelete, { order_id: orderId }, { token })).errcode).toBe(0);
    const deleted = await callEndpoint(s, endpoints.orderList, { deleted: true }, { token });
    expect(deleted.datas.list.map((o) => o.id)).toEqual([orderId]);
    expect(deleted.datas.list[0]?.deleted_at).toBeGreaterThan(0);
    const live = await callEndpoint(s, endpoints.orderList, {}, { token });
    expect(live.datas.list.map((o) => o.id)).not.toContain(orderId);

    const t2 = await otherShopToken();
    expect(
      (await callEndpoint(s, endpoints.orderRestore, { order_id: orderId }, { token: t2 })).errcode,
    ).toBe(ErrCode.ORDER_NOT_FOUND);
    expect((await callEndpoint(s, endpoints.orderRestore, { order_id: orderId }, { token })).errcode).toBe(0);
    const back = await callEndpoint(s, endpoints.orderDetail, { order_id: orderId }, { token });
    expect(back.datas).toMatchObject({ id: orderId, devices: 2, deleted_at: null });
    expect((await callEndpoint(s, endpoints.orderRestore, { order_id: orderId }, { token })).errcode).toBe(
      ErrCode.ALREADY_DONE,
    );

    await callEndpoint(s, endpoints.orderDelete, { order_id: orderId }, { token });
    s.clock.advance(31 * 24 * 3600_000);
    token = await s.session(); // the old session has expired too
    expect((await callEndpoint(s, endpoints.orderList, { deleted: true }, { token })).datas.list).toEqual([]);
    const late = await callEndpoint(s, endpoints.orderRestore, { order_id: orderId }, { token });
    expect(late.errcode).toBe(ErrCode.ORDER_NOT_RESTORABLE);
  });
});
