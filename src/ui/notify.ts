import { useSyncExternalStore } from 'react';
import { onceUntilFailure } from '#src/lib/once-until-failure.ts';
import type * as HostModule from './notifications-host.tsx';
import type { NotifyKind } from './notify-kind.ts';

export type { NotifyKind };

/** Spec section 9: notifications last 2000 ms unless told otherwise. */
export const DEFAULT_NOTIFICATION_MS = 2000;

/** Warnings on screen now, by message: the same warning twice at once adds nothing (offline, say). */
const shownWarnings = new Map<string, number>();

type Host = typeof HostModule;

// Mantine's notifications are fetched with the first toast, not with the page (decision 0025): a
// toast asked for before they arrive waits in `queued`, in order. The signed-in shell preloads them.
let host: Host | null = null;
const queued: [NotifyKind, string, number, string][] = [];

/** Warnings and errors on screen (or queued), by toast id, with when they were asked for. */
const problems = new Map<string, { message: string; at: number }>();
let nextId = 0;
const hostListeners = new Set<() => void>();

/**
 * Fetches the notifications chunk (once) and shows what waited for it; offline before the service
 * worker cached it, the next toast tries again.
 */
export const loadNotifications: () => Promise<Host> = onceUntilFailure(async () => {
  const loaded = await import('./notifications-host.tsx');
  host = loaded;
  for (const listener of hostListeners) listener();
  for (const args of queued.splice(0)) loaded.show(...args);
  return loaded;
});

export function notify(kind: NotifyKind, message: string, durationMs = DEFAULT_NOTIFICATION_MS): void {
  const now = Date.now();
  if (kind === 'warning') {
    if ((shownWarnings.get(message) ?? 0) > now) return;
    shownWarnings.set(message, now + durationMs);
  }
  const id = `toast-${++nextId}`;
  if (kind === 'warning' || kind === 'error') {
    problems.set(id, { message, at: now });
    setTimeout(() => problems.delete(id), durationMs + 1000);
  }
  if (host) {
    host.show(kind, message, durationMs, id);
    return;
  }
  queued.push([kind, message, durationMs, id]);
  loadNotifications().catch((err: unknown) => console.error('Loading the notifications failed', err));
}

/** A warning or error younger than this is still news (the network just dropped): it stays. */
export const FRESH_TOAST_MS = 1000;

/**
 * Takes away the warnings and errors asked for before `before` (default: a second ago): they were
 * about an earlier attempt or the page left, and an old "wrong password" or "request timed out" reads
 * as news (issue 27). Successes and toasts with an action (Undo) stay: they outlive the page on
 * purpose. A fresh one stays too, so the same warning is not taken away and shown again at once.
 */
export function clearStaleToasts(before = Date.now() - FRESH_TOAST_MS): void {
  for (const [id, { message, at }] of problems) {
    if (at > before) continue;
    problems.delete(id);
    shownWarnings.delete(message);
    host?.hide(id);
    const waiting = queued.findIndex((args) => args[3] === id);
    if (waiting >= 0) queued.splice(waiting, 1);
  }
}

/** The notifications chunk once it is there (the providers then mount its container), else null. */
export function useNotificationsHost(): Host | null {
  return useSyncExternalStore(
    (listener) => {
      hostListeners.add(listener);
      return () => hostListeners.delete(listener);
    },
    () => host,
  );
}
