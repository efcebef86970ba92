import type { AppRouter } from './router.tsx';

/**
 * Fetches the code of the routes the app opens on at once, while the catalogs and the data layer
 * load and the providers render (issue 15: the offline cold start to the shell): the router would ask
 * for it only once it has rendered and the root's guard has run, and the shell waited on that trip.
 */
export function preloadOpeningRoute(router: AppRouter): void {
  const [routes] = router.getMatchedRoutes(router.latestLocation.pathname);
  // A chunk that cannot be fetched now is the router's to report when it asks for it again.
  for (const route of routes) void router.loadRouteChunk(route)?.catch(() => undefined);
}
