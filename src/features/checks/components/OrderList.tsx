import { useState } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Modal,
  Pagination,
  Paper,
  Progress,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { OrderRow } from '#contract/schemas/checks-orders.ts';
import { formatHundredths } from '#src/lib/amount.ts';
import { ApiError } from '#src/lib/api/errors.ts';
import { localizedErrorMessage } from '#src/lib/api/error-messages.ts';
import { formatDateTime } from '#src/lib/dates.ts';
import { clickHasOwnTarget } from '#src/ui/row-click.ts';
import { ORDERS_PAGE_SIZE, orderListQuery, type CreatedRange } from '../api/orders-api.ts';

export type { CreatedRange };
import { useUndoableDelete } from './use-undoable-delete.ts';
import { DeletedOrdersButton } from './DeletedOrders.tsx';
import { heardRecently } from '../api/progress.ts';
import { type InquiryDraft, updateInquiryDraft, useInquiryDraftField } from '../model/inquiry-draft.ts';

/** While an order on the page is running its progress is refetched this often. */
const RUNNING_REFRESH_MS = 3000;

/**
 * The account's check orders with their totals, search and paging; delete with a confirmation.
 * With `created` (a dashboard figure's click-through, from the URL) only the orders created on those
 * shop days: the summary then equals the figure. That view pages on its own, leaving the kept-alive
 * page of the full list as it was.
 */
