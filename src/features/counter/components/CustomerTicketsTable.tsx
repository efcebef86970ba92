import { Anchor, Badge, Table } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import type { CustomerDetail } from '#contract/schemas/counter-customers.ts';
import { formatDateTime } from '#src/lib/dates.ts';
import { Ltr } from '#src/ui/Ltr.tsx';
import { TICKET_STATUS_WORDS } from '#src/lib/ticket-status-words.ts';
import { yuan } from '../model/money-text.ts';
import { ticketHref, useWordOrDash } from './customer-history-words.ts';

/** A customer's tickets: number (a link to it), status, due, paid net of refunds, when taken in. */
export function CustomerTicketsTable({ tickets }: { tickets: CustomerDetail['tickets'] }) {
  const { t } = useLingui();
  const word = useWordOrDash();
  return (
    <Table striped>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t`Ticket`}</Table.Th>
          <Table.Th>{t`Status`}</Table.Th>
          <Table.Th>{t`Due`}</Table.Th>
          <Table.Th>{t`Paid`}</Table.Th>
          <Table.Th>{t`Taken in`}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {tickets.map((ticket) => (
          <Table.Tr key={ticket.id} data-testid="customer-ticket">
            <Table.Td>
              <Anchor href={ticketHref(ticket.id)}>
                <Ltr>{ticket.no_text}</Ltr>
              </Anchor>
            </Table.Td>
            <Table.Td>
              <Badge variant="light">{word(TICKET_STATUS_WORDS, ticket.status)}</Badge>
            </Table.Td>
            <Table.Td>{yuan(ticket.due_fen)}</Table.Td>
            <Table.Td>{yuan(ticket.paid_fen - ticket.refunded_fen)}</Table.Td>
            <Table.Td>{formatDateTime(ticket.created_at)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
