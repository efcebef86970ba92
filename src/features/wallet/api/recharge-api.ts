import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { endpoints } from '#contract/endpoint-paths.generated.ts';
import type { RechargeCreateInput, RechargeOrderRow, RechargeState } from '#contract/schemas/recharge.ts';
import { callApi } from '#src/lib/api/client.ts';
import { walletKeys } from './ledger-api.ts';
import { RECORD_PAGE_SIZE } from './wallet-api.ts';

export const rechargeConfigQuery = () =>
  queryOptions({
    queryKey: walletKeys.rechargeConfig(),
    queryFn: ({ signal }) => callApi(endpoints.rechargeConfig, {}, { signal }),
    staleTime: 5 * 60_000,
  });

export const rechargesQuery = (page: number, state: RechargeState | null) =>
  queryOptions({
    queryKey: walletKeys.recharges(page, state),
    queryFn: ({ signal }) =>
      callApi(
        endpoints.rechargeRecord,
        { page, page_size: RECORD_PAGE_SIZE, ...(state ? { state } : {}) },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });

/**
 * One recharge order. `refresh` also asks the provider (the fallback poll does, so a lost notify is
 * caught up); the socket's 'recharge:changed' patches the cached order in between.
 */
export const rechargeOrderQuery = (orderNo: string) =>
  queryOptions({
    queryKey: walletKeys.rechargeOrder(orderNo),
    queryFn: ({ signal }) => callApi(endpoints.rechargeStatus, { order_no: orderNo }, { signal }),
    staleTime: 0,
  });

export const refreshRechargeOrder = (orderNo: string, signal?: AbortSignal) =>
  callApi(endpoints.rechargeStatus, { order_no: orderNo, refresh: true }, { signal, background: true });

/** Start a recharge (Admin only); the caller keeps the request_id across a resubmit. */
export function useCreateRecharge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RechargeCreateInput) => callApi(endpoints.rechargeCreate, input),
    onSuccess: (order) => {
      queryClient.setQueryData(walletKeys.rechargeOrder(order.order_no), order);
      void queryClient.invalidateQueries({ queryKey: [...walletKeys.all, 'recharges'] });
    },
  });
}

/** Cancel an unpaid order (Admin only). */
export function useCloseRecharge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { order_no: string; request_id: string }) => callApi(endpoints.rechargeClose, input),
    onSuccess: (order: RechargeOrderRow) => {
      queryClient.setQueryData(walletKeys.rechargeOrder(order.order_no), order);
      void queryClient.invalidateQueries({ queryKey: [...walletKeys.all, 'recharges'] });
    },
  });
}
