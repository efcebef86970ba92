import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ErrCode } from '#contract/errcodes.ts';
import { customerDetailOutput } from '#contract/schemas/counter-customers.ts';
import {
  ticketDetail,
  ticketListOutput,
  ticketTechniciansOutput,
  type TicketDetail,
} from '#contract/schemas/counter-tickets.ts';
import { testImei } from '#tests/setup/fake-check-provider.ts';
import { addOtherShop } from '#tests/setup/other-shop.ts';
import { endpoints } from '#contract/endpoints.ts';
import { asUser, endpointDatas } from '#tests/setup/call-endpoint.ts';
import { counterEndpoint, ticketStep, type CounterEndpointName } from '#tests/setup/counter-endpoints.ts';
import { createTestServer, type TestServer } from '#tests/setup/server-harness.ts';

let s: TestServer;
let editor: string;
let admin: string;
let customerId: number;

beforeEach(async () => {
  s = await createTestServer();
  editor = await s.session('editor');
  admin = await s.session('admin');
  customerId = (
    await endpointDatas(asUser(s, editor), endpoints.customerSave, { name: '孙七', phones: ['13512345678'] })
  ).id;
});
afterEach(async () => {
  await s.close();
});

// Refusals, and answers a test parses itself, go by the contract's path; ok() checks the output schema.
const call = (name: CounterEndpointName, body: Record<string, unknown>, token = editor) =>
  s.call(counterEndpoint[name].path, body, { token });
const ok = (name: CounterEndpointName, body: Record<string, unknown>, token = editor) =>
  ticketStep(s, name, body, token);
const intake = (extra: Record<string, unknown> = {}) =>
  ok('ticket_create', {
    customer_id: customerId,
    devices: [{ ident: testImei(1) }, { ident: 'F2LXK0ABHG7F' }],
    fault: '摔了一下，屏幕不亮',
    condition: { screen: 'damaged', liquid: 'ok', accessories: '手机壳', passcode_given: true },
    ...extra,
  });
const step = (t: TicketDetail, name: CounterEndpointName, body: Record<string, unknown>, token = editor) =>
  ok(name, { id: t.id, version: t.version, ...body }, token);

describe('a ticket from intake to collection', () => {
  it('takes two phones in with a deposit, quotes, repairs, and is collected once paid', async () => {
    let t = await intake({ deposit: { amount_fen: 20000, method: 'cash' } });
    expect(t).toMatchObject({ status: 'received', paid_fen: 20000, due_fen: 0, outstanding_fen: -20000 });
    expect(t.no_text).toMatch(/^R\d{6}-0001$/);
    expect(t.devices.map((d) => d.imei ?? d.sn)).toEqual([testImei(1), 'F2LXK0ABHG7F']);
    expect(t.condition).toMatchObject({ screen: 'damaged', passcode_given: true, housing: 'not_checked' });

    t = await step(t, 'ticket_move', { to: 'diagnosing' });
    t = await step(t, 'ticket_line_add', { kind: 'part', description: '屏幕总成', qty: 1, unit_fen: 80000 });
    t = await step(t, 'ticket_line_add', { kind: 'labour', description: '贴膜', qty: 1, unit_fen: 3000 });
    t = await step(t, 'ticket_move', { to: 'waiting_approval' });
    const [screen, film] = t.lines.map((l) => l.id);
    t = await step(t, 'ticket_quote_decide', { approved: [screen], declined: [film] });
    expect(t).toMatchObject({ due_fen: 80000, outstanding_fen: 60000 });
    t = await step(t, 'ticket_move', { to: 'repairing' });
    t = await step(t, 'ticket_move', { to: 'ready' });

    const early = await call('ticket_move', { id: t.id, version: t.version, to: 'collected' });
    expect(early.errcode).toBe(ErrCode.TICKET_NOT_PAID);
    expect(early.datas).toEqual({ outstanding_fen: 60000 });
    const tooMuch = await call('ticket_pay', {
      id: t.id,
      version: t.version,
      kind: 'payment',
      amount_fen: 60001,
      method: 'wechat',
    });
    expect(tooMuch.errcode).toBe(ErrCode.MONEY_MORE_THAN_DUE);

    t = await step(t, 'ticket_pay', { kind: 'payment', amount_fen: 60000, method: 'wechat' });
    t = await step(t, 'ticket_move', { to: 'collected' });
    expect(t).toMatchObject({
      status: 'collected',
      paid_fen: 80000,
      refunded_fen: 0,
      outstanding_fen: 0,
      next: [],
    });
    expect(t.events.filter((e) => e.kind === 'status').map((e) => e.to_status)).toEqual([
      'received',
      'diagnosing',
      'waiting_approval',
      'repairing',
      'ready',
      'collected',
    ]);
    const late = await call('ticket_pay', {
      id: t.id,
      version: t.version,
      kind: 'deposit',
      amount_fen: 100,
      method: 'cash',
    });
    expect(late.errcode).toBe(ErrCode.TICKET_CLOSED);
  });

  it('numbers tickets per shop, one after the other', async () => {
    const a = await intake();
    const b = await intake();
    expect([a.no_text.slice(-4), b.no_text.slice(-4)]).toEqual(['0001', '0002']);
  });
});

