// The service worker (built by vite-plugin-pwa, injectManifest). Three jobs:
// 1. precache the shell: every built file the build lists in self.__WB_MANIFEST (index.html, the lazy
//    route chunks, the compiled catalogs of zh/en/es, css, icons, manifest);
// 2. serve the shell for every navigation to the app (all routes live after the #), offline too;
// 3. keep the answers of the allow-listed list calls (contract/offline-lists.ts) network first under
//    synthetic keys (path + hash of the body), partitioned by a hash of the session's token.
// A new version waits until the page says SKIP_WAITING (the user accepted the update prompt, which
// the page only offers when the outbox is empty). docs/decisions/0009-offline-pwa.md.
import { isOfflineList, keepsAnswer } from '#contract/offline-lists.ts';
import {
  CACHED_AT_HEADER,
  DATA_CACHE,
  SHELL_CACHE,
  SKIP_WAITING,
  dataCacheKey,
} from '#src/lib/offline/sw-protocol.ts';
import {
  SHELL_PAGE_CACHE_PREFIX,
  shellPageCache,
  staticRoutes,
  type StaticRoute,
} from '#src/lib/offline/sw-routes.ts';

// The few service-worker types used here (the DOM lib is loaded for the rest of src/).
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
/** The install event's static routes (Chromium 123+): matched by the browser, no worker code runs. */
interface InstallEvent extends ExtendableEvent {
  addRoutes?(rules: StaticRoute[]): Promise<void>;
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  respondWith(response: Response | Promise<Response>): void;
}
interface ExtendableMessageEvent extends ExtendableEvent {
  readonly data: unknown;
}
interface PrecacheEntry {
  url: string;
  revision: string | null;
}
interface ServiceWorkerScope {
  readonly location: Location;
  readonly clients: { claim(): Promise<void> };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install', listener: (event: InstallEvent) => void): void;
  addEventListener(type: 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
  addEventListener(type: 'message', listener: (event: ExtendableMessageEvent) => void): void;
  __WB_MANIFEST: PrecacheEntry[];
}

const sw = self as unknown as ServiceWorkerScope;
const origin = sw.location.origin;

// The build replaces self.__WB_MANIFEST with the list of built files and their revisions.
const entries = (self as unknown as ServiceWorkerScope).__WB_MANIFEST;

/** Hashed file names are their own revision; others (index.html, icons) get it as a query. */
const cacheKeyOf = (entry: PrecacheEntry): string => {
  const url = new URL(entry.url, origin);
  if (entry.revision) url.searchParams.set('__rev', entry.revision);
  return url.href;
};
/** The plain URL a page asks for → the key of its current revision. */
const precached = new Map(entries.map((entry) => [new URL(entry.url, origin).href, cacheKeyOf(entry)]));
const SHELL_URL = new URL('index.html', origin).href;
/** This version's shell page: its revision names the cache the navigation's static route reads. */
const shellEntry = entries.find((entry) => new URL(entry.url, origin).href === SHELL_URL);
const SHELL_PAGE_CACHE = shellEntry?.revision ? shellPageCache(shellEntry.revision) : null;

sw.addEventListener('install', (event) => {
  // The browser answers the shell's navigation and the hashed assets from the caches itself, without
  // starting this worker or its fetch handler (src/lib/offline/sw-routes.ts): an offline start read
  // the page and ~60 route and vendor chunks through the fetch handler, each trip queued behind the
  // others (~100 ms on a loaded machine), after the worker had started. The rules apply once this
  // version is active; the caches they read are filled below, before the install completes.
  // Browsers without static routes use the fetch handler.
  const routed = !!event.addRoutes && typeof URLPattern === 'function' && !!shellEntry?.revision;
  if (routed) {
    event.waitUntil(
      event.addRoutes!(staticRoutes(shellEntry.revision!)).catch((err: unknown) =>
        console.warn('Static routes refused', err),
      ),
    );
  }
  event.waitUntil(
    (async () => {
      const cache = await caches.open(SHELL_CACHE);
      // Files already there with the same revision (from the previous version) are not fetched again.
      for (const key of new Set(precached.values())) {
        if (await cache.match(key)) continue;
        const url = new URL(key);
        url.searchParams.delete('__rev');
        const response = await fetch(url.href, { cache: 'reload' });
        if (!response.ok) throw new Error(`precache: ${url.pathname} answered ${response.status}`);
        await cache.put(key, response);
      }
      // This version's shell page under the URL its navigations ask for (`/`), in its own cache.
      if (routed && SHELL_PAGE_CACHE) {
        const page = await cache.match(cacheKeyOf(shellEntry!));
        if (!page) throw new Error('precache: the shell page is missing');
        await (await caches.open(SHELL_PAGE_CACHE)).put(new URL('/', origin).href, page);
      }
    })(),
  );
});

sw.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      // Drop the files of older versions; the data cache stays (it is wiped at logout).
      const cache = await caches.open(SHELL_CACHE);
      const current = new Set(precached.values());
      for (const request of await cache.keys()) if (!current.has(request.url)) await cache.delete(request);
      // Older versions' shell pages (their static routes went with them).
      for (const name of await caches.keys())
        if (name.startsWith(SHELL_PAGE_CACHE_PREFIX) && name !== SHELL_PAGE_CACHE) await caches.delete(name);
      await sw.clients.claim();
    })(),
  );
});

sw.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === SKIP_WAITING) void sw.skipWaiting();
});

sw.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (url.origin !== origin) return;

  if (request.method === 'GET') {
    // Every app route is a hash route of "/": the shell answers any navigation to it, offline too.
    const isShellNavigation =
      request.mode === 'navigate' && (url.pathname === '/' || url.pathname === '/index.html');
    const key = isShellNavigation ? precached.get(SHELL_URL) : precached.get(url.origin + url.pathname);
    if (key) event.respondWith(fromShellCache(request, key));
    return;
  }
  if (request.method === 'POST' && isOfflineList(url.pathname)) event.respondWith(listNetworkFirst(request));
});

async function fromShellCache(request: Request, key: string): Promise<Response> {
  const cached = await caches.match(key, { cacheName: SHELL_CACHE });
  return cached ?? fetch(request);
}

/**
 * A list call: the network's answer when there is one (kept when it is a success), else the last
 * kept answer of the same session, path and body, marked with the time it was fetched. A call for
 * what changed since a cursor goes to the network only (`keepsAnswer`).
 */
async function listNetworkFirst(request: Request): Promise<Response> {
  const token = request.headers.get('token');
  if (!token) return fetch(request);
  const body = await request.clone().text();
  if (!keepsAnswer(body)) return fetch(request);
  const key = await dataCacheKey(origin, token, new URL(request.url).pathname, body);
  try {
    const response = await fetch(request);
    if (response.ok) await keep(key, response.clone());
    return response;
  } catch (err) {
    const cached = await caches.match(key, { cacheName: DATA_CACHE });
    if (cached) return cached;
    throw err;
  }
}

async function keep(key: string, response: Response): Promise<void> {
  const text = await response.text();
  try {
    if ((JSON.parse(text) as { errcode?: unknown }).errcode !== 0) return;
  } catch {
    return;
  }
  const cache = await caches.open(DATA_CACHE);
  await cache.put(
    key,
    new Response(text, {
      headers: { 'content-type': 'application/json', [CACHED_AT_HEADER]: String(Date.now()) },
    }),
  );
}
