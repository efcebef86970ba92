import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { receiptTicketQuery } from './receipt-api.ts';
import { ticketKeys } from './ticket-keys.ts';

describe('receiptTicketQuery', () => {
  it('reads what the ticket page last wrote: a collection receipt after a payment shows the payment', () => {
    const client = new QueryClient();
    // Before the fix the receipt kept its own entry: the copy cached at intake (no work done, the
    // deposit as "paid") printed on the collection receipt for as long as it stayed fresh.
    client.setQueryData(receiptTicketQuery(7).queryKey, { id: 7, paid_fen: 10_000 } as never);
    client.setQueryData(ticketKeys.detail(7), { id: 7, paid_fen: 50_000 } as never);
    expect(client.getQueryData(receiptTicketQuery(7).queryKey)).toEqual({ id: 7, paid_fen: 50_000 });
  });
});
