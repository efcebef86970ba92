import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { endpoints } from '#contract/endpoints.ts';
import type { LedgerType } from '#contract/schemas/ledger.ts';
import { callApi } from '#src/lib/api/client.ts';

export const LEDGER_PAGE_SIZE = 20;

export const walletKeys = {
  all: ['wallet'] as const,
  ledger: (page: number, type: LedgerType | null) => [...walletKeys.all, 'ledger', page, type] as const,
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
