import { createHashHistory, createRouter } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { routeTree } from '#src/routeTree.gen.ts';
import { parseSearch, stringifySearch } from './search-params.ts';
import { loadDataLayer } from './data-layer-loader.ts';
import { RoutePending } from '#src/features/shell/components/root-fallbacks.tsx';

export interface RouterContext {
  /** Reloads the page (tests record it instead). */
  reload(): void;
  /**
   * Starts the data layer (query client, persisted cache, outbox), which every page but the sign-in
   * one needs (decision 0025): the root route waits for it, pages' loaders ask for their lists with
   * its client (page-data.ts, decision 0054). Tests give the providers and this a client of theirs.
   */
  startDataLayer(): Promise<{ queryClient: QueryClient } | undefined>;
}

/** Hash history (spec section 2): the server serves one shell, every route lives after the #. */
export function createAppRouter(
  reload: () => void = () => window.location.reload(),
  startDataLayer: RouterContext['startDataLayer'] = loadDataLayer,
) {
  return createRouter({
    routeTree,
    history: createHashHistory(),
    context: { reload, startDataLayer },
    // Digit-only search values (an IMEI in ?q=) keep their exact text: see search-params.ts.
    parseSearch,
    stringifySearch,
    defaultPreload: 'intent',
    scrollRestoration: true,
    // Also on the very first load: a page whose code never arrives says so after 120 s.
    defaultPendingComponent: RoutePending,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
