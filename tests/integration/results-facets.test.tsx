import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OrderFacetsDatas } from '#contract/schemas/checks-derive.ts';
import type { ResultColumnsDatas } from '#contract/schemas/checks-columns.ts';
import type { OrderRow } from '#contract/schemas/checks-orders.ts';
import { currentTestServer } from '#tests/setup/web.ts';
import { placeWarrantyOrder, sizeResultsTable } from '#tests/setup/check-order-screens.ts';
import { renderApp } from '#tests/setup/render-app.tsx';
import { imeiWithCheckDigit } from '#tests/fixtures/imei.ts';
import { clearInquiryDrafts } from '#src/features/checks/model/inquiry-draft.ts';

beforeEach(clearInquiryDrafts);

sizeResultsTable();

const imei = (n: number) => imeiWithCheckDigit(String(35209900176200 + n));
const MODELS = ['iPhone 13', 'iPhone 14 Pro', 'iPhone 13'];
const COLOURS = ['Blue', 'Black', 'Red'];

async function signIn() {
  const token = await currentTestServer().login('admin', 'repair2026');
  localStorage.setItem('token', token);
  return token;
}

/** An order of 9 devices whose results are written straight into the database (no job runner here). */
async function orderWithResults(token: string): Promise<number> {
  const s = currentTestServer();
  const orderId = await placeWarrantyOrder(
    token,
    'Facets',
    Array.from({ length: 9 }, (_, i) => imei(i)),
  );
  const devices = await s.db
    .selectFrom('check_devices')
    .select('id')
    .where('order_id', '=', orderId)
    .orderBy('id')
    .execute();
  for (const [i, d] of devices.entries()) {
    await s.db
      .updateTable('check_devices')
      .set({
        model: MODELS[i % 3] as string,
        colour: COLOURS[i % 3] as string,
        activation_lock: i % 3 === 0 ? 'yes' : i % 3 === 1 ? 'no' : 'unknown',
        warranty_days_left: i * 30,
        status: 'success',
      })
      .where('id', '=', d.id)
      .execute();
  }
  // The order is finished (so it can be deleted): every job answered.
  await s.db.updateTable('check_jobs').set({ state: 'success' }).where('order_id', '=', orderId).execute();
  await s.db.updateTable('check_orders').set({ jobs_success: 9 }).where('id', '=', orderId).execute();
  return orderId;
}

const rowsShown = () => screen.getByTestId('results-table').getAttribute('data-rows');
const facetCount = (field: string, value: string) =>
  within(screen.getByTestId(`facet-${field}`))
    .getAllByTestId('facet-value')
    .find((el) => el.getAttribute('data-value') === value)
    ?.getAttribute('data-count');

