import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mswServer } from '#tests/setup/web.ts';
import { realServerHandlers } from '#tests/msw/handlers.ts';
import { renderApp } from '#tests/setup/render-app.tsx';
import { createTestServer, type TestServer } from '#tests/setup/server-harness.ts';
import { imeiWithCheckDigit } from '#tests/fixtures/imei.ts';
import { clearInquiryDrafts } from '#src/features/checks/model/inquiry-draft.ts';
import { activateLanguage } from '#src/lib/i18n.ts';

// Issue 24: the screens that order checks, refresh repairs and watch devices against a production
// server without check and repair-status providers (the real app through msw): they say so up front,
// and the refused action shows its "not configured" message, in the user's language.
let prod: TestServer;

beforeEach(async () => {
  clearInquiryDrafts();
  prod = await createTestServer({ config: { production: true, testPuzzleX: null } });
  mswServer.use(...realServerHandlers(() => prod.app));
  localStorage.setItem('token', await prod.session());
});
afterEach(() => prod.close());

const imei = (n: number) => imeiWithCheckDigit(String(35209900176300 + n));

describe('production without providers', () => {
  it('basic inquiry says checks are not configured, and a refused order says so too', async () => {
    renderApp('/app/quiry/basicinquiry');
    // The first screen of the file loads the route's code: give it time on a busy machine.
    await screen.findByTestId('new-order-form', {}, { timeout: 20_000 });
    const notice = await screen.findByTestId('checks-not-configured', {}, { timeout: 10_000 });
    expect(notice.textContent).toMatch(/本服务器未配置设备查询服务/);
    const form = screen.getByTestId('new-order-form');
    const u = userEvent.setup();
    await u.type(within(form).getByLabelText(/订单标题/), '回收批次');
    fireEvent.change(within(form).getByTestId('paste-box'), { target: { value: imei(1) } });
    await u.click(await within(form).findByTestId('service-warranty', {}, { timeout: 10_000 }));
    await u.click(within(form).getByRole('button', { name: '提交订单' }));
    expect(await screen.findByText(/设备查询服务未配置，暂时无法下单查询，未扣除积分/)).toBeTruthy();
    const orders = await prod.db.selectFrom('check_orders').select('id').execute();
    expect(orders).toHaveLength(0);
  }, 60_000);

  it('repair progress says repair status is not configured, and a refused refresh says so too', async () => {
    const token = await prod.session();
    const batch = await prod.call<{ id: number }>('/api/repair/batch_create', { title: '送修' }, { token });
    const intake = await prod.call<{ device_ids: number[] }>(
      '/api/repair/device_intake',
      { batch_id: batch.datas.id, lines: [{ ident: imei(2), repair_ids: ['G100000002'] }] },
      { token },
    );
    expect(intake.errcode).toBe(0);
    const deviceId = intake.datas.device_ids[0] as number;

    const view = renderApp('/app/maintenance/maintenance');
    const notice = await screen.findByTestId('repairs-not-configured', {}, { timeout: 10_000 });
    expect(notice.textContent).toMatch(/本服务器未配置维修进度查询服务/);
    view.unmount();

    renderApp(`/app/maintenance/orderDetail?device_id=${deviceId}`);
    await screen.findByTestId('repairs-not-configured', {}, { timeout: 10_000 });
    const u = userEvent.setup();
    await u.click(await screen.findByTestId('detail-refresh'));
    // A refresh is paid: it asks with its price first (issue 27), then the server refuses it.
    await u.click(await screen.findByTestId('refresh-confirm-ok'));
    const error = await screen.findByTestId('detail-error');
    // In Chinese the server's own message is shown (src/lib/api/error-messages.ts).
    expect(error.textContent).toMatch(/维修进度查询服务未配置，暂时无法查询或监控维修进度，未扣除积分/);
    await u.click(screen.getByTestId('detail-watch'));
    await waitFor(() =>
      expect(screen.getByTestId('detail-error').textContent).toMatch(/维修进度查询服务未配置/),
    );
    expect(await prod.db.selectFrom('repair_refreshes').select('id').execute()).toHaveLength(0);
    expect(await prod.db.selectFrom('monitors').select('id').execute()).toHaveLength(0);
    expect(screen.getByTestId('detail-watch').getAttribute('data-watched')).toBe('false');
  }, 60_000);
});

describe('production without providers, in English', () => {
  it('says so in the language of the user', async () => {
    await activateLanguage('en');
    try {
      renderApp('/app/maintenance/maintenance');
      const notice = await screen.findByTestId('repairs-not-configured', {}, { timeout: 20_000 });
      expect(notice.textContent).toMatch(/^Repair status lookups are not configured on this server/);
    } finally {
      await activateLanguage('zh');
    }
  }, 60_000);
});

describe('outside production', () => {
  it('shows no notice: the sandbox answers, labelled as such where its data is shown', async () => {
    const dev = await createTestServer();
    try {
      mswServer.use(...realServerHandlers(() => dev.app));
      localStorage.setItem('token', await dev.session());
      renderApp('/app/quiry/basicinquiry');
      await screen.findByTestId('new-order-form', {}, { timeout: 10_000 });
      await waitFor(() => expect(screen.queryByTestId('checks-not-configured')).toBeNull());
    } finally {
      await dev.close();
    }
  }, 60_000);
});
