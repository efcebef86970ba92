import { afterEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { ErrCode } from '#contract/errcodes.ts';
import type { SearchHit } from '#contract/schemas/search.ts';
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
}

const ok = (datas: unknown) => HttpResponse.json({ errcode: ErrCode.OK, msg: '', datas });
const hit = (h: SearchHit) => h;

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

  it('offline, searches what is cached, says so, and asks nothing of the server', async () => {
    await signIn();
    const asked = mockSearch();
    const user = userEvent.setup();
    const { queryClient, router } = renderApp('/app/downloadCenter');
    // What the customer list and a ticket's page left in the cache.
    queryClient.setQueryData(['counter', 'customers', 'list', { q: '' }], {
      list: [
        { id: 21, name: 'Ana López', phones: ['13911115678'], open_tickets: 1 },
        { id: 22, name: 'Li Lei', phones: ['13922220000'], open_tickets: 0 },
      ],
      total: 2,
    });
    queryClient.setQueryData(['counter', 'tickets', 'detail', 9], {
      id: 9,
      no_text: 'T-20261128-0009',
      status: 'repairing',
      customer_id: 21,
      devices: [{ id: 1, ident: '356789012345670', sn: null, imei: '356789012345670', model: null }],
    });
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
    await user.type(input, '356789012345670');
    const tickets = await screen.findByTestId('search-group-tickets');
    expect(within(tickets).getByText('T-20261128-0009')).toBeTruthy();
    expect(within(tickets).getByText('维修中')).toBeTruthy();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/tickets/detail'));
    expect(asked).toEqual([]);
  });
});
