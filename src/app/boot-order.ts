import { LANDING_PATH } from '#src/features/shell/landing.ts';
import type { AppRouter } from './router.tsx';

/**
 * Fetches the code of the routes the app opens on at once, while the catalogs and the data layer
 * load and the providers render (issue 15: the offline cold start to the shell): the router would ask
 * for it only once it has rendered and the root's guard has run, and the shell waited on that trip.
 * The home route only redirects to the landing page: opened at `/` (the installed app's start_url),
 * the landing page's code is asked for now, not after the redirect (~50 ms later offline).
 */
export function preloadOpeningRoute(router: AppRouter): void {
  const path = router.latestLocation.pathname;
  const [routes] = router.getMatchedRoutes(path === '/' ? LANDING_PATH : path);
  // A chunk that cannot be fetched now is the router's to report when it asks for it again.
  for (const route of routes) void router.loadRouteChunk(route)?.catch(() => undefined);
}
