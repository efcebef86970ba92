/**
 * Spec section 9: "chunk load time-out: 120 s". A page's code is a lazy chunk; when it fails to load,
 * or the page is still loading after this long, the app says so and offers to retry (a reload).
 */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

// Chrome, Safari and Firefox word a failed dynamic import differently; Vite adds its CSS preload.
const CHUNK_LOAD_FAILURE =
  /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i;

/** Whether a route error is a lazy chunk that could not be fetched (not a bug of the page). */
export function isChunkLoadError(error: unknown): boolean {
  if (error instanceof Error) return CHUNK_LOAD_FAILURE.test(error.message);
  return typeof error === 'string' && CHUNK_LOAD_FAILURE.test(error);
}
