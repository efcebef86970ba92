import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { t } from '@lingui/core/macro';
import { endpoints } from '#contract/endpoint-paths.generated.ts';
import type { OrderDeriveInput, OrderRestoreInput } from '#contract/schemas/checks-derive.ts';
import { callApi } from '#src/lib/api/client.ts';
import { callOrQueue } from '#src/lib/offline/outbox.ts';
import { checksKeys } from './keys.ts';

/** A derived order: selected devices copied into a new order with other services (it freezes points). */
export function useDeriveOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: OrderDeriveInput) => callApi(endpoints.orderDerive, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: checksKeys.orders() }),
  });
}

/** Undo a delete. Queued like the delete when offline, so it is replayed after it, in order. */
export function useRestoreOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: OrderRestoreInput) => {
      const id = input.order_id;
      return callOrQueue(endpoints.orderRestore, input, { label: t`Restore check order #${id}` });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: checksKeys.orders() }),
  });
}

/** The orders deleted in the last 30 days (to restore one), newest deleted first. */
export const deletedOrdersQuery = (page: number) =>
  queryOptions({
    queryKey: [...checksKeys.deletedOrders(), page],
    queryFn: ({ signal }) =>
      callApi(endpoints.orderList, { page, page_size: 20, keyword: '', deleted: true }, { signal }),
    placeholderData: keepPreviousData,
  });
