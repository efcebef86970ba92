import { useState } from 'react';
import { Alert, Button, Group, Loader, Modal, Pagination, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { ApiError } from '#src/lib/api/errors.ts';
import { localizedErrorMessage } from '#src/lib/api/error-messages.ts';
import { formatDateTime } from '#src/lib/dates.ts';
import { deletedOrdersQuery } from '../api/actions-api.ts';
import { useUndoableDelete } from './use-undoable-delete.ts';

/** "Recently deleted": the orders deleted in the last 30 days, each with Restore (the undo of a delete). */
export function DeletedOrdersButton() {
  const [opened, setOpened] = useState(false);
  const { t } = useLingui();
  return (
    <>
      <Button variant="subtle" onClick={() => setOpened(true)} data-testid="deleted-orders">
        <Trans>Recently deleted</Trans>
      </Button>
      <Modal
        closeButtonProps={{ 'aria-label': t`Close` }}
        opened={opened}
        onClose={() => setOpened(false)}
        title={t`Recently deleted orders`}
        size="lg"
      >
        {opened && <DeletedOrdersList />}
      </Modal>
    </>
  );
}

function DeletedOrdersList() {
  const { t } = useLingui();
  const [page, setPage] = useState(1);
  const list = useQuery(deletedOrdersQuery(page));
  const { undo, restore } = useUndoableDelete();
  const failure = restore.error instanceof ApiError ? restore.error : null;
  if (!list.data)
    return list.isError ? <Alert color="red">{t`The list could not be loaded.`}</Alert> : <Loader />;
  const pages = Math.max(1, Math.ceil(list.data.total / 20));
  return (
    <Stack>
      <Text size="sm" c="dimmed">
        <Trans>Deleted orders can be restored for 30 days.</Trans>
      </Text>
      {failure && (
        <Alert color="red">{localizedErrorMessage(failure.errcode, failure.message, failure.datas)}</Alert>
      )}
      {list.data.list.length === 0 ? (
        <Text data-testid="no-deleted-orders">
          <Trans>No order was deleted recently.</Trans>
        </Text>
      ) : (
        <Table data-testid="deleted-orders-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t`Title`}</Table.Th>
              <Table.Th scope="col">{t`Devices`}</Table.Th>
              <Table.Th scope="col">{t`Deleted`}</Table.Th>
              <Table.Th scope="col">{t`Actions`}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.data.list.map((order) => (
              <Table.Tr key={order.id} data-testid="deleted-order-row" data-order-id={order.id}>
                <Table.Td>{order.title}</Table.Td>
                <Table.Td>{order.devices}</Table.Td>
                <Table.Td>{order.deleted_at ? formatDateTime(order.deleted_at) : '—'}</Table.Td>
                <Table.Td>
                  <Button
                    size="compact-sm"
                    variant="light"
                    loading={restore.isPending && restore.variables?.order_id === order.id}
                    onClick={() => undo(order.id, order.title)}
                    aria-label={t`Restore ${order.title}`}
                  >
                    <Trans>Restore</Trans>
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {pages > 1 && (
        <Group justify="center">
          <Pagination total={pages} value={page} onChange={setPage} />
        </Group>
      )}
    </Stack>
  );
}