describe('order detail: facets, filters, columns, selection', () => {
  it('filters by facets and tri-states with counts equal to the server, kept in the URL', async () => {
    const token = await signIn();
    const orderId = await orderWithResults(token);
    const { router } = renderApp(`/app/quiry/managementDetail?order_id=${orderId}`);
    await waitFor(() => expect(rowsShown()).toBe('9'), { timeout: 10_000 });
    const truth = async (filter: object) =>
      (
        await currentTestServer().call<OrderFacetsDatas>(
          '/api/checks/order_facets',
          { order_id: orderId, filter },
          { token },
        )
      ).datas;
    const all = await truth({});
    expect(facetCount('model', 'iPhone 13')).toBe(String(all.facets.model['iPhone 13']));
    expect(facetCount('colour', 'Blue')).toBe('3');

    const u = userEvent.setup();
    await u.click(within(screen.getByTestId('facet-colour')).getByLabelText(/蓝色/));
    const blue = await truth({ colour: ['Blue'] });
    await waitFor(() => expect(rowsShown()).toBe(String(blue.matched)));
    // The URL follows after a pause (use-page-filter.ts).
    await waitFor(() =>
      expect(router.state.location.search).toMatchObject({ order_id: orderId, colour: ['Blue'] }),
    );
    // Other facets count within the blue devices; the colour facet keeps the other colours.
    expect(facetCount('model', 'iPhone 13')).toBe(String(blue.facets.model['iPhone 13'] ?? 0));
    expect(facetCount('colour', 'Black')).toBe('3');

    // Tri-state: "no" for the activation lock (the segment's label carries its count).
    const lock = screen.getByTestId('tri-activation_lock');
    expect(JSON.parse(lock.getAttribute('data-counts') ?? '{}')).toEqual(blue.tri.activation_lock);
    await u.click(within(lock).getByText(/^否/));
    const combined = await truth({ colour: ['Blue'], activation_lock: 'no' });
    await waitFor(() => expect(rowsShown()).toBe(String(combined.matched)));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ activation_lock: 'no' }));

    await u.click(screen.getByTestId('clear-filters'));
    await waitFor(() => expect(rowsShown()).toBe('9'));
  });

  it('opens a shared filtered link as it was (the filter comes from the URL)', async () => {
    const token = await signIn();
    const orderId = await orderWithResults(token);
    renderApp(
      `/app/quiry/managementDetail?order_id=${orderId}&model=${encodeURIComponent('["iPhone 13"]')}&days_min=60&bogus=1`,
    );
    const truth = await currentTestServer().call<OrderFacetsDatas>(
      '/api/checks/order_facets',
      { order_id: orderId, filter: { model: ['iPhone 13'], days_min: 60 } },
      { token },
    );
    await waitFor(() => expect(rowsShown()).toBe(String(truth.datas.matched)), { timeout: 10_000 });
    expect(screen.getByTestId('results-count').getAttribute('data-matched')).toBe(
      String(truth.datas.matched),
    );
  });

  it('hides a column for this user (saved on the server) and resets to the defaults', async () => {
    const token = await signIn();
    const orderId = await orderWithResults(token);
    renderApp(`/app/quiry/managementDetail?order_id=${orderId}`);
    await waitFor(() => expect(rowsShown()).toBe('9'), { timeout: 10_000 });
    const header = screen.getByTestId('results-header');
    expect(header.querySelector('[data-column=imei2]')).not.toBeNull();
    const u = userEvent.setup();
    await u.click(screen.getByTestId('edit-columns'));
    const list = await screen.findByTestId('columns-table');
    await u.click(within(list.querySelector('[data-column=imei2]') as HTMLElement).getByRole('checkbox'));
    await u.click(screen.getByTestId('columns-save'));
    await waitFor(() =>
      expect(screen.getByTestId('results-header').querySelector('[data-column=imei2]')).toBeNull(),
    );
    const saved = await currentTestServer().call<ResultColumnsDatas>(
      '/api/checks/result_columns',
      {},
      { token },
    );
    await waitFor(async () => {
      const now = await currentTestServer().call<ResultColumnsDatas>(
        '/api/checks/result_columns',
        {},
        { token },
      );
      expect(now.datas.table).not.toContain('imei2');
    });
    expect(saved.errcode).toBe(0);

    await u.click(screen.getByTestId('edit-columns'));
    await u.click(await screen.findByTestId('columns-reset'));
    await waitFor(() =>
      expect(screen.getByTestId('results-header').querySelector('[data-column=imei2]')).not.toBeNull(),
    );
  });

  it('copies selected rows into a derived order, then deletes it and brings it back with Undo', async () => {
    const token = await signIn();
    const orderId = await orderWithResults(token);
    const { router } = renderApp(`/app/quiry/managementDetail?order_id=${orderId}`);
    await waitFor(() => expect(rowsShown()).toBe('9'), { timeout: 10_000 });
    const u = userEvent.setup();
    const boxes = screen.getAllByTestId('row-select');
    await u.click(boxes[0] as HTMLElement);
    await u.click(boxes[2] as HTMLElement);
    expect(screen.getByTestId('selected-count').getAttribute('data-count')).toBe('2');
    await u.click(screen.getByTestId('derive-open'));
    const form = await screen.findByTestId('derive-form');
    // No service picked: the error sits next to the services.
    await u.click(within(form).getByTestId('derive-submit'));
    expect(await within(form).findByText('请至少选择一项服务')).toBeTruthy();
    await u.click(within(form).getByTestId('service-activation_lock'));
    expect(within(form).getByTestId('derive-price').textContent).toMatch(/[1-9]/);
    await u.click(within(form).getByTestId('derive-submit'));
    await waitFor(
      () => expect((router.state.location.search as { order_id?: number }).order_id).not.toBe(orderId),
      {
        timeout: 10_000,
      },
    );
    const derivedId = (router.state.location.search as { order_id: number }).order_id;
    const derived = await currentTestServer().call<OrderRow>(
      '/api/checks/order_detail',
      { order_id: derivedId },
      { token },
    );
    expect(derived.datas).toMatchObject({ devices: 2, derived_from: orderId, services: ['activation_lock'] });

    // Delete the source order from its page, then Undo in the toast.
    await router.navigate({ to: '/app/quiry/managementDetail', search: { order_id: orderId } });
    await waitFor(() => expect(rowsShown()).toBe('9'), { timeout: 10_000 });
    await u.click(screen.getByTestId('delete-order'));
    await u.click(await screen.findByTestId('confirm-delete'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/quiry/basicinquiry'));
    const gone = await currentTestServer().call('/api/checks/order_detail', { order_id: orderId }, { token });
    expect(gone.errcode).not.toBe(0);
    await u.click(await screen.findByTestId('undo-delete'));
    await waitFor(async () => {
      const back = await currentTestServer().call(
        '/api/checks/order_detail',
        { order_id: orderId },
        { token },
      );
      expect(back.errcode).toBe(0);
    });
  });
});
