import type { UserDatas } from '#contract/schemas/auth.ts';
import type { StoredUser } from '#src/lib/storage.ts';

export const LOGIN_PATH = '/user/login';
export const PERSONAL_CENTER_PATH = '/app/personalcenter';
export const HOME_PATH = '/';

/**
 * Pages that exist for signed-out people and pages that only explain an error. The spec's guard
 * (section 4) sends every other path to the login page when there is no token.
 * See docs/decisions/0006-route-guard.md.
 */
export const PUBLIC_PATHS: ReadonlySet<string> = new Set([
  '/user',
  '/user/register',
  '/user/forgot-password',
  '/user/reset-password',
  '/error',
  '/unauthorized',
  '/blank-page',
]);

export type GuardAction =
  | { type: 'allow' }
  /** Token present on /user/login: store the query token if any, then go to /. */
  | { type: 'go-home'; storeToken: string | null }
  /** Token present on /app/personalcenter with a query token: store it and stay (and load its user). */
  | { type: 'store-token-and-stay'; token: string }
  /** Token present, no current user in memory: fetch the user. */
  | { type: 'fetch-user' }
  /** No token, a query token on /user/login or /app/personalcenter: store it and reload. */
  | { type: 'store-token-and-reload'; token: string }
  | { type: 'to-login'; redirect: string };

export interface GuardInput {
  pathname: string;
  /** The path with its search, for the redirect parameter. */
  href: string;
  queryToken: string | null;
  hasToken: boolean;
  hasUserInMemory: boolean;
}

/** The route guard of spec section 4, as a pure decision. */
export function decideGuard({
  pathname,
  href,
  queryToken,
  hasToken,
  hasUserInMemory,
}: GuardInput): GuardAction {
  const atLogin = pathname === LOGIN_PATH;
  const atPersonalCenter = pathname === PERSONAL_CENTER_PATH;
  if (!atLogin && PUBLIC_PATHS.has(pathname)) return { type: 'allow' };

  if (hasToken) {
    if (atLogin) return { type: 'go-home', storeToken: queryToken };
    if (atPersonalCenter && queryToken) return { type: 'store-token-and-stay', token: queryToken };
    if (!hasUserInMemory) return { type: 'fetch-user' };
    return { type: 'allow' };
  }

  if ((atLogin || atPersonalCenter) && queryToken)
    return { type: 'store-token-and-reload', token: queryToken };
  if (atLogin) return { type: 'allow' };
  return { type: 'to-login', redirect: href };
}

/** Where to go after signing in: the redirect parameter when it is an in-app path, else home. */
export function safeRedirect(redirect: unknown): string {
  if (typeof redirect !== 'string' || !redirect.startsWith('/') || redirect.startsWith('//'))
    return HOME_PATH;
  if (redirect.startsWith(LOGIN_PATH)) return HOME_PATH;
  return redirect;
}

/** The current user as the spec keeps it (section 3): integral is the server value divided by 100. */
export function toStoredUser(datas: UserDatas): StoredUser {
  return {
    uid: datas.user_id,
    id: datas.user_id,
    title: datas.username,
    img: datas.avatar,
    vip_end_time: datas.vip_end_time,
    integral: datas.integral / 100,
    openid: datas.wx_openid,
    phone_number: datas.phone_number,
    role: datas.role,
    account_name: datas.account_name,
  };
}
