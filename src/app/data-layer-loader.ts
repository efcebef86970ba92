import { useSyncExternalStore } from 'react';
import { onceUntilFailure } from '#src/lib/once-until-failure.ts';
import type { DataLayer } from './data-layer.ts';
// In the boot chunk already (main.tsx registers the worker): imported as it is, not lazily.
import { wipeServiceWorkerData } from './service-worker.ts';

// The data layer (src/app/data-layer.ts) is its own chunk: the sign-in page loads without it
// (decision 0025). It is started once, for good: by main.tsx before a signed-in user's first render
// and at sign-in, by the root route before any page but the sign-in one.
let layer: DataLayer | null = null;
const listeners = new Set<() => void>();

const importLayer = () => import('./data-layer.ts');

/** Fetches the data layer's code without starting it (the sign-in form asks for it on focus). */
export function preloadDataLayer(): void {
  importLayer().catch(() => undefined);
}

/**
 * Starts the data layer once; the same promise for every caller. Offline before the service worker
 * cached its code, the next navigation tries again.
 */
export const loadDataLayer: () => Promise<DataLayer> = onceUntilFailure(async () => {
  const m = await importLayer();
  layer = m.startDataLayer();
  for (const listener of listeners) listener();
  return layer;
});

/** The data layer once started (the providers give its query client to the app), else null. */
export function useDataLayer(): DataLayer | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => layer,
  );
}

/**
 * Logout (decision 0009): the persisted query cache and the service worker's cached answers go with
 * the user, whether this page started the data layer or not (the outbox question is asked before,
 * in the shell).
 */
export async function wipeDeviceData(): Promise<void> {
  const { wipePersistedQueries } = await import('./query-persistence.ts');
  await Promise.allSettled([wipePersistedQueries(), wipeServiceWorkerData()]);
}
