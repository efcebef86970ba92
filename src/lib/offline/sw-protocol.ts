/**
 * What the page and the service worker (src/sw.ts) agree on: cache names, the header that marks an
 * answer served from the offline cache, the messages between them.
 */

/** The app shell: built files listed by the build (index.html, chunks, catalogs, css, icons). */
export const SHELL_CACHE = 'repairops-shell-v1';
/** Answers of the allow-listed list calls (contract/offline-lists.ts), partitioned by user. */
export const DATA_CACHE = 'repairops-data-v1';
/** Synthetic keys of DATA_CACHE live under this path: /__offline-data/<partition>/<api path>?body=<hash>. */
export const DATA_KEY_PREFIX = '/__offline-data/';
/** Set on an answer the service worker served from DATA_CACHE: when it was fetched (ms since epoch). */
export const CACHED_AT_HEADER = 'x-repairops-cached-at';
/** workbox-window's messageSkipWaiting() sends this; the worker only then takes over. */
export const SKIP_WAITING = 'SKIP_WAITING';

/** SHA-256 in hex (Web Crypto: in the page and in the worker alike). */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The partition of a session's cached answers: a hash of its token, never the token itself. A token
 * belongs to one user, so one user's cached lists never answer another's requests.
 */
export const partitionOf = async (token: string): Promise<string> =>
  (await sha256Hex(`partition:${token}`)).slice(0, 32);

/** The synthetic GET key under which a list answer is cached: path plus a hash of the body. */
export async function dataCacheKey(
  origin: string,
  token: string,
  path: string,
  body: string,
): Promise<string> {
  return `${origin}${DATA_KEY_PREFIX}${await partitionOf(token)}${path}?body=${(await sha256Hex(body)).slice(0, 32)}`;
}
