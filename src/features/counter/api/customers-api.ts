import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { endpoints } from '#contract/endpoint-paths.generated.ts';
import type { RefInput } from '#contract/endpoint.ts';
import { callApi } from '#src/lib/api/client.ts';
import { customerKeys } from './customer-keys.ts';

export const CUSTOMERS_PAGE_SIZE = 20;
/** The picker shows a few matches: the one wanted is among the first when the query is precise. */
export const PICKER_PAGE_SIZE = 8;

export const customerListQuery = (q: string, page: number, pageSize = CUSTOMERS_PAGE_SIZE) =>
  queryOptions({
    queryKey: [...customerKeys.list(q, page), pageSize],
    queryFn: ({ signal }) => callApi(endpoints.customerList, { q, page, page_size: pageSize }, { signal }),
    placeholderData: keepPreviousData,
  });

export const customerDetailQuery = (id: number) =>
  queryOptions({
    queryKey: customerKeys.detail(id),
    queryFn: ({ signal }) => callApi(endpoints.customerDetail, { id }, { signal }),
  });

// Saving and merging are not queued offline: the picker and the forms need the server's answer (the
// customer's id for a ticket, a phone another customer holds). The forms say so when offline.

export function useSaveCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RefInput<typeof endpoints.customerSave>) => callApi(endpoints.customerSave, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customerKeys.all }),
  });
}

export function useMergeCustomers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RefInput<typeof endpoints.customerMerge>) => callApi(endpoints.customerMerge, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customerKeys.all }),
  });
}
