import { Alert, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { useOnline } from '#src/lib/offline/network.ts';
import { DataAsOf } from '#src/ui/DataAsOf.tsx';
import { walletCenterQuery } from '../api/wallet-api.ts';
import { SHOP_BLOCKED_ID, payBlockReason } from '../model/pay-permission.ts';
import { PackageList } from './PackageList.tsx';
import { RechargePanel } from './RechargePanel.tsx';
import { SurplusTable } from './SurplusTable.tsx';
import { WalletSummary } from './WalletSummary.tsx';

/**
 * The shopping center (/app/shoppingcenter/shoppingcenter): the shop's points, VIP and unused package
 * checks; the packages on sale; recharging points with money. Everyone sees it; only Admins, online,
 * can buy or recharge (the server refuses the others too).
 */
export function ShoppingCenter({
  isAdmin,
  onRecharge,
}: {
  isAdmin: boolean;
  onRecharge(orderNo: string): void;
}) {
  const { i18n } = useLingui();
  const online = useOnline();
  const center = useQuery(walletCenterQuery());
  const blocked = payBlockReason({ isAdmin, online });
  return (
    <Stack>
      <Title order={2}>
        <Trans>Shopping center</Trans>
      </Title>
      <DataAsOf query={center} />
      {blocked && (
        // Said once, here: the recharge form and every package card point at it (issue 27: eight copies).
        <Alert
          id={SHOP_BLOCKED_ID}
          color={online ? 'blue' : 'orange'}
          variant="light"
          data-testid="shop-blocked"
        >
          {i18n._(blocked)}
        </Alert>
      )}
      <WalletSummary />
      {/* Recharging comes first: a package the balance cannot pay for says "recharge first". */}
      <RechargePanel blocked={blocked} onCreated={onRecharge} />
      <PackageList balance={center.data?.integral} blocked={blocked} />
      <SurplusTable />
    </Stack>
  );
}
