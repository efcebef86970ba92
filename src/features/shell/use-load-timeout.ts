import { useEffect, useState } from 'react';
import { useRouterState } from '@tanstack/react-router';

/**
 * Whether the router's current navigation is still loading (its page's chunk, its loader) after
 * `timeoutMs` (120 s, spec section 9), and a way to close the notice and keep waiting. It reads the
 * router's own pending status, so one watcher covers every route; a new navigation starts the clock
 * again. No Mantine here: the root layout runs it on the sign-in page too (decision 0025).
 */
export function useLoadTimeout(timeoutMs: number): { opened: boolean; close(): void } {
  const pending = useRouterState({ select: (state) => state.status === 'pending' });
  const href = useRouterState({ select: (state) => state.location.href });
  // The navigation (by its href) that timed out, and whether the user closed the notice.
  const [timedOut, setTimedOut] = useState<{ href: string; closed: boolean } | null>(null);

  useEffect(() => {
    if (!pending) return;
    const timer = setTimeout(() => setTimedOut({ href, closed: false }), timeoutMs);
    return () => clearTimeout(timer);
  }, [pending, href, timeoutMs]);

  return {
    opened: pending && timedOut?.href === href && !timedOut.closed,
    close: () => setTimedOut({ href, closed: true }),
  };
}
