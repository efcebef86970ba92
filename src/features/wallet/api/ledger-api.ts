import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { endpoints } from '#contract/endpoint-paths.generated.ts';
import type { LedgerType } from '#contract/values/ledger.ts';
import type { RechargeState } from '#contract/values/recharge.ts';
import type { PurchaseKind } from '#contract/schemas/wallet.ts';
import { callApi } from '#src/lib/api/client.ts';

export const LEDGER_PAGE_SIZE = 20;

export const walletKeys = {
  all: ['wallet'] as const,
  ledger: (page: number, type: LedgerType | null) => [...walletKeys.all, 'ledger', page, type] as const,
  center: () => [...walletKeys.all, 'center'] as const,
  packages: () => [...walletKeys.all, 'packages'] as const,
  surplus: () => [...walletKeys.all, 'surplus'] as const,
  purchases: (page: number, kind: PurchaseKind | null) =>
    [...walletKeys.all, 'purchases', page, kind] as const,
  rechargeConfig: () => [...walletKeys.all, 'recharge-config'] as const,
  recharges: (page: number, state: RechargeState | null) =>
    [...walletKeys.all, 'recharges', page, state] as const,
  rechargeOrder: (orderNo: string) => [...walletKeys.all, 'recharge-order', orderNo] as const,
};

export const pointRecordQuery = (page: number, type: LedgerType | null) =>
  queryOptions({
    queryKey: walletKeys.ledger(page, type),
    queryFn: ({ signal }) =>
      callApi(
        endpoints.pointRecord,
        { page, page_size: LEDGER_PAGE_SIZE, ...(type ? { type } : {}) },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
