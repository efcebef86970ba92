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
import {
  DEVICE_COLUMNS,
  DEVICE_STATUS_COLORS,
  DEVICE_STATUS_NAMES,
  DEVICE_TABLE_WIDTH,
  TRI_STATE_NAMES,
  WARRANTY_TYPE_NAMES,
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

interface ResultsTableProps {
  rows: readonly DeviceResultRow[];
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
 * smoothly. ARIA table roles keep it readable by screen readers.
 */
export function ResultsTable({ rows, total, query = '', height = 560, onShowJobs }: ResultsTableProps) {
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
    // Rows are keyed by device, so a merge of changed rows re-renders only those.
    getItemKey: (index) => rows[index]?.id ?? index,
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
      <div role="rowgroup" className={classes.header} style={{ width: DEVICE_TABLE_WIDTH }}>
        <div role="row" aria-rowindex={1} style={{ display: 'flex' }}>
          {DEVICE_COLUMNS.map((column) => (
            <ColumnHeader key={column.key} column={column} />
          ))}
        </div>
      </div>
      <div
        role="rowgroup"
        className={classes.body}
        style={{ height: virtualizer.getTotalSize(), width: DEVICE_TABLE_WIDTH }}
      >
        {virtualizer.getVirtualItems().map((item) => {
          const device = rows[item.index];
          if (!device) return null;
          return (
            <DeviceRow
              key={item.key}
              device={device}
              index={item.index}
              top={item.start}
              texts={texts}
              onShowJobs={onShowJobs}
            />
          );
        })}
      </div>
      {rows.length === 0 && (
        <div className={classes.dimmed} style={{ padding: 16, marginTop: -HEADER_HEIGHT / 2 }}>
          {total === 0 ? t`No devices yet.` : t`No device matches the search.`}
        </div>
      )}
    </div>
  );
}

function ColumnHeader({ column }: { column: DeviceColumn }) {
  const { i18n } = useLingui();
  return (
    <div role="columnheader" className={classes.headerCell} style={{ width: column.width }}>
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
    warranty: translate(WARRANTY_TYPE_NAMES),
    status: translate(DEVICE_STATUS_NAMES),
    sandbox: t`sandbox`,
    expired: t`expired`,
    daysLeft: (days) => t`${days} days left`,
    jobsOf: (name) => t`Jobs of ${name}`,
  };
}

// Rows and cells are plain elements with no hooks of their own: a search that brings two dozen new
// rows into view mounts only DOM, which keeps a keystroke well inside a frame.
const DeviceRow = memo(function DeviceRow({
  device,
  index,
  top,
  texts,
  onShowJobs,
}: {
  device: DeviceResultRow;
  index: number;
  top: number;
  texts: CellTexts;
  onShowJobs(device: DeviceResultRow): void;
}) {
  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      className={classes.row}
      style={{ height: ROW_HEIGHT, width: DEVICE_TABLE_WIDTH, transform: `translateY(${top}px)` }}
      data-testid="result-row"
      data-status={device.status}
    >
      {DEVICE_COLUMNS.map((column) => (
        <div key={column.key} role="cell" className={classes.cell} style={{ width: column.width }}>
          {cellValue(column, device, texts, onShowJobs)}
        </div>
      ))}
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
      return <span className={column.mono ? classes.mono : undefined}>{value}</span>;
    }
    case 'tri': {
      const value = device[column.field];
      return (
        <span className={`${classes.badge} ${classes[triStateColor(value, column.good)]}`}>
          {texts.tri[value]}
        </span>
      );
    }
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
          {device.carrier}
          {device.carrier_country ? ` (${device.carrier_country})` : ''}
        </span>
      );
    case 'status': {
      const reasons = failedJobs(device)
        .map((job) => job.error ?? '')
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
