// A check order's devices moved into repair tracking (the order detail's intake): when every
// selected device is refused because another batch already tracks it, the error names that batch
// (read from the answer with the contract's schema, which loads on that answer only), and ticking
// "take them anyway" moves them (issue 27).
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { currentTestServer } from '#tests/setup/web.ts';
import { placeWarrantyOrder, sizeResultsTable } from '#tests/setup/check-order-screens.ts';
import { renderApp } from '#tests/setup/render-app.tsx';
import { imeiWithCheckDigit } from '#tests/fixtures/imei.ts';

sizeResultsTable();

const imei = imeiWithCheckDigit('35209900176581');

/** An order of one checked device that batch 甲批次 already tracks. */
async function orderOfATrackedDevice(): Promise<number> {
  const s = currentTestServer();
  const token = await s.login('admin', 'repair2026');
  localStorage.setItem('token', token);
  const orderId = await placeWarrantyOrder(token, 'Elsewhere', [imei]);
  await s.db
    .updateTable('check_devices')
    .set({ model: 'iPhone 13', status: 'success' })
    .where('order_id', '=', orderId)
    .execute();
  const batch = await s.call<{ id: number }>('/api/repair/batch_create', { title: '甲批次' }, { token });
  await s.call(
    '/api/repair/device_intake',
    { batch_id: batch.datas.id, lines: [{ ident: imei }] },
    { token },
  );
  return orderId;
}

describe('order detail: into repair tracking, a device tracked elsewhere', () => {
  it('names the batch that tracks it, then takes it anyway when asked', async () => {
    const orderId = await orderOfATrackedDevice();
    renderApp(`/app/quiry/managementDetail?order_id=${orderId}`);
    await waitFor(() => expect(screen.getByTestId('results-table').getAttribute('data-rows')).toBe('1'), {
      timeout: 45_000,
    });
    const u = userEvent.setup();
    await u.click(within(screen.getAllByTestId('result-row')[0]!).getByTestId('row-select'));
    await u.click(await screen.findByTestId('intake-open'));
    const form = await screen.findByTestId('intake-form');
    await u.click(within(form).getByTestId('intake-submit'));
    const error = await within(form).findByTestId('intake-error');
    const named = await within(error).findByTestId('intake-elsewhere');
    expect(named.textContent).toContain(imei);
    expect(named.textContent).toContain('甲批次');
    await u.click(within(form).getByTestId('intake-allow-elsewhere'));
    await u.click(within(form).getByTestId('intake-submit'));
    await waitFor(() => expect(screen.queryByTestId('intake-form')).toBeNull(), { timeout: 15_000 });
  }, 60_000);
});
