import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { endpoints } from '#contract/endpoint-paths.generated.ts';
import type { PayIntegralInput, PurchaseKind } from '#contract/schemas/wallet.ts';
import { callApi } from '#src/lib/api/client.ts';
import { READ_EACH_OPEN_MS } from '#src/lib/api/policy.ts';
import { walletKeys } from './ledger-api.ts';

export const RECORD_PAGE_SIZE = 20;

/** The shop's wallet as the personal center reports it (balance, frozen, VIP level and end). */
export const walletCenterQuery = () =>
  queryOptions({
    queryKey: walletKeys.center(),
    queryFn: ({ signal }) => callApi(endpoints.userCenter, {}, { signal }),
    // Check orders placed anywhere move the balance: read it again whenever the page opens (the
    // loader's call of this open is not asked twice: READ_EACH_OPEN_MS).
    staleTime: READ_EACH_OPEN_MS,
  });

export const packagesQuery = () =>
  queryOptions({
    queryKey: walletKeys.packages(),
    queryFn: ({ signal }) => callApi(endpoints.getAccountPrice, {}, { signal }),
    staleTime: 5 * 60_000,
  });

export const surplusQuery = () =>
  queryOptions({
    queryKey: walletKeys.surplus(),
    queryFn: ({ signal }) => callApi(endpoints.packageSurplus, {}, { signal }),
    // Check orders draw on it from other pages and devices.
    staleTime: READ_EACH_OPEN_MS,
  });

export const purchasesQuery = (page: number, kind: PurchaseKind | null) =>
  queryOptions({
    queryKey: walletKeys.purchases(page, kind),
    queryFn: ({ signal }) =>
      callApi(
        endpoints.buyRecord,
        { page, page_size: RECORD_PAGE_SIZE, ...(kind ? { kind } : {}) },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });

/**
 * Buy a package with points. The caller passes the request_id of useRequestId, so a resubmit after a
 * lost answer is applied once. Afterwards the wallet and the account (balance, VIP) are out of date.
 */
export function useBuyPackage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PayIntegralInput) => callApi(endpoints.payIntegral, input),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: walletKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['account'] }),
      ]),
  });
}
