import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ErrCode } from '#contract/errcodes.ts';
import { endpoints } from '#contract/endpoints.ts';
import { testImei } from '#tests/setup/fake-check-provider.ts';
import { addOtherShop } from '#tests/setup/other-shop.ts';
import { asUser, endpointDatas } from '#tests/setup/call-endpoint.ts';
import { counterEndpoint, ticketStep } from '#tests/setup/counter-endpoints.ts';
import { createTestServer, type TestServer } from '#tests/setup/server-harness.ts';

// An IMEI whose TAC the offline decoder does not know, and a 10-character serial (random since late
// 2021: nothing to decode). The receipt printed "—" for such a phone although the shop had checked it.
const UNKNOWN_IMEI = testImei(7, '35000001');
const NEW_SERIAL = 'H7QX2L9KMN';

let s: TestServer;
let editor: string;
let customerId: number;

beforeEach(async () => {
  s = await createTestServer();
  editor = await s.session('editor');
  customerId = (
    await endpointDatas(asUser(s, editor), endpoints.customerSave, { name: '孙七', phones: ['13512345678'] })
  ).id;
});
afterEach(async () => {
  await s.close();
});

const intake = (devices: Array<{ ident: string; model?: string }>, token = editor) =>
  ticketStep(s, 'ticket_create', { customer_id: customerId, devices, fault: '屏幕不亮' }, token);
const models = async (devices: Array<{ ident: string; model?: string }>) =>
  (await intake(devices)).devices.map((d) => d.model);

/** A check order of `ident` placed through the API, its answer's model written as the provider's would be. */
async function checkedAs(ident: string, model: string, token = editor) {
  const combos = await s.call<{ list: { id: number; code: string }[] }>(
    '/api/checks/combo_list',
    {},
    { token },
  );
  const placed = await s.call<{ order_id: number }>(
    '/api/checks/order_create',
    {
      title: 'x',
      identifiers: [ident],
      service_ids: [combos.datas.list.find((c) => c.code === 'warranty')?.id],
    },
    { token },
  );
  expect(placed.errcode).toBe(0);
  await s.db
    .updateTable('check_devices')
    .set({ model })
    .where('order_id', '=', placed.datas.order_id)
    .execute();
}

describe("a ticket device's model", () => {
  it('is what the counter typed when the SN/IMEI does not name it, and the decoder wins when it does', async () => {
    expect(
      await models([
        { ident: UNKNOWN_IMEI, model: ' iPhone 15 Pro Max 256GB ' },
        { ident: NEW_SERIAL },
        { ident: testImei(1, '35925406'), model: 'not this' },
      ]),
    ).toEqual(['iPhone 15 Pro Max 256GB', null, 'iPhone 6']);
    const refused = await s.call(
      counterEndpoint.ticket_create.path,
      { customer_id: customerId, devices: [{ ident: NEW_SERIAL, model: 'x'.repeat(61) }], fault: 'x' },
      { token: editor },
    );
    expect(refused.errcode).toBe(ErrCode.INVALID_INPUT);
  });

  it("comes from the shop's newest check of the device, else its tracked Apple repair; never another shop's", async () => {
    const other = await addOtherShop(s, { integral: 100_000 });
    await s.db
      .updateTable('accounts')
      .set({ integral: 100_000 })
      .where('id', '!=', other.accountId)
      .execute();
    await checkedAs(UNKNOWN_IMEI, 'iPhone 12 (other shop)', other.token);
    expect(await models([{ ident: UNKNOWN_IMEI }])).toEqual([null]);

    await checkedAs(UNKNOWN_IMEI, 'iPhone 13');
    await checkedAs(UNKNOWN_IMEI, 'iPhone 13 Pro Max');
    const batch = await endpointDatas(asUser(s, editor), endpoints.repairBatchCreate, { title: '送修' });
    const tracked = await endpointDatas(asUser(s, editor), endpoints.repairIntake, {
      batch_id: batch.id,
      lines: [{ ident: NEW_SERIAL }],
    });
    await s.db
      .updateTable('repair_devices')
      .set({ model: 'iPhone 14 Plus' })
      .where('id', '=', tracked.device_ids[0]!)
      .execute();
    expect(await models([{ ident: UNKNOWN_IMEI }, { ident: NEW_SERIAL }])).toEqual([
      'iPhone 13 Pro Max',
      'iPhone 14 Plus',
    ]);
  });
});
