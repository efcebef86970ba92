import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { OrderRow } from '#contract/schemas/checks-orders.ts';
import { ApiError } from '#src/lib/api/errors.ts';
import { localizedErrorMessage } from '#src/lib/api/error-messages.ts';
import { useUndoableDelete } from './use-undoable-delete.ts';

/** The orders list's delete confirmation (OrderList.tsx); the delete itself can be undone. */
export function DeleteOrderModal({ order, onClose }: { order: OrderRow | null; onClose(): void }) {
  const { t } = useLingui();
  const { deleteOrder, remove } = useUndoableDelete();
  const close = () => {
    remove.reset();
    onClose();
  };
  const failure = remove.error instanceof ApiError ? remove.error : null;
  return (
    <Modal opened={order !== null} onClose={close} title={t`Delete order`} centered>
      {order && (
        <Stack>
          <Text>
            <Trans>Delete the order “{order.title}”? Its results will no longer be listed.</Trans>
          </Text>
          {failure && (
            <Alert color="red" data-testid="delete-error">
              {localizedErrorMessage(failure.errcode, failure.message, failure.datas)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              <Trans>Cancel</Trans>
            </Button>
            <Button
              color="red"
              loading={remove.isPending}
              onClick={() => deleteOrder(order, close)}
              data-testid="confirm-delete"
            >
              <Trans>Delete</Trans>
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
