import type { AppRouter } from './router.tsx';

/**
 * What the start of the app does first (issue 15: the offline cold start to the shell). The page being
 * opened needs its route chunks, its catalog and the persisted session; the socket (socket.io-client
 * and the contract's zod schemas, ~60 ms of main thread on a loaded 2-core machine) and the toasts'
 * chunk do not, so a user signed in at start gets them after the first page has rendered.
 */

/** Runs `run` once the router has rendered its first page and the browser has a moment. */
export function afterFirstPage(router: AppRouter, run: () => void): void {
  const stop = router.subscribe('onRendered', () => {
    stop();
    if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: 1000 });
    else setTimeout(run, 0);
  });
}

/**
 * Fetches the code of the routes the app opens on at once, while the catalogs load and the providers
 * render: the router would ask for it only once it has rendered and run the root's guard.
 */
export function preloadOpeningRoute(router: AppRouter): void {
  const [routes] = router.getMatchedRoutes(router.latestLocation.pathname);
  // A chunk that cannot be fetched now is the router's to report when it asks for it again.
  for (const route of routes) void router.loadRouteChunk(route)?.catch(() => undefined);
}
