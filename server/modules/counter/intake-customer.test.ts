import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ErrCode } from '#contract/errcodes.ts';
import { testImei } from '#tests/setup/fake-check-provider.ts';
import { addOtherShop } from '#tests/setup/other-shop.ts';
import { endpoints } from '#contract/endpoints.ts';
import type { EndpointInput } from '#contract/endpoint.ts';
import { asUser, callEndpoint, endpointDatas } from '#tests/setup/call-endpoint.ts';
import { createTestServer, type TestServer } from '#tests/setup/server-harness.ts';

// Repairs intake names the counter's customer (issue 26): each device gets the record's id, name and
// first phone; an id not of the caller's shop is refused and nothing is taken in.

let s: TestServer;
let editor: string;
let batchId: number;

beforeEach(async () => {
  s = await createTestServer();
  editor = await s.session('editor');
  batchId = (await endpointDatas(asUser(s, editor), endpoints.repairBatchCreate, { title: '柜台' })).id;
});
afterEach(async () => {
  await s.close();
});

const customer = async (body: EndpointInput<typeof endpoints.customerSave>, token = editor) => {
  const res = await callEndpoint(asUser(s, token), endpoints.customerSave, body);
  expect(res.errcode).toBe(0);
  return res.datas.id;
};
const intake = (body: Omit<EndpointInput<typeof endpoints.repairIntake>, 'batch_id'>, token = editor) =>
  callEndpoint(asUser(s, token), endpoints.repairIntake, { batch_id: batchId, ...body });

describe('repairs intake with a customer of the counter', () => {
  it('fills customer_id and the old customer columns from the record, over the lines’ own fields', async () => {
    const id = await customer({ name: '王客户', phones: ['138 0013 3344', '13900000000'] });
    const res = await intake({
      customer_id: id,
      lines: [{ ident: testImei(1), customer_name: '别的名字', customer_phone: '1' }, { ident: testImei(2) }],
    });
    expect(res.errcode).toBe(0);
    const rows = await s.db
      .selectFrom('repair_devices')
      .select(['customer_id', 'customer_name', 'customer_phone'])
      .where('id', 'in', res.datas.device_ids)
      .execute();
    expect(rows).toEqual([
      { customer_id: id, customer_name: '王客户', customer_phone: '13800133344' },
      { customer_id: id, customer_name: '王客户', customer_phone: '13800133344' },
    ]);
    // The customer's page lists the devices.
    const detail = await callEndpoint(asUser(s, editor), endpoints.customerDetail, { id });
    expect(detail.datas.devices).toHaveLength(2);
  });

  it('follows a merged customer to the kept one', async () => {
    const keep = await customer({ name: '留下', phones: ['13100000001'] });
    const gone = await customer({ name: '并入', phones: ['13100000002'] });
    expect(
      (await callEndpoint(asUser(s, editor), endpoints.customerMerge, { keep_id: keep, merge_id: gone }))
        .errcode,
    ).toBe(0);
    const res = await intake({ customer_id: gone, lines: [{ ident: testImei(3) }] });
    const row = await s.db
      .selectFrom('repair_devices')
      .select(['customer_id', 'customer_name'])
      .where('id', '=', res.datas.device_ids[0]!)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ customer_id: keep, customer_name: '留下' });
  });

  it("refuses an unknown customer or another shop's, and takes nothing in", async () => {
    const other = await addOtherShop(s);
    const theirs = await customer({ name: '隔壁的客户', phones: [] }, other.token);
    for (const customer_id of [theirs, 99_999]) {
      const res = await intake({ customer_id, lines: [{ ident: testImei(4) }] });
      expect(res.errcode).toBe(ErrCode.CUSTOMER_NOT_FOUND);
    }
    expect(
      await s.db.selectFrom('repair_devices').select('id').where('imei', '=', testImei(4)).execute(),
    ).toEqual([]);
  });
});
