import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { DashboardDeviceFilter, DashboardPeriod } from '#contract/schemas/dashboards.ts';
import { ErrCode } from '#contract/errcodes.ts';
import { currentTestServer, mswServer } from '#tests/setup/web.ts';
import { renderApp } from '#tests/setup/render-app.tsx';
import {
  devicesFixture,
  hotPhonesFixture,
  overviewFixture,
  phoneDetailFixture,
  rangeOf,
} from '#tests/fixtures/dashboards.ts';

/**
 * The dashboards' screens. The dashboard endpoints answer from contract-checked fixtures
 * (tests/fixtures/dashboards.ts) while the server that counts them is built on its own branch;
 * everything else (session, the order and repair lists a figure clicks through to) is the real
 * server in process, as in every screen test (decision 0005).
 */
async function signIn() {
  const token = await currentTestServer().login('admin', 'repair2026');
  localStorage.setItem('token', token);
  return token;
}

const ok = (datas: unknown) => HttpResponse.json({ errcode: ErrCode.OK, msg: '', datas });

/** Every body sent to a path, in order. */
function recordBodies(path: string): unknown[] {
  const bodies: unknown[] = [];
  mswServer.events.on('request:start', ({ request }) => {
    if (new URL(request.url).pathname === path)
      void request
        .clone()
        .json()
        .then((b) => bodies.push(b));
  });
  return bodies;
}

function mockDashboards(opts: { scale?: number; emptyHot?: boolean; emptyModel?: boolean } = {}) {
  const devicesAsked: DashboardDeviceFilter[] = [];
  mswServer.use(
    http.post('*/api/dashboard/overview', async ({ request }) => {
      const { period } = (await request.json()) as { period: DashboardPeriod };
      return ok(overviewFixture(period, opts.scale ?? 1));
    }),
    http.post('*/api/dashboard/hot_phones', async ({ request }) => {
      const { period } = (await request.json()) as { period: DashboardPeriod };
      return ok(hotPhonesFixture(period, opts.emptyHot));
    }),
    http.post('*/api/dashboard/phone_detail', async ({ request }) => {
      const { model, period } = (await request.json()) as { model: string; period: DashboardPeriod };
      return ok(phoneDetailFixture(model, period, opts.emptyModel));
    }),
    http.post('*/api/dashboard/devices', async ({ request }) => {
      const { filter, page } = (await request.json()) as { filter: DashboardDeviceFilter; page: number };
      devicesAsked.push(filter);
      return ok(devicesFixture(filter, 45, page));
    }),
  );
  return { devicesAsked };
}

const figure = (name: string) => screen.getByTestId(`figure-${name}`);
const value = (name: string) => screen.getByTestId(`figure-${name}-value`).textContent;

