import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { endpoints } from '#contract/endpoint-paths.generated.ts';
import type {
  OrderAddDevicesInput,
  OrderCreateInput,
  OrderDeleteInput,
  OrderRemarkInput,
} from '#contract/schemas/checks-orders.ts';
import { t } from '@lingui/core/macro';
import { callApi } from '#src/lib/api/client.ts';
import { callOrQueue, newRequestId } from '#src/lib/offline/outbox.ts';
import { getInquiryDraft } from '../model/inquiry-draft.ts';
import { checksKeys } from './keys.ts';

export const ORDERS_PAGE_SIZE = 20;

/** Orders created on these shop days, inclusive (YYYY-MM-DD): a dashboard figure's list. */
export interface CreatedRange {
  from: string;
  to: string;
}

export const orderListQuery = (page: number, keyword: string, created: CreatedRange | null = null) =>
  queryOptions({
    queryKey: checksKeys.orderList(page, keyword, created),
    queryFn: ({ signal }) =>
      callApi(
        endpoints.orderList,
        {
          page,
          page_size: ORDERS_PAGE_SIZE,
          keyword,
          ...(created ? { created_from: created.from, created_to: created.to } : {}),
        },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });

/**
 * The order list the check page opens with (OrderList): the kept draft's page and search, or a
 * dashboard figure's shop days from their first page. Its route loader asks for it beside the page's
 * code, so a new tab does not wait for the page's render to ask.
 */
export const openingOrderListQuery = (userId: number, created: CreatedRange | null) => {
  const draft = getInquiryDraft(userId);
  return orderListQuery(created ? 1 : draft.page, draft.keyword, created);
};

export const orderDetailQuery = (orderId: number) =>
  queryOptions({
    queryKey: checksKeys.order(orderId),
    queryFn: ({ signal }) => callApi(endpoints.orderDetail, { order_id: orderId }, { signal }),
  });

/**
 * A fresh request_id (contract: 8-64 of [A-Za-z0-9_-], 32 hex digits here); forms that pay use
 * useRequestId (src/lib/use-request-id.ts) so a resubmitted body keeps its id.
 */
export { newRequestId };

export function useCreateOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: OrderCreateInput) => callApi(endpoints.orderCreate, input),
    // The order may have spent package checks: the new-order panel's count is read again.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: checksKeys.orders() }),
        queryClient.invalidateQueries({ queryKey: checksKeys.packageChecks() }),
      ]),
  });
}

export function useAddDevices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: OrderAddDevicesInput) => callApi(endpoints.orderAddDevices, input),
    onSuccess: (_datas, input) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: checksKeys.orders() }),
        queryClient.invalidateQueries({ queryKey: checksKeys.results(input.order_id) }),
        queryClient.invalidateQueries({ queryKey: checksKeys.packageChecks() }),
      ]),
  });
}

// A remark or a delete made offline waits in the outbox and is sent when the network is back.
// Placing an order, or adding devices, is not queued: it freezes points and answers which lines
// were taken, which the user must see at once.

export function useOrderRemark() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: OrderRemarkInput) => {
      const id = input.order_id;
      return callOrQueue(endpoints.orderRemark, input, { label: t`Remark of check order #${id}` });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: checksKeys.orders() }),
  });
}

export function useDeleteOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: OrderDeleteInput) => {
      const id = input.order_id;
      return callOrQueue(endpoints.orderDelete, input, { label: t`Delete check order #${id}` });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: checksKeys.orders() }),
  });
}
