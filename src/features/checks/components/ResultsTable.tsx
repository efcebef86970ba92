import { memo, useEffect, useMemo, useRef, type MouseEvent } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useLingui } from '@lingui/react/macro';
import type { DeviceResultRow } from '#contract/schemas/checks-results.ts';
import { defaultStringifySearch } from '@tanstack/react-router';
import { DEVICE_COLUMNS, tableWidth, type DeviceColumn } from '../model/device-fields.ts';
import { canvasMeasure, fitBadgeColumns } from '../model/fit-columns.ts';
import { clickHasOwnTarget } from '#src/ui/row-click.ts';
import { cellValue, useCellTexts, type CellTexts } from './result-cells.tsx';
import classes from './ResultsTable.module.css';

/** Fixed row height: the virtualiser places rows without measuring them. */
export const ROW_HEIGHT = 36;
const HEADER_HEIGHT = 40;
/** In tests (jsdom has no layout) and on the first frame: a typical viewport. */
const INITIAL_RECT = { width: 1200, height: 560 };

/** The selection column and the device history link column, px. */
const SELECT_WIDTH = 44;
const HISTORY_WIDTH = 90;

/**
 * The device history page of repair tracking (one timeline of checks and repairs per SN/IMEI), linked
 * by URL only: it belongs to another feature. Hash history, search serialised like the router does.
 */
export function deviceHistoryHref(device: Pick<DeviceResultRow, 'sn' | 'imei' | 'input'>): string {
  return `#/app/maintenance/history${defaultStringifySearch({ q: device.sn ?? device.imei ?? device.input })}`;
}

const measure = canvasMeasure();
/** The fonts of ResultsTable.module.css's .badge (xs, 600), .sandbox (10px, 700) and .header (sm, 600). */
function columnFonts() {
  const family = typeof document === 'undefined' ? 'sans-serif' : getComputedStyle(document.body).fontFamily;
  return { badge: `600 12px ${family}`, sandbox: `700 10px ${family}`, header: `600 14px ${family}` };
}

/** Row selection for bulk actions; absent: no selection column. */
export interface RowSelection {
  isSelected(id: number): boolean;
  toggle(id: number): void;
}

interface ResultsTableProps {
  rows: readonly DeviceResultRow[];
  /** The columns to show, in order (the user's choice); all of them when absent. */
  columns?: readonly DeviceColumn[];
  selection?: RowSelection;
  /** All devices of the order (the table may show a filtered part). */
  total: number;
  /** The search the rows answer (an attribute for tests and the bench: rows and query in one commit). */
  query?: string;
  height?: number;
  onShowJobs(device: DeviceResultRow): void;
  /** A click on a row (not on its checkbox, status or link): every field of the device. */
  onOpenDevice?(device: DeviceResultRow): void;
}

/**
 * The results of an order: every device field, one row per device, virtualised (only the rows in
 * view are in the DOM) with a sticky header and horizontal scroll, so 10,000 devices scroll
 * smoothly. ARIA table roles keep it readable by screen readers. Memoised: a render of the page
 * that changes none of its props (a recount starting, the URL written) skips the table.
 */
