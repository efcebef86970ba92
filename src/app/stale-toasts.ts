import type { AnyRouter } from '@tanstack/react-router';
import { FRESH_TOAST_MS, clearStaleToasts } from '#src/ui/notify.ts';

/**
 * A warning or error toast is about the page it was raised on: once the user has moved to another page
 * it is stale and goes (issue 27: an old toast stayed over the next page). Only toasts older than the
 * click that started the move, and older than a second: a guard's or a redirect's own message, raised
 * while the move resolves, stays for the page it leads to.
 */
export const STALE_AFTER_MS = FRESH_TOAST_MS;

export function clearToastsOnRouteChange(router: AnyRouter, now: () => number = Date.now): () => void {
  let startedAt = now();
  const offStart = router.subscribe('onBeforeNavigate', (event) => {
    if (event.pathChanged) startedAt = now();
  });
  const offResolved = router.subscribe('onResolved', (event) => {
    if (event.pathChanged) clearStaleToasts(Math.min(startedAt, now() - STALE_AFTER_MS));
  });
  return () => {
    offStart();
    offResolved();
  };
}
