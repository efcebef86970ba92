import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ticketDetail, type TicketDetail } from '#contract/schemas/counter-tickets.ts';
import { endpoints } from '#contract/endpoints.ts';
import { asUser, endpointDatas } from '#tests/setup/call-endpoint.ts';
import { counterEndpoint, ticketStep } from '#tests/setup/counter-endpoints.ts';
import { testImei } from '#tests/setup/fake-check-provider.ts';
import { addOtherShop } from '#tests/setup/other-shop.ts';
import { createTestServer, type TestServer } from '#tests/setup/server-harness.ts';

let s: TestServer;
let editor: string;
const events: { room: string; args: unknown[] }[] = [];

beforeEach(async () => {
  s = await createTestServer();
  editor = await s.session('editor');
  events.length = 0;
  // What the shop's devices are told (the replay test's spy): data:changed and its room.
  const to = s.io.to.bind(s.io);
  vi.spyOn(s.io, 'to').mockImplementation((room) => {
    const target = to(room);
    const emit = target.emit.bind(target);
    return Object.assign(Object.create(target) as typeof target, {
      emit: (event: string, ...args: unknown[]) => {
        if (event === 'data:changed') events.push({ room: String(room), args });
        return (emit as (e: string, ...a: unknown[]) => boolean)(event, ...args);
      },
    });
  });
});
afterEach(async () => {
  vi.restoreAllMocks();
  await s.close();
});

const step = (t: TicketDetail, to: string) =>
  ticketStep(s, 'ticket_move', { id: t.id, version: t.version, to }, editor);

async function readyTicket(phone = '13712345678'): Promise<TicketDetail> {
  const c = await endpointDatas(asUser(s, editor), endpoints.customerSave, { name: '郑十', phones: [phone] });
  let t = await ticketStep(
    s,
    'ticket_create',
    { customer_id: c.id, devices: [{ ident: testImei(5) }], fault: '屏幕碎' },
    editor,
  );
  t = await step(t, 'diagnosing');
  t = await step(t, 'repairing');
  return step(t, 'ready');
}

describe("a ticket's messages (decision 0050) on its page", () => {
  it('are in its view, newest first; their delivery result tells the shop to refetch (topic counter)', async () => {
    const t = await readyTicket();
    expect(t.messages.map((m) => [m.trigger, m.state])).toEqual([['ready_for_pickup', 'queued']]);
    const account = await s.db
      .selectFrom('tickets')
      .select('account_id')
      .where('id', '=', t.id)
      .executeTakeFirstOrThrow();
    events.length = 0;
    expect(await s.messages.runOnce()).toBe(1);
    await vi.waitFor(() =>
      expect(events).toContainEqual({
        room: `account:${account.account_id}`,
        args: [{ topics: ['counter'] }],
      }),
    );
    const after = ticketDetail.parse(
      (await s.call(counterEndpoint.ticket_detail.path, { id: t.id }, { token: editor })).datas,
    );
    expect(after.messages.map((m) => m.state)).toEqual(['sent']);
  });

  it("are only this ticket's, and never shown to another shop", async () => {
    const first = await readyTicket();
    const second = await readyTicket('13712345679');
    expect(second.messages).toHaveLength(1);
    expect(second.messages[0]!.id).not.toBe(first.messages[0]!.id);
    const other = await addOtherShop(s);
    const res = await s.call(counterEndpoint.ticket_detail.path, { id: first.id }, { token: other.token });
    expect(res.datas).toBeNull();
  });
});
