import { describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { currentTestServer, mswServer } from '#tests/setup/web.ts';
import { imeiWithCheckDigit } from '#tests/fixtures/imei.ts';
import { renderApp } from '#tests/setup/render-app.tsx';
import { realtimeHandlers } from '#src/app/realtime-wiring.ts';
import { loadCurrentUser } from '#src/features/auth/session.ts';

// The points in the header (the current user's balance) follow what moves them on the server.

async function signIn() {
  const token = await currentTestServer().login('admin', 'repair2026');
  localStorage.setItem('token', token);
  return token;
}

/** The shop's spendable points now, hundredths (the demo shop starts with 1000.00). */
async function balanceOf(token: string) {
  const res = await currentTestServer().call<{ integral: number }>('/api/user/user_center', {}, { token });
  return res.datas.integral;
}

describe("the header's balance", () => {
  it.each([
    ['placed in another tab (checks:orders)', 'checks:orders'],
    ['finished (checks:progress at 100)', 'checks:progress'],
  ] as const)('is read again when an order is %s, whatever page is open', async (_, event) => {
    const token = await signIn();
    const { queryClient } = renderApp('/app/downloadCenter');
    await waitFor(() => expect(screen.getByTestId('points').textContent).toContain('1000.00'));
    // An order placed elsewhere (another tab, the API) moves the balance on the server.
    const services = await currentTestServer().call<{ list: { id: number; code: string }[] }>(
      '/api/checks/combo_list',
      {},
      { token },
    );
    const warranty = services.datas.list.find((row) => row.code === 'warranty')!;
    const placed = await currentTestServer().call<{ order_id: number }>(
      '/api/checks/order_create',
      { title: 'elsewhere', identifiers: [imeiWithCheckDigit('35209900176400')], service_ids: [warranty.id] },
      { token },
    );
    expect(placed.errcode).toBe(0);
    const now = (await balanceOf(token)) / 100;
    expect(now).toBeLessThan(1000);
    const handlers = realtimeHandlers(queryClient, () => undefined);
    const order_id = placed.datas.order_id;
    act(() =>
      event === 'checks:orders'
        ? handlers['checks:orders']!({ order_id })
        : handlers['checks:progress']!({ order_id, progress: 100, success: 1, failed: 0, total: 1 } as never),
    );
    await waitFor(() => expect(screen.getByTestId('points').textContent).toContain(now.toFixed(2)));
  });

  it('never goes back to an older answer that arrives after a newer one', async () => {
    const token = await signIn();
    const real = await currentTestServer().call<Record<string, unknown>>('/api/user/get_user', {}, { token });
    renderApp('/app/downloadCenter');
    await waitFor(() => expect(screen.getByTestId('points').textContent).toContain('1000.00'));
    let calls = 0;
    let releaseOld: () => void = () => undefined;
    const answer = (integral: number) =>
      HttpResponse.json({ errcode: 0, msg: '', datas: { ...real.datas, integral } });
    mswServer.use(
      http.post('*/api/user/get_user', async () => {
        const call = ++calls;
        if (call === 1) await new Promise<void>((resolve) => (releaseOld = resolve));
        return answer(call === 1 ? 100_000 : 90_000);
      }),
    );
    const older = loadCurrentUser();
    await loadCurrentUser();
    await waitFor(() => expect(screen.getByTestId('points').textContent).toContain('900.00'));
    await act(async () => {
      releaseOld();
      await older;
    });
    expect(screen.getByTestId('points').textContent).toContain('900.00');
  });
});
