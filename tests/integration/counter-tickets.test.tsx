import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ticketDetail, ticketListOutput, type TicketDetail } from '#contract/schemas/counter-tickets.ts';
import { customerRow } from '#contract/schemas/counter-customers.ts';
import { imeiWithCheckDigit } from '#tests/fixtures/imei.ts';
import { currentTestServer } from '#tests/setup/web.ts';
import { renderApp } from '#tests/setup/render-app.tsx';

const imei = (n: number) => imeiWithCheckDigit(String(35209900176200 + n));

async function signIn(username: 'admin' | 'editor') {
  const token = await currentTestServer().session(username);
  localStorage.setItem('token', token);
  return token;
}

async function api<D>(token: string, name: string, body: Record<string, unknown>, parse: (d: unknown) => D) {
  const res = await currentTestServer().call(`/api/counter/${name}`, body, { token });
  if (res.errcode !== 0) throw new Error(`${name}: ${res.errcode} ${res.msg}`);
  return parse(res.datas);
}

/** A ticket made through the API: a customer and one phone, received, with a quote line of ¥300. */
async function ticketWithQuote(token: string): Promise<TicketDetail> {
  const c = await api(token, 'customer_save', { name: '周八', phones: ['13912345678'] }, customerRow.parse);
  let t = await api(
    token,
    'ticket_create',
    { customer_id: c.id, devices: [{ ident: imei(7) }], fault: '不充电' },
    ticketDetail.parse,
  );
  t = await api(token, 'ticket_move', { id: t.id, version: t.version, to: 'diagnosing' }, ticketDetail.parse);
  return api(
    token,
    'ticket_line_add',
    { id: t.id, version: t.version, kind: 'part', description: '尾插', qty: 1, unit_fen: 30000 },
    ticketDetail.parse,
  );
}

// Mantine keeps a closed dropdown's options in the DOM (hidden): what the selects offer, by text.
const optionTexts = () => screen.queryAllByRole('option', { hidden: true }).map((o) => o.textContent);

