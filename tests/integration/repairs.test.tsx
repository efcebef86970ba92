import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import { currentTestServer } from '#tests/setup/web.ts';
import { renderApp } from '#tests/setup/render-app.tsx';
import { imeiWithCheckDigit } from '#tests/fixtures/imei.ts';
import { realtimeHandlers } from '#src/app/realtime-wiring.ts';
import { noticesKeys } from '#src/features/repairs/api/keys.ts';

// jsdom lays nothing out (every size is 0): give the virtualised table's scroller a size so it
// renders the rows in view, as a browser would.
const sizes = { clientWidth: 1400, clientHeight: 520 } as const;
const saved = Object.keys(sizes).map(
  (k) => [k, Object.getOwnPropertyDescriptor(Element.prototype, k)] as const,
);
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

async function signIn(username = 'admin') {
  const token = await currentTestServer().login(username, 'repair2026');
  localStorage.setItem('token', token);
  return token;
}

const imei = (n: number) => imeiWithCheckDigit(String(35209900176200 + n));
const badLuhn = (value: string) => value.slice(0, 14) + String((Number(value[14]) + 1) % 10);

/** 4 good lines, one with a malformed repair id, one bad IMEI, one repeat. */
const PASTE = [
  `${imei(1)} G123456789 王小明 13800138000`,
  `${imei(2)} R987654321 李华`,
  `${imei(3)} X12345678 张三`,
  badLuhn(imei(4)),
  `${imei(5)} N000000001 陈`,
  imei(1),
  'F2LXK1ABHG7F',
].join('\n');

const rowsShown = () => screen.getAllByTestId('repair-row').map((r) => r.getAttribute('data-ident'));

async function intake(u: ReturnType<typeof userEvent.setup>, title: string, text: string) {
  await u.click(await screen.findByTestId('open-intake', {}, { timeout: 10_000 }));
  const form = await screen.findByTestId('intake-form');
  await u.type(within(form).getByLabelText(/批次名称/), title);
  fireEvent.change(within(form).getByTestId('intake-paste'), { target: { value: text } });
  await u.click(within(form).getByTestId('intake-submit'));
  return within(form).findByTestId('intake-result', {}, { timeout: 10_000 });
}

