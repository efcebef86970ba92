import { Anchor, Badge, Button, Group, Progress, Table, Text } from '@mantine/core';
import { Link, useNavigate } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { OrderRow } from '#contract/schemas/checks-orders.ts';
import { formatHundredths } from '#src/lib/amount.ts';
import { formatDateTime } from '#src/lib/dates.ts';
import { clickHasOwnTarget } from '#src/ui/row-click.ts';

/**
 * One check order in the orders table (OrderList.tsx): opened by a click, deleted after a confirmation.
 * `compact` (a tablet): without the settled amount, the remark and the details button, which the row
 * and its title already are.
 */
export function OrderTableRow({
  order,
  onDelete,
  compact = false,
}: {
  order: OrderRow;
  onDelete(order: OrderRow): void;
  compact?: boolean;
}) {
  const { t } = useLingui();
  const navigate = useNavigate();
  return (
    <Table.Tr
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
      {!compact && <Table.Td ta="end">{formatHundredths(order.settled)}</Table.Td>}
      <Table.Td>
        <Text size="sm">{formatDateTime(order.created_at)}</Text>
        <Text size="xs" c="dimmed">
          {order.creator_name}
        </Text>
      </Table.Td>
      {!compact && (
        <Table.Td maw={220}>
          <Text size="sm" truncate="end" title={order.remark}>
            {order.remark || '—'}
          </Text>
        </Table.Td>
      )}
      <Table.Td>
        <Group gap={4} wrap="nowrap">
          {!compact && (
            <Button
              size="xs"
              variant="subtle"
              renderRoot={(props) => (
                <Link {...props} to="/app/quiry/managementDetail" search={{ order_id: order.id }} />
              )}
            >
              <Trans>Details</Trans>
            </Button>
          )}
          <Button
            size="xs"
            variant="subtle"
            color="red"
            onClick={() => onDelete(order)}
            aria-label={t`Delete ${order.title}`}
          >
            <Trans>Delete</Trans>
          </Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
