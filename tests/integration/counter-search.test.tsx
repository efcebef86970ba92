import { afterEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { ErrCode } from '#contract/errcodes.ts';
import type { SearchHit } from '#contract/schemas/search.ts';
import { ticketDetail } from '#contract/schemas/counter-tickets.ts';
import { customerRow } from '#contract/schemas/counter-customers.ts';
import { imeiWithCheckDigit } from '#tests/fixtures/imei.ts';
import { currentTestServer, mswServer } from '#tests/setup/web.ts';
import { renderApp } from '#tests/setup/render-app.tsx';

/**
 * The header's search box (issue 26): /api/search/global answers from msw (its server side has its
 * own tests in server/modules/counter); the session and the pages are the real server in process.
 * The screen speaks Chinese, the product's first language (tests/setup/web.ts).
 */
async function signIn() {
  const token = await currentTestServer().login('admin', 'repair2026');
  localStorage.setItem('token', token);
  return token;
}

async function counterApi<D>(
  token: string,
  name: string,
  body: Record<string, unknown>,
  parse: (d: unknown) => D,
) {
  const res = await currentTestServer().call(`/api/counter/${name}`, body, { token });
  if (res.errcode !== ErrCode.OK) throw new Error(`${name}: ${res.errcode} ${res.msg}`);
  return parse(res.datas);
}

const ok = (datas: unknown) => HttpResponse.json({ errcode: ErrCode.OK, msg: '', datas });
const hit = (h: SearchHit) => h;
const IMEI = imeiWithCheckDigit('35678901234567');

function mockSearch() {
  const asked: string[] = [];
  mswServer.use(
    http.post('*/api/search/global', async ({ request }) => {
      const { q } = (await request.json()) as { q: string };
      asked.push(q);
      return ok({
        customers: [hit({ kind: 'customer', id: 11, title: '王小明', detail: '13800001234' })],
        tickets: [
          hit({ kind: 'ticket', id: 7, title: 'T-20261128-0007', detail: '王小明', status: 'ready' }),
          hit({ kind: 'ticket', id: 6, title: 'T-20261127-0006', detail: '王小明', status: 'received' }),
        ],
        repair_devices: [
          hit({ kind: 'repair_device', id: 3, title: '356789012345678', detail: 'iPhone 14' }),
        ],
        check_orders: [hit({ kind: 'check_order', id: 5, title: 'Batch 5', detail: '12' })],
      });
    }),
  );
  return asked;
}

const online = Object.getOwnPropertyDescriptor(Navigator.prototype, 'onLine')!;
afterEach(() => {
  Object.defineProperty(Navigator.prototype, 'onLine', online);
  act(() => void window.dispatchEvent(new Event('online')));
});

describe('header search', () => {
  it('opens with Ctrl+K, groups the answer by kind, names statuses, and Enter opens the selected hit', async () => {
    await signIn();
    const asked = mockSearch();
    const user = userEvent.setup();
    const { router } = renderApp('/app/downloadCenter');
    await screen.findAllByTestId('search-button', {}, { timeout: 10_000 });
    await user.keyboard('{Control>}k{/Control}');
    const input = await screen.findByTestId('search-input', {}, { timeout: 10_000 });
    await user.type(input, '1234');
    await screen.findByTestId('search-group-customers', {}, { timeout: 5_000 });
    // Debounced: one call for the whole word, not one per key.
    expect(asked).toEqual(['1234']);
    const groups = screen.getAllByTestId(/^search-group-/).map((g) => g.getAttribute('data-testid'));
    expect(groups).toEqual([
      'search-group-customers',
      'search-group-tickets',
      'search-group-repair_devices',
      'search-group-check_orders',
    ]);
    const tickets = within(screen.getByTestId('search-group-tickets'));
    expect(tickets.getByText('王小明 · 待取机')).toBeTruthy();
    expect(screen.queryByText(/· ready$/)).toBeNull();
    expect(screen.getByText('12 台设备')).toBeTruthy();
    expect(screen.queryByTestId('search-offline')).toBeNull();

    const hits = screen.getAllByTestId('search-hit');
    await waitFor(() => expect(hits[0]!.hasAttribute('data-selected')).toBe(true));
    await user.keyboard('{ArrowDown}');
    expect(hits[1]!.hasAttribute('data-selected')).toBe(true);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/tickets/detail'));
    expect(router.state.location.search).toEqual({ id: 7 });
  });

  it('offline, searches what is cached, says so, asks nothing of the server, and opens the cached ticket', async () => {
    const token = await signIn();
    const asked = mockSearch();
    const user = userEvent.setup();
    // A customer and a ticket made on the real server, cached the way the customer list and the
    // ticket's page cache them: the ticket page must open from that cache, whole, offline.
    const ana = await counterApi(
      token,
      'customer_save',
      { name: 'Ana López', phones: ['13911115678'] },
      customerRow.parse,
    );
    const li = await counterApi(
      token,
      'customer_save',
      { name: 'Li Lei', phones: ['13922220000'] },
      customerRow.parse,
    );
    const ticket = await counterApi(
      token,
      'ticket_create',
      { customer_id: ana.id, devices: [{ ident: IMEI }], fault: '屏幕碎' },
      ticketDetail.parse,
    );
    const { queryClient, router } = renderApp('/app/downloadCenter');
    queryClient.setQueryData(['counter', 'customers', 'list', { q: '' }], { list: [ana, li], total: 2 });
    queryClient.setQueryData(['counter', 'tickets', 'detail', ticket.id], ticket);
    Object.defineProperty(Navigator.prototype, 'onLine', { configurable: true, get: () => false });
    act(() => void window.dispatchEvent(new Event('offline')));

    const [button] = await screen.findAllByTestId('search-button', {}, { timeout: 10_000 });
    await user.click(button!);
    const input = await screen.findByTestId('search-input', {}, { timeout: 10_000 });
    await user.type(input, '5678');
    const customers = await screen.findByTestId('search-group-customers');
    expect(within(customers).getByText('Ana López')).toBeTruthy();
    expect(within(customers).queryByText('Li Lei')).toBeNull();
    expect(screen.getByTestId('search-offline').textContent).toMatch(/离线结果/);

    await user.clear(input);
    await user.type(input, IMEI);
    const tickets = await screen.findByTestId('search-group-tickets');
    expect(within(tickets).getByText(ticket.no_text)).toBeTruthy();
    expect(within(tickets).getByText('Ana López · 已收机')).toBeTruthy();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/tickets/detail'));
    const page = await screen.findByTestId('ticket-detail', {}, { timeout: 10_000 });
    expect(within(page).getAllByText(ticket.no_text).length).toBeGreaterThan(0);
    expect(asked).toEqual([]);
  });
});
