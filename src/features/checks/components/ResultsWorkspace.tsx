import { useCallback, useMemo, useState } from 'react';
import { Drawer, Grid, Paper } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useLingui } from '@lingui/react/macro';
import { normalizeFilter, type ResultFilter } from '#contract/results-filter/filter.ts';
import type { OrderWriteDatas } from '#contract/schemas/checks-orders.ts';
import type { DeviceResultRow } from '#contract/schemas/checks-results.ts';
import { DEFAULT_COLUMNS, resultColumnsQuery } from '../api/columns-api.ts';
import { useFacets } from '../facets/use-facets.ts';
import { usePageFilter } from '../facets/use-page-filter.ts';
import { columnsOf } from '../model/device-fields.ts';
import { NO_SELECTION } from '../model/selection.ts';
import { BulkActionsBar } from './BulkActionsBar.tsx';
import { ColumnsModal } from './ColumnsModal.tsx';
import { DeriveOrderModal } from './DeriveOrderModal.tsx';
import { RepairIntakeModal } from './RepairIntakeModal.tsx';
import { useTabletLayout } from '#src/ui/use-tablet-layout.ts';
import { DeviceFieldsDrawer } from './DeviceFieldsDrawer.tsx';
import { DeviceJobsModal } from './DeviceJobsModal.tsx';
import { FiltersPanel } from './FiltersPanel.tsx';
import { ResultsTable } from './ResultsTable.tsx';
import { ResultsToolbar } from './ResultsToolbar.tsx';
import { useBulkActions } from './use-bulk-actions.ts';
import { useResultsSelection } from './use-results-selection.ts';

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
  const matched = counts?.matched ?? rows.length;
  const { selection, setSelection, selected, rowSelection, deviceIds, deviceSelection } = useResultsSelection(
    rows,
    filter,
    matched,
  );
  const { deriving, setDeriving, intaking, setIntaking, closeIntake, closeDerive, intakeDone, derived } =
    useBulkActions(setSelection, onDerived);
  const select = setSelection;
  const closeJobs = useCallback(() => setJobsOf(null), []);
  const closeDevice = useCallback(() => setOpenDevice(null), []);
  const closeColumns = useCallback(() => setEditingColumns(false), []);

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
        <ResultsToolbar
          devices={devices}
          filter={filter}
          matched={matched}
          tablet={tablet}
          activeFilters={activeFilters}
          selection={selection}
          select={select}
          onOpenFilters={() => setFiltersOpen(true)}
          onEditColumns={() => setEditingColumns(true)}
        />
        {selected > 0 && (
          <BulkActionsBar
            selected={selected}
            onDerive={() => setDeriving(true)}
            onIntake={() => setIntaking(true)}
            onClear={() => select(NO_SELECTION)}
          />
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
