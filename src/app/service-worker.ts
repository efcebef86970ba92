import type { Workbox } from 'workbox-window';
import { DATA_CACHE } from '#src/lib/offline/sw-protocol.ts';

/**
 * Registers the service worker (src/sw.ts) and tracks whether a new version waits. The new version
 * is offered (UpdatePrompt), never forced: it takes over only when the user accepts, and the prompt
 * only lets them while the outbox is empty. docs/decisions/0009-offline-pwa.md.
 */
let workbox: Workbox | null = null;
let waiting = false;
const listeners = new Set<() => void>();

/** A new version waits (workbox-window's 'waiting'; tests call it directly). */
export function setUpdateWaiting(value: boolean) {
  waiting = value;
  for (const listener of listeners) listener();
}

export const updateWaiting = (): boolean => waiting;
export function subscribeUpdate(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  // Once the page has loaded and is idle (decision 0025): installing the worker precaches every file
  // of the app (~3.7 MB), which must not compete with the first page; workbox-window comes then too.
  const register = () =>
    void import('workbox-window').then(({ Workbox }) => {
      workbox = new Workbox('/sw.js', { scope: '/' });
      workbox.addEventListener('waiting', () => setUpdateWaiting(true));
      // The new version took over (the user accepted): load the page it serves.
      workbox.addEventListener('controlling', (event) => {
        if (event.isUpdate) window.location.reload();
      });
      void workbox
        .register()
        .catch((err: unknown) => console.error('Service worker registration failed', err));
      // A shop keeps the tab open for days: look for a new version every hour.
      setInterval(() => void workbox?.update().catch(() => undefined), 3600_000);
    });
  const whenIdle = () =>
    typeof requestIdleCallback === 'function' ? requestIdleCallback(register, { timeout: 5000 }) : register();
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}

/** The user accepted the new version. */
export function applyUpdate(): void {
  workbox?.messageSkipWaiting();
}

/** Logout: the service worker's cached answers go with the user (every partition: tablets are shared). */
export async function wipeServiceWorkerData(): Promise<void> {
  if (typeof caches === 'undefined') return;
  await caches.delete(DATA_CACHE);
}
