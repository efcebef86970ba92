import { createFileRoute } from '@tanstack/react-router';
import { OrderAlipay } from '#src/features/wallet/components/OrderAlipay.tsx';
import { useCurrentUser } from '#src/features/auth/session.ts';
import { Role } from '#contract/roles.ts';

// The payment page (spec section 2) of one recharge order: ?order_no=… . Signed-in staff of the shop
// only (the guard sends others to sign in and back); the payer's phone never opens it: the QR code
// holds the provider's own payment content (docs/decisions/0019-wallet-pwa.md).
export const Route = createFileRoute('/orderAlipay')({
  // The router reads search values as JSON: an all-digit order number arrives as a number.
  validateSearch: (search: Record<string, unknown>): { order_no?: string } =>
    typeof search.order_no === 'string' || typeof search.order_no === 'number'
      ? { order_no: String(search.order_no) }
      : {},
  component: OrderAlipayRoute,
});

function OrderAlipayRoute() {
  const { order_no = '' } = Route.useSearch();
  const user = useCurrentUser();
  if (!user) return null;
  return <OrderAlipay key={order_no} orderNo={order_no} isAdmin={user.role === Role.Admin} />;
}
