import { useRef } from 'react';
import { Anchor, Badge, Checkbox } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { Link, useNavigate } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import type { RepairDeviceRow } from '#contract/schemas/repairs.ts';
import { formatDateTime } from '#src/lib/dates.ts';
import { clickHasOwnTarget } from '#src/ui/row-click.ts';
import { BADGE_LABELS, identOf, statusOf } from '../model.ts';
import classes from './DeviceTable.module.css';
import { maskPhone } from '#src/lib/mask-phone.ts';

const ROW_HEIGHT = 40;
/**
 * What a shop looks for first, first: the device, its status, whose it is and the way to it; they fit
 * a tablet's 664 px (768 px less the icon menu) and a desktop's list beside the batches (issue 27: the
 * customer and the actions were off-screen at 1440 px). The rest follows, in the table's own scroll.
 */
const COLUMNS = [
  ['select', 44],
  ['ident', 150],
  ['status', 170],
  ['customer', 170],
  ['links', 120],
  ['no', 64],
  ['model', 150],
  ['repair', 130],
  ['badge', 130],
  ['changed', 160],
] as const;
const WIDTH = COLUMNS.reduce((sum, [, w]) => sum + w, 0);
const width = (key: (typeof COLUMNS)[number][0]) => COLUMNS.find(([k]) => k === key)?.[1] ?? 100;

interface DeviceTableProps {
  rows: readonly RepairDeviceRow[];
  selected: ReadonlySet<number>;
  onToggle(id: number): void;
  onToggleAll(): void;
  height?: number;
}

/**
 * Tracked devices, one row each, virtualised (only the rows in view are in the DOM) so a batch of
 * thousands scrolls smoothly; ARIA table roles keep it readable by screen readers.
 */
export function DeviceTable({ rows, selected, onToggle, onToggleAll, height = 520 }: DeviceTableProps) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const scroller = useRef<HTMLDivElement>(null);
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
    initialRect: { width: WIDTH, height },
    getItemKey: (index) => rows[index]?.id ?? index,
  });
  const allSelected = rows.length > 0 && rows.every((r) => selected.has(r.id));
  const headers: Record<(typeof COLUMNS)[number][0], string> = {
    select: '',
    no: t`No.`,
    ident: t`SN / IMEI`,
    repair: t`Repair ids`,
    model: t`Model`,
    status: t`Status`,
    badge: t`Logistics badge`,
    customer: t`Customer`,
    changed: t`Status changed`,
    links: t`Actions`,
  };

  return (
    <div
      ref={scroller}
      className={classes.scroller}
      style={{ height }}
      role="table"
      aria-label={t`Tracked devices`}
      aria-rowcount={rows.length + 1}
      data-testid="repair-table"
      data-rows={rows.length}
      tabIndex={0}
    >
      <div role="rowgroup" className={classes.header} style={{ width: WIDTH }}>
        <div role="row" aria-rowindex={1} style={{ display: 'flex', alignItems: 'center' }}>
          {COLUMNS.map(([key, w]) => (
            <div
              key={key}
              role="columnheader"
              className={classes.headerCell}
              style={{ width: w }}
              data-testid={`repair-column-${key}`}
            >
              {key === 'select' ? (
                <Checkbox
                  aria-label={t`Select all devices shown`}
                  checked={allSelected}
                  indeterminate={!allSelected && selected.size > 0}
                  onChange={onToggleAll}
                  data-testid="select-all"
                />
              ) : (
                headers[key]
              )}
            </div>
          ))}
        </div>
      </div>
      <div
        role="rowgroup"
        className={classes.body}
        style={{ height: virtualizer.getTotalSize(), width: WIDTH }}
      >
        {virtualizer.getVirtualItems().map((item) => {
          const row = rows[item.index];
          if (!row) return null;
          const ident = identOf(row);
          return (
            <div
              key={item.key}
              role="row"
              aria-rowindex={item.index + 2}
              className={classes.row}
              style={{ transform: `translateY(${item.start}px)`, height: ROW_HEIGHT, width: WIDTH }}
              data-testid="repair-row"
              data-device-id={row.id}
              data-ident={ident}
              // A click anywhere on the row opens the device (issue 27: a row click did nothing); the
              // checkbox and the links keep their own click.
              onClick={(event) => {
                if (clickHasOwnTarget(event.target)) return;
                void navigate({ to: '/app/maintenance/orderDetail', search: { device_id: row.id } });
              }}
            >
              <DeviceRowCells row={row} ident={ident} checked={selected.has(row.id)} onToggle={onToggle} />
            </div>
          );
        })}
      </div>
      {rows.length === 0 && <div style={{ padding: 16 }}>{t`No tracked device matches.`}</div>}
    </div>
  );
}

/** One tracked device's cells, in the order of COLUMNS. */
function DeviceRowCells({
  row,
  ident,
  checked,
  onToggle,
}: {
  row: RepairDeviceRow;
  ident: string;
  checked: boolean;
  onToggle(id: number): void;
}) {
  const { t, i18n } = useLingui();
  const status = statusOf(row);
  return (
    <>
      <div role="cell" className={classes.cell} style={{ width: width('select') }} data-row-select>
        <Checkbox aria-label={t`Select ${ident}`} checked={checked} onChange={() => onToggle(row.id)} />
      </div>
      <div role="cell" className={classes.cell} style={{ width: width('ident') }}>
        {ident}
      </div>
      <div
        role="cell"
        className={classes.cell}
        style={{ width: width('status') }}
        data-testid="row-status"
        data-progress={row.progress ?? ''}
        data-refresh={row.refresh_state}
      >
        {status ? i18n._(status) : row.refresh_state === 'pending' ? t`Refreshing…` : t`Not refreshed yet`}
        {row.watched && (
          <Badge ml={6} size="xs" variant="light" data-testid="row-watched">
            {t`Watched`}
          </Badge>
        )}
      </div>
      <div role="cell" className={classes.cell} style={{ width: width('customer') }}>
        {[row.customer_name, row.customer_phone && maskPhone(row.customer_phone)].filter(Boolean).join(' · ')}
      </div>
      <div role="cell" className={classes.cell} style={{ width: width('links') }}>
        <Anchor
          renderRoot={(props) => (
            <Link {...props} to="/app/maintenance/orderDetail" search={{ device_id: row.id }} />
          )}
          size="sm"
        >
          {t`Detail`}
        </Anchor>{' '}
        <Anchor
          renderRoot={(props) => <Link {...props} to="/app/maintenance/history" search={{ q: ident }} />}
          size="sm"
        >
          {t`History`}
        </Anchor>
      </div>
      <div role="cell" className={classes.cell} style={{ width: width('no') }}>
        {row.no}
      </div>
      <div role="cell" className={classes.cell} style={{ width: width('model') }}>
        {row.model ?? ''}
      </div>
      <div role="cell" className={classes.cell} style={{ width: width('repair') }}>
        {row.repair_ids.at(-1) ?? '—'}
      </div>
      <div role="cell" className={classes.cell} style={{ width: width('badge') }}>
        {i18n._(BADGE_LABELS[row.badge])}
      </div>
      <div role="cell" className={classes.cell} style={{ width: width('changed') }}>
        {formatDateTime(row.changed_at)}
      </div>
    </>
  );
}
