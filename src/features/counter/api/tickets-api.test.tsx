import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { customerKeys } from './customer-keys.ts';
import { useCreateTicket, useMoveTicket } from './tickets-api.ts';

// The server's answers, without a network: a write answers the ticket as it now is.
vi.mock('#src/lib/offline/outbox.ts', () => ({
  callOrQueue: vi.fn(async () => ({ id: 3, customer_id: 42, version: 2 })),
  isQueued: (answer: object) => 'queued' in answer,
}));

function setup() {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: 60_000 } } });
  client.setQueryData(customerKeys.detail(42), { tickets: [] });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const stale = () => client.getQueryState(customerKeys.detail(42))?.isInvalidated;
  return { wrapper, stale };
}

// The e2e flow found the customer's page without the ticket just taken in and paid: its copy from
// before stayed fresh, nothing told it the customer's tickets had changed.
describe("ticket writes and the customer's page", () => {
  it('a new ticket makes the customer page read again', async () => {
    const { wrapper, stale } = setup();
    const { result } = renderHook(() => useCreateTicket(), { wrapper });
    expect(stale()).toBe(false);
    await act(() =>
      result.current.mutateAsync({ customer_id: 42, devices: [{ ident: 'F2LXK0ABHG7F' }], fault: 'x' }),
    );
    expect(stale()).toBe(true);
  });

  it("a move (or a quote, a payment) makes the ticket's customer page read again", async () => {
    const { wrapper, stale } = setup();
    const { result } = renderHook(() => useMoveTicket(), { wrapper });
    await act(() => result.current.mutateAsync({ id: 3, version: 1, to: 'diagnosing' }));
    expect(stale()).toBe(true);
  });
});