describe('default dashboard', () => {
  it('shows the period figures, switches the period, and each figure links to its filtered list', async () => {
    await signIn();
    mockDashboards();
    const asked = recordBodies('/api/dashboard/overview');
    const { router } = renderApp('/app/dashboards/default');
    await screen.findByTestId('figure-devices', {}, { timeout: 10_000 });
    const week = overviewFixture('7d');
    expect(value('devices')).toBe(String(week.devices.value));
    expect(value('orders')).toBe(String(week.orders.value));
    expect(value('points-spent')).toBe((week.points_spent.value / 100).toFixed(2));
    expect(value('success-rate')).toBe('96.5%');
    expect(value('repairs-in-progress')).toBe(String(week.repairs_in_progress.value));
    expect(value('waiting-for-quote')).toBe(String(week.waiting_for_quote.value));
    expect(value('schedule-changes')).toBe('4');
    expect(value('watched')).toBe('6');
    expect(screen.getByTestId('dashboard-points').textContent).toBe('1234.56');
    expect(screen.getByTestId('dashboard-range').textContent).toContain(week.range.from);

    // The orders figure opens the check order list of the same shop days (the URL carries them).
    const range = rangeOf('7d');
    expect(figure('orders').getAttribute('href')).toBe(
      `/#/app/quiry/basicinquiry?created_from=${range.from}&created_to=${range.to}`,
    );
    expect(figure('repairs-in-progress').getAttribute('href')).toContain(
      '/#/app/maintenance/maintenance?progress=',
    );
    expect(figure('watched').getAttribute('href')).toBe('/#/app/maintenance/maintenance?watched=true');
    expect(figure('schedule-changes').getAttribute('href')).toBe(
      '/#/app/maintenance/maintenance?changed_today=true',
    );
    expect(figure('balance').getAttribute('href')).toBe('/#/app/pointrecord');
    expect(figure('vip-end').getAttribute('href')).toBe('/#/app/shoppingcenter/shoppingcenter');

    // The charts arrive lazily, with their counts as links: the funnel and the warranty mix.
    const funnel = await screen.findByTestId('chart-funnel', {}, { timeout: 10_000 });
    const quote = within(funnel).getByTestId('funnel-quote_pending');
    expect(quote.getAttribute('href')).toBe(
      '/#/app/maintenance/maintenance?progress=%5B%22quote_pending%22%5D',
    );
    const oow = screen.getByTestId('warranty-out_of_warranty');
    expect(oow.textContent).toBe('25');
    expect(screen.getByTestId('warranty-unknown').textContent).toBe('5');

    // Period switch: asks the server for 90 days, shows them, keeps the period in the URL.
    const u = userEvent.setup();
    await u.click(within(screen.getByTestId('period-switch')).getByText(/90/));
    const quarter = overviewFixture('90d');
    await waitFor(() => expect(value('devices')).toBe(String(quarter.devices.value)));
    expect(router.state.location.search).toEqual({ period: '90d' });
    expect(asked).toContainEqual({ period: '90d' });
    expect(figure('orders').getAttribute('href')).toContain(`created_from=${rangeOf('90d').from}`);

    // Click through: the order list reads the days from the URL and asks the server for them.
    const orderLists = recordBodies('/api/checks/order_list');
    await u.click(figure('orders'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/quiry/basicinquiry'));
    expect(router.state.location.search).toEqual({
      created_from: rangeOf('90d').from,
      created_to: rangeOf('90d').to,
    });
    expect(await screen.findByTestId('orders-created-filter', {}, { timeout: 10_000 })).toBeTruthy();
    await waitFor(() =>
      expect(orderLists).toContainEqual(
        expect.objectContaining({ created_from: rangeOf('90d').from, created_to: rangeOf('90d').to }),
      ),
    );
    // "Show all orders" leaves the filter.
    await u.click(screen.getByTestId('orders-created-clear'));
    await waitFor(() => expect(screen.queryByTestId('orders-created-filter')).toBeNull());
    expect(router.state.location.search).toEqual({});
  }, 60_000);

  it('a repair figure lands on the repair list with its filter set, and the server asked for it', async () => {
    await signIn();
    mockDashboards();
    const lists = recordBodies('/api/repair/device_list');
    const { router } = renderApp('/app/dashboards/default');
    const u = userEvent.setup();
    await u.click(await screen.findByTestId('figure-watched', {}, { timeout: 10_000 }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/maintenance/maintenance'));
    const watched = (await screen.findByTestId(
      'filter-watched',
      {},
      { timeout: 10_000 },
    )) as HTMLInputElement;
    expect(watched.checked).toBe(true);
    await waitFor(() => expect(lists).toContainEqual(expect.objectContaining({ watched: true })));

    // Another figure: waiting for a quote, through the status filter.
    await router.navigate({ to: '/app/dashboards/default' });
    await u.click(await screen.findByTestId('figure-waiting-for-quote', {}, { timeout: 10_000 }));
    await waitFor(() => expect(router.state.location.search).toEqual({ progress: ['quote_pending'] }));
    await waitFor(() =>
      expect(lists).toContainEqual(expect.objectContaining({ progress: ['quote_pending'] })),
    );
    expect((screen.getByTestId('filter-watched') as HTMLInputElement).checked).toBe(false);
  }, 60_000);

  it('an empty period says so instead of drawing empty charts', async () => {
    await signIn();
    mockDashboards({ scale: 0 });
    renderApp('/app/dashboards/default');
    await screen.findByTestId('figure-devices', {}, { timeout: 10_000 });
    expect(value('devices')).toBe('0');
    expect(value('success-rate')).toBe('—');
    const chart = await screen.findByTestId('chart-devices', {}, { timeout: 10_000 });
    expect(within(chart).getByText(/No devices were checked|没有/)).toBeTruthy();
    expect(within(screen.getByTestId('chart-funnel')).queryAllByRole('link')).toHaveLength(0);
  });

  it('an error says the dashboard could not be loaded, keeps the wallet, and tries again', async () => {
    await signIn();
    let fail = true;
    mswServer.use(
      http.post('*/api/dashboard/overview', () =>
        fail
          ? HttpResponse.json({ errcode: ErrCode.INTERNAL, msg: 'boom', datas: null })
          : ok(overviewFixture('7d')),
      ),
    );
    renderApp('/app/dashboards/default');
    const error = await screen.findByTestId('dashboard-error', {}, { timeout: 10_000 });
    expect(screen.queryByTestId('figure-devices')).toBeNull();
    // The wallet still shows, from the signed-in user.
    expect(screen.getByTestId('dashboard-points').textContent).toBe('1000.00');
    fail = false;
    await userEvent.setup().click(within(error).getByTestId('dashboard-retry'));
    await screen.findByTestId('figure-devices', {}, { timeout: 10_000 });
    expect(screen.queryByTestId('dashboard-error')).toBeNull();
  });
});

describe('offline', () => {
  it('keeps the last figures on screen and says as of when', async () => {
    await signIn();
    mockDashboards();
    renderApp('/app/dashboards/default');
    await screen.findByTestId('figure-devices', {}, { timeout: 10_000 });
    expect(screen.queryByTestId('data-as-of')).toBeNull();
    const online = Object.getOwnPropertyDescriptor(Navigator.prototype, 'onLine')!;
    Object.defineProperty(Navigator.prototype, 'onLine', { configurable: true, get: () => false });
    try {
      act(() => void window.dispatchEvent(new Event('offline')));
      expect((await screen.findByTestId('data-as-of')).textContent).toMatch(/\d{4}-\d{2}-\d{2}/);
      expect(value('devices')).toBe(String(overviewFixture('7d').devices.value));
    } finally {
      Object.defineProperty(Navigator.prototype, 'onLine', online);
      act(() => void window.dispatchEvent(new Event('online')));
    }
  });
});

describe('hot phones and phone detail', () => {
  it('ranks the models with mixes, shares and trend; a row leads to the model, its facets and devices', async () => {
    await signIn();
    const { devicesAsked } = mockDashboards();
    const { router } = renderApp('/app/dashboards/hotphone');
    const table = await screen.findByTestId('hot-phones-table', {}, { timeout: 10_000 });
    const rows = within(table).getAllByTestId('hot-phone-row');
    expect(rows.map((r) => r.getAttribute('data-model'))).toEqual([
      'iPhone 15 Pro',
      'iPhone 14',
      'iPhone 13',
      'iPhone 15',
      'iPhone 12',
    ]);
    const first = rows[0]!;
    expect(within(first).getByTestId('hot-phone-count').textContent).toBe('50');
    // 5 of 50 with an activation lock; 16 of 50 out of warranty.
    expect(within(first).getByTestId('share-activation-lock').textContent).toBe('10.0%');
    expect(within(first).getByTestId('share-out-of-warranty').textContent).toBe('32.0%');
    expect(within(first).getByTestId('hot-phone-trend').getAttribute('data-change')).toBe('5');
    expect(within(rows[2]!).getByTestId('hot-phone-trend').textContent).toMatch(/new|新/);
    expect(within(first).getByTestId('capacity-mix')).toBeTruthy();
    expect(within(first).getAllByLabelText(/256GB: 25/)).toHaveLength(1);
    expect(within(first).getByTestId('share-activation-lock').getAttribute('href')).toContain(
      'activation_lock=yes',
    );

    // Period switch.
    const u = userEvent.setup();
    await u.click(within(screen.getByTestId('period-switch')).getByText(/7/));
    await waitFor(() => expect(router.state.location.search).toEqual({ period: '7d' }));
    await waitFor(() =>
      expect(screen.getByTestId('dashboard-range').textContent).toContain(rangeOf('7d').from),
    );

    // The row leads to phone detail of the same period.
    await u.click(within(screen.getAllByTestId('hot-phone-row')[1]!).getByTestId('hot-phone-model'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/dashboards/phoneDetail'));
    expect(router.state.location.search).toEqual({ model: 'iPhone 14', period: '7d' });
    expect(await screen.findByRole('heading', { name: 'iPhone 14' })).toBeTruthy();
    expect(
      (await screen.findByTestId('figure-model-devices-value', {}, { timeout: 10_000 })).textContent,
    ).toBe('42');
    const capacity = await screen.findByTestId('chart-capacity', {}, { timeout: 10_000 });
    expect(within(capacity).getByTestId('capacity-256GB').textContent).toBe('24');
    expect(within(capacity).getByTestId('capacity-unknown').getAttribute('href')).toContain('capacity=');
    for (const facet of ['colour', 'warranty_type', 'sale_country', 'carrier', 'trend'])
      expect(screen.getByTestId(`chart-${facet}`)).toBeTruthy();

    // Its devices, paged.
    const devices = await screen.findByTestId('devices-table', {}, { timeout: 10_000 });
    expect(within(devices).getAllByTestId('device-row')).toHaveLength(20);
    expect(screen.getByTestId('devices-total').getAttribute('data-total')).toBe('45');
    expect(devicesAsked.at(-1)).toEqual({ ...rangeOf('7d'), model: ['iPhone 14'] });
    // Named as pagination for a screen reader (分页), not as the template kit's "Pages" (页面).
    expect(screen.getByTestId('devices-pages').getAttribute('aria-label')).toBe('分页');
    await u.click(within(screen.getByTestId('devices-pages')).getByRole('button', { name: '3' }));
    await waitFor(() =>
      expect(within(screen.getByTestId('devices-table')).getAllByTestId('device-row')).toHaveLength(5),
    );

    // A facet count opens the devices list of that value, its filter in the URL.
    await u.click(within(screen.getByTestId('chart-colour')).getByTestId('colour-Blue'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/dashboards/devices'));
    expect(router.state.location.search).toEqual({
      ...rangeOf('7d'),
      model: ['iPhone 14'],
      colour: ['Blue'],
    });
    expect(await screen.findByTestId('devices-filter-colour', {}, { timeout: 10_000 })).toBeTruthy();
    await waitFor(() =>
      expect(devicesAsked.at(-1)).toEqual({ ...rangeOf('7d'), model: ['iPhone 14'], colour: ['Blue'] }),
    );
  }, 60_000);

  it('says so when no model was checked, and when a model has no device in the period', async () => {
    await signIn();
    mockDashboards({ emptyHot: true, emptyModel: true });
    const { router } = renderApp('/app/dashboards/hotphone');
    expect(await screen.findByTestId('dashboard-empty', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByTestId('hot-phones-table')).toBeNull();

    await router.navigate({ to: '/app/dashboards/phoneDetail', search: { model: 'iPhone 11' } });
    await screen.findByTestId('figure-model-devices', {}, { timeout: 10_000 });
    expect(screen.getByTestId('figure-model-devices-value').textContent).toBe('0');
    expect(screen.getByTestId('dashboard-empty')).toBeTruthy();
    expect(screen.queryByTestId('devices-table')).toBeNull();
  });

  it('phone detail without a model asks for one; typing it opens the model', async () => {
    await signIn();
    mockDashboards();
    const { router } = renderApp('/app/dashboards/phoneDetail');
    expect(await screen.findByTestId('dashboard-empty', {}, { timeout: 10_000 })).toBeTruthy();
    const u = userEvent.setup();
    await u.type(screen.getByTestId('phone-model-input'), 'iPhone 13');
    await u.click(screen.getByTestId('phone-model-open'));
    await waitFor(() => expect(router.state.location.search).toEqual({ model: 'iPhone 13', period: '30d' }));
    expect(await screen.findByTestId('figure-model-devices', {}, { timeout: 10_000 })).toBeTruthy();
  });

  it('a hot phones error offers to try again', async () => {
    await signIn();
    mswServer.use(http.post('*/api/dashboard/hot_phones', () => HttpResponse.error()));
    renderApp('/app/dashboards/hotphone');
    expect(await screen.findByTestId('dashboard-error', {}, { timeout: 15_000 })).toBeTruthy();
  });
});
