import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EndpointDef, EndpointInput } from '#contract/endpoint.ts';
import { callEndpoint } from '#tests/setup/call-endpoint.ts';
import { LOGISTICS_BADGES } from '#contract/schemas/repairs.ts';
import { testImei } from '#tests/setup/fake-check-provider.ts';
import { addOtherShop } from '#tests/setup/other-shop.ts';
import { createTestServer, type TestServer } from '#tests/setup/server-harness.ts';
import { endpoints } from '#contract/endpoints.ts';

// The unfiltered pages (the whole list, one batch's list) run from queries compiled once
// (device-repository.ts); every other filter is built per request. Both must page alike: newest
// first, no device on two pages or on none, and a batch never shows another account's devices.
let s: TestServer;
let token: string;
const ok = async <E extends EndpointDef>(endpoint: E, body: EndpointInput<E>, t = token) => {
  const r = await callEndpoint(s, endpoint, body, { token: t });
  expect(r.errcode, `${endpoint.path}: ${r.msg}`).toBe(0);
  return r.datas;
};
const pages = async (filter: Record<string, unknown>, size: number, t = token) => {
  const ids: number[] = [];
  for (let page = 1; page <= 10; page++) {
    const { list } = await ok(endpoints.repairDeviceList, { ...filter, page, page_size: size }, t);
    if (list.length === 0) break;
    ids.push(...list.map((d) => d.id));
  }
  return ids;
};

beforeAll(async () => {
  s = await createTestServer();
  token = await s.session();
});
afterAll(() => s.close());

describe('device list pages', () => {
  const batches: number[] = [];
  const byBatch = new Map<number, number[]>();

  it('pages the whole list and each batch newest first, like a filtered list', async () => {
    for (const title of ['A', 'B']) {
      const id = (await ok(endpoints.repairBatchCreate, { title })).id;
      batches.push(id);
      const lines = Array.from({ length: title === 'A' ? 5 : 4 }, (_, i) => ({
        ident: testImei(title === 'A' ? 100 + i : 200 + i),
      }));
      byBatch.set(id, (await ok(endpoints.repairIntake, { batch_id: id, lines })).device_ids);
    }
    const everyId = [...byBatch.values()].flat().sort((a, b) => b - a);
    expect(await pages({}, 2)).toEqual(everyId);
    expect(await pages({}, 4)).toEqual(everyId);
    // A filter that every device passes takes the general path: the same pages.
    expect(await pages({ badge: [...LOGISTICS_BADGES] }, 2)).toEqual(everyId);
    for (const [batchId, ids] of byBatch) {
      const newestFirst = [...ids].sort((a, b) => b - a);
      expect(await pages({ batch_id: batchId }, 2)).toEqual(newestFirst);
      expect(await pages({ batch_id: batchId, badge: [...LOGISTICS_BADGES] }, 3)).toEqual(newestFirst);
    }
    const first = await ok(endpoints.repairDeviceList, { page: 1, page_size: 3 });
    expect(first.total).toBe(9);
    expect(first.list[0]!.batch_title).toBe('B');
  });

  it('answers the same rows, field for field, from the unfiltered page (rows read as values) as from a filter', async () => {
    const batchId = (await ok(endpoints.repairBatchCreate, { title: '字段' })).id;
    // Every column the intake can fill, as the row answers it.
    const filledIn = {
      repair_ids: ['R123456789'],
      customer_name: '张 三',
      customer_phone: '13900001111',
      customer_note: '屏幕 裂',
      courier_in: 'SF1234567890',
      purchase_price: 123456,
      sale_price: 234567,
    };
    await ok(endpoints.repairIntake, {
      batch_id: batchId,
      lines: [{ ident: testImei(300), ...filledIn }, { ident: testImei(301) }],
    });
    for (const filter of [{}, { batch_id: batchId }]) {
      const plain = await ok(endpoints.repairDeviceList, { ...filter, page: 1, page_size: 20 });
      const filtered = await ok(endpoints.repairDeviceList, {
        ...filter,
        badge: [...LOGISTICS_BADGES],
        page: 1,
        page_size: 20,
      });
      expect(plain.list.length).toBeGreaterThanOrEqual(2);
      expect(plain.list).toEqual(filtered.list);
      const filled = plain.list.find((d) => d.imei === testImei(300))!;
      expect(filled).toMatchObject({ ...filledIn, batch_title: '字段', watched: false, link_active: false });
    }
  });

  it("answers nothing of another shop's batch, and the other shop sees only its own", async () => {
    const other = await addOtherShop(s);
    expect(await pages({ batch_id: batches[0] }, 5, other.token)).toEqual([]);
    expect(await pages({}, 5, other.token)).toEqual([]);
    const again = await ok(endpoints.repairDeviceList, { batch_id: batches[0] }, other.token);
    expect(again.total).toBe(0);
  });
});
