import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Button, Drawer, Grid, Group, Paper, Text } from '@mantine/core';
import { IconFilter } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { isEmptyFilter, normalizeFilter, type ResultFilter } from '#contract/results-filter/filter.ts';
import type { OrderWriteDatas } from '#contract/schemas/checks-orders.ts';
import type { DeviceResultRow } from '#contract/schemas/checks-results.ts';
import type { RepairIntakeDatas } from '#contract/schemas/repairs-intake.ts';
import { DEFAULT_COLUMNS, resultColumnsQuery } from '../api/columns-api.ts';
import { useFacets } from '../facets/use-facets.ts';
import { usePageFilter } from '../facets/use-page-filter.ts';
import { columnsOf } from '../model/device-fields.ts';
import {
  NO_SELECTION,
  isSelected,
  selectedCount,
  toDeviceSelection,
  toggleSelected,
  type Selection,
} from '../model/selection.ts';
import { ColumnsModal } from './ColumnsModal.tsx';
import { DeriveOrderModal } from './DeriveOrderModal.tsx';
import { RepairIntakeModal } from './RepairIntakeModal.tsx';
import { notify } from '#src/ui/notify.ts';
import { useTabletLayout } from '#src/ui/use-tablet-layout.ts';
import { DeviceFieldsDrawer } from './DeviceFieldsDrawer.tsx';
import { DeviceJobsModal } from './DeviceJobsModal.tsx';
import { FiltersPanel } from './FiltersPanel.tsx';
import { ResultsTable, type RowSelection } from './ResultsTable.tsx';

const NO_FILTER: ResultFilter = {};

interface ResultsWorkspaceProps {
  order: { id: number; title: string };
  devices: readonly DeviceResultRow[];
  filter: ResultFilter;
  onFilterChange(next: ResultFilter): void;
  /** A derived order was placed (points frozen). */
  onDerived(datas: OrderWriteDatas): void;
}

/**
 * Working in an order's results (issue 12): filters with counts beside the table, the user's
 * columns, selection ("these rows" or "all that match") and the bulk actions on it.
 *
 * This component renders on every filter change, every recount answer and every URL write, so what
 * it hands the filters panel, the table and the (closed) modals keeps its identity unless it
 * changed: they are memoised and skip those renders (`npm run bench:facets`).
 */
