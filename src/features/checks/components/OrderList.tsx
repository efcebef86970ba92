import { useState } from 'react';
import {
  Badge,
  Button,
  Group,
  Pagination,
  Stack,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import type { OrderRow } from '#contract/schemas/checks-orders.ts';
import { ORDERS_PAGE_SIZE, orderListQuery, type CreatedRange } from '../api/orders-api.ts';

export type { CreatedRange };
import { DeletedOrdersButton } from './DeletedOrders.tsx';
import { DeleteOrderModal } from './DeleteOrderModal.tsx';
import { OrdersSummary } from './OrdersSummary.tsx';
import { OrderTableRow } from './OrderTableRow.tsx';
import { useTabletLayout } from '#src/ui/use-tablet-layout.ts';
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
  // On a tablet the settled amount and the remark give way, so that a row's delete button stays on
  // screen (issue 27); the row and its title open the order.
  const tablet = useTabletLayout();
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
      <OrdersSummary summary={summary} />
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
      <Table.ScrollContainer minWidth={tablet ? 600 : 900}>
        <Table striped highlightOnHover data-testid="order-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t`Title`}</Table.Th>
              <Table.Th scope="col">{t`Devices`}</Table.Th>
              <Table.Th scope="col">{t`Progress`}</Table.Th>
              <Table.Th scope="col" ta="end">{t`Price`}</Table.Th>
              {!tablet && (
                <Table.Th scope="col" ta="end">
                  {t`Settled`}
                </Table.Th>
              )}
              <Table.Th scope="col">{t`Placed`}</Table.Th>
              {!tablet && <Table.Th scope="col">{t`Remark`}</Table.Th>}
              <Table.Th scope="col">
                <VisuallyHidden>{t`Actions`}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((order) => (
              <OrderTableRow key={order.id} order={order} onDelete={setDeleting} compact={tablet} />
            ))}
            {list.isSuccess && rows.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={tablet ? 6 : 8}>
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