describe('repair progress management', () => {
  it('takes devices in with a reason per refused line, lists, filters and searches them', async () => {
    await signIn();
    renderApp('/app/maintenance/maintenance');
    const u = userEvent.setup();
    const form0 = await screen.findByTestId('open-intake', {}, { timeout: 10_000 });
    await u.click(form0);
    const form = await screen.findByTestId('intake-form');
    // Nothing typed: each field says what is missing, nothing is sent.
    await u.click(within(form).getByTestId('intake-submit'));
    expect(await within(form).findByText('请输入批次标题')).toBeTruthy();
    expect(within(form).getByText('请至少添加一台设备')).toBeTruthy();
    await u.type(within(form).getByLabelText(/批次名称/), '四月送修');
    fireEvent.change(within(form).getByTestId('intake-paste'), { target: { value: PASTE } });
    expect(within(form).getByTestId('intake-count').getAttribute('data-count')).toBe('7');
    expect(within(form).getByText(/1 行的维修单号将被拒绝/)).toBeTruthy();
    await u.click(within(form).getByTestId('intake-submit'));
    const result = await within(form).findByTestId('intake-result', {}, { timeout: 10_000 });
    expect(result.getAttribute('data-added')).toBe('4');
    const reasons = within(result)
      .getAllByTestId('intake-rejected-row')
      .map((r) => r.getAttribute('data-reason'));
    expect(reasons).toEqual(['repair_id_invalid', 'bad_check_digit', 'duplicate_input']);
    expect(within(result).getByText(/不是维修单号.*\(X12345678\)/)).toBeTruthy();
    expect(within(result).getByText(/与前面的行重复|Repeats an earlier line/)).toBeTruthy();
    await u.click(within(form).getByRole('button', { name: '关闭' }));

    await waitFor(() => expect(rowsShown()).toHaveLength(4));
    // The links' column is headed as the row's actions (操作), not as a status (进行中, "open").
    const heads = within(screen.getByTestId('repair-table'))
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(heads).toContain('操作');
    expect(heads).not.toContain('进行中');
    const batch = await screen.findByRole('button', { name: /四月送修/ });
    expect(within(batch).getByText(/4 台/)).toBeTruthy();

    // The list masks the customer's phone, as the customers list does; a search by the full number still finds it.
    const wang = screen.getAllByTestId('repair-row').find((r) => r.textContent?.includes('王小明'))!;
    expect(wang.textContent).toContain('王小明 · 138****8000');
    expect(wang.textContent).not.toContain('13800138000');
    await u.type(screen.getByTestId('repair-search'), '13800138000');
    await waitFor(() => expect(rowsShown()).toEqual([imei(1)]));
    await u.clear(screen.getByTestId('repair-search'));
    await waitFor(() => expect(rowsShown()).toHaveLength(4));

    // Search by customer name, by repair id, then clear.
    await u.type(screen.getByTestId('repair-search'), '李华');
    await waitFor(() => expect(rowsShown()).toEqual([imei(2)]));
    await u.clear(screen.getByTestId('repair-search'));
    await u.type(screen.getByTestId('repair-search'), 'n000000001');
    await waitFor(() => expect(rowsShown()).toEqual([imei(5)]));
    await u.clear(screen.getByTestId('repair-search'));
    await waitFor(() => expect(rowsShown()).toHaveLength(4));

    // Watch two: the quota and the watched filter follow.
    const rows = screen.getAllByTestId('repair-row');
    await u.click(within(rows[0]!).getByRole('checkbox'));
    await u.click(within(rows[1]!).getByRole('checkbox'));
    expect(screen.getByTestId('selected-count').getAttribute('data-count')).toBe('2');
    await u.click(screen.getByTestId('bulk-watch'));
    await waitFor(() => expect(screen.getByTestId('monitor-quota').textContent).toMatch(/已监控 2 \//));
    await u.click(screen.getByTestId('filter-watched'));
    await waitFor(() => expect(rowsShown()).toHaveLength(2));
    await u.click(screen.getByTestId('filter-watched'));
    await waitFor(() => expect(rowsShown()).toHaveLength(4));

    // Nothing changed today before any refresh.
    await u.click(screen.getByTestId('filter-changed-today'));
    await waitFor(() => expect(screen.queryAllByTestId('repair-row')).toHaveLength(0));
    expect(screen.getByText('没有符合条件的维修设备。')).toBeTruthy();
  }, 60_000);

  it('shows one device: timeline, edit with field errors, customer link and its QR, history', async () => {
    const token = await signIn();
    const server = currentTestServer();
    const batch = await server.call<{ id: number }>('/api/repair/batch_create', { title: '详情' }, { token });
    const taken = await server.call<{ device_ids: number[] }>(
      '/api/repair/device_intake',
      {
        batch_id: batch.datas.id,
        lines: [{ ident: imei(7), repair_ids: ['G111111111'], customer_name: '周' }],
      },
      { token },
    );
    const id = taken.datas.device_ids[0]!;
    const { router } = renderApp(`/app/maintenance/orderDetail?device_id=${id}`);
    const u = userEvent.setup();
    const detail = await screen.findByTestId('device-detail', {}, { timeout: 10_000 });
    expect(within(detail).getByTestId('detail-customer').textContent).toBe('周');
    expect(within(detail).getAllByTestId('timeline-event')[0]!.getAttribute('data-kind')).toBe('intake');

    await u.click(within(detail).getByTestId('detail-edit'));
    const edit = await within(detail).findByTestId('device-edit');
    await u.clear(within(edit).getByTestId('edit-repair-ids'));
    await u.type(within(edit).getByTestId('edit-repair-ids'), 'G111111111 Q12');
    await u.click(within(edit).getByTestId('edit-save'));
    expect(await within(edit).findByText(/Q12 不是维修单号/)).toBeTruthy();
    await u.clear(within(edit).getByTestId('edit-repair-ids'));
    await u.type(within(edit).getByTestId('edit-repair-ids'), 'G111111111 D222222222');
    await u.clear(within(edit).getByTestId('edit-customer-name'));
    await u.type(within(edit).getByTestId('edit-customer-name'), '周先生');
    await u.click(within(edit).getByTestId('edit-save'));
    await waitFor(() => expect(within(detail).getByTestId('detail-customer').textContent).toBe('周先生'));
    const after = await server.call<{ device: { repair_ids: string[] } }>(
      '/api/repair/device_detail',
      { device_id: id },
      { token },
    );
    expect(after.datas.device.repair_ids).toEqual(['G111111111', 'D222222222']);

    await u.click(within(detail).getByTestId('make-link'));
    const link = await within(detail).findByTestId('customer-link');
    expect(within(link).getByTestId('customer-link-url').textContent).toMatch(/\/status\//);
    expect(link.querySelector('svg')).toBeTruthy();
    expect(within(detail).getByTestId('revoke-link')).toBeTruthy();
    // The label is in the page for print (hidden on screen by print CSS).
    expect(screen.getByTestId('print-label').textContent).toContain(imei(7));

    await u.click(within(detail).getByRole('link', { name: '设备履历' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/maintenance/history'));
    const history = await screen.findByTestId('history', {}, { timeout: 10_000 });
    expect(Number(history.getAttribute('data-entries'))).toBeGreaterThanOrEqual(2);
  }, 60_000);

  it("opens a counter customer's record from their device's page", async () => {
    const token = await signIn();
    const server = currentTestServer();
    const customer = await server.call<{ id: number }>(
      '/api/counter/customer_save',
      { name: '孙女士', phones: ['13800138123'] },
      { token },
    );
    const batch = await server.call<{ id: number }>('/api/repair/batch_create', { title: '客户' }, { token });
    const taken = await server.call<{ device_ids: number[] }>(
      '/api/repair/device_intake',
      { batch_id: batch.datas.id, customer_id: customer.datas.id, lines: [{ ident: imei(8) }] },
      { token },
    );
    const { router } = renderApp(`/app/maintenance/orderDetail?device_id=${taken.datas.device_ids[0]}`);
    const detail = await screen.findByTestId('device-detail', {}, { timeout: 10_000 });
    const name = within(detail).getByTestId('detail-customer');
    expect(name.tagName).toBe('A');
    expect(name.textContent).toBe('孙女士');
    await userEvent.setup().click(name);
    const page = await screen.findByTestId('customer-detail', {}, { timeout: 10_000 });
    expect(page.getAttribute('data-customer-id')).toBe(String(customer.datas.id));
    expect(router.state.location.pathname).toBe('/app/customers/detail');
  });

  it('counts a live monitor alert in the bell on any page', async () => {
    await signIn();
    renderApp('/app/personalcenter');
    const bell = await screen.findByTestId('notice-count', {}, { timeout: 10_000 });
    await waitFor(() => expect(bell.getAttribute('data-count')).toBe('0'));
    // The socket's handler, as src/app/realtime-wiring.ts wires it, on a client that has the count.
    const client = new QueryClient();
    client.setQueryData(noticesKeys.unread(), { unread: 2 });
    act(() =>
      realtimeHandlers(client, () => undefined)['notice:new']!({
        id: 9,
        kind: 'repair',
        device_id: 1,
        ident: imei(1),
        field: 'progress',
        from: 'diagnosing',
        to: 'repairing',
        customer_name: '王',
        created_at: 1,
      }),
    );
    expect(client.getQueryData(noticesKeys.unread())).toEqual({ unread: 3 });
    expect(await screen.findByText(/维修提醒：.*检测中 → 维修中/)).toBeTruthy();
  }, 30_000);
});

describe('paid refresh', () => {
  // Issue 27: a refresh costs points a device; the price shows before the click, and a click asks.
  it('shows the price on the button and asks before freezing any points', async () => {
    const token = await signIn();
    const server = currentTestServer();
    const batch = await server.call<{ id: number }>(
      '/api/repair/batch_create',
      { title: '刷新价格' },
      { token },
    );
    const taken = await server.call<{ device_ids: number[] }>(
      '/api/repair/device_intake',
      { batch_id: batch.datas.id, lines: [{ ident: imei(21) }, { ident: imei(22) }, { ident: imei(23) }] },
      { token },
    );
    const ids = taken.datas.device_ids;
    const states = async () => {
      const list = await server.call<{ list: { id: number; refresh_state: string }[] }>(
        '/api/repair/device_list',
        { batch_id: batch.datas.id, page: 1, page_size: 50 },
        { token },
      );
      return list.datas.list.filter((d) => ids.includes(d.id)).map((d) => d.refresh_state);
    };
    renderApp('/app/maintenance/maintenance');
    const u = userEvent.setup();
    await screen.findByTestId('open-intake', {}, { timeout: 10_000 });
    const mine = [imei(21), imei(22), imei(23)];
    await waitFor(() => expect(rowsShown()).toEqual(expect.arrayContaining(mine)), {
      timeout: 10_000,
    });
    for (const row of screen.getAllByTestId('repair-row'))
      if (mine.includes(row.getAttribute('data-ident') ?? ''))
        await u.click(within(row).getByRole('checkbox'));
    const button = screen.getByTestId('bulk-refresh');
    expect(button.textContent).toContain('0.60');
    await u.click(button);
    const ask = await screen.findByTestId('refresh-confirm');
    expect(ask.textContent).toMatch(/3 台.*0\.60.*0\.20/);
    await u.click(within(ask).getByRole('button', { name: '取消' }));
    expect(await states()).toEqual(['none', 'none', 'none']);
    await u.click(button);
    await u.click(await screen.findByTestId('refresh-confirm-ok'));
    await waitFor(async () => expect((await states()).every((s) => s !== 'none')).toBe(true), {
      timeout: 10_000,
    });
  }, 60_000);
});

describe('intake helpers on screen', () => {
  it('a second intake into the same batch refuses devices already tracked there', async () => {
    await signIn();
    renderApp('/app/maintenance/maintenance');
    const u = userEvent.setup();
    const first = await intake(u, '重复批次', imei(11));
    expect(first.getAttribute('data-added')).toBe('1');
    const form = screen.getByTestId('intake-form');
    fireEvent.change(within(form).getByTestId('intake-paste'), {
      target: { value: `${imei(11)}\n${imei(12)}` },
    });
    await u.click(within(form).getByTestId('intake-submit'));
    await waitFor(() =>
      expect(within(form).getByTestId('intake-result').getAttribute('data-added')).toBe('1'),
    );
    expect(within(form).getByTestId('intake-rejected-row').getAttribute('data-reason')).toBe(
      'duplicate_batch',
    );
  }, 60_000);

  // Issue 27: the same IMEI could be tracked in two batches without a word; the box kept its lines
  // after an intake, and a refusal of every line said "see the list" with no list.
  it('names the batch that already tracks a device, lets the shop take it anyway, and lists every refusal', async () => {
    const token = await signIn();
    const server = currentTestServer();
    const other = await server.call<{ id: number }>(
      '/api/repair/batch_create',
      { title: '甲批次' },
      { token },
    );
    await server.call(
      '/api/repair/device_intake',
      { batch_id: other.datas.id, lines: [{ ident: imei(31) }] },
      { token },
    );
    renderApp('/app/maintenance/maintenance');
    const u = userEvent.setup();
    const result = await intake(u, '乙批次', `${imei(32)}\n${imei(31)}`);
    expect(result.getAttribute('data-added')).toBe('1');
    const row = within(result).getByTestId('intake-rejected-row');
    expect(row.getAttribute('data-reason')).toBe('tracked_elsewhere');
    expect(row.textContent).toContain('已在其他批次中跟踪');
    expect(row.textContent).toContain('甲批次');
    const form = screen.getByTestId('intake-form');
    expect((within(form).getByTestId('intake-paste') as HTMLTextAreaElement).value).toBe('');
    await u.click(within(result).getByTestId('intake-take-anyway'));
    await waitFor(() =>
      expect(within(form).getByTestId('intake-result').getAttribute('data-added')).toBe('1'),
    );
    expect(within(form).queryByTestId('intake-rejected-row')).toBeNull();
    // Every line refused: the message and the list it points to.
    fireEvent.change(within(form).getByTestId('intake-paste'), { target: { value: imei(31) } });
    await u.click(within(form).getByTestId('intake-submit'));
    expect(await within(form).findByText(/每一行的原因见/)).toBeTruthy();
    expect(within(form).getByTestId('intake-rejected-row').getAttribute('data-reason')).toBe(
      'duplicate_batch',
    );
  }, 60_000);
});