export const ResultsTable = memo(function ResultsTable({
  rows,
  total,
  columns: chosen = DEVICE_COLUMNS,
  selection,
  query = '',
  height = 560,
  onShowJobs,
  onOpenDevice,
}: ResultsTableProps) {
  const { t, i18n } = useLingui();
  const cellTexts = useCellTexts();
  // Same texts object while the language stays: memoised rows do not re-render for it.
  const texts = useMemo(() => cellTexts, [i18n.locale]); // eslint-disable-line react-hooks/exhaustive-deps
  const columns = useMemo(
    () => fitBadgeColumns(chosen, { ...texts, label: (c) => i18n._(c.label) }, columnFonts(), measure),
    [chosen, texts], // eslint-disable-line react-hooks/exhaustive-deps -- texts change with the language
  );
  const width = tableWidth(columns) + (selection ? SELECT_WIDTH : 0) + HISTORY_WIDTH;
  const scroller = useRef<HTMLDivElement>(null);
  // The virtualiser's functions change as it scrolls: this component is left out of the compiler's
  // memoisation on purpose (the rows below are memoised by hand).
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
    initialRect: INITIAL_RECT,
    // No getItemKey: the virtualiser lays out every row (100,000 on a large order) again whenever
    // it gets a new one, and an inline one is new on every render. Its keys are the positions, so
    // the layout is only redone when the number of rows changes; React keys rows by device below.
  });

  // Bench and performance tools: when the rows of a new list reached the DOM.
  useEffect(() => {
    if (rows.length > 0) performance.mark('checks:results-rendered');
  }, [rows]);

  return (
    <div
      ref={scroller}
      className={classes.scroller}
      style={{ height }}
      role="table"
      aria-label={t`Check results`}
      aria-rowcount={rows.length + 1}
      data-testid="results-table"
      data-rows={rows.length}
      data-total={total}
      data-query={query}
      tabIndex={0}
    >
      <div role="rowgroup" className={classes.header} style={{ width }}>
        <div role="row" aria-rowindex={1} style={{ display: 'flex' }} data-testid="results-header">
          {selection && (
            <div role="columnheader" className={classes.headerCell} style={{ width: SELECT_WIDTH }}>
              <span className={classes.srOnly}>{t`Selected`}</span>
            </div>
          )}
          {columns.map((column) => (
            <ColumnHeader key={column.key} column={column} />
          ))}
          <div role="columnheader" className={classes.headerCell} style={{ width: HISTORY_WIDTH }}>
            {t`History`}
          </div>
        </div>
      </div>
      <div role="rowgroup" className={classes.body} style={{ height: virtualizer.getTotalSize(), width }}>
        {virtualizer.getVirtualItems().map((item) => {
          const device = rows[item.index];
          if (!device) return null;
          return (
            <DeviceRow
              // By device, so a merge of changed rows re-renders only those.
              key={device.id}
              device={device}
              index={item.index}
              top={item.start}
              texts={texts}
              columns={columns}
              width={width}
              selected={selection ? selection.isSelected(device.id) : null}
              onToggle={selection?.toggle}
              onShowJobs={onShowJobs}
              onOpen={onOpenDevice}
            />
          );
        })}
      </div>
      {rows.length === 0 && (
        <div className={classes.dimmed} style={{ padding: 16, marginTop: -HEADER_HEIGHT / 2 }}>
          {total === 0 ? t`No devices yet.` : t`No device matches the search and filters.`}
        </div>
      )}
    </div>
  );
});

function ColumnHeader({ column }: { column: DeviceColumn }) {
  const { i18n } = useLingui();
  return (
    <div
      role="columnheader"
      className={classes.headerCell}
      style={{ width: column.width }}
      data-column={column.key}
    >
      {i18n._(column.label)}
    </div>
  );
}

// Rows and cells are plain elements with no hooks of their own: a search that brings two dozen new
// rows into view mounts only DOM, which keeps a keystroke well inside a frame.
const DeviceRow = memo(function DeviceRow({
  device,
  index,
  top,
  texts,
  columns,
  width,
  selected,
  onToggle,
  onShowJobs,
  onOpen,
}: {
  device: DeviceResultRow;
  index: number;
  top: number;
  texts: CellTexts;
  columns: readonly DeviceColumn[];
  width: number;
  /** null: no selection column. */
  selected: boolean | null;
  onToggle: ((id: number) => void) | undefined;
  onShowJobs(device: DeviceResultRow): void;
  onOpen: ((device: DeviceResultRow) => void) | undefined;
}) {
  const name = device.sn ?? device.imei ?? device.input;
  // The row opens the device (issue 27: a row click did nothing, and the columns past the table's
  // width were out of reach); its checkbox, status button and history link keep their own click.
  const open = onOpen
    ? (event: MouseEvent) => {
        if (clickHasOwnTarget(event.target)) return;
        onOpen(device);
      }
    : undefined;
  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      aria-selected={selected ?? undefined}
      className={onOpen ? `${classes.row} ${classes.opens}` : classes.row}
      style={{ height: ROW_HEIGHT, width, top }}
      onClick={open}
      data-testid="result-row"
      data-status={device.status}
      data-device-id={device.id}
    >
      {selected !== null && (
        <div role="cell" className={classes.cell} style={{ width: SELECT_WIDTH }} data-row-select>
          <input
            type="checkbox"
            checked={selected}
            onChange={() => onToggle?.(device.id)}
            aria-label={texts.select(name)}
            data-testid="row-select"
          />
        </div>
      )}
      {columns.map((column) => (
        <div key={column.key} role="cell" className={classes.cell} style={{ width: column.width }}>
          {cellValue(column, device, texts, onShowJobs)}
        </div>
      ))}
      <div role="cell" className={classes.cell} style={{ width: HISTORY_WIDTH }}>
        <a href={deviceHistoryHref(device)} aria-label={texts.historyOf(name)} data-testid="device-history">
          {texts.history}
        </a>
      </div>
    </div>
  );
});
