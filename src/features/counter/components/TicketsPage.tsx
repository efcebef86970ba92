import { useState } from 'react';
import { Alert, Badge, Button, Drawer, Group, Pagination, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { IconFilter } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { endpoints } from '#contract/endpoint-paths.generated.ts';
import { formatDateTime } from '#src/lib/dates.ts';
import { useOutbox } from '#src/lib/offline/outbox.ts';
import { DataAsOf } from '#src/ui/DataAsOf.tsx';
import { clickHasOwnTarget } from '#src/ui/row-click.ts';
import { useTabletLayout } from '#src/ui/use-tablet-layout.ts';
import { TICKETS_PAGE_SIZE, techniciansQuery, ticketListQuery } from '../api/tickets-api.ts';
import { isOverdue, yuan } from '../ticket-model.ts';
import { TICKET_STATUS_WORDS } from '#src/lib/ticket-status-words.ts';
import { TICKET_STATUS_COLORS } from '../ticket-words.ts';
import { NewTicketModal } from './NewTicketModal.tsx';
import { TicketFilters, activeTicketFilters, type TicketFilterValues } from './TicketFilters.tsx';

/** Repair tickets: the list (filters by status, technician, overdue), a new ticket, a row opens it. */
export function TicketsPage() {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const tablet = useTabletLayout();
  const [filters, setFilters] = useState<TicketFilterValues>({
    status: [],
    technicianId: null,
    overdue: false,
  });
  const [page, setPage] = useState(1);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [newOpen, setNewOpen] = useState(false);
  const list = useQuery(
    ticketListQuery(
      {
        status: filters.status,
        overdue: filters.overdue,
        ...(filters.technicianId !== null ? { technician_id: filters.technicianId } : {}),
      },
      page,
    ),
  );
  const technicians = useQuery(techniciansQuery()).data?.list ?? [];
  const techName = (id: number | null) => technicians.find((x) => x.id === id)?.name ?? '';
  // Intakes made offline: shown at once, without a number until the server gives it (decision 0047).
  const pending = useOutbox().filter((item) => item.path === endpoints.ticketCreate.path);
  // Overdue as of when the list was read (render stays pure; a refetch moves it on).
  const now = Math.floor(list.dataUpdatedAt / 1000);
  const set = (patch: Partial<TicketFilterValues>) => {
    setFilters((old) => ({ ...old, ...patch }));
    setPage(1);
  };
  const rows = list.data?.list ?? [];
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / TICKETS_PAGE_SIZE));
  const open = (id: number) => void navigate({ to: '/app/tickets/detail', search: { id } });
  const count = activeTicketFilters(filters);

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>
          <Trans>Repair tickets</Trans>
        </Title>
        <Button onClick={() => setNewOpen(true)} data-testid="new-ticket">
          <Trans>New ticket</Trans>
        </Button>
      </Group>
      <DataAsOf query={list} />
      <Group align="flex-end">
        {tablet ? (
          <>
            <Button
              variant="default"
              leftSection={<IconFilter size={16} aria-hidden />}
              onClick={() => setFiltersOpen(true)}
              data-testid="open-ticket-filters"
            >
              {count > 0 ? <Trans>Filters ({count})</Trans> : <Trans>Filters</Trans>}
            </Button>
            <Drawer
              opened={filtersOpen}
              onClose={() => setFiltersOpen(false)}
              position="right"
              title={t`Filters`}
              closeButtonProps={{ 'aria-label': t`Close` }}
            >
              <Stack data-testid="ticket-filters-drawer">
                <TicketFilters filters={filters} technicians={technicians} onChange={set} />
              </Stack>
            </Drawer>
          </>
        ) : (
          <TicketFilters filters={filters} technicians={technicians} onChange={set} width={240} />
        )}
      </Group>
      {list.isError && !list.data && (
        <Alert color="red" role="alert">
          <Trans>The tickets could not be loaded.</Trans>
        </Alert>
      )}
      <Table.ScrollContainer minWidth={tablet ? 640 : 900}>
        <Table striped highlightOnHover data-testid="ticket-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t`Number`}</Table.Th>
              <Table.Th>{t`Customer`}</Table.Th>
              <Table.Th>{t`Devices`}</Table.Th>
              <Table.Th>{t`Status`}</Table.Th>
              <Table.Th>{t`Technician`}</Table.Th>
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
                <Table.Td colSpan={5}>
                  <Text size="sm">{String(item.body.fault ?? '')}</Text>
                </Table.Td>
                <Table.Td ta="right">
                  <Badge color={item.state === 'refused' ? 'red.9' : 'gray.8'}>
                    {item.state === 'refused' ? t`Refused by the server` : t`Waiting to be sent`}
                  </Badge>
                </Table.Td>
              </Table.Tr>
            ))}
            {rows.map((r) => {
              const overdue = isOverdue(r.status, r.promised_at, now);
              return (
                <Table.Tr
                  key={r.id}
                  style={{ cursor: 'pointer' }}
                  onClick={(e) => {
                    if (!clickHasOwnTarget(e.target)) open(r.id);
                  }}
                  data-testid="ticket-row"
                >
                  <Table.Td>
                    <Button variant="subtle" size="compact-sm" onClick={() => open(r.id)}>
                      {r.no_text}
                    </Button>
                  </Table.Td>
                  <Table.Td>{r.customer_name}</Table.Td>
                  <Table.Td>
                    <Text size="sm" lineClamp={2}>
                      {r.devices.join(', ')}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Badge color={TICKET_STATUS_COLORS[r.status]} data-testid="ticket-status">
                      {i18n._(TICKET_STATUS_WORDS[r.status])}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{techName(r.technician_id)}</Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <Text size="sm">{formatDateTime(r.promised_at, 'YYYY-MM-DD')}</Text>
                      {overdue && (
                        <Badge color="red.9" size="sm" data-testid="ticket-overdue">
                          {t`Overdue`}
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {yuan(r.due_fen)} / {yuan(r.held_fen)}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {rows.length === 0 && pending.length === 0 && list.isSuccess && (
        <Text c="dimmed" data-testid="tickets-empty">
          <Trans>No tickets yet.</Trans>
        </Text>
      )}
      {pages > 1 && <Pagination total={pages} value={page} onChange={setPage} />}
      <NewTicketModal
        key={newOpen ? 'open' : 'closed'}
        opened={newOpen}
        onClose={() => setNewOpen(false)}
        technicians={technicians}
        onCreated={open}
      />
    </Stack>
  );
}
