import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { endpoints } from '#contract/endpoint-paths.generated.ts';
import { callApi } from '#src/lib/api/client.ts';

export const searchKeys = {
  all: ['counter', 'search'] as const,
  global: (q: string) => [...searchKeys.all, 'global', q] as const,
};

/** The header's search on the server; the previous answer stays on screen while the next one comes. */
export const globalSearchQuery = (q: string) =>
  queryOptions({
    queryKey: searchKeys.global(q),
    queryFn: ({ signal }) => callApi(endpoints.globalSearch, { q }, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    retry: false,
  });
