import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { ShoppingCenter } from '#src/features/wallet/components/ShoppingCenter.tsx';
import { useCurrentUser } from '#src/features/auth/session.ts';
import { Role } from '#contract/roles.ts';

export const Route = createFileRoute('/app/shoppingcenter/shoppingcenter')({
  component: ShoppingCenterRoute,
});

function ShoppingCenterRoute() {
  const user = useCurrentUser();
  const navigate = useNavigate();
  if (!user) return null;
  return (
    <ShoppingCenter
      isAdmin={user.role === Role.Admin}
      onRecharge={(orderNo) => void navigate({ to: '/orderAlipay', search: { order_no: orderNo } })}
    />
  );
}
