import { Stack, Title } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import type { OrderWriteDatas } from '#contract/schemas/checks-orders.ts';
import { NewOrderPanel } from './NewOrderPanel.tsx';
import { OrderList } from './OrderList.tsx';

interface BasicInquiryProps {
  userId: number;
  /** The account's spendable points, hundredths. */
  balance: number;
  onPlaced(datas: OrderWriteDatas): void;
}

/** Basic inquiry (/app/quiry/basicinquiry): a new check order, and the account's orders. */
export function BasicInquiry({ userId, balance, onPlaced }: BasicInquiryProps) {
  return (
    <Stack>
      <Title order={2}>
        <Trans>Basic inquiry</Trans>
      </Title>
      <NewOrderPanel userId={userId} balance={balance} onPlaced={onPlaced} />
      <Title order={3}>
        <Trans>Check orders</Trans>
      </Title>
      <OrderList userId={userId} />
    </Stack>
  );
}
