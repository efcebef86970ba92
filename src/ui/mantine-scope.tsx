import { createContext, useContext, useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { onceUntilFailure } from '#src/lib/once-until-failure.ts';
import type * as Root from './mantine-root.tsx';

// Mantine (its provider, theme and stylesheets) is its own chunk, not part of the sign-in page's
// first load (decision 0025): the sign-in page is plain React. Every other page waits for it in the
// root route's beforeLoad; a signed-in start before its first render (main.tsx); a toast, the
// loading overlay or a notice on the sign-in page when it first shows.
let root: typeof Root | null = null;
const listeners = new Set<() => void>();

/** Fetches Mantine's chunk (once; a failed fetch is tried again next time). */
export const loadMantine = onceUntilFailure(async () => {
  const loaded = await import('./mantine-root.tsx');
  root = loaded;
  for (const listener of listeners) listener();
  return loaded;
});

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

const InsideScope = createContext(false);

/**
 * Mantine's provider around `children`, once its chunk is there (nothing is rendered until then).
 * Nested scopes share the outer provider: the root layout holds one for every page but the sign-in
 * one; the toasts, the loading overlay and the notices each have one for when they show elsewhere.
 */
export function MantineScope({ children }: { children: ReactNode }) {
  const inside = useContext(InsideScope);
  const loaded = useSyncExternalStore(subscribe, () => root);
  useEffect(() => {
    if (!inside && !loaded)
      loadMantine().catch((err: unknown) => console.error('Loading Mantine failed', err));
  }, [inside, loaded]);
  if (inside) return children;
  if (!loaded) return null;
  return (
    <InsideScope.Provider value={true}>
      <loaded.AppMantineProvider>{children}</loaded.AppMantineProvider>
    </InsideScope.Provider>
  );
}

/** Fetches Mantine ahead (the sign-in form's focus: the page after sign-in needs it). */
export function preloadMantine(): void {
  loadMantine().catch(() => undefined);
}
