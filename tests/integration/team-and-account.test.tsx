import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { currentTestServer } from '#tests/setup/web.ts';
import { renderApp } from '#tests/setup/render-app.tsx';

async function signIn(username = 'admin') {
  localStorage.setItem('token', await currentTestServer().login(username, 'repair2026'));
}

describe('account management (Admin only)', () => {
  it('lists the shop employees and adds one', async () => {
    await signIn();
    renderApp('/app/accountmanagement');
    const table = await screen.findByTestId('employee-table');
    expect(await within(table).findByTestId('employee-editor')).toBeTruthy();

    const u = userEvent.setup();
    await u.click(screen.getByRole('button', { name: '添加员工' }));
    const form = await screen.findByTestId('employee-form');
    await u.click(within(form).getByRole('button', { name: '添加员工' }));
    expect(within(form).getByText('请输入用户名')).toBeTruthy();
    expect(within(form).getByText('请输入姓名')).toBeTruthy();

    await u.type(within(form).getByLabelText(/用户名/), 'zhang3');
    await u.type(within(form).getByLabelText(/姓名/), '张三');
    await u.type(within(form).getByLabelText(/^密码/), 'weak');
    await u.click(within(form).getByRole('button', { name: '添加员工' }));
    expect(within(form).getByText('至少 8 个字符')).toBeTruthy();

    await u.clear(within(form).getByLabelText(/^密码/));
    await u.type(within(form).getByLabelText(/^密码/), 'shop2026ok');
    await u.click(within(form).getByRole('button', { name: '添加员工' }));
    expect(await within(table).findByTestId('employee-zhang3')).toBeTruthy();
    const row = await currentTestServer()
      .db.selectFrom('users')
      .select(['real_name', 'role'])
      .where('username', '=', 'zhang3')
      .executeTakeFirst();
    expect(row).toEqual({ real_name: '张三', role: 1 });

    // A click anywhere on a row opens its editor (the edit button may be scrolled away on a tablet).
    await u.click(within(await within(table).findByTestId('employee-zhang3')).getByText('张三'));
    const editor = await screen.findByTestId('employee-form');
    expect((within(editor).getByLabelText(/姓名/) as HTMLInputElement).value).toBe('张三');
  });

  it('an Editor is shown the unauthorized page', async () => {
    await signIn('editor');
    const { router } = renderApp('/app/accountmanagement');
    await waitFor(() => expect(router.state.location.pathname).toBe('/unauthorized'));
  });
});

describe('personal center', () => {
  it('shows the profile and puts a wrong current password next to its field', async () => {
    await signIn();
    renderApp('/app/personalcenter');
    expect(await screen.findByTestId('pc-username')).toHaveProperty('textContent', 'admin');
    expect(screen.getByTestId('pc-points').textContent).toBe('1000.00');

    const u = userEvent.setup();
    const form = screen.getByTestId('password-form');
    await u.type(within(form).getByLabelText('当前密码'), 'not-my-password1');
    await u.type(within(form).getByLabelText('新密码'), 'newpass2026');
    await u.type(within(form).getByLabelText('确认新密码'), 'newpass2026');
    await u.click(within(form).getByRole('button', { name: '修改密码' }));
    expect(await within(form).findByText('密码错误')).toBeTruthy();
  });
});
