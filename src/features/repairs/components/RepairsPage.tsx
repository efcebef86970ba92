import { useState } from 'react';
import { Alert, Button, Group, Pagination, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { Trans } from '@lingui/react/macro';
import { DataAsOf } from '#src/ui/DataAsOf.tsx';
import { useTabletLayout } from '#src/ui/use-tablet-layout.ts';
import { DEVICES_PAGE_SIZE, batchListQuery, deviceListQuery, monitorQuotaQuery } from '../api/repairs-api.ts';
import type { DeviceFilters } from '../model.ts';
import { BatchNav } from './BatchNav.tsx';
import { BulkActions } from './BulkActions.tsx';
import { DeviceTable } from './DeviceTable.tsx';
import { IntakeModal } from './IntakeModal.tsx';
import { RepairSearchBar } from './RepairSearchBar.tsx';
import { RepairsConnectionNotice } from './RepairsConnectionNotice.tsx';

/**
 * Repair progress management: batches, filters, the device table and its bulk actions. The filters
 * start from `initialFilters` (the URL's, when a dashboard figure links here).
 */
export function RepairsPage({ initialFilters }: { initialFilters: DeviceFilters }) {
  const [filters, setFilters] = useState<DeviceFilters>(initialFilters);
  const [keyword, setKeyword] = useState('');
  const [debounced] = useDebouncedValue(keyword.trim(), 300);
  const effective = { ...filters, keyword: debounced };
  const batches = useQuery(batchListQuery(1, ''));
  const [page, setPage] = useState(1);
  const devices = useQuery(deviceListQuery(effective, page));
  const quota = useQuery(monitorQuotaQuery());
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [intakeOpen, setIntakeOpen] = useState(false);
  const tablet = useTabletLayout();

  const rows = devices.data?.list ?? [];
  const set = (patch: Partial<DeviceFilters>) => {
    setFilters((old) => ({ ...old, ...patch }));
    setPage(1);
    setSelected(new Set());
  };
  const toggle = (id: number) =>
    setSelected((old) => {
      const next = new Set(old);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const toggleAll = () =>
    setSelected(
      rows.length > 0 && rows.every((r) => selected.has(r.id)) ? new Set() : new Set(rows.map((r) => r.id)),
    );
  const batchList = batches.data?.list ?? [];
  const pages = Math.max(1, Math.ceil((devices.data?.total ?? 0) / DEVICES_PAGE_SIZE));

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>
          <Trans>Repair progress management</Trans>
        </Title>
        <Group>
          {quota.data && (
            <Text size="sm" c="dimmed" data-testid="monitor-quota">
              <Trans>
                Watched {quota.data.used} / {quota.data.cap}
              </Trans>
            </Text>
          )}
          <Button onClick={() => setIntakeOpen(true)} data-testid="open-intake">
            <Trans>Take devices in</Trans>
          </Button>
        </Group>
      </Group>
      <RepairsConnectionNotice />
      <DataAsOf query={devices} />
      <Group align="flex-start" wrap="nowrap">
        {/* The batches beside the list on a wide screen; on a tablet a select above it (the search bar). */}
        {!tablet && (
          <BatchNav batches={batchList} batchId={filters.batchId} onSelect={(batchId) => set({ batchId })} />
        )}
        <Stack style={{ flex: 1, minWidth: 0 }}>
          <RepairSearchBar
            keyword={keyword}
            onKeyword={(value) => {
              setKeyword(value);
              setPage(1);
            }}
            filters={filters}
            onFilters={set}
            batches={batchList}
          />
          <BulkActions
            selectedRows={rows.filter((r) => selected.has(r.id))}
            total={devices.data?.total ?? 0}
          />
          {devices.isError && !devices.data && (
            <Alert color="red" role="alert">
              <Trans>The devices could not be loaded.</Trans>
            </Alert>
          )}
          <DeviceTable rows={rows} selected={selected} onToggle={toggle} onToggleAll={toggleAll} />
          {pages > 1 && (
            <Pagination total={pages} value={page} onChange={setPage} data-testid="repair-pages" />
          )}
        </Stack>
      </Group>
      <IntakeModal
        key={intakeOpen ? 'open' : 'closed'}
        opened={intakeOpen}
        onClose={() => setIntakeOpen(false)}
        batches={batchList}
        batchId={filters.batchId}
      />
    </Stack>
  );
}
