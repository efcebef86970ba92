import type { Selectable } from 'kysely';
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
import type { RepairDevicesTable, RepairEventsTable } from '#server/db/schema-repairs.ts';

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

/** A database row to the contract's row (times in seconds, amounts as numbers). */
export function toDeviceRow(r: DeviceRowSource): RepairDeviceRow {
  return {
    id: r.id,
    batch_id: r.batch_id,
    batch_title: r.batch_title,
    no: r.no,
    sn: r.sn,
    imei: r.imei,
    repair_ids: parseRepairIds(r.repair_ids),
    new_sn: r.new_sn,
    new_imei: r.new_imei,
    model: r.model,
    customer_name: r.customer_name,
    customer_phone: r.customer_phone,
    customer_note: r.customer_note,
    courier_in: r.courier_in,
    return_tracking: r.return_tracking,
    return_logistics: r.return_logistics as ReturnLogistics | null,
    warranty: {
      warranty_type: r.warranty_type as WarrantyType | null,
      warranty_end: r.warranty_end,
      purchase_date: r.purchase_date,
    },
    purchase_price: num(r.purchase_price),
    sale_price: num(r.sale_price),
    badge: r.badge as LogisticsBadge,
    eligibility: r.eligibility as RepairEligibility | null,
    progress: r.progress as RepairProgress | null,
    quote_deadline: r.quote_deadline ? sec(r.quote_deadline) : null,
    quote_amount: num(r.quote_amount),
    changed_at: sec(r.changed_at),
    refreshed_at: sec(r.refreshed_at),
    refresh_state: r.refresh_state as RefreshState,
    refresh_error: r.refresh_error,
    watched: Number(r.watched) === 1,
    sandbox: Number(r.sandbox) === 1,
    link_active: r.link_hash !== null,
    source_check_order_id: r.source_check_order_id,
    created_at: sec(r.created_at),
    updated_ms: Number(r.updated_ms),
  };
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