export function OrderList({
  userId,
  created = null,
  onClearCreated,
}: {
  userId: number;
  created?: CreatedRange | null;
  onClearCreated?(): void;
}) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const draftPage = useInquiryDraftField(userId, 'page');
  const rangeKey = created ? `${created.from}/${created.to}` : '';
  const [rangePage, setRangePage] = useState({ key: rangeKey, page: 1 });
  const page = created ? (rangePage.key === rangeKey ? rangePage.page : 1) : draftPage;
  const setPage = (next: number) =>
    created ? setRangePage({ key: rangeKey, page: next }) : updateInquiryDraft(userId, { page: next });
  const savedKeyword = useInquiryDraftField(userId, 'keyword');
  const update = (patch: Partial<InquiryDraft>) => updateInquiryDraft(userId, patch);
  const [keyword, setKeyword] = useState(savedKeyword);
  const [debounced] = useDebouncedValue(keyword.trim(), 300);
  if (debounced !== savedKeyword) {
    update({ keyword: debounced, page: 1 });
    if (created) setRangePage({ key: rangeKey, page: 1 });
  }
  const list = useQuery({
    ...orderListQuery(page, savedKeyword, created),
    // The socket patches running orders in place (onCheckProgress); poll only for those it is silent on.
    refetchInterval: (query) =>
      query.state.data?.list.some(
        (o) => o.status === 'running' && !heardRecently(o.id, 2 * RUNNING_REFRESH_MS),
      )
        ? RUNNING_REFRESH_MS
        : false,
  });
  const [deleting, setDeleting] = useState<OrderRow | null>(null);
  const rows = list.data?.list ?? [];
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / ORDERS_PAGE_SIZE));
  const summary = list.data?.summary;

  return (
    <Stack>
      {created && (
        <Group gap="xs" data-testid="orders-created-filter">
          <Badge variant="light" size="lg">
            {created.from === created.to ? (
              <Trans>Created on {created.from}</Trans>
            ) : (
              <Trans>
                Created {created.from} to {created.to}
              </Trans>
            )}
          </Badge>
          {onClearCreated && (
            <Button size="xs" variant="subtle" onClick={onClearCreated} data-testid="orders-created-clear">
              <Trans>Show all orders</Trans>
            </Button>
          )}
        </Group>
      )}
      <SimpleGrid cols={{ base: 1, sm: 3 }} data-testid="orders-summary">
        <Stat label={t`Orders`} value={summary ? String(summary.orders) : '—'} testId="summary-orders" />
        <Stat label={t`Devices`} value={summary ? String(summary.devices) : '—'} testId="summary-devices" />
        <Stat
          label={t`Points spent`}
          value={summary ? formatHundredths(summary.points_spent) : '—'}
          testId="summary-points"
        />
      </SimpleGrid>
      <Group justify="space-between" align="flex-end">
        <TextInput
          label={t`Search orders`}
          placeholder={t`Title, remark, SN or IMEI`}
          value={keyword}
          onChange={(e) => setKeyword(e.currentTarget.value)}
          maw={360}
        />
        <DeletedOrdersButton />
      </Group>
      <Table.ScrollContainer minWidth={900}>
        <Table striped highlightOnHover data-testid="order-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t`Title`}</Table.Th>
              <Table.Th scope="col">{t`Devices`}</Table.Th>
              <Table.Th scope="col">{t`Progress`}</Table.Th>
              <Table.Th scope="col" ta="end">{t`Price`}</Table.Th>
              <Table.Th scope="col" ta="end">{t`Settled`}</Table.Th>
              <Table.Th scope="col">{t`Placed`}</Table.Th>
              <Table.Th scope="col">{t`Remark`}</Table.Th>
              <Table.Th scope="col">
                <VisuallyHidden>{t`Actions`}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((order) => (
              <Table.Tr
                key={order.id}
                data-testid="order-row"
                data-order-id={order.id}
                // The row opens the order (issue 27: a row click did nothing); its links and buttons
                // keep their own click.
                onClick={(event) => {
                  if (clickHasOwnTarget(event.target)) return;
                  void navigate({ to: '/app/quiry/managementDetail', search: { order_id: order.id } });
                }}
                style={{ cursor: 'pointer' }}
              >
                <Table.Td>
                  <Anchor
                    renderRoot={(props) => (
                      <Link {...props} to="/app/quiry/managementDetail" search={{ order_id: order.id }} />
                    )}
                  >
                    {order.title}
                  </Anchor>
                </Table.Td>
                <Table.Td>{order.devices}</Table.Td>
                <Table.Td miw={200}>
                  <Group gap={6} wrap="nowrap">
                    {/* Never shrunk: "FINISHED" was cut to "FINIS…" on a tablet (issue 27). */}
                    <Badge color={order.status === 'running' ? 'blue.8' : 'teal.9'} style={{ flex: 'none' }}>
                      {order.status === 'running' ? t`Checking` : t`Finished`}
                    </Badge>
                    <Progress value={order.progress} w={60} aria-label={t`Progress of ${order.title}`} />
                    <Text size="xs">{order.progress}%</Text>
                  </Group>
                </Table.Td>
                <Table.Td ta="end">{formatHundredths(order.price)}</Table.Td>
                <Table.Td ta="end">{formatHundredths(order.settled)}</Table.Td>
                <Table.Td>
                  <Text size="sm">{formatDateTime(order.created_at)}</Text>
                  <Text size="xs" c="dimmed">
                    {order.creator_name}
                  </Text>
                </Table.Td>
                <Table.Td maw={220}>
                  <Text size="sm" truncate="end" title={order.remark}>
                    {order.remark || '—'}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <Button
                      size="xs"
                      variant="subtle"
                      renderRoot={(props) => (
                        <Link {...props} to="/app/quiry/managementDetail" search={{ order_id: order.id }} />
                      )}
                    >
                      <Trans>Details</Trans>
                    </Button>
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      onClick={() => setDeleting(order)}
                      aria-label={t`Delete ${order.title}`}
                    >
                      <Trans>Delete</Trans>
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
            {list.isSuccess && rows.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={8}>
                  <Text c="dimmed" ta="center">
                    {savedKeyword || created ? (
                      <Trans>No order matches the search.</Trans>
                    ) : (
                      <Trans>No orders yet.</Trans>
                    )}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {pages > 1 && <Pagination value={page} onChange={setPage} total={pages} />}
      <DeleteOrderModal order={deleting} onClose={() => setDeleting(null)} />
    </Stack>
  );
}

function Stat({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Paper withBorder p="sm">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="xl" data-testid={testId}>
        {value}
      </Text>
    </Paper>
  );
}

function DeleteOrderModal({ order, onClose }: { order: OrderRow | null; onClose(): void }) {
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