describe('repair tickets', () => {
  it('refuses an empty intake, then opens a ticket for a new customer with two phones, checklist and deposit', async () => {
    const token = await signIn('editor');
    renderApp('/app/tickets');
    const u = userEvent.setup();
    // The first screen of the file waits for its lazy route chunks to be transformed (cold, on 2 cores).
    expect(await screen.findByTestId('tickets-empty', {}, { timeout: 40_000 })).toBeTruthy();

    await u.click(screen.getByTestId('new-ticket'));
    const form = await screen.findByTestId('new-ticket-form');

    // Nothing given: each part says what is missing and nothing is sent.
    await u.click(within(form).getByTestId('ticket-create'));
    expect(await within(form).findByText('请选择或添加客户')).toBeTruthy();
    expect(within(form).getByText('请至少填写一台设备，每台须为有效的序列号或 IMEI')).toBeTruthy();
    expect(within(form).getByText('请填写客户描述的故障')).toBeTruthy();

    // A new customer, made in the CustomerPicker, is the ticket's.
    await u.click(within(form).getByTestId('customer-new'));
    await u.clear(within(form).getByTestId('new-customer-name'));
    await u.type(within(form).getByTestId('new-customer-name'), '吴九');
    await u.type(within(form).getByTestId('new-customer-phone'), '13612345678');
    await u.click(within(form).getByTestId('new-customer-save'));
    expect((await within(form).findByTestId('customer-picked')).textContent).toMatch(/吴九/);

    const [first] = within(form).getAllByTestId('ticket-device');
    await u.type(first!, '12345');
    expect(await within(form).findByText(/长度不对|Wrong length/)).toBeTruthy();
    await u.clear(first!);
    await u.type(first!, imei(1));
    // Its TAC names no model: the counter types the one on the phone (once "—" on the receipt).
    await u.type(await within(form).findByTestId('ticket-device-model'), 'iPhone 15 Pro');
    await u.click(within(form).getByTestId('ticket-add-device'));
    await u.type(within(form).getAllByTestId('ticket-device')[1]!, 'F2LXK0ABHG7F');
    await u.type(within(form).getByTestId('ticket-fault'), '摔了一下，屏幕不亮');
    await u.click(within(within(form).getByTestId('condition-screen')).getByLabelText('有损伤'));
    await u.click(within(within(form).getByTestId('condition-liquid')).getByLabelText('正常'));
    await u.click(within(form).getByTestId('condition-passcode'));
    await u.type(within(form).getByTestId('ticket-deposit'), '200');
    expect(within(form).getByTestId('ticket-deposit-preview').textContent).toMatch(/¥200\.00.*现金/);
    await u.click(within(form).getByTestId('ticket-create'));

    // The new ticket opens: numbered, the deposit held, the checklist as given.
    const no = await screen.findByTestId('ticket-no', {}, { timeout: 10_000 });
    expect(no.textContent).toMatch(/^R\d{6}-0001$/);
    expect(screen.getByTestId('ticket-status').textContent).toBe('已收机');
    expect(screen.getByTestId('money-paid').textContent).toBe('¥200.00');
    expect(screen.getByTestId('money-outstanding').textContent).toBe('-¥200.00');
    expect(screen.getByTestId('ticket-condition').textContent).toMatch(/屏幕: 有损伤.*进水标签: 正常/);
    expect(screen.getAllByTestId('ticket-device-row')).toHaveLength(2);
    expect(screen.getAllByTestId('ticket-device-row')[0]!.textContent).toBe(`${imei(1)}iPhone 15 Pro`);
    expect(screen.getByTestId('ticket-customer-link').getAttribute('href')).toMatch(
      /^#\/app\/customers\/detail\?id=\d+$/,
    );

    const list = await api(token, 'ticket_list', {}, ticketListOutput.parse);
    expect(list.total).toBe(1);
    expect(list.list[0]).toMatchObject({ customer_name: '吴九', held_fen: 20000 });
  }, 120_000);

  it('lists tickets with status in words and filters them by status', async () => {
    const token = await signIn('editor');
    await ticketWithQuote(token);
    renderApp('/app/tickets');
    const row = await screen.findByTestId('ticket-row', {}, { timeout: 10_000 });
    expect(within(row).getByText('周八')).toBeTruthy();
    expect(within(row).getByTestId('ticket-status').textContent).toBe('检测中');
    expect(within(row).getByText('¥0.00 / ¥0.00')).toBeTruthy();
    // The ticket's number, not a numeral (数字: the word a number input's label shares in English).
    const headers = within(screen.getByTestId('ticket-table')).getAllByRole('columnheader');
    expect(headers.map((h) => h.textContent)).toEqual([
      '单号',
      '客户',
      '设备', // the devices' models, not their count (设备数)
      '状态',
      '技师',
      '约定取机',
      '应收 / 已收',
    ]);
    // No status chosen reads as every status, not as an empty box.
    expect(screen.getByPlaceholderText('所有状态')).toBeTruthy();
    const u = userEvent.setup();
    await u.click(screen.getByTestId('ticket-filter-overdue'));
    await waitFor(() => expect(screen.queryAllByTestId('ticket-row')).toHaveLength(0));
    await u.click(screen.getByTestId('ticket-filter-overdue'));
    await u.click(await screen.findByTestId('ticket-row'));
    expect(await screen.findByTestId('ticket-detail', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByTestId('ticket-overdue')).toBeNull();
  }, 60_000);

  it('says on its page that a ticket is past its promised day, as the list does', async () => {
    const token = await signIn('editor');
    const c = await api(token, 'customer_save', { name: '郑十', phones: ['13912340000'] }, customerRow.parse);
    const late = await api(
      token,
      'ticket_create',
      {
        customer_id: c.id,
        devices: [{ ident: imei(8) }],
        fault: '进水',
        promised_at: Math.floor(Date.now() / 1000) - 2 * 86_400,
      },
      ticketDetail.parse,
    );
    renderApp(`/app/tickets/detail?id=${late.id}`);
    expect((await screen.findByTestId('ticket-overdue', {}, { timeout: 15_000 })).textContent).toBe('已逾期');
  }, 30_000);

  it('works a ticket through the quote, the payment and collection; a payment over what is due is stopped', async () => {
    const token = await signIn('editor');
    const t = await ticketWithQuote(token);
    renderApp(`/app/tickets/detail?id=${t.id}`);
    const u = userEvent.setup();
    await u.click(await screen.findByTestId('move-waiting_approval', {}, { timeout: 10_000 }));
    await u.click(await screen.findByTestId('quote-approve'));
    await u.click(screen.getByTestId('quote-decide'));
    await waitFor(() => expect(screen.getByTestId('money-due').textContent).toBe('¥300.00'));
    await u.click(await screen.findByTestId('move-repairing'));
    await u.click(await screen.findByTestId('move-ready'));
    await screen.findByTestId('move-collected');

    // Collecting before paying is refused by the server, in words, and changes nothing.
    await u.click(screen.getByTestId('move-collected'));
    expect(await screen.findByTestId('move-error')).toBeTruthy();
    expect(screen.getByTestId('ticket-status').textContent).toBe('待取机');

    const amount = screen.getByTestId('money-amount');
    await u.clear(amount);
    await u.type(amount, '300.01');
    expect(await screen.findByText(/超过仍应收的金额（¥300\.00）/)).toBeTruthy();
    expect(screen.getByTestId('money-review')).toHaveProperty('disabled', true);
    await u.clear(amount);
    await u.type(amount, '300');
    await u.click(screen.getByTestId('money-review'));
    const dialog = await screen.findByTestId('money-confirm-dialog');
    expect(dialog.textContent).toMatch(/付款.*¥300\.00.*现金/);
    await u.click(within(dialog).getByTestId('money-confirm'));
    await waitFor(() => expect(screen.getByTestId('money-outstanding').textContent).toBe('¥0.00'));
    await u.click(screen.getByTestId('move-collected'));
    await waitFor(() => expect(screen.getByTestId('ticket-status').textContent).toBe('已取机'));
    expect(screen.getByTestId('warranty-return')).toBeTruthy();
    const events = screen.getAllByTestId('ticket-event').map((e) => e.textContent ?? '');
    expect(events[0]).toMatch(/待取机 → 已取机/);
    expect(events.some((e) => /付款 ¥300\.00/.test(e))).toBe(true);
  }, 60_000);

  it('says a ticket changed meanwhile and reloads it (TICKET_STALE); cancelling asks first', async () => {
    const token = await signIn('editor');
    const t = await ticketWithQuote(token);
    renderApp(`/app/tickets/detail?id=${t.id}`);
    const u = userEvent.setup();
    await screen.findByTestId('move-waiting_approval', {}, { timeout: 10_000 });
    // Another tab adds a line: this page's version is stale.
    await api(
      token,
      'ticket_line_add',
      { id: t.id, version: t.version, kind: 'labour', description: '清洁', qty: 1, unit_fen: 1000 },
      ticketDetail.parse,
    );
    await u.click(screen.getByTestId('move-waiting_approval'));
    expect(await screen.findByText('此工单刚被他人修改，已重新加载，请核对后重试。')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByTestId('quote-line')).toHaveLength(2));

    await u.click(screen.getByTestId('move-cancelled'));
    await u.click(await screen.findByRole('button', { name: '保留工单' }));
    expect(screen.getByTestId('ticket-status').textContent).toBe('检测中');
    await u.click(screen.getByTestId('move-cancelled'));
    await u.click(await screen.findByTestId('move-confirm'));
    await waitFor(() => expect(screen.getByTestId('ticket-status').textContent).toBe('已取消'));
  }, 60_000);

  it('offers refunds and voids to an Admin only', async () => {
    const editorToken = await currentTestServer().session('editor');
    const t = await ticketWithQuote(editorToken);
    await api(
      editorToken,
      'ticket_pay',
      { id: t.id, version: t.version, kind: 'deposit', amount_fen: 5000, method: 'wechat' },
      ticketDetail.parse,
    );
    await signIn('editor');
    const editorView = renderApp(`/app/tickets/detail?id=${t.id}`);
    const u = userEvent.setup();
    await screen.findByTestId('money-entries', {}, { timeout: 10_000 });
    expect(screen.queryByTestId('money-void')).toBeNull();
    await u.click(screen.getByTestId('money-kind'));
    await waitFor(() => expect(optionTexts()).toContain('定金'));
    expect(optionTexts()).not.toContain('退款');
    editorView.unmount();

    localStorage.clear();
    await signIn('admin');
    renderApp(`/app/tickets/detail?id=${t.id}`);
    await screen.findByTestId('money-entries', {}, { timeout: 10_000 });
    expect(screen.getByTestId('money-void')).toBeTruthy();
    await u.click(screen.getByTestId('money-kind'));
    await waitFor(() => expect(optionTexts()).toContain('退款'));
  }, 60_000);
});
