import { Button, Modal, Stack, Text } from '@mantine/core';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { OrderWriteDatas } from '#contract/schemas/checks-orders.ts';
import { ServerRejects } from './ServerRejects.tsx';

/**
 * Said once an order is placed with lines the server did not take (NewOrderPanel.tsx): which, and why;
 * closing it opens the order.
 */
export function OrderPlacedModal({
  answer,
  openOrder,
}: {
  answer: OrderWriteDatas | null;
  openOrder(orderId: number): void;
}) {
  const { t } = useLingui();
  return (
    <Modal
      opened={answer !== null}
      onClose={() => answer && openOrder(answer.order_id)}
      title={t`Order placed`}
      size="lg"
    >
      {answer && (
        <Stack>
          <Text>
            <Plural
              value={answer.added}
              one="# device is being checked. The server did not take these lines:"
              other="# devices are being checked. The server did not take these lines:"
            />
          </Text>
          <ServerRejects answer={answer} testId="server-rejected" />
          <Button onClick={() => openOrder(answer.order_id)}>
            <Trans>Open the order</Trans>
          </Button>
        </Stack>
      )}
    </Modal>
  );
}