describe('sent to Apple', () => {
  it("tracks the ticket's devices in repair progress management with the same customer, once", async () => {
    let t = await intake();
    t = await step(t, 'ticket_move', { to: 'diagnosing' });
    t = await step(t, 'ticket_move', { to: 'sent_to_apple' });
    const tracked = await s.db
      .selectFrom('repair_devices')
      .innerJoin('repair_batches', 'repair_batches.id', 'repair_devices.batch_id')
      .select([
        'repair_devices.id',
        'repair_devices.ident',
        'repair_devices.customer_id',
        'repair_devices.customer_phone',
        'repair_devices.badge',
        'repair_batches.title',
      ])
      .where('repair_batches.title', '=', t.no_text)
      .orderBy('repair_devices.id')
      .execute();
    expect(tracked.map((d) => [d.ident, d.customer_id, d.customer_phone, d.badge])).toEqual([
      [testImei(1), customerId, '13512345678', 'to_ship'],
      ['F2LXK0ABHG7F', customerId, '13512345678', 'to_ship'],
    ]);
    const linked = await s.db
      .selectFrom('ticket_devices')
      .select('repair_device_id')
      .where('ticket_id', '=', t.id)
      .orderBy('id')
      .execute();
    expect(linked.map((d) => d.repair_device_id)).toEqual(tracked.map((d) => d.id));
    // The customer's page lists each phone once, though it is on the ticket and tracked.
    const detail = customerDetailOutput.parse((await call('customer_detail', { id: customerId })).datas);
    expect(detail.devices.map((d) => [d.ident, d.ticket_id, d.repair_device_id])).toEqual([
      ['F2LXK0ABHG7F', t.id, tracked[1]?.id],
      [testImei(1), t.id, tracked[0]?.id],
    ]);
    // Back from Apple and collected: nothing approved, nothing owed.
    t = await step(t, 'ticket_move', { to: 'ready' });
    t = await step(t, 'ticket_move', { to: 'collected' });
    expect(t.status).toBe('collected');
    expect(
      await s.db.selectFrom('repair_devices').select('id').where('customer_id', '=', customerId).execute(),
    ).toHaveLength(2);
  });
});

describe('what the workflow and the money rules refuse, changing nothing', () => {
  it('refuses a move the table does not hold, and a quote asked without lines', async () => {
    const t = await intake();
    const skip = await call('ticket_move', { id: t.id, version: t.version, to: 'ready' });
    expect(skip.errcode).toBe(ErrCode.TICKET_MOVE_NOT_ALLOWED);
    const d = await step(t, 'ticket_move', { to: 'diagnosing' });
    expect(
      (await call('ticket_move', { id: d.id, version: d.version, to: 'waiting_approval' })).errcode,
    ).toBe(ErrCode.TICKET_QUOTE_MISSING);
    const after = ticketDetail.parse((await call('ticket_detail', { id: t.id })).datas);
    expect(after).toMatchObject({ status: 'diagnosing', version: d.version });
  });

  it('refuses cancelling while a deposit is held; an Admin refunds it, then it cancels', async () => {
    let t = await intake({ deposit: { amount_fen: 5000, method: 'alipay' } });
    expect((await call('ticket_move', { id: t.id, version: t.version, to: 'cancelled' })).errcode).toBe(
      ErrCode.TICKET_MONEY_HELD,
    );
    const byEditor = await call('ticket_refund', {
      id: t.id,
      version: t.version,
      amount_fen: 5000,
      method: 'alipay',
      note: '不修了',
    });
    expect(byEditor.errcode).toBe(ErrCode.FORBIDDEN);
    const over = await call(
      'ticket_refund',
      { id: t.id, version: t.version, amount_fen: 5001, method: 'alipay', note: 'x' },
      admin,
    );
    expect(over.errcode).toBe(ErrCode.MONEY_MORE_THAN_HELD);
    t = await step(t, 'ticket_refund', { amount_fen: 5000, method: 'alipay', note: '不修了' }, admin);
    t = await step(t, 'ticket_move', { to: 'cancelled' });
    expect(t).toMatchObject({ status: 'cancelled', paid_fen: 5000, refunded_fen: 5000 });
  });

  it('voids a mistaken deposit once (Admin), and never below what was refunded', async () => {
    let t = await intake({ deposit: { amount_fen: 9900, method: 'cash' } });
    const deposit = t.payments[0]?.id as number;
    t = await step(t, 'ticket_void', { payment_id: deposit, note: '录错金额' }, admin);
    expect(t).toMatchObject({ paid_fen: 0, refunded_fen: 0 });
    const twice = await call(
      'ticket_void',
      { id: t.id, version: t.version, payment_id: deposit, note: 'again' },
      admin,
    );
    expect(twice.errcode).toBe(ErrCode.MONEY_VOID_INVALID);
    expect(t.payments.map((p) => [p.kind, p.amount_fen, p.voids])).toEqual([
      ['deposit', 9900, null],
      ['void', 9900, deposit],
    ]);
  });

  it('refuses a stale version: two tabs paying at once take the money once', async () => {
    const t = await intake();
    const d = await step(t, 'ticket_move', { to: 'diagnosing' });
    const body = { id: d.id, version: d.version, kind: 'deposit', amount_fen: 1000, method: 'cash' };
    const [a, b] = await Promise.all([call('ticket_pay', body), call('ticket_pay', body)]);
    expect([a.errcode, b.errcode].sort()).toEqual([0, ErrCode.TICKET_STALE]);
    const after = ticketDetail.parse((await call('ticket_detail', { id: t.id })).datas);
    expect(after.paid_fen).toBe(1000);
  });

  it('a replayed payment with its request_id lands once', async () => {
    const t = await intake();
    const body = {
      id: t.id,
      version: t.version,
      kind: 'deposit',
      amount_fen: 3000,
      method: 'card',
      request_id: 'pay-once-000001',
    };
    const first = await call('ticket_pay', body);
    const again = await call('ticket_pay', body);
    expect(again.datas).toEqual(first.datas);
    const after = ticketDetail.parse((await call('ticket_detail', { id: t.id })).datas);
    expect(after.payments).toHaveLength(1);
    expect(after.paid_fen).toBe(3000);
  });

  it('refuses a device that is not an SN or IMEI, or given twice, listing them; an unknown customer', async () => {
    const bad = await call('ticket_create', {
      customer_id: customerId,
      devices: [{ ident: testImei(2) }, { ident: 'hello' }, { ident: testImei(2) }],
      fault: 'x',
    });
    expect(bad.errcode).toBe(ErrCode.TICKET_DEVICE_INVALID);
    expect(bad.datas).toEqual({ rejected: ['hello', testImei(2)] });
    const nobody = await call('ticket_create', {
      customer_id: 999,
      devices: [{ ident: testImei(3) }],
      fault: 'x',
    });
    expect(nobody.errcode).toBe(ErrCode.CUSTOMER_NOT_FOUND);
    expect(await s.db.selectFrom('tickets').select('id').execute()).toHaveLength(0);
  });
});

