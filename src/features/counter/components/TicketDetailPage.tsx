import { useState } from 'react';
import { Alert, Anchor, Badge, Button, Grid, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { CONDITION_PARTS, type TicketDetail } from '#contract/schemas/counter-tickets.ts';
import { formatDateTime } from '#src/lib/dates.ts';
import { DataAsOf } from '#src/ui/DataAsOf.tsx';
import { techniciansQuery, ticketDetailQuery } from '../api/tickets-api.ts';
import { TICKET_STATUS_WORDS } from '#src/lib/ticket-status-words.ts';
import { CONDITION_PART_WORDS, CONDITION_STATE_WORDS } from '../model/counter-words.ts';
import { TICKET_STATUS_COLORS } from '../ticket-words.ts';
import { NewTicketModal } from './NewTicketModal.tsx';
import { TicketMoney } from './TicketMoney.tsx';
import { TicketMoves } from './TicketMoves.tsx';
import { TicketQuote } from './TicketQuote.tsx';
import { TicketTimeline } from './TicketTimeline.tsx';

// Pages of other features are reached by URL (hash history), not by importing them.
const customerHref = (id: number) => `#/app/customers/detail?id=${id}`;
const trackedHref = (id: number) => `#/app/maintenance/orderDetail?device_id=${id}`;
const receiptHref = (id: number, kind: 'intake' | 'collection') =>
  `#/app/tickets/receipt?id=${id}&kind=${kind}`;

/**
 * One repair ticket: who and what, the workflow's next moves, the quote and the customer's answer,
 * the money, the history; receipts to print, and a warranty return once collected. Refunds and
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
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const [warrantyOpen, setWarrantyOpen] = useState(false);
  const c = ticket.condition;
  const tracked = ticket.devices.filter((d) => d.repair_device_id !== null);

  return (
    <Stack data-testid="ticket-detail">
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Group gap="sm">
            <Title order={2} data-testid="ticket-no">
              {ticket.no_text}
            </Title>
            <Badge size="lg" color={TICKET_STATUS_COLORS[ticket.status]} data-testid="ticket-status">
              {i18n._(TICKET_STATUS_WORDS[ticket.status])}
            </Badge>
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
            <Button variant="light" onClick={() => setWarrantyOpen(true)} data-testid="warranty-return">
              <Trans>Warranty return</Trans>
            </Button>
          )}
        </Group>
      </Group>
      <DataAsOf query={query} />
      <Grid>
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Stack>
            <Paper withBorder p="sm">
              <Stack gap={6}>
                <Title order={4}>
                  <Trans>Devices and fault</Trans>
                </Title>
                {ticket.devices.map((d) => (
                  <Group key={d.id} gap="xs" data-testid="ticket-device-row">
                    <Text fw={500} style={{ fontFamily: 'monospace' }}>
                      {d.imei ?? d.sn ?? d.ident}
                    </Text>
                    {d.model && <Text c="dimmed">{d.model}</Text>}
                    {d.repair_device_id !== null && (
                      <Anchor href={trackedHref(d.repair_device_id)} data-testid="ticket-tracked-link">
                        <Trans>Tracked Apple repair</Trans>
                      </Anchor>
                    )}
                  </Group>
                ))}
                {ticket.status === 'sent_to_apple' && tracked.length === 0 && (
                  <Text size="sm" c="dimmed">
                    <Trans>Not linked to a tracked device yet.</Trans>
                  </Text>
                )}
                <Text>
                  <Trans>Fault as told:</Trans> {ticket.fault}
                </Text>
                <Text size="sm" data-testid="ticket-condition">
                  {CONDITION_PARTS.map(
                    (p) => `${i18n._(CONDITION_PART_WORDS[p])}: ${i18n._(CONDITION_STATE_WORDS[c[p]])}`,
                  ).join(' · ')}
                </Text>
                <Text size="sm">
                  {c.accessories ? t`Accessories left: ${c.accessories}` : t`No accessories left`} ·{' '}
                  {c.passcode_given ? t`Passcode given` : t`No passcode given`}
                </Text>
                <Text size="sm" c="dimmed">
                  {[
                    ticket.technician_id !== null
                      ? t`Technician: ${nameOf(ticket.technician_id)}`
                      : t`No technician yet`,
                    ticket.promised_at !== null
                      ? t`Promised for ${formatDateTime(ticket.promised_at, 'YYYY-MM-DD')}`
                      : t`No promised date`,
                    t`Warranty ${ticket.warranty_days} days`,
                  ].join(' · ')}
                </Text>
                {ticket.warranty_of !== null && (
                  <Anchor
                    href={`#/app/tickets/detail?id=${ticket.warranty_of}`}
                    size="sm"
                    data-testid="ticket-warranty-of"
                  >
                    <Trans>Warranty return of an earlier ticket</Trans>
                  </Anchor>
                )}
              </Stack>
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
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Paper withBorder p="sm">
            <TicketTimeline ticket={ticket} nameOf={nameOf} />
          </Paper>
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
