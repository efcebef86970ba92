import { queryOptions } from '@tanstack/react-query';
import { endpoints } from '#contract/endpoint-paths.generated.ts';
import { callApi } from '#src/lib/api/client.ts';

/** A receipt reads the ticket (with its status link) and the shop's name, phone and address. */
export const receiptTicketQuery = (id: number) =>
  queryOptions({
    queryKey: ['counter', 'tickets', 'receipt', id] as const,
    queryFn: ({ signal }) => callApi(endpoints.ticketDetail, { id }, { signal }),
  });

export const shopContactQuery = () =>
  queryOptions({
    queryKey: ['counter', 'shop-contact'] as const,
    queryFn: ({ signal }) => callApi(endpoints.repairSettings, {}, { signal }),
    staleTime: 5 * 60_000,
  });
