import type { QueryClient } from '@tanstack/react-query';
import type { OrderListDatas, OrderRow } from '#contract/schemas/checks-orders.ts';
import type { CheckProgressEvents } from '#contract/realtime.ts';
import { createCoalescedRunner } from '#src/lib/coalesced-runner.ts';
import { checksKeys } from './keys.ts';
import { orderDetailQuery } from './orders-api.ts';
import { orderResultsQuery } from './results-api.ts';

export type CheckProgressPayload = Parameters<CheckProgressEvents['checks:progress']>[0];
export type CheckOrdersPayload = Parameters<CheckProgressEvents['checks:orders']>[0];

/** The counts of a progress event folded into a cached order (pure). */
export function withProgress(order: OrderRow, event: CheckProgressPayload): OrderRow {
  // Events can arrive out of order: never move an order backwards.
  const finished = event.jobs_success + event.jobs_failed;
  if (finished < order.jobs_success + order.jobs_failed) return order;
  return {
    ...order,
    jobs_total: event.jobs_total,
    jobs_success: event.jobs_success,
    jobs_failed: event.jobs_failed,
    progress: event.progress,
    status: finished >= event.jobs_total ? 'done' : 'running',
  };
}

/** When a progress event last arrived per order: the poll stands aside while the socket delivers. */
const lastEventAt = new Map<number, number>();

/** Whether the socket reported on this order within `windowMs` (the follow poll then skips a call). */
export function heardRecently(orderId: number, windowMs: number, now = Date.now()): boolean {
  const at = lastEventAt.get(orderId);
  return at !== undefined && now - at < windowMs;
}

const refreshers = new WeakMap<QueryClient, Map<number, () => Promise<void>>>();

/**
 * Refetches what changed in an order (its header, then only the changed devices), one call at a
 * time per order however many events arrive meanwhile.
 */
export function refreshOrder(queryClient: QueryClient, orderId: number): Promise<void> {
  let perOrder = refreshers.get(queryClient);
  if (!perOrder) refreshers.set(queryClient, (perOrder = new Map()));
  let run = perOrder.get(orderId);
  if (!run) {
    run = createCoalescedRunner(async () => {
      await queryClient.fetchQuery({ ...orderDetailQuery(orderId), staleTime: 0 });
      // Only when someone shows the results: a list page has no need for 10,000 devices.
      if (queryClient.getQueryCache().find({ queryKey: checksKeys.results(orderId) }))
        await queryClient.fetchQuery({ ...orderResultsQuery(orderId), staleTime: 0 });
    });
    perOrder.set(orderId, run);
  }
  return run();
}

/**
 * 'checks:progress' (a job of an order finished): the cached order shows the new counts at once,
 * the changed devices are fetched, and when the order is complete its points (settled, refunded)
 * and the order list follow.
 */
export function onCheckProgress(queryClient: QueryClient, event: CheckProgressPayload): void {
  lastEventAt.set(event.order_id, Date.now());
  queryClient.setQueryData<OrderRow>(checksKeys.order(event.order_id), (order) =>
    order ? withProgress(order, event) : order,
  );
  // Lists show each order's progress too: patched in place, no refetch.
  queryClient.setQueriesData<OrderListDatas>({ queryKey: [...checksKeys.orders(), 'list'] }, (data) =>
    data && data.list.some((o) => o.id === event.order_id)
      ? { ...data, list: data.list.map((o) => (o.id === event.order_id ? withProgress(o, event) : o)) }
      : data,
  );
  // Its devices and points are fetched only while someone is looking at the order.
  const shown = queryClient.getQueryCache().find({ queryKey: checksKeys.order(event.order_id) });
  if (shown && shown.getObserversCount() > 0) void refreshOrder(queryClient, event.order_id);
  if (event.progress >= 100) void queryClient.invalidateQueries({ queryKey: checksKeys.orders() });
}

/** 'checks:orders' (an order placed, changed or deleted): lists and totals are out of date. */
export function onCheckOrders(queryClient: QueryClient, _event: CheckOrdersPayload): void {
  void queryClient.invalidateQueries({ queryKey: checksKeys.orders() });
}
