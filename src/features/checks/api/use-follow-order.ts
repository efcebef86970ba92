import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { OrderStatus } from '#contract/schemas/checks-orders.ts';
import { useSequentialPolling } from '#src/lib/use-sequential-polling.ts';
import { heardRecently, refreshOrder } from './progress.ts';

/** How often a running order is refetched while no socket pushes its progress. */
export const FOLLOW_POLL_MS = 3000;
/** No progress event for this long (the server sends one at least every 250 ms while jobs finish): poll. */
const SOCKET_QUIET_MS = 2 * FOLLOW_POLL_MS;

/**
 * Keeps a running order's header and results current until it is done, and calls `onDone` when
 * it finishes while shown (the route refreshes the user's balance then).
 *
 * The socket drives it: src/app/realtime-wiring.ts hands 'checks:progress' to onCheckProgress
 * (./progress.ts), which updates the counts and fetches the changed devices. The poll here is the
 * fallback for when no event arrives (socket down, a server without the event): every 3 s, one call
 * at a time, and it stands aside while events for this order keep coming.
 */
export function useFollowOrder(orderId: number, status: OrderStatus | undefined, onDone: () => void): void {
  const queryClient = useQueryClient();
  useSequentialPolling(
    status === 'running',
    FOLLOW_POLL_MS,
    async () => {
      if (!heardRecently(orderId, SOCKET_QUIET_MS)) await refreshOrder(queryClient, orderId);
    },
    // The poll ends when the refreshed order says 'done' (status turns the hook off).
    () => false,
    () => undefined,
  );

  const previous = useRef(status);
  const done = useRef(onDone);
  useEffect(() => {
    done.current = onDone;
  });
  useEffect(() => {
    if (previous.current === 'running' && status === 'done') done.current();
    previous.current = status;
  }, [status]);
}
