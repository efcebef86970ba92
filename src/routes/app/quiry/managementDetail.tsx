import { useMemo } from 'react';
import { Group } from '@mantine/core';
import { createFileRoute, useRouter } from '@tanstack/react-router';
import { normalizeFilter, parseResultFilter, type ResultFilter } from '#contract/results-filter/filter.ts';
import { OrderDetail } from '#src/features/checks/components/OrderDetail.tsx';
import { ExportButton } from '#src/features/exports/components/ExportButton.tsx';
import { loadCurrentUser } from '#src/features/auth/session.ts';
import { prefetchPageData } from '#src/app/page-data.ts';
import { orderDetailQuery } from '#src/features/checks/api/orders-api.ts';
import { orderResultsQuery } from '#src/features/checks/api/results-api.ts';

type DetailSearch = Partial<Record<keyof ResultFilter, unknown>> & { order_id?: number };

/**
 * `order_id` must be a positive integer; anything else is dropped (the page then says so). The rest
 * is the results' filter (contract/results-filter): kept in the URL so a filtered view can be shared
 * and survives a reload. It is parsed by the page (useResultFilter), not here: the route's search
 * parser runs in the first-load bundle, and the filter's zod schema must stay out of it (decision 0025).
 */
function parseDetailSearch(search: Record<string, unknown>): DetailSearch {
  const id = Number(search.order_id);
  const { order_id: _, ...rest } = search;
  return Number.isSafeInteger(id) && id > 0 ? { ...rest, order_id: id } : rest;
}

/**
 * The results' filter from the URL: invalid parts of a hand-edited URL are dropped, never an error
 * (digits the router reads as numbers, `?q=3532561001`, are taken as text by parseResultFilter).
 * The same filter keeps the same object (keyed by its text), as the router's own parse did: the
 * results page runs effects on a change of filter.
 */
function useResultFilter(search: DetailSearch): ResultFilter {
  const { order_id: _, ...rest } = search;
  const text = JSON.stringify(rest);
  return useMemo(() => parseResultFilter(JSON.parse(text)), [text]);
}

// Not kept alive (spec section 2): every visit starts from the server's state of the order.
export const Route = createFileRoute('/app/quiry/managementDetail')({
  validateSearch: parseDetailSearch,
  // The order and its results (decision 0054); a filter change in the URL does not run it again.
  loaderDeps: ({ search }) => ({ order_id: search.order_id }),
  loader: ({ context, deps }) =>
    deps.order_id === undefined
      ? undefined
      : prefetchPageData(context, [orderDetailQuery(deps.order_id), orderResultsQuery(deps.order_id)]),
  component: ManagementDetailRoute,
});

function ManagementDetailRoute() {
  const search = Route.useSearch();
  const { order_id } = search;
  const filter = useResultFilter(search);
  const navigate = Route.useNavigate();
  const router = useRouter();
  // Points move (frozen, settled, refunded): the balance in the top bar follows.
  const refreshUser = () => void loadCurrentUser().catch(() => undefined);
  return (
    <>
      {order_id !== undefined && (
        <Group justify="flex-end">
          <ExportButton orderId={order_id} filter={filter} />
        </Group>
      )}
      <OrderDetail
        key={order_id}
        orderId={order_id}
        filter={filter}
        // Filter changes replace the history entry: Back leaves the order, not each tick.
        onFilterChange={(next) => {
          // The write comes a quiet moment after the last keystroke (use-page-filter.ts). If the
          // user has left meanwhile (the next page still loading keeps this one mounted), writing
          // would pull them back to this order: the location already names the next page.
          if (router.state.location.pathname !== Route.fullPath) return;
          void navigate({ search: { order_id, ...normalizeFilter(next) }, replace: true });
        }}
        onOpenOrder={(id) => void navigate({ search: { order_id: id } })}
        onDeleted={() => void navigate({ to: '/app/quiry/basicinquiry' })}
        onOrderDone={refreshUser}
        onOrderChanged={refreshUser}
      />
    </>
  );
}
