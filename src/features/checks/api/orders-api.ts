import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { endpoints } from '#contract/endpoints.ts';
import type {
  OrderAddDevicesInput,
  OrderCreateInput,
  OrderDeleteInput,
  OrderRemarkInput,
} from '#contract/schemas/checks-orders.ts';
import { callApi } from '#src/lib/api/client.ts';
import { checksKeys } from './keys.ts';

export const ORDERS_PAGE_SIZE = 20;

export const orderListQuery = (page: number, keyword: string) =>
  queryOptions({
    queryKey: checksKeys.orderList(page, keyword),
    queryFn: ({ signal }) =>
      callApi(endpoints.orderList, { page, page_size: ORDERS_PAGE_SIZE, keyword }, { signal }),
    placeholderData: keepPreviousData,
  });

export const orderDetailQuery = (orderId: number) =>
  queryOptions({
    queryKey: checksKeys.order(orderId),
    queryFn: ({ signal }) => callApi(endpoints.orderDetail, { order_id: orderId }, { signal }),
  });

/**
 * A request_id per submit attempt (contract: 8-64 of [A-Za-z0-9_-]): a retry of the same attempt
 * (the outbox, a double click) is applied once by the server.
 */
export function newRequestId(): string {
  return crypto.randomUUID().replaceAll('-', '');
}

export function useCreateOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: OrderCreateInput) => callApi(endpoints.orderCreate, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: checksKeys.orders() }),
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
      ]),
  });
}

export function useOrderRemark() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: OrderRemarkInput) => callApi(endpoints.orderRemark, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: checksKeys.orders() }),
  });
}

export function useDeleteOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: OrderDeleteInput) => callApi(endpoints.orderDelete, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: checksKeys.orders() }),
  });
}
