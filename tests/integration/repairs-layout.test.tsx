import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { currentTestServer } from '#tests/setup/web.ts';
import { renderApp } from '#tests/setup/render-app.tsx';
import { imeiWithCheckDigit } from '#tests/fixtures/imei.ts';
import { TABLET_LAYOUT_QUERY } from '#src/ui/use-tablet-layout.ts';

// jsdom lays nothing out: the virtualised table's scroller gets a size, so it renders its rows.
const sizes = { clientWidth: 1400, clientHeight: 520 } as const;
const saved = Object.keys(sizes).map(
  (k) => [k, Object.getOwnPropertyDescriptor(Element.prototype, k)] as const,
);
const realMatchMedia = window.matchMedia;
beforeAll(() => {
  for (const [k, px] of Object.entries(sizes)) {
    const real = Object.getOwnPropertyDescriptor(Element.prototype, k)?.get;
    Object.defineProperty(Element.prototype, k, {
      configurable: true,
      get(this: Element) {
        return this.getAttribute('data-testid') === 'repair-table' ? px : (real?.call(this) ?? 0);
      },
    });
  }
});
afterAll(() => {
  for (const [k, d] of saved) if (d) Object.defineProperty(Element.prototype, k, d);
});
afterEach(() => {
  window.matchMedia = realMatchMedia;
});

/** The window answers the tablet query (768 x 1024, a split window). */
function asTablet() {
  window.matchMedia = (query: string) => ({
    ...realMatchMedia(query),
    matches: query === TABLET_LAYOUT_QUERY,
  });
}

async function seed(title: string, idents: string[], customer_name?: string) {
  const server = currentTestServer();
  const token = await server.login('admin', 'repair2026');
  localStorage.setItem('token', token);
  const batch = await server.call<{ id: number }>('/api/repair/batch_create', { title }, { token });
  await server.call(
    '/api/repair/device_intake',
    { batch_id: batch.datas.id, lines: idents.map((ident) => ({ ident, customer_name })) },
    { token },
  );
}

const imei = (n: number) => imeiWithCheckDigit(String(35209900176300 + n));

describe('the repairs list: reachable details and a tablet layout (issue 27)', () => {
  it('a click on a row opens that device; its checkbox only selects it', async () => {
    await seed('点击行', [imei(1)], '王小明');
    const { router } = renderApp('/app/maintenance/maintenance');
    const u = userEvent.setup();
    const row = await screen.findByTestId('repair-row', {}, { timeout: 45_000 });
    const id = row.getAttribute('data-device-id');
    await u.click(within(row).getByRole('checkbox'));
    expect(router.state.location.pathname).toBe('/app/maintenance/maintenance');
    await u.click(within(row).getByTestId('row-status'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/maintenance/orderDetail'));
    expect(router.state.location.search).toEqual({ device_id: Number(id) });
  }, 60_000);

  it('puts the key columns first: device, status, customer, the links', async () => {
    await seed('列顺序', [imei(2)]);
    renderApp('/app/maintenance/maintenance');
    await screen.findByTestId('repair-row', {}, { timeout: 45_000 });
    const headers = screen
      .getAllByRole('columnheader')
      .map((h) => h.getAttribute('data-testid')?.replace('repair-column-', ''));
    expect(headers.slice(0, 5)).toEqual(['select', 'ident', 'status', 'customer', 'links']);
  }, 60_000);

  it('on a tablet: batches in a select, the filters in a drawer, the list right under them', async () => {
    asTablet();
    await seed('平板批次', [imei(3)]);
    renderApp('/app/maintenance/maintenance');
    const u = userEvent.setup();
    await screen.findByTestId('repair-row', {}, { timeout: 45_000 });
    expect(screen.queryByTestId('batch-list')).toBeNull();
    expect(screen.getByTestId('batch-select')).toBeTruthy();
    expect(screen.queryByTestId('filter-watched')).toBeNull();
    await u.click(screen.getByTestId('open-filters'));
    const drawer = await screen.findByTestId('filters-drawer');
    // Empty filters say what they mean, not an empty box.
    expect(within(drawer).getByPlaceholderText('所有状态')).toBeTruthy();
    expect(within(drawer).getByPlaceholderText('所有标记')).toBeTruthy();
    await u.click(within(drawer).getByTestId('filter-changed-today'));
    await waitFor(() => expect(screen.queryAllByTestId('repair-row')).toHaveLength(0));
    expect(screen.getByTestId('open-filters').textContent).toBe('筛选（1）');
  }, 60_000);
});
