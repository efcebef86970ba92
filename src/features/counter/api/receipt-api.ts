import { queryOptions } from '@tanstack/react-query';
import { endpoints } from '#contract/endpoint-paths.generated.ts';
import { callApi } from '#src/lib/api/client.ts';
import { ticketDetailQuery } from './tickets-api.ts';

/**
 * A receipt reads the ticket (with its status link) under the ticket page's own key: every write
 * there (quote, payment, move) puts its answer in that entry, so the collection receipt opened right
 * after a payment prints the work done and the amount paid, not the copy cached at intake.
 */
export const receiptTicketQuery = ticketDetailQuery;

/** The shop's name, phone and address for the receipt's header. */
export const shopContactQuery = () =>
  queryOptions({
    queryKey: ['counter', 'shop-contact'] as const,
    queryFn: ({ signal }) => callApi(endpoints.repairSettings, {}, { signal }),
    staleTime: 5 * 60_000,
  });
