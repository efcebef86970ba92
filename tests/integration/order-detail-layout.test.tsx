import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { currentTestServer } from '#tests/setup/web.ts';
import { placeWarrantyOrder, sizeResultsTable } from '#tests/setup/check-order-screens.ts';
import { renderApp } from '#tests/setup/render-app.tsx';
import { imeiWithCheckDigit } from '#tests/fixtures/imei.ts';
import { TABLET_LAYOUT_QUERY } from '#src/ui/use-tablet-layout.ts';

sizeResultsTable();
const realMatchMedia = window.matchMedia;
afterEach(() => {
  window.matchMedia = realMatchMedia;
});

const imei = (n: number) => imeiWithCheckDigit(String(35209900176400 + n));

/** An order of 3 devices with results written straight into the database (no job runner here). */
async function order(): Promise<number> {
  const s = currentTestServer();
  const token = await s.login('admin', 'repair2026');
  localStorage.setItem('token', token);
  const orderId = await placeWarrantyOrder(token, 'Layout', [imei(1), imei(2), imei(3)]);
  await s.db
    .updateTable('check_devices')
    .set({ model: 'iPhone 13', network_lock: 'yes', mdm_lock: 'no', status: 'success' })
    .where('order_id', '=', orderId)
    .execute();
  return orderId;
}

const rowsShown = () => screen.getByTestId('results-table').getAttribute('data-rows');

describe('order detail: key columns first, every field a click away (issue 27)', () => {
  it('shows status, device, model, warranty and locks first; a row click opens all the fields', async () => {
    const orderId = await order();
    renderApp(`/app/quiry/managementDetail?order_id=${orderId}`);
    await waitFor(() => expect(rowsShown()).toBe('3'), { timeout: 45_000 });
    const columns = [...screen.getByTestId('results-header').querySelectorAll('[data-column]')].map((c) =>
      c.getAttribute('data-column'),
    );
    expect(columns.slice(0, 6)).toEqual([
      'status',
      'imei',
      'model',
      'warranty_type',
      'activation_lock',
      'network_lock',
    ]);
    const u = userEvent.setup();
    const row = screen.getAllByTestId('result-row')[0]!;
    // The checkbox selects, it does not open.
    await u.click(within(row).getByTestId('row-select'));
    expect(screen.queryByTestId('device-fields')).toBeNull();
    await u.click(within(row).getAllByRole('cell')[2]!);
    const fields = await screen.findByTestId('device-fields');
    // Every field, the ones past the table's width too (MDM lock is the table's last but one).
    expect(within(fields).getByText('MDM 锁')).toBeTruthy();
    const mdm = fields.querySelector('[data-field=mdm_lock]') as HTMLElement;
    expect(within(mdm).getByText('否')).toBeTruthy();
    const lock = fields.querySelector('[data-field=network_lock]') as HTMLElement;
    expect(within(lock).getByText('是')).toBeTruthy();
  }, 60_000);

  it('on a tablet the filters wait behind a button, and the results come first', async () => {
    window.matchMedia = (query: string) => ({
      ...realMatchMedia(query),
      matches: query === TABLET_LAYOUT_QUERY,
    });
    const orderId = await order();
    renderApp(`/app/quiry/managementDetail?order_id=${orderId}`);
    await waitFor(() => expect(rowsShown()).toBe('3'), { timeout: 45_000 });
    expect(screen.queryByTestId('facet-model')).toBeNull();
    const u = userEvent.setup();
    await u.click(screen.getByTestId('open-result-filters'));
    const model = await screen.findByTestId('facet-model');
    expect(within(model).getAllByTestId('facet-value')[0]!.getAttribute('data-value')).toBe('iPhone 13');
  }, 60_000);

  it('a click on an order of the list opens it', async () => {
    const orderId = await order();
    const { router } = renderApp('/app/quiry/basicinquiry');
    const row = await screen
      .findByText('Layout', {}, { timeout: 45_000 })
      .then((title) => title.closest('tr')!);
    await userEvent.setup().click(within(row).getAllByRole('cell')[1]!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/quiry/managementDetail'));
    expect(router.state.location.search).toMatchObject({ order_id: orderId });
  }, 60_000);
});
