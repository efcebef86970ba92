import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ErrCode } from '#contract/errcodes.ts';
import {
  customerDetailOutput,
  customerListOutput,
  customerRow,
} from '#contract/schemas/counter-customers.ts';
import { testImei } from '#tests/setup/fake-check-provider.ts';
import { addOtherShop } from '#tests/setup/other-shop.ts';
import { endpoints } from '#contract/endpoints.ts';
import { asUser, endpointDatas } from '#tests/setup/call-endpoint.ts';
import { createTestServer, type TestServer } from '#tests/setup/server-harness.ts';

// By path from the contract: these tests send refused bodies too, and parse each answer themselves.
const SAVE = endpoints.customerSave.path;
const LIST = endpoints.customerList.path;
const DETAIL = endpoints.customerDetail.path;
const MERGE = endpoints.customerMerge.path;

let s: TestServer;
let editor: string;

beforeEach(async () => {
  s = await createTestServer();
  editor = await s.session('editor');
});
afterEach(async () => {
  await s.close();
});

const save = async (body: Record<string, unknown>, token = editor) => s.call(SAVE, body, { token });
const created = async (body: Record<string, unknown>) => customerRow.parse((await save(body)).datas);

describe('customer_save', () => {
  it('creates a customer with normalised phones and answers its row', async () => {
    const c = await created({
      name: 'Zhang San',
      phones: ['139 1234-5678', '+852 9123 4567'],
      tags: ['vip'],
    });
    expect(c).toMatchObject({
      name: 'Zhang San',
      phones: ['13912345678', '+85291234567'],
      tags: ['vip'],
      lang: 'zh',
      sms_opt_out: false,
      open_tickets: 0,
    });
  });

  it("refuses a phone that is another customer's, naming that customer, and writes nothing", async () => {
    const first = await created({ name: '张三', phones: ['13912345678'] });
    const res = await save({ name: '张三丰', phones: ['139-1234-5678'] });
    expect(res.errcode).toBe(ErrCode.CUSTOMER_PHONE_TAKEN);
    expect(res.datas).toEqual({ customer_id: first.id, name: '张三' });
    expect(await s.db.selectFrom('customers').select('id').execute()).toHaveLength(1);
  });

  it('refuses what is not a phone and control characters in a name, next to the field', async () => {
    const bad = await save({ name: '李四', phones: ['call me'] });
    expect(bad.errcode).toBe(ErrCode.INVALID_INPUT);
    const unsafe = await save({ name: 'evil\u202Eexe', phones: [] });
    expect(unsafe.errcode).toBe(ErrCode.INVALID_INPUT);
    expect(await s.db.selectFrom('customers').select('id').execute()).toHaveLength(0);
  });

  it('edits a customer: fields and phones replaced, its own phone kept', async () => {
    const c = await created({ name: '王五', phones: ['13800001111'] });
    const res = await save({
      id: c.id,
      name: '王五 (老客户)',
      phones: ['13800001111', '13800002222'],
      sms_opt_out: true,
    });
    expect(res.errcode).toBe(0);
    expect(customerRow.parse(res.datas)).toMatchObject({
      id: c.id,
      name: '王五 (老客户)',
      phones: ['13800001111', '13800002222'],
      sms_opt_out: true,
    });
  });

  it('a replayed save creates the customer once', async () => {
    const body = { name: '赵六', phones: ['13700000000'], request_id: 'save-once-0001' };
    const a = await save(body);
    const b = await save(body);
    expect(b.datas).toEqual(a.datas);
    expect(await s.db.selectFrom('customers').select('id').execute()).toHaveLength(1);
  });
});

