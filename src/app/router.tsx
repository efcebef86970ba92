import { createHashHistory, createRouter } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { routeTree } from '#src/routeTree.gen.ts';
import { parseSearch, stringifySearch } from './search-params.ts';
import { RoutePending } from '#src/features/shell/components/PageLoadFailed.tsx';

export interface RouterContext {
  queryClient: QueryClient;
  /** Reloads the page (tests record it instead). */
  reload(): void;
}

/** Hash history (spec section 2): the server serves one shell, every route lives after the #. */
export function createAppRouter(
  queryClient: QueryClient,
  reload: () => void = () => window.location.reload(),
) {
  return createRouter({
    routeTree,
    history: createHashHistory(),
    context: { queryClient, reload },
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
