import { Loader, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Trans } from '@lingui/react/macro';
import { DataAsOf } from '#src/ui/DataAsOf.tsx';
import { counterSettingsQuery, shopContactSettingsQuery } from '../api/settings-api.ts';
import { ShopSettingsForm } from './ShopSettingsForm.tsx';

/** Shop settings (Admin, /app/settings/shop): the shop, its tickets and receipts, its messages to customers. */
export function ShopSettingsPage() {
  const shop = useQuery(shopContactSettingsQuery());
  const counter = useQuery(counterSettingsQuery());
  return (
    <Stack maw={960}>
      <Title order={2}>
        <Trans>Shop settings</Trans>
      </Title>
      <DataAsOf query={counter} />
      {shop.data && counter.data ? (
        <ShopSettingsForm shop={shop.data} counter={counter.data} />
      ) : (
        (shop.isPending || counter.isPending) && <Loader aria-label="…" />
      )}
    </Stack>
  );
}
