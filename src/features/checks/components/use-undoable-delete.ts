import { t } from '@lingui/core/macro';
import { newRequestId, useDeleteOrder } from '../api/orders-api.ts';
import { useRestoreOrder } from '../api/actions-api.ts';
import { notifyWithAction } from '#src/ui/notify-action.tsx';
import { notify } from '#src/ui/notify.ts';

/**
 * Delete an order with an Undo in the toast (the deleted orders list offers it too, for 30 days).
 * Undo is the restore endpoint; both wait in the outbox when offline, in order.
 */
export function useUndoableDelete() {
  const remove = useDeleteOrder();
  const restore = useRestoreOrder();
  const undo = (orderId: number, title: string) =>
    restore.mutate(
      { order_id: orderId, request_id: newRequestId() },
      { onSuccess: () => notify('success', t`The order “${title}” is back.`) },
    );
  const deleteOrder = (order: { id: number; title: string }, onDone?: () => void) =>
    remove.mutate(
      { order_id: order.id, request_id: newRequestId() },
      {
        onSuccess: () => {
          onDone?.();
          const title = order.title;
          notifyWithAction(t`The order “${title}” was deleted.`, {
            label: t`Undo`,
            onClick: () => undo(order.id, order.title),
            testId: 'undo-delete',
          });
        },
      },
    );
  return { deleteOrder, remove, undo, restore };
}
