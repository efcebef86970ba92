import { useState } from 'react';
import { Alert, Anchor, Badge, Button, Group, Loader, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { OrderRow } from '#contract/schemas/checks-orders.ts';
import type { DeviceResultRow } from '#contract/schemas/checks-results.ts';
import type { ResultFilter } from '#contract/results-filter/filter.ts';
import { notify } from '#src/ui/notify.ts';
import { ErrCode } from '#contract/errcodes.ts';
import { ApiError } from '#src/lib/api/errors.ts';
import { SERVICE_NAMES } from '#src/lib/check-service-names.ts';
import { formatDateTime } from '#src/lib/dates.ts';
import { orderDetailQuery } from '../api/orders-api.ts';
import { orderResultsQuery } from '../api/results-api.ts';
import { useFollowOrder } from '../api/use-follow-order.ts';
import { ChecksConnectionNotice } from './ChecksConnectionNotice.tsx';
import { AddDevicesModal } from './AddDevicesModal.tsx';
import { OrderProgress } from './OrderProgress.tsx';
import { RemarkEditor } from './RemarkEditor.tsx';
import { ResultsWorkspace } from './ResultsWorkspace.tsx';
import { useUndoableDelete } from './use-undoable-delete.ts';

const EMPTY: readonly DeviceResultRow[] = [];

/** Order detail (/app/quiry/managementDetail?order_id=N): header, live progress, results. */
interface OrderDetailProps {
  orderId: number | undefined;
  /** The results' filters (kept in the URL by the route). */
  filter: ResultFilter;
  onFilterChange(next: ResultFilter): void;
  /** Open another order (a derived order just placed). */
  onOpenOrder(orderId: number): void;
  /** The order was deleted (the toast offers Undo). */
  onDeleted(): void;
  /** The order finished while shown (settled and refunded points changed the balance). */
  onOrderDone(): void;
  /** Devices were added (points frozen). */
  onOrderChanged(): void;
}

export function OrderDetail({ orderId, ...rest }: OrderDetailProps) {
  return (
    <Stack>
      <Title order={2}>
        <Trans>Order detail</Trans>
      </Title>
      {orderId !== undefined && <ChecksConnectionNotice />}
      {orderId === undefined ? (
        <Alert color="gray">
          <Trans>
            Choose an order in{' '}
            <Anchor component={Link} to="/app/quiry/basicinquiry">
              basic inquiry
            </Anchor>{' '}
            to see its results.
          </Trans>
        </Alert>
      ) : (
        <OrderView orderId={orderId} {...rest} />
      )}
    </Stack>
  );
}

function OrderView({
  orderId,
  filter,
  onFilterChange,
  onOpenOrder,
  onDeleted,
  onOrderDone,
  onOrderChanged,
}: Omit<OrderDetailProps, 'orderId'> & { orderId: number }) {
  const { t } = useLingui();
  const order = useQuery(orderDetailQuery(orderId));
  const results = useQuery(orderResultsQuery(orderId));
  useFollowOrder(orderId, order.data?.status, onOrderDone);
  const [adding, setAdding] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const { deleteOrder, remove } = useUndoableDelete();
  const devices = results.data?.devices ?? EMPTY;

  if (order.error instanceof ApiError && order.error.errcode === ErrCode.ORDER_NOT_FOUND) {
    return (
      <Alert color="red" data-testid="order-not-found">
        <Trans>This check order does not exist or was deleted.</Trans>
      </Alert>
    );
  }
  if (!order.data) {
    if (order.isError)
      return (
        <Alert color="red">
          <Trans>The order could not be loaded. Please try again later.</Trans>
        </Alert>
      );
    return <Loader aria-label={t`Loading`} />;
  }
  const o = order.data;

  return (
    <Stack>
      <OrderHeader
        order={o}
        onAdd={() => setAdding(true)}
        addDisabled={results.isPending}
        onDelete={() => setConfirmDelete(true)}
      />
      <OrderProgress order={o} />
      {results.isPending ? (
        <Loader aria-label={t`Loading`} />
      ) : (
        <ResultsWorkspace
          order={o}
          devices={devices}
          filter={filter}
          onFilterChange={onFilterChange}
          onDerived={(datas) => {
            onOrderChanged();
            notify('success', t`The new order was placed.`);
            onOpenOrder(datas.order_id);
          }}
        />
      )}
      <Modal
        closeButtonProps={{ 'aria-label': t`Close` }}
        opened={confirmDelete}
        onClose={() => setConfirmDelete(false)}
        title={t`Delete order`}
        centered
      >
        <Stack>
          <Text>
            <Trans>Delete the order “{o.title}”? You can undo it for 30 days.</Trans>
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirmDelete(false)}>
              <Trans>Cancel</Trans>
            </Button>
            <Button
              color="red"
              loading={remove.isPending}
              data-testid="confirm-delete"
              onClick={() =>
                deleteOrder(o, () => {
                  setConfirmDelete(false);
                  onDeleted();
                })
              }
            >
              <Trans>Delete</Trans>
            </Button>
          </Group>
        </Stack>
      </Modal>
      <AddDevicesModal
        order={o}
        devices={devices}
        opened={adding}
        onClose={() => setAdding(false)}
        onAdded={onOrderChanged}
      />
    </Stack>
  );
}

/** The order's title, who placed it, its services and remark, and its two actions. */
function OrderHeader({
  order,
  onAdd,
  addDisabled,
  onDelete,
}: {
  order: OrderRow;
  onAdd: () => void;
  addDisabled: boolean;
  onDelete: () => void;
}) {
  const { i18n } = useLingui();
  return (
    <Paper withBorder p="md">
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start">
          <div>
            <Title order={3} data-testid="order-title">
              {order.title}
            </Title>
            <Text size="sm" c="dimmed">
              <Trans>
                Placed {formatDateTime(order.created_at)} by {order.creator_name} ·{' '}
                <Plural value={order.devices} one="# device" other="# devices" />
              </Trans>
            </Text>
          </div>
          <Group gap={4}>
            {order.services.map((code) => (
              <Badge key={code} variant="light">
                {i18n._(SERVICE_NAMES[code])}
              </Badge>
            ))}
          </Group>
        </Group>
        <Group align="flex-end" justify="space-between">
          {/* A basis, not 0: with long buttons (Spanish at 768 px) they go under the remark, which
              was squeezed to a box of a few characters. */}
          <div style={{ flex: '1 1 360px' }}>
            <RemarkEditor orderId={order.id} remark={order.remark} />
          </div>
          <Group gap="xs">
            <Button variant="light" onClick={onAdd} disabled={addDisabled}>
              <Trans>Add devices</Trans>
            </Button>
            <Button
              variant="subtle"
              color="red"
              onClick={onDelete}
              disabled={order.status === 'running'}
              data-testid="delete-order"
            >
              <Trans>Delete order</Trans>
            </Button>
          </Group>
        </Group>
      </Stack>
    </Paper>
  );
}
