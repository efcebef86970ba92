import type { DeviceFacts } from '#server/providers/checks/provider.ts';
import type { CheckDevicesTable } from '#server/db/schema.ts';

/** The device columns a provider's facts may set (the result fields of the contract). */
export const FACT_COLUMNS = [
  'sn',
  'imei',
  'imei2',
  'model',
  'capacity',
  'colour',
  'network_model',
  'warranty_type',
  'purchase_date',
  'warranty_end',
  'warranty_days_left',
  'replaced',
  'phone_support',
  'purchase_verified',
  'loaner',
  'activated',
  'activation_lock',
  'id_blacklist',
  'id_monitor_end',
  'network_lock',
  'carrier',
  'carrier_country',
  'sale_country',
  'in_repair',
  'mdm_lock',
  'gsx_text',
] as const satisfies readonly (keyof CheckDevicesTable & keyof Required<DeviceFacts>)[];

type FactColumn = (typeof FACT_COLUMNS)[number];
const IDENTIFIERS: ReadonlySet<string> = new Set(['sn', 'imei', 'imei2']);
const TRI_STATE: ReadonlySet<string> = new Set([
  'replaced',
  'phone_support',
  'purchase_verified',
  'loaner',
  'activated',
  'activation_lock',
  'id_blacklist',
  'network_lock',
  'in_repair',
  'mdm_lock',
]);

/**
 * The column values to merge into a device: every fact the answer carries, in a stable column
 * order (so the UPDATE's SQL, and its prepared statement, are the same for every answer of a
 * service). A missing identifier never erases the one the device was ordered by; a tri-state that
 * is null means unknown.
 */
export function factColumns(facts: DeviceFacts): Partial<Record<FactColumn, string | number | null>> {
  const out: Partial<Record<FactColumn, string | number | null>> = {};
  const source = facts as Record<string, unknown>;
  for (const column of FACT_COLUMNS) {
    if (!(column in source)) continue;
    const value = source[column];
    if (value === undefined) continue;
    if (IDENTIFIERS.has(column) && (value === null || value === '')) continue;
    if (TRI_STATE.has(column)) {
      out[column] = value === 'yes' || value === 'no' ? value : 'unknown';
    } else if (column === 'warranty_days_left') {
      out[column] = typeof value === 'number' && Number.isFinite(value) ? Math.trunc(value) : null;
    } else {
      out[column] = value === null ? null : String(value);
    }
  }
  return out;
}
