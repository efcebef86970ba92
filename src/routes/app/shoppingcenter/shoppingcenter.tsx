import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { prefetchPageData } from '#src/app/page-data.ts';
import { packagesQuery, surplusQuery, walletCenterQuery } from '#src/features/wallet/api/wallet-api.ts';
import { rechargeConfigQuery } from '#src/features/wallet/api/recharge-api.ts';
import { ShoppingCenter } from '#src/features/wallet/components/ShoppingCenter.tsx';
import { useCurrentUser } from '#src/features/auth/session.ts';
import { Role } from '#contract/roles.ts';

export const Route = createFileRoute('/app/shoppingcenter/shoppingcenter')({
  loader: ({ context }) =>
    prefetchPageData(context, [walletCenterQuery(), surplusQuery(), packagesQuery(), rechargeConfigQuery()]),
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
