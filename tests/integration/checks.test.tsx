import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { currentTestServer } from '#tests/setup/web.ts';
import { renderApp } from '#tests/setup/render-app.tsx';
import { imeiWithCheckDigit } from '#tests/fixtures/imei.ts';
import { clearInquiryDrafts } from '#src/features/checks/model/inquiry-draft.ts';

// The kept-alive draft lives for the page's life, like in the app between two logouts.
beforeEach(clearInquiryDrafts);

async function signIn(username = 'admin') {
  const token = await currentTestServer().login(username, 'repair2026');
  localStorage.setItem('token', token);
  return token;
}

const imei = (n: number) => imeiWithCheckDigit(String(35209900176100 + n));
const badLuhn = (value: string) => value.slice(0, 14) + String((Number(value[14]) + 1) % 10);

/** 5 valid devices, 2 invalid lines and 1 duplicate. */
const PASTE = [
  imei(1),
  imei(2),
  'F2LXK1ABHG7F',
  badLuhn(imei(3)),
  'F2LOK1ABHG7F',
  imei(4),
  imei(1),
  'C39XQ2ABJC6M',
].join('\n');

const count = (testId: string) => screen.getByTestId(testId).getAttribute('data-count');

async function placeOrder(token: string, identifiers: string[], title = 'API order') {
  const services = await currentTestServer().call<{ list: { id: number; code: string }[] }>(
    '/api/checks/combo_list',
    {},
    { token },
  );
  const warranty = services.datas.list.find((s) => s.code === 'warranty');
  const answer = await currentTestServer().call<{ order_id: number }>(
    '/api/checks/order_create',
    { title, identifiers, service_ids: [warranty?.id] },
    { token },
  );
  expect(answer.errcode).toBe(0);
  return answer.datas.order_id;
}

