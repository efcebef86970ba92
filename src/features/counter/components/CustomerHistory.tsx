import type { ReactNode } from 'react';
import { Anchor, Badge, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import type { CustomerDetail } from '#contract/schemas/counter-customers.ts';
import { formatDateTime } from '#src/lib/dates.ts';
import { Ltr } from '#src/ui/Ltr.tsx';
import { PAYMENT_METHOD_WORDS } from '#src/lib/payment-method-words.ts';
import { TICKET_STATUS_WORDS } from '#src/lib/ticket-status-words.ts';
import { MONEY_KIND_WORDS, wordOf } from '../model/counter-words.ts';
import { yuan } from '../model/money-text.ts';

/** The tickets page is the tickets screen's route (c26-tickets); a plain hash link keeps this file free of it. */
const ticketHref = (id: number) => `#/app/tickets/detail?id=${id}`;

function Section({
  title,
  testId,
  empty,
  children,
}: {
  title: string;
  testId: string;
  empty: boolean;
  children: ReactNode;
}) {
  const { t } = useLingui();
  return (
    <Paper withBorder p="sm" data-testid={testId}>
      <Stack gap="xs">
        <Title order={3} size="h4">
          {title}
        </Title>
        {empty ? (
          <Text c="dimmed" size="sm">{t`None yet`}</Text>
        ) : (
          <Table.ScrollContainer minWidth={480}>{children}</Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  );
}

/** A customer's devices, tickets, checks, messages and money, each newest first as the server sends them. */
export function CustomerHistory({ detail }: { detail: CustomerDetail }) {
  const { t, i18n } = useLingui();
  const word = (words: Parameters<typeof wordOf>[0], value: string) => {
    const descriptor = wordOf(words, value);
    return descriptor ? i18n._(descriptor) : '—';
  };
  return (
    <Stack>
      <Section title={t`Tickets`} testId="customer-tickets" empty={detail.tickets.length === 0}>
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
            {detail.tickets.map((ticket) => (
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
      </Section>
      <Section title={t`Devices`} testId="customer-devices" empty={detail.devices.length === 0}>
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t`SN / IMEI`}</Table.Th>
              <Table.Th>{t`Model`}</Table.Th>
              <Table.Th>{t`Where`}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {detail.devices.map((device) => (
              <Table.Tr
                key={`${device.ident}-${device.ticket_id}-${device.repair_device_id}`}
                data-testid="customer-device"
              >
                <Table.Td>
                  <Ltr>{device.ident}</Ltr>
                </Table.Td>
                <Table.Td>{device.model ?? '—'}</Table.Td>
                <Table.Td>
                  {device.repair_device_id !== null ? (
                    <Link to="/app/maintenance/orderDetail" search={{ device_id: device.repair_device_id }}>
                      {t`Repair progress`}
                    </Link>
                  ) : device.ticket_id !== null ? (
                    <Anchor href={ticketHref(device.ticket_id)}>{t`Ticket`}</Anchor>
                  ) : (
                    '—'
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Section>
      <Section title={t`Checks of their devices`} testId="customer-checks" empty={detail.checks.length === 0}>
        <Table striped>
          <Table.Tbody>
            {detail.checks.map((check) => (
              <Table.Tr key={`${check.order_id}-${check.ident}`} data-testid="customer-check">
                <Table.Td>
                  <Link to="/app/quiry/managementDetail" search={{ order_id: check.order_id }}>
                    {check.title}
                  </Link>
                </Table.Td>
                <Table.Td>
                  <Ltr>{check.ident}</Ltr>
                </Table.Td>
                <Table.Td>{formatDateTime(check.created_at)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Section>
      <Section title={t`Messages sent`} testId="customer-messages" empty={detail.messages.length === 0}>
        <Table striped>
          <Table.Tbody>
            {detail.messages.map((message) => (
              <Table.Tr key={message.id} data-testid="customer-message">
                <Table.Td>{formatDateTime(message.created_at)}</Table.Td>
                <Table.Td>{message.text}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Section>
      <Section title={t`Money paid`} testId="customer-payments" empty={detail.payments.length === 0}>
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t`When`}</Table.Th>
              <Table.Th>{t`Kind`}</Table.Th>
              <Table.Th>{t`Method`}</Table.Th>
              <Table.Th>{t`Amount`}</Table.Th>
              <Table.Th>{t`Ticket`}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {detail.payments.map((payment) => (
              <Table.Tr key={payment.id} data-testid="customer-payment">
                <Table.Td>{formatDateTime(payment.at)}</Table.Td>
                <Table.Td>{word(MONEY_KIND_WORDS, payment.kind)}</Table.Td>
                <Table.Td>{word(PAYMENT_METHOD_WORDS, payment.method)}</Table.Td>
                <Table.Td>
                  <Ltr>
                    {yuan(
                      payment.kind === 'refund' || payment.kind === 'void'
                        ? -payment.amount_fen
                        : payment.amount_fen,
                    )}
                  </Ltr>
                </Table.Td>
                <Table.Td>
                  <Anchor href={ticketHref(payment.ticket_id)}>#{payment.ticket_id}</Anchor>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Section>
    </Stack>
  );
}
