import { Anchor, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TicketDetail } from '#contract/schemas/counter-tickets.ts';
import { TICKET_STATUS_WORDS } from '#src/lib/ticket-status-words.ts';
import { isOverdue } from '../ticket-model.ts';
import { TICKET_STATUS_COLORS } from '../ticket-words.ts';

// Pages of other features are reached by URL (hash history), not by importing them.
const customerHref = (id: number) => `#/app/customers/detail?id=${id}`;
const receiptHref = (id: number, kind: 'intake' | 'collection') =>
  `#/app/tickets/receipt?id=${id}&kind=${kind}`;

/**
 * The ticket's header: its number, status (and "overdue" past its promised day, as the list says)
 * and customer; the receipts to print; a warranty return once collected.
 */
export function TicketHeader({
  ticket,
  now,
  onWarranty,
}: {
  ticket: TicketDetail;
  /** Unix seconds the ticket was read at: overdue as of then (render stays pure). */
  now: number;
  onWarranty(): void;
}) {
  const { t, i18n } = useLingui();
  return (
    <Group justify="space-between" align="flex-start">
      <Stack gap={4}>
        <Group gap="sm">
          <Title order={2} data-testid="ticket-no">
            {ticket.no_text}
          </Title>
          <Badge size="lg" color={TICKET_STATUS_COLORS[ticket.status]} data-testid="ticket-status">
            {i18n._(TICKET_STATUS_WORDS[ticket.status])}
          </Badge>
          {isOverdue(ticket.status, ticket.promised_at, now) && (
            <Badge size="lg" color="red.9" data-testid="ticket-overdue">
              {t`Overdue`}
            </Badge>
          )}
        </Group>
        <Text>
          <Trans>Customer:</Trans>{' '}
          <Anchor href={customerHref(ticket.customer_id)} data-testid="ticket-customer-link">
            {ticket.customer_name}
          </Anchor>
        </Text>
      </Stack>
      <Group gap="xs">
        <Button
          component="a"
          variant="default"
          href={receiptHref(ticket.id, 'intake')}
          data-testid="print-intake"
        >
          <Trans>Print intake receipt</Trans>
        </Button>
        <Button
          component="a"
          variant="default"
          href={receiptHref(ticket.id, 'collection')}
          data-testid="print-collection"
        >
          <Trans>Print collection receipt</Trans>
        </Button>
        {ticket.status === 'collected' && (
          <Button variant="light" onClick={onWarranty} data-testid="warranty-return">
            <Trans>Warranty return</Trans>
          </Button>
        )}
      </Group>
    </Group>
  );
}
