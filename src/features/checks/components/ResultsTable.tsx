import { deviceWord, isWordField, type WordField } from '#contract/device-words.ts';
import { memo, useEffect, useMemo, useRef } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useLingui } from '@lingui/react/macro';
import type {
  DeviceResultRow,
  DeviceStatus,
  TriState,
  WarrantyType,
} from '#contract/schemas/checks-results.ts';
import { defaultStringifySearch } from '@tanstack/react-router';
import { TRI_STATE_NAMES, WARRANTY_TYPE_NAMES, jobReason } from '#src/lib/labels/device-facts.ts';
import {
  DEVICE_COLUMNS,
  DEVICE_STATUS_COLORS,
  DEVICE_STATUS_NAMES,
  tableWidth,
  failedJobs,
  hasSandboxData,
  triStateColor,
  type DeviceColumn,
} from '../model/device-fields.ts';
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
  columns = DEVICE_COLUMNS,
  selection,
  query = '',
  height = 560,
  onShowJobs,
}: ResultsTableProps) {
  const width = tableWidth(columns) + (selection ? SELECT_WIDTH : 0) + HISTORY_WIDTH;
  const { t, i18n } = useLingui();
  const cellTexts = useCellTexts();
  // Same texts object while the language stays: memoised rows do not re-render for it.
  const texts = useMemo(() => cellTexts, [i18n.locale]); // eslint-disable-line react-hooks/exhaustive-deps
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

/** Texts the cells show, translated once per table render instead of once per cell. */
interface CellTexts {
  tri: Record<TriState, string>;
  warranty: Record<WarrantyType, string>;
  status: Record<DeviceStatus, string>;
  sandbox: string;
  expired: string;
  daysLeft(days: number): string;
  jobsOf(name: string): string;
  select(name: string): string;
  history: string;
  historyOf(name: string): string;
  /** A provider's colour, carrier or country in the reader's language. */
  word(field: WordField, value: string): string;
}

function useCellTexts(): CellTexts {
  const { t, i18n } = useLingui();
  const translate = <K extends string>(names: Record<K, MessageDescriptor>) =>
    Object.fromEntries(Object.entries<MessageDescriptor>(names).map(([k, v]) => [k, i18n._(v)])) as Record<
      K,
      string
    >;
  return {
    tri: translate(TRI_STATE_NAMES),
    word: (field, value) => deviceWord(field, value, i18n.locale),
    warranty: translate(WARRANTY_TYPE_NAMES),
    status: translate(DEVICE_STATUS_NAMES),
    sandbox: t`sandbox`,
    expired: t`expired`,
    daysLeft: (days) => t`${days} days left`,
    jobsOf: (name) => t`Jobs of ${name}`,
    select: (name) => t`Select ${name}`,
    history: t`History`,
    historyOf: (name) => t`Device history of ${name}`,
  };
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
}) {
  const name = device.sn ?? device.imei ?? device.input;
  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      aria-selected={selected ?? undefined}
      className={classes.row}
      style={{ height: ROW_HEIGHT, width, top }}
      data-testid="result-row"
      data-status={device.status}
      data-device-id={device.id}
    >
      {selected !== null && (
        <div role="cell" className={classes.cell} style={{ width: SELECT_WIDTH }}>
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

const EMPTY_CELL = <span className={classes.dimmed}>—</span>;

function cellValue(
  column: DeviceColumn,
  device: DeviceResultRow,
  texts: CellTexts,
  onShowJobs: (device: DeviceResultRow) => void,
) {
  switch (column.kind) {
    case 'text': {
      const value = device[column.field];
      if (value === null || value === '') return EMPTY_CELL;
      const shown = isWordField(column.field) ? texts.word(column.field, value) : value;
      return <span className={column.mono ? classes.mono : undefined}>{shown}</span>;
    }
    case 'tri': {
      const value = device[column.field];
      return (
        <span className={`${classes.badge} ${classes[triStateColor(value, column.good)]}`}>
          {texts.tri[value]}
        </span>
      );
    }
    case 'days_left':
      return device.warranty_days_left === null ? EMPTY_CELL : <span>{device.warranty_days_left}</span>;
    case 'warranty_type':
      return device.warranty_type ? <span>{texts.warranty[device.warranty_type]}</span> : EMPTY_CELL;
    case 'warranty_end': {
      if (!device.warranty_end) return EMPTY_CELL;
      const days = device.warranty_days_left;
      return (
        <span>
          {device.warranty_end}
          {days !== null && (
            <span className={days > 0 ? undefined : classes.dimmed}>
              {' '}
              ({days > 0 ? texts.daysLeft(days) : texts.expired})
            </span>
          )}
        </span>
      );
    }
    case 'carrier':
      if (!device.carrier) return EMPTY_CELL;
      return (
        <span>
          {texts.word('carrier', device.carrier)}
          {device.carrier_country ? ` (${texts.word('carrier_country', device.carrier_country)})` : ''}
        </span>
      );
    case 'status': {
      const reasons = failedJobs(device)
        .map((job) => jobReason(job.error) ?? '')
        .filter(Boolean)
        .join('\n');
      return (
        <button
          type="button"
          className={classes.statusButton}
          onClick={() => onShowJobs(device)}
          title={reasons || undefined}
          data-testid="device-status"
        >
          <span className={`${classes.badge} ${classes[DEVICE_STATUS_COLORS[device.status]]}`}>
            {texts.status[device.status]}
          </span>
          {hasSandboxData(device) && <span className={classes.sandbox}>{texts.sandbox}</span>}
          {/* The visible state stays the start of the button's name (WCAG 2.5.3). */}
          <span className={classes.srOnly}>{texts.jobsOf(device.sn ?? device.imei ?? device.input)}</span>
        </button>
      );
    }
  }
}