describe('basic inquiry: a new check order', () => {
  it('checks the pasted lines live, prices the services and places the order', async () => {
    await signIn();
    const { router } = renderApp('/app/quiry/basicinquiry');
    // The first screen of the file loads the route's code: give it time on a busy machine.
    const form = await screen.findByTestId('new-order-form', {}, { timeout: 10_000 });
    const u = userEvent.setup();

    await u.click(within(form).getByRole('button', { name: '提交订单' }));
    expect(await within(form).findByText('请输入订单标题')).toBeTruthy();
    expect(within(form).getByText('请至少添加一个有效的序列号或 IMEI')).toBeTruthy();
    expect(within(form).getByText('请至少选择一项服务')).toBeTruthy();

    await u.type(within(form).getByLabelText(/订单标题/), '三月回收批次');
    fireEvent.change(within(form).getByTestId('paste-box'), { target: { value: PASTE } });
    await waitFor(() => expect(count('stats-valid')).toBe('5'));
    expect(count('stats-invalid')).toBe('2');
    expect(count('stats-duplicates')).toBe('1');
    const rejected = screen.getByTestId('rejected-lines');
    expect(within(rejected).getByText(/校验位不匹配/)).toBeTruthy();
    expect(within(rejected).getByText(/不会包含字母 O 或 I/)).toBeTruthy();
    expect(within(rejected).getByText(/与前面的行重复/)).toBeTruthy();

    // Country of sale needs the warranty first: it is added with a note, priced in.
    await u.click(await within(form).findByTestId('service-sale_country'));
    const warranty = within(form).getByTestId('service-warranty');
    expect((warranty as HTMLInputElement).checked).toBe(true);
    expect((warranty as HTMLInputElement).disabled).toBe(true);
    expect(within(form).getByText(/需要先查询此项/)).toBeTruthy();
    // The gsx_image service is under maintenance in the demo: shown, not pickable.
    const image = within(form).getByTestId('service-gsx_image');
    expect((image as HTMLInputElement).disabled).toBe(true);
    // 5 devices x (0.50 + 1.00)
    expect(screen.getByTestId('order-price-total').textContent).toBe('7.50');
    expect(screen.getByTestId('order-balance').textContent).toBe('1000.00');

    await u.click(within(form).getByRole('button', { name: '提交订单' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/quiry/managementDetail'), {
      timeout: 10_000,
    });
    const orderId = (router.state.location.search as { order_id?: number }).order_id;
    expect(orderId).toBeGreaterThan(0);
    expect((await screen.findByTestId('order-title')).textContent).toBe('三月回收批次');
    await waitFor(() => expect(screen.getByTestId('results-table').getAttribute('data-rows')).toBe('5'));
    expect(screen.getByTestId('order-price').textContent).toBe('7.50');
    // The figures say their unit: points, not a bare "7.50" a shop may read as yuan.
    expect(screen.getByTestId('order-price').parentElement?.textContent).toBe('7.50 积分');

    // Search by part of an IMEI filters the rows (once typing pauses; the search goes into the URL).
    fireEvent.change(screen.getByLabelText('搜索序列号或 IMEI'), { target: { value: imei(2).slice(-6) } });
    await waitFor(() => expect(screen.getByTestId('results-table').getAttribute('data-rows')).toBe('1'));
    // The URL follows the search after its own 250 ms debounce (use-page-filter.ts).
    await waitFor(() => expect((router.state.location.search as { q?: string }).q).toBe(imei(2).slice(-6)));
  });

  it('warns when the balance does not cover the price', async () => {
    await signIn();
    renderApp('/app/quiry/basicinquiry');
    const form = await screen.findByTestId('new-order-form', {}, { timeout: 10_000 });
    const lines = Array.from({ length: 130 }, (_, i) => imei(100 + i)).join('\n');
    fireEvent.change(within(form).getByTestId('paste-box'), { target: { value: lines } });
    await waitFor(() => expect(count('stats-valid')).toBe('130'));
    expect(screen.queryByTestId('balance-short')).toBeNull();
    await userEvent.setup().click(await within(form).findByTestId('service-full_check'));
    // 130 x 8.00 = 1040.00 > 1000.00
    expect(screen.getByTestId('order-price-total').textContent).toBe('1040.00');
    expect(screen.getByTestId('balance-short').textContent).toMatch(/差 40\.00/);
  });

  it('says plainly when this browser has no camera to scan with', async () => {
    await signIn();
    renderApp('/app/quiry/basicinquiry');
    const form = await screen.findByTestId('new-order-form', {}, { timeout: 10_000 });
    await userEvent.setup().click(within(form).getByRole('button', { name: '摄像头扫码' }));
    // jsdom has no navigator.mediaDevices, like an old browser or a page not served over HTTPS.
    expect((await screen.findByTestId('camera-problem')).textContent).toMatch(/无法在此使用摄像头/);
  });

  it('keeps the draft when the user leaves the page and comes back', async () => {
    await signIn();
    const { router } = renderApp('/app/quiry/basicinquiry');
    const form = await screen.findByTestId('new-order-form');
    await userEvent.setup().type(within(form).getByLabelText(/订单标题/), '未完成的订单');
    await router.navigate({ to: '/app/pointrecord' });
    await screen.findByTestId('ledger-table');
    await router.navigate({ to: '/app/quiry/basicinquiry' });
    const again = await screen.findByTestId('new-order-form');
    expect((within(again).getByLabelText(/订单标题/) as HTMLInputElement).value).toBe('未完成的订单');
  });

  it('lists the orders with totals, and refuses to delete a running one (3006)', async () => {
    const token = await signIn();
    await placeOrder(token, [imei(1), imei(2)], '待删除');
    renderApp('/app/quiry/basicinquiry');
    const table = await screen.findByTestId('order-table');
    const row = await within(table).findByText('待删除');
    expect(screen.getByTestId('summary-orders').textContent).toBe('1');
    expect(screen.getByTestId('summary-devices').textContent).toBe('2');

    const u = userEvent.setup();
    await u.click(within(row.closest('tr') as HTMLElement).getByRole('button', { name: '删除 待删除' }));
    const dialog = await screen.findByRole('dialog');
    await u.click(within(dialog).getByRole('button', { name: '删除' }));
    expect((await within(dialog).findByTestId('delete-error')).textContent).toMatch(/完成后才能删除/);
  });
});

describe('order detail', () => {
  it('without a valid order_id it says where to choose one', async () => {
    await signIn();
    renderApp('/app/quiry/managementDetail?order_id=abc');
    expect(await screen.findByRole('link', { name: '基础查询' })).toBeTruthy();
  });

  it('adds devices to an order, telling the ones already in it apart', async () => {
    const token = await signIn();
    const orderId = await placeOrder(token, [imei(1), imei(2)], '追加设备');
    renderApp(`/app/quiry/managementDetail?order_id=${orderId}`);
    await waitFor(() => expect(screen.getByTestId('results-table').getAttribute('data-rows')).toBe('2'), {
      timeout: 10_000,
    });
    const u = userEvent.setup();
    await u.click(screen.getByRole('button', { name: '添加设备' }));
    const form = await screen.findByTestId('add-devices-form');
    fireEvent.change(within(form).getByTestId('paste-box'), {
      target: { value: [imei(2), imei(5), 'F2LXK1ABHG7F'].join('\n') },
    });
    await waitFor(() => expect(count('stats-valid')).toBe('2'));
    expect(count('stats-duplicates')).toBe('1');
    expect(within(form).getByText(/已在此订单中/)).toBeTruthy();
    await u.click(within(form).getByRole('button', { name: '添加设备' }));
    await waitFor(() => expect(screen.getByTestId('results-table').getAttribute('data-rows')).toBe('4'));
    expect(screen.getByTestId('order-price').textContent).toBe('2.00');
  });

  it('an unknown order says so', async () => {
    await signIn();
    renderApp('/app/quiry/managementDetail?order_id=999999');
    expect(await screen.findByTestId('order-not-found')).toBeTruthy();
  });
});

describe('point record', () => {
  it('lists the ledger in plain words, with the balance and frozen points, filtered by type', async () => {
    const token = await signIn();
    await placeOrder(token, [imei(1), imei(2), imei(3)], '账本订单');
    renderApp('/app/pointrecord');
    const table = await screen.findByTestId('ledger-table');
    await waitFor(() => expect(within(table).getAllByTestId('ledger-row').length).toBeGreaterThanOrEqual(2));
    expect(within(table).getAllByText('订单冻结').length).toBeGreaterThan(0);
    expect(within(table).getAllByText('账本订单').length).toBeGreaterThan(0);
    expect(screen.getByTestId('ledger-frozen').textContent).toBe('1.50');
    expect(screen.getByTestId('ledger-balance').textContent).toBe('998.50');

    const u = userEvent.setup();
    await u.selectOptions(screen.getByLabelText('记录类型'), '订单冻结');
    await waitFor(() =>
      expect(
        within(table)
          .getAllByTestId('ledger-row')
          .every((r) => r.dataset.type === 'freeze'),
      ).toBe(true),
    );
  });
});
