import { describe, expect, it, onTestFinished } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { mswServer, currentTestServer } from '#tests/setup/web.ts';
import { renderApp } from '#tests/setup/render-app.tsx';

async function signInThroughApi() {
  const token = await currentTestServer().login();
  localStorage.setItem('token', token);
  return token;
}

const storedAdmin = {
  uid: 1,
  id: 1,
  title: 'admin',
  img: '',
  vip_end_time: 0,
  integral: 1000,
  openid: '',
  phone_number: '',
  role: 0,
  account_name: '演示维修店',
};

describe('route guard (spec section 4)', () => {
  it('with a token and no stored user, fetches the user and lets them in', async () => {
    await signInThroughApi();
    const { router } = renderApp('/app/dashboards/default');
    expect(await screen.findByTestId('current-user')).toHaveProperty('textContent', 'admin');
    expect(router.state.location.pathname).toBe('/app/dashboards/default');
    expect(JSON.parse(localStorage.getItem('user') ?? '{}')).toMatchObject({ id: 1, title: 'admin' });
  });

  it('a token the server rejects logs out and sends to login with the redirect', async () => {
    localStorage.setItem('token', 'not-a-real-token');
    localStorage.setItem('code', 'some-code');
    const { router } = renderApp('/app/downloadCenter');
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/login'));
    expect(router.state.location.search).toEqual({ redirect: '/app/downloadCenter' });
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('code')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(await screen.findByText('身份验证失败，请重新登录。')).toBeTruthy();
  });

  it('offline, a stored user stays signed in (the product works offline)', async () => {
    await signInThroughApi();
    localStorage.setItem('user', JSON.stringify(storedAdmin));
    mswServer.use(http.post('*/api/user/get_user', () => HttpResponse.error()));
    const { router } = renderApp('/app/dashboards/default');
    expect(await screen.findByTestId('current-user')).toHaveProperty('textContent', 'admin');
    await new Promise((r) => setTimeout(r, 200));
    expect(router.state.location.pathname).toBe('/app/dashboards/default');
    expect(localStorage.getItem('token')).not.toBeNull();
  });

  it('a user fetch lost in transport, with no stored user, signs out this browser only: the session stays good', async () => {
    // A reload aborting the first fetch looked like this and ended a good session on the server.
    const token = await signInThroughApi();
    let quits = 0;
    mswServer.use(
      http.post('*/api/user/get_user', () => HttpResponse.error()),
      http.post('*/api/login/quit', () => {
        quits++;
        return HttpResponse.error();
      }),
    );
    const { router } = renderApp('/app/dashboards/default');
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/login'));
    expect(localStorage.getItem('token')).toBeNull();
    expect(quits).toBe(0);
    mswServer.resetHandlers();
    expect((await currentTestServer().call('/api/user/get_user', {}, { token })).errcode).toBe(0);
  });

  it('a stored user is let in at once, without waiting on the network', async () => {
    localStorage.setItem('token', 'whatever');
    localStorage.setItem('user', JSON.stringify(storedAdmin));
    let release: () => void = () => undefined;
    mswServer.use(
      http.post(
        '*/api/user/get_user',
        () => new Promise<Response>((resolve) => (release = () => resolve(HttpResponse.error()))),
      ),
    );
    renderApp('/app/dashboards/default');
    expect(await screen.findByTestId('current-user')).toHaveProperty('textContent', 'admin');
    release();
  });

  it('a stored user is read again once as the signed-in area opens, not at each page after', async () => {
    await signInThroughApi();
    localStorage.setItem('user', JSON.stringify({ ...storedAdmin, title: 'old name' }));
    let calls = 0;
    const count = ({ request }: { request: Request }) => {
      if (new URL(request.url).pathname === '/api/user/get_user') calls++;
    };
    mswServer.events.on('request:start', count);
    onTestFinished(() => mswServer.events.removeListener('request:start', count));
    const { router } = renderApp('/app/dashboards/default');
    // The route's loader asks (app.tsx); the server's answer replaces the stored user.
    await waitFor(() => expect(screen.getByTestId('current-user').textContent).toBe('admin'));
    expect(calls).toBe(1);
    await act(() => router.navigate({ to: '/app/downloadCenter' }));
    await act(() => router.navigate({ to: '/app/pointrecord' }));
    await new Promise((r) => setTimeout(r, 200));
    expect(calls).toBe(1);
  });

  it('a signed-in user opening /user/login goes home, storing a query token', async () => {
    await signInThroughApi();
    const token2 = await currentTestServer().login();
    const { router } = renderApp(`/user/login?token=${token2}`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/dashboards/default'));
    expect(localStorage.getItem('token')).toBe(token2);
  });

  it('signed out, a query token on /user/login is stored and the page reloads', async () => {
    const token = await currentTestServer().login();
    const { reloads } = renderApp(`/user/login?token=${token}`);
    await waitFor(() => expect(reloads).toHaveLength(1));
    expect(localStorage.getItem('token')).toBe(token);
  });

  it('an unknown route shows the error page', async () => {
    await signInThroughApi();
    renderApp('/no/such/page');
    expect(await screen.findByTestId('error-code')).toHaveProperty('textContent', '404');
    expect(screen.getByText('错误代码')).toBeTruthy();
  });

  it('a template demo path checks its list (fetched with the check) before its page shows', async () => {
    await signInThroughApi();
    const { router } = renderApp('/app/menu/levels/no-such-level');
    expect(await screen.findByTestId('error-code')).toHaveProperty('textContent', '404');
    await router.navigate({ href: '/app/menu/types' });
    await waitFor(() => expect(screen.queryByTestId('error-code')).toBeNull());
    expect(router.state.location.pathname).toBe('/app/menu/types');
  });

  it('logout calls quit, removes token, code and user, and the token stops working', async () => {
    const token = await signInThroughApi();
    const { router } = renderApp('/app/dashboards/default');
    const button = await screen.findByRole('button', { name: /退出/ });
    button.click();
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/login'));
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    const answer = await currentTestServer().call('/api/user/get_user', {}, { token });
    expect(answer.errcode).toBe(1002);
  });
});