export function ResultsWorkspace({
  order,
  devices,
  filter: urlFilter,
  onFilterChange,
  onDerived,
}: ResultsWorkspaceProps) {
  const { t } = useLingui();
  const [filter, setFilter] = usePageFilter(urlFilter, onFilterChange);
  const { counts, rows, counting, answered } = useFacets(devices, filter);
  const columnsQuery = useQuery(resultColumnsQuery());
  const chosen = columnsQuery.data ?? DEFAULT_COLUMNS;
  const columns = useMemo(() => columnsOf(chosen.table), [chosen.table]);
  const [editingColumns, setEditingColumns] = useState(false);
  const [jobsOf, setJobsOf] = useState<DeviceResultRow | null>(null);
  const [openDevice, setOpenDevice] = useState<DeviceResultRow | null>(null);
  const tablet = useTabletLayout();
  const [filtersOpen, setFiltersOpen] = useState(false);
  // The filters set (the search included), on the tablet's Filters button.
  const activeFilters = Object.keys(normalizeFilter(filter)).length;
  const [selection, setSelection] = useState<Selection>(NO_SELECTION);
  const [deriving, setDeriving] = useState(false);
  const [intaking, setIntaking] = useState(false);
  const matched = counts?.matched ?? rows.length;
  const selected = selectedCount(selection, matched);

  const select = setSelection;
  // The matching rows' ids are only needed on a click: read from the latest rows then, so the
  // callbacks below stay the same across recounts.
  const rowsRef = useRef(rows);
  useEffect(() => {
    rowsRef.current = rows;
  }, [rows]);
  const matchingIds = useCallback(() => rowsRef.current.map((r) => r.id), []);
  const toggle = useCallback(
    (id: number) => setSelection((current) => toggleSelected(current, id, matchingIds)),
    [matchingIds],
  );
  const rowSelection = useMemo<RowSelection>(
    () => ({ isSelected: (id) => isSelected(selection, id), toggle }),
    [selection, toggle],
  );
  const deviceIds = useCallback(
    () => (selection.kind === 'matching' ? matchingIds() : [...selection.ids]),
    [selection, matchingIds],
  );
  // "All that match" goes to the server as the filter; picked ids do not depend on it.
  const selectionFilter = selection.kind === 'matching' ? filter : NO_FILTER;
  const deviceSelection = useMemo(
    () => toDeviceSelection(selection, selectionFilter),
    [selection, selectionFilter],
  );
  const onDerivedRef = useRef(onDerived);
  useEffect(() => {
    onDerivedRef.current = onDerived;
  }, [onDerived]);
  const closeJobs = useCallback(() => setJobsOf(null), []);
  const closeDevice = useCallback(() => setOpenDevice(null), []);
  const closeColumns = useCallback(() => setEditingColumns(false), []);
  const closeIntake = useCallback(() => setIntaking(false), []);
  const closeDerive = useCallback(() => setDeriving(false), []);
  const intakeDone = useCallback(
    (datas: RepairIntakeDatas) => {
      setIntaking(false);
      setSelection(NO_SELECTION);
      const added = datas.added;
      const refused = datas.rejected.length;
      const elsewhere = datas.rejected.filter((r) => r.reason === 'tracked_elsewhere').length;
      notify(
        'success',
        elsewhere > 0
          ? t`${added} devices moved into repair tracking, ${refused} refused (${elsewhere} already tracked in another batch).`
          : t`${added} devices moved into repair tracking, ${refused} refused.`,
      );
    },
    [t],
  );
  const derived = useCallback((datas: OrderWriteDatas) => {
    setDeriving(false);
    setSelection(NO_SELECTION);
    onDerivedRef.current(datas);
  }, []);

  return (
    <Grid gap="md">
      {/* Beside the table on a wide screen; on a tablet behind a button, so the results start at the
          top (issue 27: on 768 x 1024 the filters took 1,200 px before the first result). */}
      {tablet ? (
        <Drawer
          opened={filtersOpen}
          onClose={() => setFiltersOpen(false)}
          position="left"
          title={t`Filters`}
          closeButtonProps={{ 'aria-label': t`Close` }}
        >
          <FiltersPanel filter={filter} counts={counts} counting={counting} onChange={setFilter} />
        </Drawer>
      ) : (
        <Grid.Col span={3}>
          <Paper withBorder p="sm">
            <FiltersPanel filter={filter} counts={counts} counting={counting} onChange={setFilter} />
          </Paper>
        </Grid.Col>
      )}
      <Grid.Col span={tablet ? 12 : 9}>
        <Group justify="space-between" mb="xs">
          <Text size="sm" c="dimmed" data-testid="results-count" data-matched={matched} aria-live="polite">
            {isEmptyFilter(filter)
              ? t`${devices.length} devices`
              : t`${matched} of ${devices.length} devices match`}
          </Text>
          <Group gap="xs">
            {tablet && (
              <Button
                variant="default"
                size="xs"
                leftSection={<IconFilter size={14} aria-hidden />}
                onClick={() => setFiltersOpen(true)}
                data-testid="open-result-filters"
              >
                {activeFilters > 0 ? <Trans>Filters ({activeFilters})</Trans> : <Trans>Filters</Trans>}
              </Button>
            )}
            <Button
              variant="default"
              size="xs"
              onClick={() => select(selection.kind === 'matching' ? NO_SELECTION : { kind: 'matching' })}
              disabled={matched === 0}
              data-testid="select-matching"
            >
              {selection.kind === 'matching' ? t`Clear selection` : t`Select all ${matched} that match`}
            </Button>
            <Button
              variant="default"
              size="xs"
              onClick={() => setEditingColumns(true)}
              data-testid="edit-columns"
            >
              <Trans>Columns</Trans>
            </Button>
          </Group>
        </Group>
        {selected > 0 && (
          <Paper withBorder p="xs" mb="xs" data-testid="bulk-bar">
            <Group justify="space-between">
              <Text size="sm" fw={600} data-testid="selected-count" data-count={selected}>
                <Trans>{selected} selected</Trans>
              </Text>
              <Group gap="xs">
                <Button size="xs" onClick={() => setDeriving(true)} data-testid="derive-open">
                  <Trans>Copy into a new order</Trans>
                </Button>
                <Button size="xs" variant="light" onClick={() => setIntaking(true)} data-testid="intake-open">
                  <Trans>Move into repair tracking</Trans>
                </Button>
                <Button size="xs" variant="subtle" onClick={() => select(NO_SELECTION)}>
                  <Trans>Clear selection</Trans>
                </Button>
              </Group>
            </Group>
          </Paper>
        )}
        <ResultsTable
          rows={rows}
          total={devices.length}
          columns={columns}
          selection={rowSelection}
          query={answered.q ?? ''}
          onShowJobs={setJobsOf}
          onOpenDevice={setOpenDevice}
        />
      </Grid.Col>
      <DeviceFieldsDrawer device={openDevice} onClose={closeDevice} onShowJobs={setJobsOf} />
      <DeviceJobsModal device={jobsOf} onClose={closeJobs} />
      <ColumnsModal opened={editingColumns} columns={chosen} onClose={closeColumns} />
      <RepairIntakeModal
        opened={intaking}
        orderId={order.id}
        orderTitle={order.title}
        deviceIds={deviceIds}
        count={selected}
        onClose={closeIntake}
        onDone={intakeDone}
      />
      <DeriveOrderModal
        opened={deriving}
        orderId={order.id}
        orderTitle={order.title}
        selection={deviceSelection}
        count={selected}
        onClose={closeDerive}
        onPlaced={derived}
      />
    </Grid>
  );
}