describe('customer_list', () => {
  beforeEach(async () => {
    await created({ name: 'Alice Wong', phones: ['13911113344'] });
    await created({ name: 'alan chen', phones: ['13822225566'] });
    await created({ name: '陈小明', phones: ['+85261113344'] });
  });
  const names = async (q: string) =>
    customerListOutput
      .parse((await s.call(LIST, { q }, { token: editor })).datas)
      .list.map((c) => c.name)
      .sort();

  it("finds by a name's beginning without case, by a phone's last four digits, by a phone", async () => {
    expect(await names('al')).toEqual(['Alice Wong', 'alan chen']);
    expect(await names('陈')).toEqual(['陈小明']);
    expect(await names('3344')).toEqual(['Alice Wong', '陈小明']);
    expect(await names('138 2222 5566')).toEqual(['alan chen']);
    expect(await names('+8526111')).toEqual(['陈小明']);
    expect(await names('%')).toEqual([]);
    expect(await names('')).toHaveLength(3);
  });

  it("never shows another shop's customers, and another shop cannot open or edit them", async () => {
    const other = await addOtherShop(s);
    const mine = customerListOutput.parse((await s.call(LIST, {}, { token: editor })).datas).list[0];
    expect(customerListOutput.parse((await s.call(LIST, {}, { token: other.token })).datas).total).toBe(0);
    expect((await s.call(DETAIL, { id: mine?.id }, { token: other.token })).errcode).toBe(
      ErrCode.CUSTOMER_NOT_FOUND,
    );
    expect((await save({ id: mine?.id, name: 'stolen' }, other.token)).errcode).toBe(
      ErrCode.CUSTOMER_NOT_FOUND,
    );
    // The same phone is another shop's own customer there.
    expect((await save({ name: 'Alice', phones: ['13911113344'] }, other.token)).errcode).toBe(0);
  });
});

describe('customer_merge', () => {
  it('moves phones, tickets and tracked devices to the kept customer; the merged id opens it', async () => {
    const keep = await created({ name: '刘一', phones: ['13600000001'], note: 'a' });
    const gone = await created({ name: '刘一 (重复)', phones: ['13600000002'], note: 'b', tags: ['x'] });
    const batch = await endpointDatas(asUser(s, editor), endpoints.repairBatchCreate, { title: 'b' });
    const intake = await endpointDatas(asUser(s, editor), endpoints.repairIntake, {
      batch_id: batch.id,
      lines: [{ ident: testImei(1) }],
    });
    const device = { id: intake.device_ids[0] as number };
    await s.db
      .updateTable('repair_devices')
      .set({ customer_id: gone.id })
      .where('id', '=', device.id)
      .execute();
    const res = await s.call(MERGE, { keep_id: keep.id, merge_id: gone.id }, { token: editor });
    expect(res.errcode).toBe(0);
    expect(customerRow.parse(res.datas)).toMatchObject({
      id: keep.id,
      phones: ['13600000001', '13600000002'],
      note: 'a\nb',
      tags: ['x'],
    });
    const detail = customerDetailOutput.parse(
      (await s.call(DETAIL, { id: gone.id }, { token: editor })).datas,
    );
    expect(detail.customer.id).toBe(keep.id);
    expect(detail.devices.map((d) => d.repair_device_id)).toEqual([device.id]);
    const list = customerListOutput.parse((await s.call(LIST, {}, { token: editor })).datas);
    expect(list.list.map((c) => c.id)).toEqual([keep.id]);
  });

  it('refuses merging a customer into itself or into one merged away', async () => {
    const a = await created({ name: 'A' });
    const b = await created({ name: 'B' });
    expect((await s.call(MERGE, { keep_id: a.id, merge_id: a.id }, { token: editor })).errcode).toBe(
      ErrCode.CUSTOMER_MERGE_INVALID,
    );
    await s.call(MERGE, { keep_id: a.id, merge_id: b.id }, { token: editor });
    expect((await s.call(MERGE, { keep_id: b.id, merge_id: a.id }, { token: editor })).errcode).toBe(
      ErrCode.CUSTOMER_MERGE_INVALID,
    );
  });
});
