import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { OrderStatus } from '#contract/schemas/checks-orders.ts';
import { useSequentialPolling } from '#src/lib/use-sequential-polling.ts';
import { refreshOrder } from './progress.ts';

/** How often a running order is refetched while no socket pushes its progress. */
export const FOLLOW_POLL_MS = 3000;

/**
 * Keeps a running order's header and results current until it is done, and calls `onDone` when
 * it finishes while shown (the route refreshes the user's balance then).
 *
 * FALLBACK: the real-time client (socket.io, issue 4's offline work in src/app + src/lib/socket)
 * is not in main yet, so this polls order_detail + order_results (changed_since) every 3 s, one call
 * at a time. Once the socket lands, subscribe its 'checks:progress' / 'checks:orders' events to
 * onCheckProgress / onCheckOrders (./progress.ts) and keep the poll only while disconnected.
 */
export function useFollowOrder(orderId: number, status: OrderStatus | undefined, onDone: () => void): void {
  const queryClient = useQueryClient();
  useSequentialPolling(
    status === 'running',
    FOLLOW_POLL_MS,
    () => refreshOrder(queryClient, orderId),
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
