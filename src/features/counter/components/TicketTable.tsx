import { Badge, Table, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { z } from 'zod';
import type { ticketListRow } from '#contract/schemas/counter-tickets.ts';
import type { OutboxItem } from '#src/lib/offline/outbox-store.ts';
import { TicketRow } from './TicketRow.tsx';

/**
 * The tickets list's table: intakes made offline first (shown at once, without a number until the
 * server gives it; decision 0047), then the page of tickets read. On a tablet the technician gives
 * way (the ticket's page names them) and the money takes two lines: at 768 px seven columns squeezed
 * the customer's and the technician's names to one character a line, and the money out of sight.
 */
export function TicketTable({
  tablet,
  pending,
  rows,
  now,
  techName,
  onOpen,
}: {
  tablet: boolean;
  pending: readonly OutboxItem[];
  rows: readonly z.infer<typeof ticketListRow>[];
  now: number;
  techName(id: number | null): string;
  onOpen(id: number): void;
}) {
  const { t } = useLingui();
  return (
    <Table.ScrollContainer minWidth={tablet ? 640 : 900}>
      <Table striped highlightOnHover data-testid="ticket-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t`Ticket no.`}</Table.Th>
            <Table.Th>{t`Customer`}</Table.Th>
            <Table.Th>{t({ message: 'Devices', context: 'the heading of a list of devices' })}</Table.Th>
            <Table.Th>{t`Status`}</Table.Th>
            {!tablet && <Table.Th>{t`Technician`}</Table.Th>}
            <Table.Th>{t`Promised`}</Table.Th>
            <Table.Th ta="right">{t`Due / held`}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {pending.map((item) => (
            <Table.Tr key={item.id} data-testid="ticket-pending-row">
              <Table.Td>
                <Text size="sm" c="dimmed">
                  <Trans>No number yet</Trans>
                </Text>
              </Table.Td>
              <Table.Td colSpan={tablet ? 4 : 5}>
                <Text size="sm">{String(item.body.fault ?? '')}</Text>
              </Table.Td>
              <Table.Td ta="right">
                <Badge color={item.state === 'refused' ? 'red.9' : 'gray.8'}>
                  {item.state === 'refused' ? t`Refused by the server` : t`Waiting to be sent`}
                </Badge>
              </Table.Td>
            </Table.Tr>
          ))}
          {rows.map((r) => (
            <TicketRow
              key={r.id}
              ticket={r}
              technician={techName(r.technician_id)}
              tablet={tablet}
              now={now}
              onOpen={onOpen}
            />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
