// A check order's devices moved into repair tracking (the order detail's intake): when every
// selected device is refused because another batch already tracks it, the error names that batch
// (read from the answer with the contract's schema, which loads on that answer only), and ticking
// "take them anyway" moves them (issue 27).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { currentTestServer } from '#tests/setup/web.ts';
import { renderApp } from '#tests/setup/render-app.tsx';
import { imeiWithCheckDigit } from '#tests/fixtures/imei.ts';

// jsdom has no layout: give the results table's scroller a size so its virtualiser renders rows.
const sized = (name: 'clientHeight' | 'clientWidth', px: number) => {
  const original = Object.getOwnPropertyDescriptor(Element.prototype, name);
  Object.defineProperty(Element.prototype, name, {
    configurable: true,
    get(this: Element) {
      return this.getAttribute('data-testid') === 'results-table' ? px : (original?.get?.call(this) ?? 0);
    },
  });
  return () => original && Object.defineProperty(Element.prototype, name, original);
};
const restores: (() => unknown)[] = [];
beforeAll(() => restores.push(sized('clientHeight', 560), sized('clientWidth', 1200)));
afterAll(() => restores.forEach((restore) => restore()));

const imei = imeiWithCheckDigit('35209900176581');

/** An order of one checked device that batch 甲批次 already tracks. */
async function orderOfATrackedDevice(): Promise<number> {
  const s = currentTestServer();
  const token = await s.login('admin', 'repair2026');
  localStorage.setItem('token', token);
  const services = await s.call<{ list: { id: number; code: string }[] }>(
    '/api/checks/combo_list',
    {},
    { token },
  );
  const warranty = services.datas.list.find((x) => x.code === 'warranty')?.id;
  const placed = await s.call<{ order_id: number }>(
    '/api/checks/order_create',
    { title: 'Elsewhere', identifiers: [imei], service_ids: [warranty] },
    { token },
  );
  await s.db
    .updateTable('check_devices')
    .set({ model: 'iPhone 13', status: 'success' })
    .where('order_id', '=', placed.datas.order_id)
    .execute();
  const batch = await s.call<{ id: number }>('/api/repair/batch_create', { title: '甲批次' }, { token });
  await s.call(
    '/api/repair/device_intake',
    { batch_id: batch.datas.id, lines: [{ ident: imei }] },
    { token },
  );
  return placed.datas.order_id;
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
