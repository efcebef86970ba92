import { describe, expect, it } from 'vitest';
import { decideGuard, safeRedirect, toStoredUser } from './model.ts';

const at = (
  pathname: string,
  opts: { token?: boolean; user?: boolean; queryToken?: string | null; href?: string } = {},
) =>
  decideGuard({
    pathname,
    href: opts.href ?? pathname,
    queryToken: opts.queryToken ?? null,
    hasToken: opts.token ?? false,
    hasUserInMemory: opts.user ?? false,
  });

describe('decideGuard (spec section 4)', () => {
  it('with a token, /user/login stores the query token if present and goes home', () => {
    expect(at('/user/login', { token: true })).toEqual({ type: 'go-home', storeToken: null });
    expect(at('/user/login', { token: true, queryToken: 'abc' })).toEqual({
      type: 'go-home',
      storeToken: 'abc',
    });
  });

  it('with a token, /app/personalcenter with a query token stores it and stays', () => {
    expect(at('/app/personalcenter', { token: true, user: true, queryToken: 'new' })).toEqual({
      type: 'store-token-and-stay',
      token: 'new',
    });
  });

  it('with a token and no user in memory, fetches the user', () => {
    expect(at('/app/dashboards/default', { token: true })).toEqual({ type: 'fetch-user' });
    expect(at('/app/personalcenter', { token: true })).toEqual({ type: 'fetch-user' });
  });

  it('with a token and a user, lets the user in', () => {
    expect(at('/app/dashboards/default', { token: true, user: true })).toEqual({ type: 'allow' });
  });

  it('without a token, a query token on /user/login or /app/personalcenter is stored and the page reloads', () => {
    expect(at('/user/login', { queryToken: 't1' })).toEqual({ type: 'store-token-and-reload', token: 't1' });
    expect(at('/app/personalcenter', { queryToken: 't2' })).toEqual({
      type: 'store-token-and-reload',
      token: 't2',
    });
  });

  it('without a token, the login page is open and every other guarded path goes to login with the redirect', () => {
    expect(at('/user/login')).toEqual({ type: 'allow' });
    expect(at('/app/quiry/basicinquiry', { href: '/app/quiry/basicinquiry?x=1' })).toEqual({
      type: 'to-login',
      redirect: '/app/quiry/basicinquiry?x=1',
    });
    expect(at('/app/personalcenter')).toEqual({ type: 'to-login', redirect: '/app/personalcenter' });
    expect(at('/')).toEqual({ type: 'to-login', redirect: '/' });
    expect(at('/orderAlipay')).toEqual({ type: 'to-login', redirect: '/orderAlipay' });
  });

  it('pages for signed-out people and error pages are open without a token', () => {
    for (const path of [
      '/user/register',
      '/user/forgot-password',
      '/user/reset-password',
      '/error',
      '/unauthorized',
      '/blank-page',
    ]) {
      expect(at(path)).toEqual({ type: 'allow' });
    }
  });
});

describe('safeRedirect', () => {
  it('keeps in-app paths and refuses anything else', () => {
    expect(safeRedirect('/app/downloadCenter')).toBe('/app/downloadCenter');
    expect(safeRedirect('/app/quiry/managementDetail?id=3')).toBe('/app/quiry/managementDetail?id=3');
    expect(safeRedirect('//evil.example')).toBe('/');
    expect(safeRedirect('https://evil.example')).toBe('/');
    expect(safeRedirect('/user/login?redirect=/x')).toBe('/');
    expect(safeRedirect(undefined)).toBe('/');
    expect(safeRedirect(42)).toBe('/');
  });
});

describe('toStoredUser (spec section 3)', () => {
  it('maps the server user and divides integral by 100', () => {
    const user = toStoredUser({
      user_id: 7,
      username: 'alice',
      avatar: 'a.png',
      vip_end_time: 1_800_000_000,
      integral: 12345,
      wx_openid: 'wx1',
      phone_number: '13800000000',
      role: 1,
      account_id: 2,
      account_name: 'Shop',
    });
    expect(user).toEqual({
      uid: 7,
      id: 7,
      title: 'alice',
      img: 'a.png',
      vip_end_time: 1_800_000_000,
      integral: 123.45,
      openid: 'wx1',
      phone_number: '13800000000',
      role: 1,
      account_name: 'Shop',
    });
  });
});
