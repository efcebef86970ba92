import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ErrCode } from '#contract/errcodes.ts';
import { ticketDetail, type TicketDetail } from '#contract/schemas/counter-tickets.ts';
import { endpoints } from '#contract/endpoints.ts';
import { asUser, endpointDatas } from '#tests/setup/call-endpoint.ts';
import { counterEndpoint, ticketStep, type CounterEndpointName } from '#tests/setup/counter-endpoints.ts';
import { testImei } from '#tests/setup/fake-check-provider.ts';
import { addOtherShop } from '#tests/setup/other-shop.ts';
import { createTestServer, type TestServer } from '#tests/setup/server-harness.ts';

let s: TestServer;
let editor: string;
let admin: string;
let ticket: TicketDetail;

const call = (name: CounterEndpointName, body: Record<string, unknown>, token = editor) =>
  s.call(counterEndpoint[name].path, body, { token });
const ok = (name: CounterEndpointName, body: Record<string, unknown>, token = editor) =>
  ticketStep(s, name, body, token);
const notesOf = async (id: number) =>
  s.db
    .selectFrom('ticket_events')
    .select(['note', 'by_user', 'account_id'])
    .where('ticket_id', '=', id)
    .where('kind', '=', 'note')
    .execute();

beforeEach(async () => {
  s = await createTestServer();
  editor = await s.session('editor');
  admin = await s.session('admin');
  const customer = await endpointDatas(asUser(s, editor), endpoints.customerSave, {
    name: '周八',
    phones: ['13612345678'],
  });
  ticket = await ok('ticket_create', {
    customer_id: customer.id,
    devices: [{ ident: testImei(7) }],
    fault: '听筒没声音',
  });
});
afterEach(async () => {
  await s.close();
});

describe('a note on a ticket (ticket_note)', () => {
  it('is added to the history by whom and when, by an Editor or an Admin, without bumping the version', async () => {
    const a = await ok('ticket_note', { id: ticket.id, note: '  客户来电问进度  ' });
    const b = await ok('ticket_note', { id: ticket.id, note: 'Customer called back' }, admin);
    const notes = b.events.filter((e) => e.kind === 'note');
    expect(notes.map((e) => e.note)).toEqual(['客户来电问进度', 'Customer called back']);
    expect(notes.every((e) => e.by_user !== null && e.at > 0)).toBe(true);
    expect(notes[0]!.by_user).not.toBe(notes[1]!.by_user);
    expect([a.version, b.version]).toEqual([ticket.version, ticket.version]);
    // A status change read before the notes still lands: a note made nobody's page stale.
    const moved = await ok('ticket_move', { id: ticket.id, version: ticket.version, to: 'diagnosing' });
    expect(moved.status).toBe('diagnosing');
  });

  it('replayed with its request_id (the outbox sending it again) lands once', async () => {
    const body = { id: ticket.id, note: '客户下午来取', request_id: 'note-once-000001' };
    const first = await call('ticket_note', body);
    const again = await call('ticket_note', body);
    expect(first.errcode).toBe(0);
    expect(again.datas).toEqual(first.datas);
    const batch = await s.call<{ answers: { errcode: number }[] }>(
      endpoints.outboxReplay.path,
      { writes: [{ path: counterEndpoint.ticket_note.path, body }] },
      { token: editor },
    );
    expect(batch.datas.answers.map((x) => x.errcode)).toEqual([0]);
    expect(await notesOf(ticket.id)).toHaveLength(1);
  });

  it('is allowed on a collected or cancelled ticket', async () => {
    const cancelled = await ok('ticket_move', { id: ticket.id, version: ticket.version, to: 'cancelled' });
    const noted = await ok('ticket_note', { id: cancelled.id, note: '客户后来又打电话' });
    expect(noted.status).toBe('cancelled');
    expect(noted.events.at(-1)).toMatchObject({ kind: 'note', note: '客户后来又打电话' });
  });

  it('refuses an empty, too long or unsafe note, and an unknown ticket, writing nothing', async () => {
    for (const note of ['', '   ', 'x'.repeat(501), 'a\u202Eb']) {
      const res = await call('ticket_note', { id: ticket.id, note });
      expect(res.errcode, JSON.stringify(note)).toBe(ErrCode.INVALID_INPUT);
    }
    expect((await call('ticket_note', { id: ticket.id + 99, note: 'x' })).errcode).toBe(
      ErrCode.TICKET_NOT_FOUND,
    );
    expect(await notesOf(ticket.id)).toHaveLength(0);
    expect((await call('ticket_note', { id: ticket.id, note: 'x'.repeat(500) })).errcode).toBe(0);
  });

  it('refuses the caller who is not signed in, and another shop, which never sees the ticket', async () => {
    const anonymous = await s.call(counterEndpoint.ticket_note.path, { id: ticket.id, note: 'x' });
    expect(anonymous.errcode).toBe(ErrCode.SESSION_EXPIRED);
    const other = await addOtherShop(s);
    const res = await call('ticket_note', { id: ticket.id, note: '偷看' }, other.token);
    expect(res.errcode).toBe(ErrCode.TICKET_NOT_FOUND);
    expect(await notesOf(ticket.id)).toHaveLength(0);
    const detail = ticketDetail.parse((await call('ticket_detail', { id: ticket.id })).datas);
    expect(detail.events.filter((e) => e.kind === 'note')).toHaveLength(0);
  });
});
