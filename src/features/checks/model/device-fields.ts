import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type {
  DeviceResultRow,
  DeviceStatus,
  JobStatus,
  TriState,
  WarrantyType,
} from '#contract/schemas/checks-results.ts';

export const WARRANTY_TYPE_NAMES: Record<WarrantyType, MessageDescriptor> = {
  applecare_plus: msg`AppleCare+`,
  limited: msg`Limited warranty`,
  out_of_warranty: msg`Out of warranty`,
  replaced: msg`Replaced`,
  not_activated: msg`Not activated`,
  purchase_not_verified: msg`Purchase not verified`,
  loaner: msg`Loaner`,
  bad_serial: msg`Bad serial`,
};

export const TRI_STATE_NAMES: Record<TriState, MessageDescriptor> = {
  yes: msg`Yes`,
  no: msg`No`,
  unknown: msg`Unknown`,
};

export const DEVICE_STATUS_NAMES: Record<DeviceStatus, MessageDescriptor> = {
  pending: msg`Waiting`,
  running: msg`Checking`,
  success: msg`Done`,
  partial: msg`Partly failed`,
  failed: msg`Failed`,
};

export const JOB_STATUS_NAMES: Record<JobStatus, MessageDescriptor> = {
  pending: msg`Waiting`,
  running: msg`Checking`,
  success: msg`Succeeded`,
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
export type DeviceColumn = { key: string; label: MessageDescriptor; width: number } & (
  | { kind: 'text'; field: TextKey; mono?: boolean }
  /** `good` is the answer a buyer hopes for: it shows green, the other red, unknown grey. */
  | { kind: 'tri'; field: TriKey; good: 'yes' | 'no' }
  | { kind: 'warranty_type' }
  | { kind: 'warranty_end' }
  | { kind: 'carrier' }
  | { kind: 'status' }
);

/**
 * Every field of a checked device (domain.md's vocabulary, contract checks-results.ts), in the
 * order the results table shows them. Widths are fixed so the virtualised rows line up with the
 * header without measuring.
 */
export const DEVICE_COLUMNS: readonly DeviceColumn[] = [
  { key: 'status', kind: 'status', label: msg`Status`, width: 130 },
  { key: 'sn', kind: 'text', field: 'sn', label: msg`SN`, width: 140, mono: true },
  { key: 'imei', kind: 'text', field: 'imei', label: msg`IMEI`, width: 160, mono: true },
  { key: 'imei2', kind: 'text', field: 'imei2', label: msg`IMEI 2`, width: 160, mono: true },
  { key: 'model', kind: 'text', field: 'model', label: msg`Model`, width: 170 },
  { key: 'capacity', kind: 'text', field: 'capacity', label: msg`Capacity`, width: 90 },
  { key: 'colour', kind: 'text', field: 'colour', label: msg`Colour`, width: 110 },
  { key: 'network_model', kind: 'text', field: 'network_model', label: msg`Network model`, width: 120 },
  { key: 'warranty_type', kind: 'warranty_type', label: msg`Warranty type`, width: 150 },
  { key: 'purchase_date', kind: 'text', field: 'purchase_date', label: msg`Purchase date`, width: 120 },
  { key: 'warranty_end', kind: 'warranty_end', label: msg`Warranty end (days left)`, width: 180 },
  { key: 'replaced', kind: 'tri', field: 'replaced', good: 'no', label: msg`Replaced by Apple`, width: 110 },
  {
    key: 'phone_support',
    kind: 'tri',
    field: 'phone_support',
    good: 'yes',
    label: msg`Phone support`,
    width: 110,
  },
  {
    key: 'purchase_verified',
    kind: 'tri',
    field: 'purchase_verified',
    good: 'yes',
    label: msg`Purchase verified`,
    width: 120,
  },
  { key: 'loaner', kind: 'tri', field: 'loaner', good: 'no', label: msg`Loaner`, width: 90 },
  { key: 'activated', kind: 'tri', field: 'activated', good: 'yes', label: msg`Activated`, width: 100 },
  {
    key: 'activation_lock',
    kind: 'tri',
    field: 'activation_lock',
    good: 'no',
    label: msg`Activation lock`,
    width: 120,
  },
  {
    key: 'id_blacklist',
    kind: 'tri',
    field: 'id_blacklist',
    good: 'no',
    label: msg`ID blacklist`,
    width: 110,
  },
  { key: 'id_monitor_end', kind: 'text', field: 'id_monitor_end', label: msg`ID monitor end`, width: 130 },
  {
    key: 'network_lock',
    kind: 'tri',
    field: 'network_lock',
    good: 'no',
    label: msg`Network lock`,
    width: 110,
  },
  { key: 'carrier', kind: 'carrier', label: msg`Carrier (country)`, width: 180 },
  { key: 'sale_country', kind: 'text', field: 'sale_country', label: msg`Country of sale`, width: 120 },
  { key: 'in_repair', kind: 'tri', field: 'in_repair', good: 'no', label: msg`In repair`, width: 100 },
  { key: 'mdm_lock', kind: 'tri', field: 'mdm_lock', good: 'no', label: msg`MDM lock`, width: 100 },
  { key: 'tac_model', kind: 'text', field: 'tac_model', label: msg`TAC model`, width: 170 },
  { key: 'factory', kind: 'text', field: 'factory', label: msg`Factory`, width: 120 },
  { key: 'manufactured', kind: 'text', field: 'manufactured', label: msg`Manufactured`, width: 120 },
];

/** Total width of the table's columns, px (the row's width under horizontal scroll). */
export const DEVICE_TABLE_WIDTH = DEVICE_COLUMNS.reduce((sum, c) => sum + c.width, 0);

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
