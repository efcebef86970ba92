import { useSyncExternalStore } from 'react';
import type { LoginDatas } from '#contract/schemas/auth.ts';
import { callApi } from '#src/lib/api/client.ts';
import { authEndpoints as endpoints } from '#src/lib/api/endpoint-refs.ts';
import {
  getStoredUser,
  getToken,
  removeCode,
  removeToken,
  setStoredUser,
  setToken,
  type StoredUser,
} from '#src/lib/storage.ts';
import { toStoredUser } from './model.ts';

/**
 * The current user in memory (spec section 4 "current user"), mirrored to local storage so a
 * reload, or a start without network, keeps the user signed in.
 */
let currentUser: StoredUser | null = null;
const listeners = new Set<() => void>();
const logoutListeners = new Set<() => void | Promise<void>>();

function emit() {
  for (const listener of listeners) listener();
}

export function getCurrentUser(): StoredUser | null {
  return currentUser;
}

export function setCurrentUser(user: StoredUser | null): void {
  currentUser = user;
  setStoredUser(user);
  emit();
}

/** At start: a stored user is taken as the current user without waiting on the network. */
export function restoreSession(): StoredUser | null {
  currentUser = getToken() ? getStoredUser() : null;
  return currentUser;
}

/** Called whenever the current user changes (sign-in, refresh, logout). */
export function subscribeCurrentUser(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useCurrentUser(): StoredUser | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => currentUser,
  );
}

/** Called after logout (the app clears its caches here). */
export function onLoggedOut(listener: () => void | Promise<void>): () => void {
  logoutListeners.add(listener);
  return () => logoutListeners.delete(listener);
}

/**
 * Orders user loads, sign-ins and sign-outs: an answer is made current only when nothing started
 * after its load has been made current already.
 */
let userLoads = 0;
let userApplied = 0;

export function signedIn(datas: LoginDatas): StoredUser {
  userApplied = ++userLoads; // a user load in flight answers for the session before this one
  setToken(datas.token);
  const user = toStoredUser(datas);
  setCurrentUser(user);
  return user;
}

/**
 * Fetches the user behind the stored token and makes it current. Two loads can be in flight (an
 * order placed, then finished): an older answer arriving after a newer one is dropped, so an older
 * balance never replaces a newer one.
 */
export async function loadCurrentUser(options: { handleSessionExpiry?: boolean } = {}): Promise<StoredUser> {
  const load = ++userLoads;
  const datas = await callApi(endpoints.getUser, {}, options);
  const user = toStoredUser(datas);
  if (load > userApplied) {
    userApplied = load;
    setCurrentUser(user);
  }
  return user;
}

/**
 * Logout (spec section 4): call quit, then remove token, code and user and clear the current user.
 * `revoke: false` signs out this browser only: used when the server was not reached, so an answer
 * lost in transport (a reload aborting the fetch) never ends a session that is still good.
 */
export async function logout({ revoke = true }: { revoke?: boolean } = {}): Promise<void> {
  const token = getToken();
  if (token && revoke) {
    try {
      await callApi(endpoints.quit, { token }, { handleSessionExpiry: false });
    } catch {
      // Offline or already expired: the local sign-out below still happens.
    }
  }
  removeToken();
  removeCode();
  userApplied = ++userLoads; // a user load in flight must not sign the user back in
  setCurrentUser(null);
  for (const listener of logoutListeners) await listener();
}
