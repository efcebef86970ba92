import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { DeviceResultRow, DeviceStatus, TriState } from '#contract/schemas/checks-results.ts';
import { RESULT_COLUMNS, type ResultColumnId } from '#contract/values/checks-columns.ts';

export const DEVICE_STATUS_NAMES: Record<DeviceStatus, MessageDescriptor> = {
  pending: msg`Waiting`,
  running: msg`Checking`,
  success: msg`Done`,
  partial: msg`Partly failed`,
  failed: msg`Failed`,
};

export const DEVICE_STATUS_COLORS: Record<DeviceStatus, string> = {
  pending: 'gray',
  running: 'blue',
  success: 'teal',
  partial: 'orange',
  failed: 'red',
};

type TriKey = {
  [K in keyof DeviceResultRow]: DeviceResultRow[K] extends TriState ? K : never;
}[keyof DeviceResultRow];

type TextKey = {
  [K in keyof DeviceResultRow]: DeviceResultRow[K] extends string | null ? K : never;
}[keyof DeviceResultRow];

/** How one column of the results table shows its value. */
export type DeviceColumn = { key: ResultColumnId; label: MessageDescriptor; width: number } & (
  | { kind: 'text'; field: TextKey; mono?: boolean }
  /** `good` is the answer a buyer hopes for: it shows green, the other red, unknown grey. */
  | { kind: 'tri'; field: TriKey; good: 'yes' | 'no' }
  | { kind: 'days_left' }
  | { kind: 'warranty_type' }
  | { kind: 'warranty_end' }
  | { kind: 'carrier' }
  | { kind: 'status' }
);

type ColumnView = DistributiveOmit<DeviceColumn, 'key' | 'label'>;
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/**
 * How the table shows each column of the contract's catalogue (contract/schemas/checks-columns.ts:
 * ids, labels, default set). Widths are fixed so the virtualised rows line up with the header
 * without measuring.
 */
const VIEWS: Record<ResultColumnId, ColumnView> = {
  status: { kind: 'status', width: 130 },
  input: { kind: 'text', field: 'input', width: 160, mono: true },
  sn: { kind: 'text', field: 'sn', width: 140, mono: true },
  imei: { kind: 'text', field: 'imei', width: 145, mono: true },
  imei2: { kind: 'text', field: 'imei2', width: 160, mono: true },
  model: { kind: 'text', field: 'model', width: 140 },
  capacity: { kind: 'text', field: 'capacity', width: 90 },
  colour: { kind: 'text', field: 'colour', width: 110 },
  network_model: { kind: 'text', field: 'network_model', width: 120 },
  warranty_type: { kind: 'warranty_type', width: 130 },
  purchase_date: { kind: 'text', field: 'purchase_date', width: 120 },
  warranty_end: { kind: 'warranty_end', width: 180 },
  warranty_days_left: { kind: 'days_left', width: 110 },
  replaced: { kind: 'tri', field: 'replaced', good: 'no', width: 110 },
  phone_support: { kind: 'tri', field: 'phone_support', good: 'yes', width: 110 },
  purchase_verified: { kind: 'tri', field: 'purchase_verified', good: 'yes', width: 120 },
  loaner: { kind: 'tri', field: 'loaner', good: 'no', width: 90 },
  activated: { kind: 'tri', field: 'activated', good: 'yes', width: 100 },
  activation_lock: { kind: 'tri', field: 'activation_lock', good: 'no', width: 110 },
  id_blacklist: { kind: 'tri', field: 'id_blacklist', good: 'no', width: 110 },
  id_monitor_end: { kind: 'text', field: 'id_monitor_end', width: 130 },
  network_lock: { kind: 'tri', field: 'network_lock', good: 'no', width: 110 },
  carrier: { kind: 'carrier', width: 180 },
  carrier_country: { kind: 'text', field: 'carrier_country', width: 110 },
  sale_country: { kind: 'text', field: 'sale_country', width: 120 },
  in_repair: { kind: 'tri', field: 'in_repair', good: 'no', width: 100 },
  mdm_lock: { kind: 'tri', field: 'mdm_lock', good: 'no', width: 100 },
  tac_model: { kind: 'text', field: 'tac_model', width: 170 },
  factory: { kind: 'text', field: 'factory', width: 120 },
  manufactured: { kind: 'text', field: 'manufactured', width: 130 },
  gsx_text: { kind: 'text', field: 'gsx_text', width: 220 },
};

/** Every column, in the catalogue's order. */
export const DEVICE_COLUMNS: readonly DeviceColumn[] = RESULT_COLUMNS.map(
  (c) => ({ key: c.id, label: c.label, ...VIEWS[c.id] }) as DeviceColumn,
);
const BY_ID = new Map(DEVICE_COLUMNS.map((c) => [c.key, c]));

/** The table's columns for a list of ids (as saved per user), unknown ids skipped. */
export function columnsOf(ids: readonly string[]): DeviceColumn[] {
  return ids.flatMap((id) => {
    const column = BY_ID.get(id as ResultColumnId);
    return column ? [column] : [];
  });
}

/** Total width of some columns, px (the row's width under horizontal scroll). */
export const tableWidth = (columns: readonly DeviceColumn[]) => columns.reduce((sum, c) => sum + c.width, 0);

/** A tri-state's color: green for the hoped-for answer, red for the other, grey when unknown. */
export function triStateColor(value: TriState, good: 'yes' | 'no'): string {
  if (value === 'unknown') return 'gray';
  return value === good ? 'teal' : 'red';
}

/** Failed jobs of a device, the reasons the row shows. */
export function failedJobs(device: DeviceResultRow) {
  return device.jobs.filter((job) => job.status === 'failed');
}

/** Whether any answer of the device came from the sandbox provider (not real data). */
export function hasSandboxData(device: DeviceResultRow): boolean {
  return device.jobs.some((job) => job.sandbox);
}
