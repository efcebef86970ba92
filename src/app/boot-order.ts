import { LANDING_PATH } from '#src/features/shell/landing.ts';
import type { AppRouter } from './router.tsx';
import { markBoot } from './boot-marks.ts';

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
  void Promise.all(routes.map((route) => router.loadRouteChunk(route))).then(
    () => markBoot('route-code'),
    () => undefined,
  );
  // The opened page's loader too (decision 0054): it asks for the page's lists, and here it runs in
  // the microtasks right after the root's beforeLoad is satisfied, before React renders the shell in
  // one long task; run by the router's own load instead, the lists were asked for after that render
  // (300-700 ms later at load 15 in bench:pages). The router's load finds the call in flight.
  // The location as it is (a concrete path, not a route id: the type asks for one of the latter).
  const { pathname, search } = router.latestLocation;
  void router.preloadRoute({ to: pathname as never, search: search as never }).catch(() => undefined);
}
