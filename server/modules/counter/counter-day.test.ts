import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { counterDayOutput } from '#contract/schemas/counter-day.ts';
import type { TicketDetail } from '#contract/schemas/counter-tickets.ts';
import { testImei } from '#tests/setup/fake-check-provider.ts';
import { addOtherShop } from '#tests/setup/other-shop.ts';
import { endpoints } from '#contract/endpoints.ts';
import { asUser, callEndpoint, endpointDatas } from '#tests/setup/call-endpoint.ts';
import { ticketStep, type CounterEndpointName } from '#tests/setup/counter-endpoints.ts';
import { createTestServer, type TestServer } from '#tests/setup/server-harness.ts';
import { shopDay } from './counter-day.ts';

let s: TestServer;
let editor: string;
let admin: string;
let customerId: number;
const DAY = 24 * 3600_000;

beforeEach(async () => {
  s = await createTestServer();
  editor = await s.session('editor');
  admin = await s.session('admin');
  customerId = (
    await endpointDatas(asUser(s, editor), endpoints.customerSave, { name: '周八', phones: ['13612345678'] })
  ).id;
});
afterEach(async () => {
  await s.close();
});

const ok = (name: CounterEndpointName, body: Record<string, unknown>, token = editor) =>
  ticketStep(s, name, body, token);
const intake = (n: number, extra: Record<string, unknown> = {}) =>
  ok('ticket_create', {
    customer_id: customerId,
    devices: [{ ident: testImei(n) }],
    fault: '不开机',
    ...extra,
  });
const step = (t: TicketDetail, name: CounterEndpointName, body: Record<string, unknown>, token = editor) =>
  ok(name, { id: t.id, version: t.version, ...body }, token);
const day = async (token = editor) => {
  const res = await callEndpoint(asUser(s, token), endpoints.counterDay, {});
  expect(res.errcode).toBe(0);
  return counterDayOutput.parse(res.datas);
};

describe('the day at the counter', () => {
  it("counts today's intakes, collections, net takings per method, open tickets and overdue ones", async () => {
    // Yesterday: one ticket in with a wechat deposit; it stays open.
    let old = await intake(1, { deposit: { amount_fen: 5000, method: 'wechat' } });
    s.clock.advance(DAY);
    const now = s.clock.now();

    // Today: one ticket through to collection, cash deposit and wechat payment.
    let a = await intake(2, { deposit: { amount_fen: 20000, method: 'cash' } });
    a = await step(a, 'ticket_move', { to: 'diagnosing' });
    a = await step(a, 'ticket_line_add', { kind: 'part', description: '电池', qty: 1, unit_fen: 30000 });
    a = await step(a, 'ticket_move', { to: 'waiting_approval' });
    a = await step(a, 'ticket_quote_decide', { approved: [a.lines[0]!.id], declined: [] });
    a = await step(a, 'ticket_move', { to: 'repairing' });
    a = await step(a, 'ticket_move', { to: 'ready' });
    a = await step(a, 'ticket_pay', { kind: 'payment', amount_fen: 10000, method: 'wechat' });
    await step(a, 'ticket_move', { to: 'collected' });
    // A card deposit taken by mistake and voided; a promise already missed.
    let b = await intake(3, {
      deposit: { amount_fen: 1000, method: 'card' },
      promised_at: Math.floor((now - 3600_000) / 1000),
    });
    b = await step(b, 'ticket_void', { payment_id: b.payments[0]!.id, note: '录错' }, admin);
    // Part of yesterday's deposit given back today, in cash.
    old = await step(old, 'ticket_refund', { amount_fen: 2000, method: 'cash', note: '少修一项' }, admin);

    const d = await day();
    expect(d).toMatchObject({ date: '2026-03-02', time_zone: 'Asia/Shanghai', intakes: 2, collections: 1 });
    expect(d.takings).toEqual([
      { method: 'cash', net_fen: 18000 },
      { method: 'wechat', net_fen: 10000 },
      { method: 'card', net_fen: 0 },
    ]);
    expect(d.takings_total_fen).toBe(28000);
    expect(d.open_by_status).toEqual([{ status: 'received', count: 2 }]);
    expect(d.open_by_technician).toEqual([{ technician_id: null, name: '', count: 2 }]);
    expect(d.overdue.map((o) => [o.id, o.no_text, o.customer_name])).toEqual([[b.id, b.no_text, '周八']]);
    expect(d.overdue_total).toBe(1);
    expect(old.refunded_fen).toBe(2000);

    // Another shop sees none of it.
    const other = await addOtherShop(s);
    expect(await day(other.token)).toMatchObject({
      intakes: 0,
      collections: 0,
      takings: [],
      takings_total_fen: 0,
      open_by_status: [],
      open_by_technician: [],
      overdue: [],
      overdue_total: 0,
    });
  });

  it("cuts the day at the shop's midnight, not UTC's", () => {
    // 2026-03-01 16:30 UTC is 00:30 on the 2nd in Shanghai.
    const at = Date.UTC(2026, 2, 1, 16, 30);
    expect(shopDay('Asia/Shanghai', at)).toEqual({
      date: '2026-03-02',
      startMs: Date.UTC(2026, 2, 1, 16, 0),
      endMs: Date.UTC(2026, 2, 2, 16, 0),
    });
    // A spring-forward day in New York has 23 hours.
    const ny = shopDay('America/New_York', Date.UTC(2026, 2, 8, 17));
    expect(ny.date).toBe('2026-03-08');
    expect(ny.endMs - ny.startMs).toBe(23 * 3600_000);
  });
});
