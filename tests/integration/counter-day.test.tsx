import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { ErrCode } from '#contract/errcodes.ts';
import { counterDayOutput, type CounterDay } from '#contract/schemas/counter-day.ts';
import { currentTestServer, mswServer } from '#tests/setup/web.ts';
import { renderApp } from '#tests/setup/render-app.tsx';

/**
 * The day at the counter on the default dashboard (issue 26). /api/counter/day answers a
 * contract-checked fixture (its counting has server tests in server/modules/counter); the rest is
 * the real server in process. The screen speaks Chinese (tests/setup/web.ts).
 */
const DAY: CounterDay = counterDayOutput.parse({
  date: '2026-03-02',
  time_zone: 'Asia/Shanghai',
  intakes: 4,
  collections: 2,
  takings: [
    { method: 'cash', net_fen: 18000 },
    { method: 'wechat', net_fen: 10050 },
  ],
  takings_total_fen: 28050,
  open_by_status: [
    { status: 'received', count: 3 },
    { status: 'ready', count: 1 },
  ],
  open_by_technician: [
    { technician_id: 2, name: '小李', count: 3 },
    { technician_id: null, name: '', count: 1 },
  ],
  overdue: [
    {
      id: 41,
      no_text: 'R260301-0041',
      status: 'repairing',
      customer_name: '周八',
      promised_at: Date.UTC(2026, 2, 1, 2),
    },
  ],
  overdue_total: 1,
});

describe('the day at the counter', () => {
  it('shows today in yuan, open tickets by status and technician, and opens an overdue ticket', async () => {
    localStorage.setItem('token', await currentTestServer().login('admin', 'repair2026'));
    mswServer.use(
      http.post('*/api/counter/day', () => HttpResponse.json({ errcode: ErrCode.OK, msg: '', datas: DAY })),
    );
    const user = userEvent.setup();
    const { router } = renderApp('/app/dashboards/default');
    const widget = await screen.findByTestId('counter-day', {}, { timeout: 10_000 });
    const w = within(widget);
    expect(w.getByText('今日前台 · 2026-03-02')).toBeTruthy();
    expect(w.getByTestId('counter-day-intakes-value').textContent).toBe('4');
    expect(w.getByTestId('counter-day-collections-value').textContent).toBe('2');
    expect(w.getByTestId('counter-day-takings-value').textContent).toBe('¥280.50');
    expect(w.getByTestId('counter-day-overdue-value').textContent).toBe('1');
    expect(w.getByTestId('counter-day-methods').textContent).toContain('现金: ¥180.00');
    expect(w.getByTestId('counter-day-methods').textContent).toContain('¥100.50');
    expect(w.getByTestId('counter-day-statuses').textContent).toContain('已收机: 3');
    expect(w.getByTestId('counter-day-statuses').textContent).toContain('待取机: 1');
    expect(w.getByTestId('counter-day-technicians').textContent).toContain('小李: 3');
    expect(w.getByTestId('counter-day-technicians').textContent).toContain('未分配: 1');
    // No raw enum on screen.
    expect(widget.textContent).not.toMatch(/received|ready|repairing|wechat|cash/);

    await user.click(w.getByTestId('counter-day-overdue-link'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/tickets/detail'));
    expect(router.state.location.search).toEqual({ id: 41 });
  });

  it('says plainly when nothing happened yet', async () => {
    localStorage.setItem('token', await currentTestServer().login('admin', 'repair2026'));
    // The real server: a new shop's day.
    renderApp('/app/dashboards/default');
    const widget = await screen.findByTestId('counter-day', {}, { timeout: 10_000 });
    expect(within(widget).getByTestId('counter-day-takings-value').textContent).toBe('¥0.00');
    expect(within(widget).getByText('今天还没有收款')).toBeTruthy();
    expect(within(widget).getByText('没有进行中的维修单')).toBeTruthy();
  });
});
