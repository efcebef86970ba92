import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { currentTestServer } from '#tests/setup/web.ts';
import { renderApp } from '#tests/setup/render-app.tsx';

const latestCode = (phone: string) => currentTestServer().lastSmsCode(phone);

describe('register a new shop', () => {
  it('checks every field, then creates the shop and signs its Admin in', async () => {
    const { router } = renderApp('/user/register');
    const u = userEvent.setup();
    const form = await screen.findByTestId('register-form');
    await u.click(within(form).getByRole('button', { name: '注册' }));
    expect(within(form).getByText('请输入门店名称')).toBeTruthy();
    expect(within(form).getByText('请输入邮箱')).toBeTruthy();

    await u.type(within(form).getByLabelText(/门店名称/), '新开维修店');
    await u.type(within(form).getByLabelText(/^姓名/), '王五');
    await u.type(within(form).getByLabelText(/^用户名/), 'wang5');
    await u.type(within(form).getByLabelText(/^邮箱/), 'wang5@example.com');
    await u.type(within(form).getByLabelText(/^密码/), 'shop2026ok');
    await u.type(within(form).getByLabelText(/^确认密码/), 'shop2026ok');
    await u.type(within(form).getByLabelText(/^手机号/), '13912340000');
    await u.click(within(form).getByTestId('send-code-register'));
    await waitFor(() =>
      expect(within(form).getByTestId('send-code-register')).toHaveProperty('disabled', true),
    );
    await u.type(within(form).getByLabelText(/^短信验证码/), await latestCode('13912340000'));
    await u.click(within(form).getByRole('button', { name: '注册' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/app/dashboards/default'));
    expect(await screen.findByTestId('current-user')).toHaveProperty('textContent', 'wang5');
    const account = await currentTestServer()
      .db.selectFrom('users')
      .innerJoin('accounts', 'accounts.id', 'users.account_id')
      .select(['accounts.name', 'users.role', 'users.email'])
      .where('users.username', '=', 'wang5')
      .executeTakeFirst();
    expect(account).toEqual({ name: '新开维修店', role: 0, email: 'wang5@example.com' });
  });
});

describe('forgot and reset password', () => {
  it('sends a code to the bound phone and resets the password', async () => {
    const s = currentTestServer();
    await s.db
      .updateTable('users')
      .set({ phone_number: '13700001111' })
      .where('username', '=', 'editor')
      .execute();
    const { router } = renderApp('/user/forgot-password');
    const u = userEvent.setup();
    await u.type(await screen.findByLabelText(/^手机号/), '13700001111');
    await u.click(screen.getByRole('button', { name: '发送验证码' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/reset-password'));

    const form = await screen.findByTestId('reset-form');
    expect((within(form).getByLabelText(/^手机号/) as HTMLInputElement).value).toBe('13700001111');
    await u.type(within(form).getByLabelText(/^短信验证码/), await latestCode('13700001111'));
    await u.type(within(form).getByLabelText(/^新密码/), 'fresh2026pw');
    await u.type(within(form).getByLabelText(/^确认新密码/), 'fresh2026pw');
    await u.click(within(form).getByRole('button', { name: '重置密码' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/login'));
    await expect(s.login('editor', 'fresh2026pw')).resolves.toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});
