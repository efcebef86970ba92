import { useState } from 'react';
import {
  Alert,
  Button,
  Drawer,
  Group,
  NavLink,
  Pagination,
  Paper,
  ScrollArea,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { IconFilter } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { BADGE_MOVES, LOGISTICS_BADGES, type LogisticsBadge } from '#contract/schemas/repairs.ts';
import { actionErrorText } from '#src/lib/api/error-messages.ts';
import { formatHundredths } from '#src/lib/amount.ts';
import { isQueued } from '#src/lib/offline/outbox.ts';
import { DataAsOf } from '#src/ui/DataAsOf.tsx';
import { notify } from '#src/ui/notify.ts';
import {
  DEVICES_PAGE_SIZE,
  batchListQuery,
  deviceListQuery,
  monitorQuotaQuery,
  useBadgeChange,
  useRefresh,
  useWatch,
} from '../api/repairs-api.ts';
import { useTabletLayout } from '#src/ui/use-tablet-layout.ts';
import { BADGE_LABELS, type DeviceFilters } from '../model.ts';
import { DeviceTable } from './DeviceTable.tsx';
import { RepairFilters, activeFilterCount } from './RepairFilters.tsx';
import { IntakeModal, type IntakeCustomerField } from './IntakeModal.tsx';
import { RepairsConnectionNotice } from './RepairsConnectionNotice.tsx';
import { RefreshButton } from './RefreshButton.tsx';

/**
 * Repair progress management: batches, filters, the device table and its bulk actions. The filters
 * start from `initialFilters` (the URL's, when a dashboard figure links here).
 */
export function RepairsPage({
  initialFilters,
  customerField,
}: {
  initialFilters: DeviceFilters;
  /** The intake's customer picker, given by the route (the counter's: features do not import each other). */
  customerField?: IntakeCustomerField;
}) {
  const { t, i18n } = useLingui();
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
  const [badgeTarget, setBadgeTarget] = useState<LogisticsBadge | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const refresh = useRefresh();
  const watch = useWatch(true);
  const unwatch = useWatch(false);
  const badgeChange = useBadgeChange();
  const tablet = useTabletLayout();
  const [filtersOpen, setFiltersOpen] = useState(false);

  const rows = devices.data?.list ?? [];
  const visibleSelected = rows.filter((r) => selected.has(r.id)).map((r) => r.id);
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

  async function run(action: () => Promise<string | null>) {
    setActionError(null);
    try {
      const message = await action();
      if (message) notify('success', message);
    } catch (err) {
      setActionError(actionErrorText(err));
    }
  }

  const onRefresh = () =>
    run(async () => {
      const a = await refresh.mutateAsync({ device_ids: visibleSelected });
      const frozen = formatHundredths(a.frozen);
      return t`${a.queued} devices queued for refresh (${frozen} points frozen), ${a.skipped} already refreshing`;
    });
  const onWatch = (on: boolean) =>
    run(async () => {
      const q = await (on ? watch : unwatch).mutateAsync({ device_ids: visibleSelected });
      return t`Watching ${q.used} of ${q.cap} devices`;
    });
  const onBadge = () =>
    run(async () => {
      if (!badgeTarget) return null;
      const a = await badgeChange.mutateAsync({ device_ids: visibleSelected, badge: badgeTarget });
      if (isQueued(a)) return null;
      const refused = a.refused.length;
      return t`${a.changed} devices moved, ${refused} cannot move to that badge`;
    });

  // Badges every selected device may move to (contract BADGE_MOVES), so a bulk change is possible.
  const selectedRows = rows.filter((r) => selected.has(r.id));
  const badgeOptions = LOGISTICS_BADGES.filter(
    (b) => selectedRows.length > 0 && selectedRows.some((r) => BADGE_MOVES[r.badge].includes(b)),
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
        {/* The batches beside the list on a wide screen; on a tablet a select above it (below). */}
        {!tablet && (
          <Paper withBorder p="xs" w={240} style={{ flex: 'none' }}>
            <Text fw={600} size="sm" mb="xs">
              <Trans>Batches</Trans>
            </Text>
            <ScrollArea.Autosize mah={560}>
              <nav aria-label={t`Batches`} data-testid="batch-list">
                <NavLink
                  label={t`All batches`}
                  active={filters.batchId === null}
                  onClick={() => set({ batchId: null })}
                  component="button"
                />
                {batchList.map((b) => (
                  <NavLink
                    key={b.id}
                    component="button"
                    label={b.title}
                    description={t`${b.devices} devices · ${b.watched} watched · ${b.changed_today} changed today`}
                    active={filters.batchId === b.id}
                    onClick={() => set({ batchId: b.id })}
                    data-testid="batch-item"
                  />
                ))}
              </nav>
            </ScrollArea.Autosize>
          </Paper>
        )}
        <Stack style={{ flex: 1, minWidth: 0 }}>
          <Group align="flex-end">
            <TextInput
              label={t`Search`}
              placeholder={t`SN, IMEI, repair id, customer name or phone`}
              value={keyword}
              onChange={(e) => {
                setKeyword(e.currentTarget.value);
                setPage(1);
              }}
              w={tablet ? undefined : 280}
              style={tablet ? { flex: '1 1 200px', minWidth: 0 } : undefined}
              data-testid="repair-search"
            />
            {tablet ? (
              <>
                <Select
                  label={t`Batch`}
                  data={[
                    { value: '', label: t`All batches` },
                    ...batchList.map((b) => ({ value: String(b.id), label: b.title })),
                  ]}
                  value={filters.batchId === null ? '' : String(filters.batchId)}
                  onChange={(v) => set({ batchId: v ? Number(v) : null })}
                  allowDeselect={false}
                  w={200}
                  data-testid="batch-select"
                />
                <Button
                  variant="default"
                  leftSection={<IconFilter size={16} aria-hidden />}
                  onClick={() => setFiltersOpen(true)}
                  data-testid="open-filters"
                >
                  {activeFilterCount(filters) > 0 ? (
                    <Trans>Filters ({activeFilterCount(filters)})</Trans>
                  ) : (
                    <Trans>Filters</Trans>
                  )}
                </Button>
                <Drawer
                  opened={filtersOpen}
                  onClose={() => setFiltersOpen(false)}
                  position="right"
                  title={t`Filters`}
                  closeButtonProps={{ 'aria-label': t`Close` }}
                >
                  <Stack data-testid="filters-drawer">
                    <RepairFilters filters={filters} onChange={set} />
                  </Stack>
                </Drawer>
              </>
            ) : (
              <RepairFilters filters={filters} onChange={set} width={220} />
            )}
          </Group>
          <Group>
            <Text size="sm" data-testid="selected-count" data-count={visibleSelected.length}>
              <Trans>
                {visibleSelected.length} selected of {devices.data?.total ?? 0}
              </Trans>
            </Text>
            <RefreshButton
              size="xs"
              count={visibleSelected.length}
              loading={refresh.isPending}
              onConfirm={() => void onRefresh()}
              testId="bulk-refresh"
            />
            <Button
              size="xs"
              variant="light"
              disabled={visibleSelected.length === 0}
              loading={watch.isPending}
              onClick={() => void onWatch(true)}
              data-testid="bulk-watch"
            >
              <Trans>Watch</Trans>
            </Button>
            <Button
              size="xs"
              variant="default"
              disabled={visibleSelected.length === 0}
              loading={unwatch.isPending}
              onClick={() => void onWatch(false)}
              data-testid="bulk-unwatch"
            >
              <Trans>Stop watching</Trans>
            </Button>
            <Select
              size="xs"
              aria-label={t`Move to badge`}
              placeholder={t`Move to badge`}
              data={badgeOptions.map((b) => ({ value: b, label: i18n._(BADGE_LABELS[b]) }))}
              value={badgeTarget}
              onChange={(v) => setBadgeTarget(v as LogisticsBadge | null)}
              disabled={visibleSelected.length === 0}
              w={180}
              data-testid="bulk-badge"
            />
            <Button
              size="xs"
              variant="light"
              disabled={visibleSelected.length === 0 || !badgeTarget}
              loading={badgeChange.isPending}
              onClick={() => void onBadge()}
              data-testid="bulk-badge-apply"
            >
              <Trans>Change badge</Trans>
            </Button>
          </Group>
          {actionError && (
            <Alert color="red" role="alert" data-testid="bulk-error">
              {actionError}
            </Alert>
          )}
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
        customerField={customerField}
      />
    </Stack>
  );
}
