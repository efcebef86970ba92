import type { Insertable, Selectable } from 'kysely';
import type {
  LogisticsBadge,
  RefreshState,
  RepairDeviceRow,
  RepairEligibility,
  RepairEventKind,
  RepairEventRow,
  RepairProgress,
  ReturnLogistics,
} from '#contract/schemas/repairs.ts';
import type { WarrantyType } from '#contract/schemas/checks-results.ts';
import type { RepairDevicesTable, RepairEventsTable } from '#server/db/schema.ts';
import type { AuthUser } from '#server/modules/auth/session-service.ts';

export type DeviceDbRow = Selectable<RepairDevicesTable> & { batch_title: string };

/** The columns toDeviceRow reads: what the list selects (not the wide row's bookkeeping columns). */
export const DEVICE_ROW_COLUMNS = [
  'id',
  'batch_id',
  'no',
  'sn',
  'imei',
  'repair_ids',
  'new_sn',
  'new_imei',
  'model',
  'customer_name',
  'customer_phone',
  'customer_note',
  'customer_id',
  'courier_in',
  'return_tracking',
  'return_logistics',
  'warranty_type',
  'warranty_end',
  'purchase_date',
  'purchase_price',
  'sale_price',
  'badge',
  'eligibility',
  'progress',
  'quote_deadline',
  'quote_amount',
  'changed_at',
  'refreshed_at',
  'refresh_state',
  'refresh_error',
  'watched',
  'sandbox',
  'link_hash',
  'source_check_order_id',
  'created_at',
  'updated_ms',
] as const satisfies readonly (keyof RepairDevicesTable)[];

export type DeviceRowSource = Pick<DeviceDbRow, (typeof DEVICE_ROW_COLUMNS)[number] | 'batch_title'>;

const sec = (ms: number | null) => (ms ? Math.floor(Number(ms) / 1000) : 0);
const num = (v: number | null) => (v === null ? null : Number(v));

export function parseRepairIds(json: string): string[] {
  try {
    const v = JSON.parse(json) as unknown;
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

/** The list's columns in the order of its rows as values: DEVICE_ROW_COLUMNS, then the batch's title. */
export const DEVICE_LIST_COLUMNS = [...DEVICE_ROW_COLUMNS, 'batch_title'] as const;
type ListColumn = (typeof DEVICE_LIST_COLUMNS)[number];
/** Each list column's position in a row of values. */
const AT = Object.fromEntries(DEVICE_LIST_COLUMNS.map((column, i) => [column, i])) as Record<
  ListColumn,
  number
>;

/**
 * A row of values in DEVICE_LIST_COLUMNS' order (the device list's page, read as arrays:
 * server/db/prepared.ts) to the contract's row (times in seconds, amounts as numbers).
 */
export function deviceRowFromValues(values: readonly unknown[]): RepairDeviceRow {
  const v = <C extends ListColumn>(column: C) => values[AT[column]] as DeviceRowSource[C];
  return {
    id: v('id'),
    batch_id: v('batch_id'),
    batch_title: v('batch_title'),
    no: v('no'),
    sn: v('sn'),
    imei: v('imei'),
    repair_ids: parseRepairIds(v('repair_ids')),
    new_sn: v('new_sn'),
    new_imei: v('new_imei'),
    model: v('model'),
    customer_name: v('customer_name'),
    customer_phone: v('customer_phone'),
    customer_note: v('customer_note'),
    customer_id: v('customer_id') ?? null,
    courier_in: v('courier_in'),
    return_tracking: v('return_tracking'),
    return_logistics: v('return_logistics') as ReturnLogistics | null,
    warranty: {
      warranty_type: v('warranty_type') as WarrantyType | null,
      warranty_end: v('warranty_end'),
      purchase_date: v('purchase_date'),
    },
    purchase_price: num(v('purchase_price')),
    sale_price: num(v('sale_price')),
    badge: v('badge') as LogisticsBadge,
    eligibility: v('eligibility') as RepairEligibility | null,
    progress: v('progress') as RepairProgress | null,
    quote_deadline: v('quote_deadline') ? sec(v('quote_deadline')) : null,
    quote_amount: num(v('quote_amount')),
    changed_at: sec(v('changed_at')),
    refreshed_at: sec(v('refreshed_at')),
    refresh_state: v('refresh_state') as RefreshState,
    refresh_error: v('refresh_error'),
    watched: Number(v('watched')) === 1,
    sandbox: Number(v('sandbox')) === 1,
    link_active: v('link_hash') !== null,
    source_check_order_id: v('source_check_order_id'),
    created_at: sec(v('created_at')),
    updated_ms: Number(v('updated_ms')),
  };
}

/** A database row to the contract's row (one mapping: deviceRowFromValues). */
export function toDeviceRow(r: DeviceRowSource): RepairDeviceRow {
  return deviceRowFromValues(DEVICE_LIST_COLUMNS.map((column) => r[column]));
}

export type EventDbRow = Selectable<RepairEventsTable> & { actor_name: string | null };

export function toEventRow(e: EventDbRow): RepairEventRow {
  return {
    id: e.id,
    device_id: e.device_id,
    kind: e.kind as RepairEventKind,
    from: e.from_value,
    to: e.to_value,
    repair_id: e.repair_id,
    actor_name: e.actor_name,
    source: e.source as RepairEventRow['source'],
    at: sec(e.created_at),
  };
}

/** A repair_events row for a change the shop made itself (an intake, an edit, a badge move). */
export function shopEventRow(
  user: AuthUser,
  now: number,
  e: { device_id: number; kind: string; from: string | null; to: string | null; repair_id: string | null },
): Insertable<RepairEventsTable> {
  return {
    account_id: user.account_id,
    device_id: e.device_id,
    kind: e.kind,
    from_value: e.from,
    to_value: e.to,
    repair_id: e.repair_id,
    actor_user_id: user.user_id,
    source: 'shop',
    created_at: now,
  };
}
