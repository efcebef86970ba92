import type { MessageDescriptor } from '@lingui/core';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type {
  DeviceResultRow,
  DeviceStatus,
  TriState,
  WarrantyType,
} from '#contract/schemas/checks-results.ts';
import { deviceWord, isWordField, type WordField } from '#contract/device-words.ts';
import { TRI_STATE_NAMES, WARRANTY_TYPE_NAMES, jobReason } from '#src/lib/labels/device-facts.ts';
import {
  DEVICE_STATUS_COLORS,
  DEVICE_STATUS_NAMES,
  failedJobs,
  hasSandboxData,
  triStateColor,
  type DeviceColumn,
} from '../model/device-fields.ts';
import classes from './ResultsTable.module.css';

// One device field as the results table and the device drawer show it (the same words and colours).

/** Texts the cells show, translated once per table render instead of once per cell. */
export interface CellTexts {
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

export function useCellTexts(): CellTexts {
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
    daysLeft: (days) => t`${plural(days, { one: '# day left', other: '# days left' })}`,
    jobsOf: (name) => t`Jobs of ${name}`,
    select: (name) => t`Select ${name}`,
    history: t`History`,
    historyOf: (name) => t`Device history of ${name}`,
  };
}

const EMPTY_CELL = <span className={classes.dimmed}>—</span>;

export function cellValue(
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
