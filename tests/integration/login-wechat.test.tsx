import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SANDBOX_WECHAT_PRESETS } from '#server/providers/wechat/sandbox.ts';
import { getCurrentUser } from '#src/features/auth/session.ts';
import { currentTestServer } from '#tests/setup/web.ts';
import { renderApp } from '#tests/setup/render-app.tsx';

const OPENID = SANDBOX_WECHAT_PRESETS[0]!.openid;

// The QR modal and its polling are fetched when the user asks for a code (decision 0025): the code
// still shows, the scan is followed, and the confirmed scan signs in.
describe('WeChat QR sign-in from the sign-in page', () => {
  it('shows the code, follows the scan and signs in once the phone confirms', async () => {
    const server = currentTestServer();
    await server.db.updateTable('users').set({ wx_openid: OPENID }).where('username', '=', 'admin').execute();
    const { router } = renderApp('/user/login');
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: '微信登录' }));

    const link = await screen.findByTestId('wx-sandbox-link', {}, { timeout: 10_000 });
    const scene = new URL(link.getAttribute('href')!, 'http://localhost');
    // The phone opens the code, then confirms (the sandbox pages of the server).
    await server.app.inject({ method: 'GET', url: scene.pathname + scene.search });
    await waitFor(() => expect(screen.getByTestId('wx-scene-state').textContent).not.toBe(''), {
      timeout: 6000,
    });
    const confirmed = await server.app.inject({
      method: 'POST',
      url: '/sandbox/wechat/confirm',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ scene: scene.searchParams.get('scene')!, preset: OPENID }).toString(),
    });
    expect(confirmed.statusCode).toBe(200);

    await waitFor(() => expect(router.state.location.pathname).not.toBe('/user/login'), { timeout: 8000 });
    expect(getCurrentUser()).toMatchObject({ title: 'admin' });
    expect(localStorage.getItem('token')).toBeTruthy();
  });
});
