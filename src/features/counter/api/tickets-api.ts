import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { t } from '@lingui/core/macro';
import type { z } from 'zod';
import { endpoints } from '#contract/endpoint-paths.generated.ts';
import type {
  TicketDetail,
  ticketCreateInput,
  ticketLineAddInput,
  ticketListInput,
  ticketMoveInput,
  ticketNoteInput,
  ticketPayInput,
  ticketQuoteDecideInput,
  ticketRefundInput,
  ticketVoidInput,
} from '#contract/schemas/counter-tickets.ts';
import { ErrCode } from '#contract/errcodes.ts';
import { callApi } from '#src/lib/api/client.ts';
import { ApiError } from '#src/lib/api/errors.ts';
import { callOrQueue, isQueued } from '#src/lib/offline/outbox.ts';
import { customerKeys } from './customer-keys.ts';
import { ticketKeys } from './ticket-keys.ts';

export const TICKETS_PAGE_SIZE = 20;

export type TicketListFilters = Pick<
  z.input<typeof ticketListInput>,
  'status' | 'technician_id' | 'overdue' | 'customer_id'
>;

export const ticketListQuery = (filters: TicketListFilters, page: number) => {
  const input = { ...filters, page, page_size: TICKETS_PAGE_SIZE };
  return queryOptions({
    queryKey: ticketKeys.list(input),
    queryFn: ({ signal }) => callApi(endpoints.ticketList, input, { signal }),
    placeholderData: keepPreviousData,
  });
};

export const ticketDetailQuery = (id: number) =>
  queryOptions({
    queryKey: ticketKeys.detail(id),
    queryFn: ({ signal }) => callApi(endpoints.ticketDetail, { id }, { signal }),
  });

export const techniciansQuery = () =>
  queryOptions({
    queryKey: ticketKeys.technicians(),
    queryFn: ({ signal }) => callApi(endpoints.ticketTechnicians, {}, { signal }),
    staleTime: 5 * 60_000,
  });

// Intake, moves, notes, quote lines and the quote's answer made offline wait in the outbox (decision 0047:
// sent once by request_id); money is not queued: the counter must see it accepted before the
// customer leaves (a payment larger than due, a refund by an Editor, is refused there and then).

export function useCreateTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: z.input<typeof ticketCreateInput>) =>
      callOrQueue(endpoints.ticketCreate, input, { label: t`New repair ticket` }),
    onSuccess: (_answer, input) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ticketKeys.lists() }),
        // The customer's page lists their tickets, devices and money: not the copy from before this one.
        queryClient.invalidateQueries({ queryKey: customerKeys.detail(input.customer_id) }),
      ]),
  });
}

/**
 * A write to one ticket: the answer is the ticket as it now is (put in the cache at once). A stale
 * version (another tab or colleague changed it) refetches the ticket and rethrows, so the page says so.
 */
function useTicketWrite<I extends { id: number }>(
  write: (input: I) => Promise<TicketDetail | { queued: true; id: string }>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (answer, input) => {
      void queryClient.invalidateQueries({ queryKey: ticketKeys.lists() });
      if (isQueued(answer)) return;
      queryClient.setQueryData(ticketKeys.detail(input.id), answer);
      // The customer's page shows the ticket's status, its messages and money: read again when opened.
      void queryClient.invalidateQueries({ queryKey: customerKeys.detail(answer.customer_id) });
    },
    onError: (err, input) => {
      if (err instanceof ApiError && err.errcode === ErrCode.TICKET_STALE)
        void queryClient.invalidateQueries({ queryKey: ticketKeys.detail(input.id) });
    },
  });
}

export const useMoveTicket = () =>
  useTicketWrite((input: z.input<typeof ticketMoveInput>) =>
    callOrQueue(endpoints.ticketMove, input, { label: t`Status change of a repair ticket` }),
  );

/** A note alone: queued offline like the moves, landing once (decision 0056). */
export const useAddNote = () =>
  useTicketWrite((input: z.input<typeof ticketNoteInput>) =>
    callOrQueue(endpoints.ticketNote, input, { label: t`Note on a repair ticket` }),
  );

export const useAddLine = () =>
  useTicketWrite((input: z.input<typeof ticketLineAddInput>) =>
    callOrQueue(endpoints.ticketLineAdd, input, { label: t`Quote line of a repair ticket` }),
  );

export const useDecideQuote = () =>
  useTicketWrite((input: z.input<typeof ticketQuoteDecideInput>) =>
    callOrQueue(endpoints.ticketQuoteDecide, input, { label: t`Customer's answer to a quote` }),
  );

export const usePay = () =>
  useTicketWrite((input: z.input<typeof ticketPayInput>) => callApi(endpoints.ticketPay, input));

export const useRefund = () =>
  useTicketWrite((input: z.input<typeof ticketRefundInput>) => callApi(endpoints.ticketRefund, input));

export const useVoid = () =>
  useTicketWrite((input: z.input<typeof ticketVoidInput>) => callApi(endpoints.ticketVoid, input));
