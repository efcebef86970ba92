import { redirect, type ParsedLocation } from '@tanstack/react-router';
import { t } from '@lingui/core/macro';
import { getStoredUser, getToken, setToken } from '#src/lib/storage.ts';
import { ApiError, NetworkError } from '#src/lib/api/errors.ts';
import { ErrCode } from '#contract/errcodes.ts';
import { HOME_PATH, LOGIN_PATH, decideGuard } from './model.ts';
import { getCurrentUser, loadCurrentUser, logout, setCurrentUser } from './session.ts';

export interface GuardEffects {
  reload(): void;
  notifyError(message: string): void;
}

const queryTokenOf = (search: Record<string, unknown>): string | null =>
  typeof search.token === 'string' && search.token ? search.token : null;

/**
 * Runs the route guard of spec section 4 before every route. It never waits on the network to let
 * a known user in; a failed user fetch logs out only when the server rejected the token.
 */
export async function runGuard(location: ParsedLocation, effects: GuardEffects): Promise<void> {
  const search = location.search as Record<string, unknown>;
  const action = decideGuard({
    pathname: location.pathname,
    href: location.href,
    queryToken: queryTokenOf(search),
    hasToken: getToken() !== null,
    hasUserInMemory: getCurrentUser() !== null,
  });

  switch (action.type) {
    case 'allow':
      return;
    case 'go-home':
      if (action.storeToken) setToken(action.storeToken);
      throw redirect({ to: HOME_PATH });
    case 'store-token-and-reload':
      setToken(action.token);
      effects.reload();
      return;
    case 'to-login':
      throw redirect({ to: LOGIN_PATH, search: { redirect: action.redirect } });
    case 'store-token-and-stay':
      setToken(action.token);
      setCurrentUser(null);
      return fetchUserOrLeave(location.href, effects);
    case 'fetch-user':
      return fetchUserOrLeave(location.href, effects);
  }
}

// The router may run the guard twice for one navigation (load and history event): share one fetch,
// so the user is fetched, and a failure told, once.
let pending: Promise<void> | null = null;

function fetchUserOrLeave(href: string, effects: GuardEffects): Promise<void> {
  pending ??= fetchUserOnce(href, effects).finally(() => {
    pending = null;
  });
  return pending;
}

// A reload or a closed tab aborts the user fetch in flight: that is no reason to sign out. The fetch
// can fail before 'pagehide' fires, so 'beforeunload' (the start of the navigation) counts too.
let unloading = false;
if (typeof window !== 'undefined')
  for (const event of ['beforeunload', 'pagehide']) window.addEventListener(event, () => (unloading = true));

async function fetchUserOnce(href: string, effects: GuardEffects): Promise<void> {
  try {
    await loadCurrentUser({ handleSessionExpiry: false });
  } catch (err) {
    if (unloading) return;
    // Offline or a transport failure: keep the stored user, the product works offline.
    const stored = getStoredUser();
    if (err instanceof NetworkError && stored) {
      setCurrentUser(stored);
      return;
    }
    if (err instanceof ApiError && err.errcode !== ErrCode.SESSION_EXPIRED && stored) {
      setCurrentUser(stored);
      return;
    }
    effects.notifyError(t`Verification failed, please Login again.`);
    // Only a server that answered may end the session; a transport failure signs out here only.
    await logout({ revoke: err instanceof ApiError });
    throw redirect({ to: LOGIN_PATH, search: { redirect: href } });
  }
}