describe('tickets of another shop', () => {
  it('are never listed, opened or changed', async () => {
    const t = await intake({ deposit: { amount_fen: 100, method: 'cash' } });
    const other = await addOtherShop(s);
    expect(ticketListOutput.parse((await call('ticket_list', {}, other.token)).datas).total).toBe(0);
    expect((await call('ticket_detail', { id: t.id }, other.token)).errcode).toBe(ErrCode.TICKET_NOT_FOUND);
    for (const [name, body] of [
      ['ticket_move', { to: 'diagnosing' }],
      ['ticket_pay', { kind: 'deposit', amount_fen: 100, method: 'cash' }],
      ['ticket_refund', { amount_fen: 100, method: 'cash', note: 'x' }],
    ] as const) {
      const res = await call(name, { id: t.id, version: t.version, ...body }, other.token);
      expect(res.errcode, name).toBe(ErrCode.TICKET_NOT_FOUND);
    }
    const created = await call(
      'ticket_create',
      { customer_id: customerId, devices: [{ ident: testImei(4) }], fault: 'x' },
      other.token,
    );
    expect(created.errcode).toBe(ErrCode.CUSTOMER_NOT_FOUND);
    const mine = ticketListOutput.parse((await call('ticket_list', {})).datas);
    expect(mine.list).toHaveLength(1);
    expect(mine.list[0]).toMatchObject({ customer_name: '孙七', held_fen: 100 });
  });
});

describe("what the tickets' screens read", () => {
  it('names the customer and devices, and lists the technicians for an Editor, shop by shop', async () => {
    const t = await intake();
    expect(t.customer_name).toBe('孙七');
    expect(t.devices.map((d) => d.repair_device_id)).toEqual([null, null]);
    const list = ticketListOutput.parse((await call('ticket_list', {})).datas);
    expect(list.list[0]?.devices).toHaveLength(2);
    expect(list.list[0]?.devices[1]).toBe(t.devices[1]?.model || 'F2LXK0ABHG7F');

    const techs = ticketTechniciansOutput.parse((await call('ticket_technicians', {})).datas).list;
    expect(techs.length).toBeGreaterThanOrEqual(2);
    expect(techs.every((x) => x.name !== '')).toBe(true);
    const other = await addOtherShop(s);
    const theirs = ticketTechniciansOutput.parse((await call('ticket_technicians', {}, other.token)).datas);
    expect(theirs.list.some((x) => techs.some((m) => m.id === x.id))).toBe(false);
  });
});
