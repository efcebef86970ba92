import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { http, HttpResponse, delay } from 'msw';
import { endpoints } from '#contract/endpoint-paths.generated.ts';
import { mswServer } from '#tests/setup/web.ts';
import { callApi, configureApiClient } from './client.ts';
import { ApiError, DuplicateRequestError, NetworkError } from './errors.ts';
import { CACHED_AT_HEADER } from '#src/lib/offline/sw-protocol.ts';
import { cachedAnswerTime } from './cached-answers.ts';
import { activateLanguage } from '#src/lib/i18n.ts';

const notify = vi.fn();
const onSessionExpired = vi.fn();

beforeEach(() => {
  notify.mockReset();
  onSessionExpired.mockReset();
  configureApiClient({ notify, onSessionExpired, getToken: () => 'tok' });
});
afterEach(() => vi.restoreAllMocks());

const answer = (errcode: number, msg: string, datas: unknown = null) =>
  http.post('*/api/user/get_user', () => HttpResponse.json({ errcode, msg, datas }));

describe('callApi (spec section 8)', () => {
  it('POSTs with the token header, and the token query parameter where the spec says', async () => {
    let seen: { method: string; token: string | null; query: string | null } | null = null;
    mswServer.use(
      http.all('*/api/socket_io/get_ws_auth_code', ({ request }) => {
        seen = {
          method: request.method,
          token: request.headers.get('token'),
          query: new URL(request.url).searchParams.get('token'),
        };
        return HttpResponse.json({ errcode: 0, msg: '', datas: { code: 'c', expires_in: 600 } });
      }),
    );
    await expect(callApi(endpoints.getWsAuthCode, {})).resolves.toEqual({ code: 'c', expires_in: 600 });
    expect(seen).toEqual({ method: 'POST', token: 'tok', query: 'tok' });
  });

  it('toasts success for 4 s only when msg is not empty, 成功 or 获取成功', async () => {
    mswServer.use(answer(0, '获取成功', { a: 1 }));
    await callApi(endpoints.getUser, {});
    expect(notify).not.toHaveBeenCalled();
    mswServer.use(answer(0, '已保存', { a: 1 }));
    await callApi(endpoints.getUser, {});
    expect(notify).toHaveBeenCalledWith('success', '已保存', 4000);
  });

  it('keeps 1012 and 50086 silent', async () => {
    for (const code of [1012, 50086]) {
      mswServer.use(answer(code, 'quiet'));
      await expect(callApi(endpoints.getUser, {})).rejects.toBeInstanceOf(ApiError);
    }
    expect(notify).not.toHaveBeenCalled();
  });

  it('1002 hands over to the session-expiry hook without a toast', async () => {
    mswServer.use(answer(1002, '登录已过期'));
    await expect(callApi(endpoints.getUser, {})).rejects.toMatchObject({ errcode: 1002 });
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
    expect(notify).not.toHaveBeenCalled();
  });

  it('any other errcode warns with msg for 4 s', async () => {
    mswServer.use(answer(2002, '密码错误'));
    await expect(callApi(endpoints.getUser, {})).rejects.toMatchObject({
      errcode: 2002,
      message: '密码错误',
    });
    expect(notify).toHaveBeenCalledWith('warning', '密码错误', 4000);
  });

  it('ownErrors: a caller that shows its failures itself gets no toast for them (issue 27)', async () => {
    mswServer.use(answer(2002, '密码错误'));
    await expect(callApi(endpoints.getUser, {}, { ownErrors: true })).rejects.toMatchObject({
      errcode: 2002,
    });
    mswServer.use(http.post('*/api/user/get_user', () => HttpResponse.error()));
    await expect(callApi(endpoints.getUser, {}, { ownErrors: true })).rejects.toBeInstanceOf(NetworkError);
    expect(notify).not.toHaveBeenCalled();
    mswServer.use(answer(1002, '登录已过期'));
    await expect(callApi(endpoints.getUser, {}, { ownErrors: true })).rejects.toMatchObject({
      errcode: 1002,
    });
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
  });

  it("the first refused call fetches the translated messages (a lazy chunk) and shows the user's language", async () => {
    await activateLanguage('en');
    try {
      mswServer.use(answer(2002, '密码错误'));
      await expect(callApi(endpoints.getUser, {})).rejects.toMatchObject({ errcode: 2002 });
      expect(notify).toHaveBeenCalledWith('warning', 'Wrong password', 4000);
      // A code the PWA does not know keeps the server's text.
      mswServer.use(answer(4999, 'server text'));
      await expect(callApi(endpoints.getUser, {})).rejects.toMatchObject({ errcode: 4999 });
      expect(notify).toHaveBeenLastCalledWith('warning', 'server text', 4000);
    } finally {
      await activateLanguage('zh');
    }
  });

  it('offline, warns 请检查网络状态 and sends nothing', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await expect(callApi(endpoints.tncode, {})).rejects.toBeInstanceOf(NetworkError);
    expect(notify).toHaveBeenCalledWith('warning', '请检查网络状态', 4000);
  });

  it('a transport error says 接口请求超时', async () => {
    mswServer.use(http.post('*/api/login/tncode', () => HttpResponse.error()));
    await expect(callApi(endpoints.tncode, {})).rejects.toBeInstanceOf(NetworkError);
    expect(notify).toHaveBeenCalledWith('error', '接口请求超时', 4000);
  });

  it('cancels an identical in-flight request and warns 数据请求中,请稍后... for 1 s', async () => {
    mswServer.use(
      http.post('*/api/login/tncode', async () => {
        await delay(50);
        return HttpResponse.json({ errcode: 0, msg: '', datas: null });
      }),
    );
    const first = callApi(endpoints.tncode, {});
    const second = callApi(endpoints.tncode, {});
    await expect(second).rejects.toBeInstanceOf(DuplicateRequestError);
    await expect(second).rejects.toThrow(/^数据请求中，请稍后http.*\/api\/login\/tncode$/);
    expect(notify).toHaveBeenCalledWith('warning', '数据请求中,请稍后...', 1000);
    await first;
    // Once the first answered, the same request goes again.
    await expect(callApi(endpoints.tncode, {})).resolves.toBeNull();
  });

  it('a cancelled call is no longer in flight: the call that replaces it goes (react-query refetch)', async () => {
    mswServer.use(
      http.post('*/api/login/tncode', async () => {
        await delay(50);
        return HttpResponse.json({ errcode: 0, msg: '', datas: null });
      }),
    );
    const controller = new AbortController();
    const first = callApi(endpoints.tncode, {}, { signal: controller.signal }).catch((err: unknown) => err);
    controller.abort();
    await expect(callApi(endpoints.tncode, {})).resolves.toBeNull();
    expect(await first).toBeInstanceOf(Error);
    expect(notify).not.toHaveBeenCalledWith('warning', '数据请求中,请稍后...', 1000);
  });

  it('marks an answer the service worker served from its offline cache with its fetch time', async () => {
    mswServer.use(
      http.post('*/api/admin/employee_list', () =>
        HttpResponse.json(
          { errcode: 0, msg: '', datas: { list: [], total: 0 } },
          { headers: { [CACHED_AT_HEADER]: '1760000000000' } },
        ),
      ),
    );
    const datas = await callApi(endpoints.employeeList, {});
    expect(cachedAnswerTime(datas)).toBe(1760000000000);
    mswServer.resetHandlers();
  });

  it('offline, a list call is still tried when a service worker may answer it; other calls are not', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    Object.defineProperty(navigator, 'serviceWorker', { value: { controller: {} }, configurable: true });
    const seen: string[] = [];
    mswServer.use(
      http.post('*/api/*', ({ request }) => {
        seen.push(new URL(request.url).pathname);
        return HttpResponse.json({ errcode: 0, msg: '', datas: { list: [], total: 0 } });
      }),
    );
    try {
      await expect(callApi(endpoints.employeeList, {})).resolves.toEqual({ list: [], total: 0 });
      await expect(callApi(endpoints.tncode, {})).rejects.toBeInstanceOf(NetworkError);
      expect(seen).toEqual(['/api/admin/employee_list']);
      expect(notify).toHaveBeenCalledWith('warning', '请检查网络状态', 4000);
    } finally {
      Reflect.deleteProperty(navigator, 'serviceWorker');
    }
  });

  it('exempts get_user from the duplicate rule', async () => {
    mswServer.use(
      http.post('*/api/user/get_user', async () => {
        await delay(30);
        return HttpResponse.json({ errcode: 0, msg: '', datas: null });
      }),
    );
    await Promise.all([callApi(endpoints.getUser, {}), callApi(endpoints.getUser, {})]);
    expect(notify).not.toHaveBeenCalled();
  });

  it('a non-envelope answer (a proxy error page) is a transport error', async () => {
    mswServer.use(
      http.post('*/api/login/tncode', () => new HttpResponse('<html>502</html>', { status: 502 })),
    );
    await expect(callApi(endpoints.tncode, {})).rejects.toBeInstanceOf(NetworkError);
    expect(notify).toHaveBeenCalledWith('error', '接口请求超时', 4000);
  });
});
