import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { currentTestServer } from '#tests/setup/web.ts';
import { renderApp } from '#tests/setup/render-app.tsx';

async function signIn(username = 'admin') {
  localStorage.setItem('token', await currentTestServer().login(username, 'repair2026'));
}
const setText = (el: HTMLElement, value: string) => fireEvent.change(el, { target: { value } });

describe('shop settings (Admin only)', () => {
  it('previews the next ticket number and each message live, puts errors next to their fields, and saves both settings', async () => {
    await signIn();
    renderApp('/app/settings/shop');
    const form = await screen.findByTestId('shop-settings-form', {}, { timeout: 15_000 });
    const u = userEvent.setup();

    // The ticket number: the default format, previewed; a format without {SEQ} has no preview.
    expect(within(form).getByTestId('ticket-format-preview').textContent).toMatch(
      /下一张维修单：R\d{6}-0001/,
    );
    const format = within(form).getByLabelText('维修单号格式');
    setText(format, 'T{YYYY}');
    expect(within(form).getByTestId('ticket-format-preview').textContent).toBe('无法预览：格式无效。');
    setText(format, 'T{YYYY}-{SEQ:3}');
    expect(within(form).getByTestId('ticket-format-preview').textContent).toMatch(/T\d{4}-001/);

    // A message in English: its preview fills the placeholders, its size counts SMS.
    const pickup = within(form).getByTestId('template-ready_for_pickup');
    await u.click(within(pickup).getByRole('tab', { name: '英文' }));
    const english = within(pickup).getByLabelText('英文短信');
    setText(english, 'Hi {customer}, ticket {ticket} is ready: {link}');
    expect(within(pickup).getByTestId('template-preview-ready_for_pickup-en').textContent).toBe(
      'Hi Alexandra Li, ticket R261128-0042 is ready: https://shop.example.com/status/t/Ab3dE5fG7hJ9kL1m',
    );
    expect(within(pickup).getByTestId('template-size-ready_for_pickup-en').textContent).toBe(
      '97 个字符 · 1 条短信（最多 4 条）',
    );

    // An unknown placeholder is refused next to its field, and nothing is saved.
    setText(english, 'Hi {cliente}, ready: {link}');
    setText(within(form).getByLabelText('门店名称'), 'Fix & Go');
    await u.click(within(form).getByRole('button', { name: '保存' }));
    // The kind's card opens the language with the error (it is drawn anew).
    const refused = within(form).getByTestId('template-ready_for_pickup');
    expect(await within(refused).findByText('未知的占位符：{cliente}。请只使用列出的占位符。')).toBeTruthy();
    expect(within(refused).getByRole('tab', { name: /英文/ }).getAttribute('aria-selected')).toBe('true');
    expect(within(form).getByRole('alert').textContent).toContain('部分内容需要修改');
    const server = currentTestServer();
    expect(await server.db.selectFrom('counter_settings').selectAll().execute()).toEqual([]);

    // Corrected: both the shop's contact and the counter's settings are saved.
    setText(within(refused).getByLabelText('英文短信'), 'Hi {customer}, {device} is ready: {link} {shop}');
    await u.click(within(refused).getByRole('switch', { name: /待取机/ }));
    setText(within(form).getByLabelText('单据条款'), '保修 90 天');
    await u.click(within(form).getByRole('button', { name: '保存' }));
    expect(await within(form).findByRole('status')).toHaveProperty('textContent', '已保存');
    const saved = await server.db
      .selectFrom('counter_settings')
      .select(['ticket_format', 'receipt_terms', 'templates', 'enabled'])
      .executeTakeFirstOrThrow();
    expect(saved.ticket_format).toBe('T{YYYY}-{SEQ:3}');
    expect(saved.receipt_terms).toBe('保修 90 天');
    expect(JSON.parse(saved.templates).ready_for_pickup.en).toBe(
      'Hi {customer}, {device} is ready: {link} {shop}',
    );
    expect(JSON.parse(saved.enabled).ready_for_pickup).toBe(false);
    const shop = await server.db
      .selectFrom('repair_settings')
      .select('contact_name')
      .executeTakeFirstOrThrow();
    expect(shop.contact_name).toBe('Fix & Go');
  }, 60_000);

  it('reads the time zone in words with its offset, finds one by its city, and saves its id', async () => {
    await signIn();
    renderApp('/app/settings/shop');
    const form = await screen.findByTestId('shop-settings-form', {}, { timeout: 15_000 });
    const zone = within(form).getByLabelText('时区');
    // Once only its IANA id ("Asia/Shanghai"), which means nothing to a shop owner.
    expect(zone).toHaveProperty('value', 'GMT+08:00 中国标准时间 (Asia/Shanghai)');
    const u = userEvent.setup();
    await u.clear(zone);
    await u.type(zone, 'Madrid');
    await u.click(
      await screen.findByRole('option', { name: /GMT\+0[12]:00 中欧.*\(Europe\/Madrid\)/, hidden: true }),
    );
    await u.click(within(form).getByRole('button', { name: '保存' }));
    expect(await within(form).findByRole('status')).toHaveProperty('textContent', '已保存');
    const shop = await currentTestServer()
      .db.selectFrom('repair_settings')
      .select('time_zone')
      .executeTakeFirstOrThrow();
    expect(shop.time_zone).toBe('Europe/Madrid');
  }, 30_000);

  it('an Editor is shown the unauthorized page, and the menu has no shop settings for them', async () => {
    await signIn('editor');
    const { router } = renderApp('/app/settings/shop');
    await waitFor(() => expect(router.state.location.pathname).toBe('/unauthorized'));
  });
});
