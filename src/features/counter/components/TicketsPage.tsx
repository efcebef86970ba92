import { useState } from 'react';
import { Alert, Button, Group, Pagination, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import { endpoints } from '#contract/endpoint-paths.generated.ts';
import { useOutbox } from '#src/lib/offline/outbox.ts';
import { DataAsOf } from '#src/ui/DataAsOf.tsx';
import { useTabletLayout } from '#src/ui/use-tablet-layout.ts';
import { TICKETS_PAGE_SIZE, techniciansQuery, ticketListQuery } from '../api/tickets-api.ts';
import { NewTicketModal } from './NewTicketModal.tsx';
import type { TicketFilterValues } from './TicketFilters.tsx';
import { TicketFiltersBar } from './TicketFiltersBar.tsx';
import { TicketTable } from './TicketTable.tsx';

/** Repair tickets: the list (filters by status, technician, overdue), a new ticket, a row opens it. */
export function TicketsPage() {
  const navigate = useNavigate();
  const tablet = useTabletLayout();
  const [filters, setFilters] = useState<TicketFilterValues>({
    status: [],
    technicianId: null,
    overdue: false,
  });
  const [page, setPage] = useState(1);
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
      <TicketFiltersBar tablet={tablet} filters={filters} technicians={technicians} onChange={set} />
      {list.isError && !list.data && (
        <Alert color="red" role="alert">
          <Trans>The tickets could not be loaded.</Trans>
        </Alert>
      )}
      <TicketTable
        tablet={tablet}
        pending={pending}
        rows={rows}
        now={now}
        techName={techName}
        onOpen={open}
      />
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
