import { afterEach, describe, expect, it, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import { endpoints } from '#contract/endpoint-paths.generated.ts';
import { callApi } from '#src/lib/api/client.ts';
import { mswServer } from '#tests/setup/web.ts';
import { wireApiClient } from './api-wiring.ts';

afterEach(() => vi.useRealTimers());

describe('wireApiClient: errcode 1002 (spec sections 4 and 8)', () => {
  it('logs out (token, code and user removed) and reloads after 1 s, once', async () => {
    localStorage.setItem('token', 'old');
    localStorage.setItem('code', 'c');
    localStorage.setItem('user', JSON.stringify({ id: 1, title: 'admin' }));
    const reload = vi.fn();
    wireApiClient(reload);
    mswServer.use(
      http.post('*/api/user/get_user', () =>
        HttpResponse.json({ errcode: 1002, msg: '登录已过期', datas: null }),
      ),
    );

    await Promise.allSettled([callApi(endpoints.getUser, {}), callApi(endpoints.getUser, {})]);
    await vi.waitFor(() => expect(localStorage.getItem('token')).toBeNull());
    expect(localStorage.getItem('code')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();

    expect(reload).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1), { timeout: 2000 });
    await new Promise((r) => setTimeout(r, 1200));
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
