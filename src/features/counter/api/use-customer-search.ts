import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useDebouncedValue } from '@mantine/hooks';
import type { CustomerRow } from '#contract/schemas/counter-customers.ts';
import { useOnline } from '#src/lib/offline/network.ts';
import { matchesCustomer, uniqueCustomers } from '../model/customer-summary.ts';
import { customerKeys } from './customer-keys.ts';
import { customerListQuery, PICKER_PAGE_SIZE } from './customers-api.ts';

/** Typing pauses this long before a search is sent: one call per word, not per key. */
export const SEARCH_DEBOUNCE_MS = 250;

export interface CustomerSearch {
  rows: CustomerRow[];
  loading: boolean;
  /** Offline: the rows come from answers this device kept, not from the server. */
  fromCache: boolean;
}

/**
 * Customers matching what is typed. Online it asks the server (customerList's `q`); offline it
 * searches every customer list answer the cache holds with the same rule, so a customer seen on this
 * device before can still be picked without the network.
 */
export function useCustomerSearch(typed: string): CustomerSearch {
  const online = useOnline();
  const [q] = useDebouncedValue(typed.trim(), SEARCH_DEBOUNCE_MS);
  const queryClient = useQueryClient();
  const query = useQuery({ ...customerListQuery(q, 1, PICKER_PAGE_SIZE), enabled: online && q !== '' });
  if (q === '') return { rows: [], loading: false, fromCache: false };
  if (online && !query.isError) {
    return { rows: query.data?.list ?? [], loading: query.isFetching, fromCache: false };
  }
  const cached = queryClient
    .getQueriesData<{ list: CustomerRow[] }>({ queryKey: customerKeys.lists() })
    .map(([, data]) => data?.list ?? []);
  const rows = uniqueCustomers(cached)
    .filter((row) => matchesCustomer(row, q))
    .slice(0, PICKER_PAGE_SIZE);
  return { rows, loading: false, fromCache: true };
}
