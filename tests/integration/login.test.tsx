import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { mswServer } from '#tests/setup/web.ts';
import { TEST_PUZZLE_X } from '#tests/setup/server-harness.ts';
import { renderApp } from '#tests/setup/render-app.tsx';

const user = () => userEvent.setup();

async function fillForm(u: ReturnType<typeof userEvent.setup>, username: string, password: string) {
  await u.type(await screen.findByLabelText(/用户名/), username);
  await u.type(screen.getByLabelText(/密码/, { selector: 'input' }), password);
  await u.click(screen.getByRole('button', { name: '登录' }));
}

/** Moves the slider with the keyboard (Shift+Arrow = 10 px, Arrow = 1 px), then Enter releases it. */
async function solvePuzzle(u: ReturnType<typeof userEvent.setup>, x = TEST_PUZZLE_X) {
  const handle = await screen.findByRole('slider');
  handle.focus();
  for (let i = 0; i < Math.floor(x / 10); i++) await u.keyboard('{Shift>}{ArrowRight}{/Shift}');
  for (let i = 0; i < x % 10; i++) await u.keyboard('{ArrowRight}');
  expect(handle.getAttribute('aria-valuenow')).toBe(String(x));
  await u.keyboard('{Enter}');
}

describe('login screen', () => {
  it('sends a signed-out user to login with the redirect, signs in with the slider and honours the redirect', async () => {
    const { router } = renderApp('/app/downloadCenter');
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/login'));
    expect(router.state.location.search).toEqual({ redirect: '/app/downloadCenter' });

    const u = user();
    await fillForm(u, 'admin', 'repair2026');
    await solvePuzzle(u);

    await waitFor(() => expect(router.state.location.pathname).toBe('/app/downloadCenter'));
    expect(localStorage.getItem('token')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const stored = JSON.parse(localStorage.getItem('user') ?? 'null');
    expect(stored).toMatchObject({ title: 'admin', integral: 1000, role: 0 });
    expect(await screen.findByTestId('current-user')).toHaveProperty('textContent', 'admin');
  });

  it('shows what is missing next to each field and sends nothing', async () => {
    let calls = 0;
    mswServer.events.on('request:start', () => calls++);
    renderApp('/user/login');
    const u = user();
    await u.click(await screen.findByRole('button', { name: '登录' }));
    expect(await screen.findByText('请输入用户名')).toBeTruthy();
    expect(screen.getByText('请输入密码')).toBeTruthy();
    expect(screen.queryByRole('slider')).toBeNull();
    expect(calls).toBe(0);
    mswServer.events.removeAllListeners();
  });

  it('puts a wrong password next to the password field and clears it after 3 s', async () => {
    renderApp('/user/login');
    const u = user();
    await fillForm(u, 'admin', 'wrong-password');
    await solvePuzzle(u);
    const message = await screen.findByText('用户名或密码错误', { selector: '[data-field-error]' });
    expect(message).toBeTruthy();
    await waitFor(
      () => expect(screen.queryByText('用户名或密码错误', { selector: '[data-field-error]' })).toBeNull(),
      {
        timeout: 4000,
      },
    );
  });

  it('does not tell an unknown user apart from a wrong password (issue 15)', async () => {
    renderApp('/user/login');
    const u = user();
    await fillForm(u, "nobody' OR 1=1 --", 'whatever1');
    await solvePuzzle(u);
    expect(await screen.findByText('用户名或密码错误', { selector: '[data-field-error]' })).toBeTruthy();
  });

  it('a wrong slider answer says so and brings a new puzzle', async () => {
    renderApp('/user/login');
    const u = user();
    await fillForm(u, 'admin', 'repair2026');
    const first = (await screen.findByTestId('puzzle-piece')).closest('[data-testid=slider-puzzle]');
    await solvePuzzle(u, TEST_PUZZLE_X - 40);
    expect(await screen.findByTestId('puzzle-error')).toHaveProperty('textContent', '验证未通过，请重试');
    await waitFor(() => expect(screen.getByTestId('slider-puzzle')).not.toBe(first));
    await solvePuzzle(u);
    await waitFor(() => expect(localStorage.getItem('token')).not.toBeNull());
  });

  it('a transport failure shows 接口请求超时 and keeps the form', async () => {
    renderApp('/user/login');
    const u = user();
    await fillForm(u, 'admin', 'repair2026');
    await screen.findByRole('slider');
    mswServer.use(http.post('*/api/login/login', () => HttpResponse.error()));
    await solvePuzzle(u);
    expect(await screen.findByText('接口请求超时')).toBeTruthy();
    expect(localStorage.getItem('token')).toBeNull();
    // Said once, on the form: not again in a toast (issue 27).
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.getAllByText('接口请求超时')).toHaveLength(1);
    expect(screen.getByTestId('login-error').textContent).toBe('接口请求超时');
  });

  it('says a wrong password once: next to the field, not also in a toast (issue 27)', async () => {
    renderApp('/user/login');
    const u = user();
    await fillForm(u, 'admin', 'wrong-password');
    await solvePuzzle(u);
    expect(await screen.findByText('用户名或密码错误', { selector: '[data-field-error]' })).toBeTruthy();
    // The server's own msg would be the toast's text: neither it nor a second copy shows.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.getAllByText('用户名或密码错误')).toHaveLength(1);
    expect(document.querySelector('.mantine-Notification-root')).toBeNull();
  });
});
