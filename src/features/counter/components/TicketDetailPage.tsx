import { useState } from 'react';
import { Alert, Grid, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TicketDetail } from '#contract/schemas/counter-tickets.ts';
import { DataAsOf } from '#src/ui/DataAsOf.tsx';
import { techniciansQuery, ticketDetailQuery } from '../api/tickets-api.ts';
import { MessageLog } from './MessageLog.tsx';
import { NewTicketModal } from './NewTicketModal.tsx';
import { TicketDevicesPanel } from './TicketDevicesPanel.tsx';
import { TicketHeader } from './TicketHeader.tsx';
import { TicketMoney } from './TicketMoney.tsx';
import { TicketMoves } from './TicketMoves.tsx';
import { TicketNote } from './TicketNote.tsx';
import { TicketQuote } from './TicketQuote.tsx';
import { TicketTimeline } from './TicketTimeline.tsx';

/**
 * One repair ticket: who and what, the workflow's next moves, the quote and the customer's answer,
 * the money, the messages sent, notes and the history; receipts to print, and a warranty return once
 * collected. Refunds and
 * voids are offered to Admins only (`admin`, from the route; the server checks again).
 */
export function TicketDetailPage({ ticketId, admin }: { ticketId: number | undefined; admin: boolean }) {
  const { t } = useLingui();
  const query = useQuery({ ...ticketDetailQuery(ticketId ?? 0), enabled: ticketId !== undefined });
  const technicians = useQuery(techniciansQuery()).data?.list ?? [];
  const nameOf = (id: number | null) => technicians.find((x) => x.id === id)?.name ?? '';

  if (ticketId === undefined)
    return (
      <Alert color="red" role="alert">
        <Trans>No ticket is named in the address.</Trans>
      </Alert>
    );
  if (query.isError && !query.data)
    return (
      <Alert color="red" role="alert" data-testid="ticket-load-error">
        <Trans>The ticket could not be loaded.</Trans>
      </Alert>
    );
  if (!query.data) return <Text c="dimmed">{t`Loading…`}</Text>;
  return (
    <TicketView ticket={query.data} admin={admin} nameOf={nameOf} technicians={technicians} query={query} />
  );
}

function TicketView({
  ticket,
  admin,
  nameOf,
  technicians,
  query,
}: {
  ticket: TicketDetail;
  admin: boolean;
  nameOf(id: number | null): string;
  technicians: readonly { id: number; name: string }[];
  query: Parameters<typeof DataAsOf>[0]['query'];
}) {
  const navigate = useNavigate();
  const [warrantyOpen, setWarrantyOpen] = useState(false);

  return (
    <Stack data-testid="ticket-detail">
      <TicketHeader
        ticket={ticket}
        now={Math.floor(query.dataUpdatedAt / 1000)}
        onWarranty={() => setWarrantyOpen(true)}
      />
      <DataAsOf query={query} />
      <Grid>
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Stack>
            <Paper withBorder p="sm">
              <TicketDevicesPanel ticket={ticket} nameOf={nameOf} />
            </Paper>
            <Paper withBorder p="sm">
              <TicketMoves ticket={ticket} />
              {ticket.next.length === 0 && (
                <Text c="dimmed" size="sm">
                  <Trans>This ticket is closed.</Trans>
                </Text>
              )}
            </Paper>
            <Paper withBorder p="sm">
              <TicketQuote ticket={ticket} />
            </Paper>
            <Paper withBorder p="sm">
              <TicketMoney key={ticket.version} ticket={ticket} admin={admin} />
            </Paper>
            <Paper withBorder p="sm" data-testid="ticket-messages">
              <Stack gap="xs">
                <Title order={4}>
                  <Trans>Messages sent</Trans>
                </Title>
                <MessageLog messages={ticket.messages} />
              </Stack>
            </Paper>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Stack>
            <Paper withBorder p="sm">
              <TicketNote ticket={ticket} />
            </Paper>
            <Paper withBorder p="sm">
              <TicketTimeline ticket={ticket} nameOf={nameOf} />
            </Paper>
          </Stack>
        </Grid.Col>
      </Grid>
      {ticket.status === 'collected' && (
        <NewTicketModal
          key={warrantyOpen ? 'open' : 'closed'}
          opened={warrantyOpen}
          onClose={() => setWarrantyOpen(false)}
          technicians={technicians}
          onCreated={(id) => void navigate({ to: '/app/tickets/detail', search: { id } })}
          warranty={{
            ticketId: ticket.id,
            noText: ticket.no_text,
            // The first ticket's customer; phones and language are not shown by the picker's chosen state.
            customer: { id: ticket.customer_id, name: ticket.customer_name, phones: [], lang: 'zh' },
            devices: ticket.devices.map((d) => d.imei ?? d.sn ?? d.ident),
          }}
        />
      )}
    </Stack>
  );
}
