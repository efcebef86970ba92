/**
 * The service worker's static routes (Static Routing API, `InstallEvent.addRoutes`, Chromium 123+):
 * requests the browser answers from a cache itself, without starting the worker or running its fetch
 * handler (issue 15, offline cold start; decision 0009).
 * - The shell's navigation (`/`, no query: every route of the app is a hash route) from the page
 *   cache of this worker's version: a cold start no longer waits for the worker to start up and
 *   answer the navigation before the page's HTML arrives.
 * - Hashed assets (`/assets/*`) from the precache, where they are keyed by their own URL.
 * A rule's cache miss goes to the network (the browser's rule, not the fetch handler's): the page
 * cache is filled in the same install that adds the rule, so the miss is a cache the browser evicted.
 */
import { SHELL_CACHE } from './sw-protocol.ts';

/** Prefix of the caches that hold one worker version's shell page under the URL `/`. */
export const SHELL_PAGE_CACHE_PREFIX = 'repairops-shell-page-';

/**
 * The cache of a version's shell page. Per version: a new worker fills its own while the old one
 * still serves navigations from its own, so a waiting update never reaches a page before the user
 * accepts it (decision 0009: updates are offered, never forced).
 */
export const shellPageCache = (revision: string): string => `${SHELL_PAGE_CACHE_PREFIX}${revision}`;

/** A rule of `InstallEvent.addRoutes` (the parts used here). */
export interface StaticRoute {
  condition: {
    urlPattern: URLPattern;
    requestMethod?: string;
    requestMode?: RequestMode;
  };
  source: 'network' | 'fetch-event' | { cacheName: string };
}

/** The worker's static routes for a version whose shell page has revision `revision`. */
export function staticRoutes(revision: string): StaticRoute[] {
  return [
    {
      // `search: ''`: a navigation with a query string is not the cached URL; the fetch handler
      // answers it with the shell (a static route's miss would go to the network, offline too).
      condition: {
        urlPattern: new URLPattern({ pathname: '/', search: '' }),
        requestMethod: 'GET',
        requestMode: 'navigate',
      },
      source: { cacheName: shellPageCache(revision) },
    },
    {
      condition: { urlPattern: new URLPattern({ pathname: '/assets/*' }), requestMethod: 'GET' },
      source: { cacheName: SHELL_CACHE },
    },
  ];
}
