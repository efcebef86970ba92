import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { DeviceHistoryDatas } from '#contract/schemas/repairs-monitors.ts';
import { currentTestServer, mswServer } from '#tests/setup/web.ts';
import { renderApp } from '#tests/setup/render-app.tsx';

// Issue 27, "words a shop should never see", on the screens that showed them.

async function signIn(username = 'admin') {
  const token = await currentTestServer().login(username, 'repair2026');
  localStorage.setItem('token', token);
  return token;
}

/** A history as the server answers it: one warranty check and the repair's intake and an edit. */
const HISTORY: DeviceHistoryDatas = {
  ident: '353911105000013',
  also: [],
  entries: [
    {
      type: 'check',
      at: 1_790_000_000,
      check_order_id: 1,
      check_order_title: '二手质检',
      check_device_id: 1,
      service: 'warranty',
      status: 'success',
      facts: {
        model: 'iPhone 13',
        colour: 'Midnight Green',
        warranty_type: 'applecare_plus',
        replaced: 'no',
        gsx_text: 'SIM Lock: Unlocked',
      },
      sandbox: true,
    },
    {
      type: 'check',
      at: 1_790_000_000,
      check_order_id: 1,
      check_order_title: '二手质检',
      check_device_id: 1,
      service: 'network_lock',
      status: 'failed',
      facts: {},
      sandbox: true,
    },
    ...(['intake', 'edit'] as const).map((kind, i) => ({
      type: 'repair' as const,
      at: 1_790_000_100 + i,
      batch_id: 1,
      batch_title: '三月初送修',
      event: {
        id: 10 + i,
        device_id: 7,
        kind,
        from: null,
        to: kind === 'intake' ? 'to_receive' : 'customer_phone,sale_price',
        repair_id: null,
        source: 'shop' as const,
        actor_name: '王店长',
        at: 1_790_000_100 + i,
      },
    })),
  ],
};

describe('device history in words', () => {
  it(
    'names services, states, facts and events in Chinese, never by their keys',
    { timeout: 60_000 },
    async () => {
      await signIn();
      mswServer.use(
        http.post('*/api/repair/device_history', () =>
          HttpResponse.json({ errcode: 0, msg: '', datas: HISTORY }),
        ),
      );
      renderApp(`/app/maintenance/history?q=${HISTORY.ident}`);
      // The lazy route's first load in jsdom is slow on a busy machine: a bound, not a wait.
      const history = await screen.findByTestId('history', {}, { timeout: 40_000 });
      const text = history.textContent ?? '';
      expect(text).toContain('查询: 保修状态');
      expect(text).toContain('型号: iPhone 13 · 颜色: 暗夜绿色 · 保修类型: AppleCare+ · 官换机: 否');
      expect(text).toContain('已录入: 待收货');
      expect(text).toContain('已编辑: 客户电话, 售价');
      for (const raw of [
        'network_lock',
        'SUCCESS',
        'success',
        'failed',
        'applecare_plus',
        'warranty_type',
        'replaced:',
        'to_receive',
        'customer_phone',
        'Midnight',
        '录入时间',
      ])
        expect(text, raw).not.toContain(raw);
      expect(within(history).getAllByText('成功').length).toBeGreaterThan(0);
      expect(within(history).getAllByText('失败').length).toBeGreaterThan(0);
    },
  );
});

describe('shopping center for an Editor', () => {
  it(
    'says why buying is off once, not on every card and the recharge form',
    { timeout: 60_000 },
    async () => {
      await signIn('editor');
      renderApp('/app/shoppingcenter/shoppingcenter');
      const notice = await screen.findByTestId('shop-blocked');
      await screen.findAllByTestId('package-card');
      expect(screen.getAllByText(notice.textContent ?? '')).toHaveLength(1);
      const buy = within(screen.getAllByTestId('package-card')[0]!).getByRole('button', { name: /^购买/ });
      expect(buy.getAttribute('aria-describedby')).toBe(notice.id);
    },
  );
});

describe('employee list', () => {
  it('masks phone numbers as the personal center does', { timeout: 60_000 }, async () => {
    await signIn();
    await currentTestServer()
      .db.updateTable('users')
      .set({ phone_number: '13912345678' })
      .where('username', '=', 'editor')
      .execute();
    renderApp('/app/accountmanagement');
    await screen.findByText('王店长', {}, { timeout: 20_000 });
    expect(await screen.findByText('139****5678')).toBeTruthy();
    expect(screen.queryByText('13912345678')).toBeNull();
  });
});
