import { createFileRoute } from '@tanstack/react-router';
import { OrderDetail } from '#src/features/checks/components/OrderDetail.tsx';
import { loadCurrentUser } from '#src/features/auth/session.ts';

interface DetailSearch {
  order_id?: number;
}

/** `order_id` must be a positive integer; anything else is dropped (the page then says so). */
function parseDetailSearch(search: Record<string, unknown>): DetailSearch {
  const id = Number(search.order_id);
  return Number.isSafeInteger(id) && id > 0 ? { order_id: id } : {};
}

// Not kept alive (spec section 2): every visit starts from the server's state of the order.
export const Route = createFileRoute('/app/quiry/managementDetail')({
  validateSearch: parseDetailSearch,
  component: ManagementDetailRoute,
});

function ManagementDetailRoute() {
  const { order_id } = Route.useSearch();
  // Points move (frozen, settled, refunded): the balance in the top bar follows.
  const refreshUser = () => void loadCurrentUser().catch(() => undefined);
  return (
    <OrderDetail key={order_id} orderId={order_id} onOrderDone={refreshUser} onOrderChanged={refreshUser} />
  );
}
