import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { activateLanguage } from '#src/lib/i18n.ts';
import { getLanguage } from '#src/lib/storage.ts';
import { renderApp } from '#tests/setup/render-app.tsx';

// The sign-in page in plain React and CSS, without Mantine (decision 0025).
describe('the sign-in page without Mantine', () => {
  it('renders no Mantine component and ties each field error to its field', async () => {
    const { container } = renderApp('/user/login');
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: '登录' }));
    const username = screen.getByLabelText(/用户名/);
    const password = screen.getByLabelText(/密码/, { selector: 'input' });
    expect(username.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(username.getAttribute('aria-describedby')!)?.textContent).toBe(
      '请输入用户名',
    );
    expect(document.getElementById(password.getAttribute('aria-describedby')!)?.textContent).toBe(
      '请输入密码',
    );
    expect(container.querySelector('[class*="mantine-"]')).toBeNull();
    expect(document.querySelector('style[data-mantine-styles]')).toBeNull();
    // Typing clears nothing by itself, and the error goes after 3 s (spec section 8).
    await waitFor(() => expect(username.getAttribute('aria-invalid')).toBeNull(), { timeout: 4000 });
  });

  it('shows the password on demand, and the puzzle dialog closes with its close button', async () => {
    renderApp('/user/login');
    const u = userEvent.setup();
    const password = await screen.findByLabelText(/密码/, { selector: 'input' });
    expect(password.getAttribute('type')).toBe('password');
    fireEvent.click(screen.getByRole('button', { name: '显示或隐藏密码', hidden: true }));
    expect(password.getAttribute('type')).toBe('text');
    await u.type(screen.getByLabelText(/用户名/), 'admin');
    await u.type(password, 'repair2026');
    await u.click(screen.getByRole('button', { name: '登录' }));
    const dialog = await screen.findByRole('dialog', { name: '请先完成滑块验证再登录' });
    expect(await screen.findByRole('slider')).toBeTruthy();
    await u.click(screen.getByRole('button', { name: '关闭' }));
    await waitFor(() => expect(dialog.isConnected).toBe(false));
  });

  it('switches its language from the corner, named in each language, and stores the choice', async () => {
    try {
      renderApp('/user/login');
      const u = userEvent.setup();
      const select = await screen.findByRole('combobox', { name: '语言' });
      expect(screen.getAllByRole('option').map((o) => [o.textContent, o.getAttribute('lang')])).toEqual([
        ['中文', 'zh'],
        ['English', 'en'],
        ['Español', 'es'],
      ]);
      await u.selectOptions(select, 'en');
      expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
      expect(screen.getByRole('combobox', { name: 'Language' })).toBeTruthy();
      expect(getLanguage()).toBe('en');
      expect(document.documentElement.lang).toBe('en');
      await u.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'es');
      expect(await screen.findByRole('button', { name: 'Iniciar sesión' })).toBeTruthy();
      expect(getLanguage()).toBe('es');
    } finally {
      localStorage.removeItem('language');
      await activateLanguage('zh');
    }
  });

  it('speaks the stored language', async () => {
    await activateLanguage('en');
    try {
      renderApp('/user/login');
      expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
      expect(screen.getByLabelText(/Username/)).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Register a new shop' })).toBeTruthy();
    } finally {
      await activateLanguage('zh');
    }
  });
});
