import { Stack, Title } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import type { OrderWriteDatas } from '#contract/schemas/checks-orders.ts';
import { ChecksConnectionNotice } from './ChecksConnectionNotice.tsx';
import { NewOrderPanel } from './NewOrderPanel.tsx';
import { OrderList, type CreatedRange } from './OrderList.tsx';

interface BasicInquiryProps {
  userId: number;
  /** The account's spendable points, hundredths. */
  balance: number;
  onPlaced(datas: OrderWriteDatas): void;
  /** Only the orders created on these shop days (a dashboard figure's click-through), or all. */
  created?: CreatedRange | null;
  onClearCreated?(): void;
}

/** Basic inquiry (/app/quiry/basicinquiry): a new check order, and the account's orders. */
export function BasicInquiry({
  userId,
  balance,
  onPlaced,
  created = null,
  onClearCreated,
}: BasicInquiryProps) {
  return (
    <Stack>
      <Title order={2}>
        <Trans>Basic inquiry</Trans>
      </Title>
      <ChecksConnectionNotice />
      <NewOrderPanel userId={userId} balance={balance} onPlaced={onPlaced} />
      <Title order={3}>
        <Trans>Check orders</Trans>
      </Title>
      <OrderList userId={userId} created={created} onClearCreated={onClearCreated} />
    </Stack>
  );
}
