import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ticketDetail, type TicketDetail } from '#contract/schemas/counter-tickets.ts';
import { customerRow } from '#contract/schemas/counter-customers.ts';
import { configureOutbox, refreshOutbox, replayOutbox } from '#src/lib/offline/outbox.ts';
import { deleteItems, loadItems } from '#src/lib/offline/outbox-store.ts';
import { imeiWithCheckDigit } from '#tests/fixtures/imei.ts';
import { currentTestServer } from '#tests/setup/web.ts';
import { renderApp } from '#tests/setup/render-app.tsx';

let offline = false;
let userId: number | null = null;

async function signIn(): Promise<string> {
  const token = await currentTestServer().session('editor');
  localStorage.setItem('token', token);
  userId = (await currentTestServer().call<{ user_id: number }>('/api/user/get_user', {}, { token })).datas
    .user_id;
  return token;
}

async function api<D>(token: string, name: string, body: Record<string, unknown>, parse: (d: unknown) => D) {
  const res = await currentTestServer().call(`/api/counter/${name}`, body, { token });
  if (res.errcode !== 0) throw new Error(`${name}: ${res.errcode} ${res.msg}`);
  return parse(res.datas);
}

/** A ticket walked to ready for pickup: its ready_for_pickup message is queued with the move. */
async function readyTicket(token: string): Promise<TicketDetail> {
  const c = await api(token, 'customer_save', { name: '钱十一', phones: ['13812345670'] }, customerRow.parse);
  let t = await api(
    token,
    'ticket_create',
    { customer_id: c.id, devices: [{ ident: imeiWithCheckDigit('35209900176299') }], fault: '不开机' },
    ticketDetail.parse,
  );
  for (const to of ['diagnosing', 'repairing', 'ready'])
    t = await api(token, 'ticket_move', { id: t.id, version: t.version, to }, ticketDetail.parse);
  return t;
}

const notesOnServer = async (token: string, id: number) =>
  (await api(token, 'ticket_detail', { id }, ticketDetail.parse)).events.filter((e) => e.kind === 'note');

beforeEach(async () => {
  await deleteItems((await loadItems()).map((item) => item.id));
  offline = false;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => !offline);
  // What src/app/offline-wiring.ts sets in the app: whose outbox it is.
  configureOutbox({ currentUserId: () => userId, notify: () => undefined, onReplayed: () => undefined });
  await refreshOutbox();
});
afterEach(() => vi.restoreAllMocks());

describe("a ticket's page: its messages and notes", () => {
  it('lists the messages sent for the ticket, and a typed note lands in the history with who wrote it', async () => {
    const token = await signIn();
    const t = await readyTicket(token);
    renderApp(`/app/tickets/detail?id=${t.id}`);
    const u = userEvent.setup();
    const messages = await screen.findByTestId('ticket-messages', {}, { timeout: 40_000 });
    expect(within(messages).getAllByTestId(/^message-\d+$/)).toHaveLength(1);
    expect(within(messages).getByText('待取机')).toBeTruthy();

    const save = screen.getByTestId('note-save');
    expect(save.hasAttribute('disabled')).toBe(true);
    await u.type(screen.getByTestId('note-text'), '客户来电，下午来取');
    await u.click(save);
    const timeline = screen.getByTestId('ticket-timeline');
    // A ticket's record of what was done, not a device's history (履历).
    expect(within(timeline).getByRole('heading', { level: 4 }).textContent).toBe('处理记录');
    await waitFor(() => expect(within(timeline).getByText('客户来电，下午来取')).toBeTruthy());
    expect(within(timeline).getAllByText('备注').length).toBeGreaterThan(0);
    const { real_name } = await currentTestServer()
      .db.selectFrom('users')
      .select('real_name')
      .where('username', '=', 'editor')
      .executeTakeFirstOrThrow();
    const item = within(timeline).getByText('客户来电，下午来取').closest('[data-testid="ticket-event"]');
    await waitFor(() => expect(item?.textContent).toContain(real_name));
    expect((screen.getByTestId('note-text') as HTMLTextAreaElement).value).toBe('');
    expect(await notesOnServer(token, t.id)).toMatchObject([{ note: '客户来电，下午来取' }]);
  }, 60_000);

  it('offline: the note waits on the device, shown as waiting, and lands once when the network is back', async () => {
    const token = await signIn();
    const t = await readyTicket(token);
    renderApp(`/app/tickets/detail?id=${t.id}`);
    const u = userEvent.setup();
    await screen.findByTestId('ticket-note', {}, { timeout: 40_000 });

    offline = true;
    window.dispatchEvent(new Event('offline'));
    await u.type(screen.getByTestId('note-text'), '离线写的备注');
    await u.click(screen.getByTestId('note-save'));
    const pending = await screen.findByTestId('note-pending');
    expect(pending.textContent).toMatch(/等待发送/);
    expect(pending.textContent).toMatch(/离线写的备注/);
    expect(await notesOnServer(token, t.id)).toEqual([]);

    offline = false;
    window.dispatchEvent(new Event('online'));
    await replayOutbox();
    await waitFor(() => expect(screen.queryByTestId('note-pending')).toBeNull());
    // Sent again (an answer lost on the way): still one note.
    await replayOutbox();
    expect((await notesOnServer(token, t.id)).map((e) => e.note)).toEqual(['离线写的备注']);
  }, 60_000);
});
