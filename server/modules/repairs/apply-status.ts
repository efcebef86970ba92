import type { Insertable, Transaction } from 'kysely';
import type { Database, NotificationsTable, RepairEventsTable } from '#server/db/schema.ts';
import type { RepairProgress } from '#contract/schemas/repairs.ts';
import type { RepairStatus } from '#server/providers/repairs/provider.ts';
import { parseRepairIds } from './device-rows.ts';
import { canMove } from './status-machine.ts';

/** What applying a provider answer needs to know of a device. */
export interface DeviceState {
  id: number;
  account_id: number;
  batch_id: number;
  ident: string;
  repair_ids: string;
  progress: string | null;
  eligibility: string | null;
  return_logistics: string | null;
  return_tracking: string;
  new_sn: string | null;
  new_imei: string | null;
  model: string | null;
  watched: number;
  customer_name: string;
}

export const DEVICE_STATE_COLUMNS = [
  'id',
  'account_id',
  'batch_id',
  'ident',
  'repair_ids',
  'progress',
  'eligibility',
  'return_logistics',
  'return_tracking',
  'new_sn',
  'new_imei',
  'model',
  'watched',
  'customer_name',
] as const;

/** Rows per multi-row insert (9-10 columns each: far under SQLite's parameter limit). */
const ROWS_PER_INSERT = 500;

export interface NoticeOut {
  id: number;
  account_id: number;
  kind: 'repair';
  device_id: number;
  ident: string;
  field: string;
  from: string | null;
  to: string | null;
  customer_name: string;
  created_at: number;
}

export interface ApplyResult {
  /** Devices whose status changed (events recorded). */
  changed: Array<{ account_id: number; device_id: number; batch_id: number }>;
  /** Answers the status machine refused (not recorded). */
  refused: number;
  notices: NoticeOut[];
  /** Devices whose repair progress moved to shipped_back here (back from Apple): the counter's messages. */
  shippedBack: number[];
}

/**
 * Told of devices back from Apple inside the transaction that records it (the counter queues its
 * message to the customer there); server/app.ts wires it, so repairs imports nothing of the counter.
 */
export type ShippedBackHook = (trx: Transaction<Database>, deviceIds: number[]) => Promise<void>;

/**
 * Applies the provider's answers to devices inside the caller's transaction: each change of
 * eligibility, progress (only the moves the status machine allows) or return logistics becomes a
 * progress event with its time, the device takes the new status, and a watched device gets a
 * stored notification per change (emitted on the socket by the caller after commit).
 */
export async function applyStatuses(
  trx: Transaction<Database>,
  items: ReadonlyArray<{ device: DeviceState; status: RepairStatus; sandbox: boolean }>,
  source: 'provider' | 'monitor',
  now: number,
): Promise<ApplyResult> {
  const result: ApplyResult = { changed: [], refused: 0, notices: [], shippedBack: [] };
  const eventRows: Insertable<RepairEventsTable>[] = [];
  const noticeRows: Array<
    Insertable<NotificationsTable> & { customer_name: string; device_id: number | null }
  > = [];
  for (const { device, status, sandbox } of items) {
    const rid = parseRepairIds(device.repair_ids).at(-1) ?? null;
    const events: Array<{ kind: string; from: string | null; to: string; repair_id: string | null }> = [];
    const patch: Record<string, unknown> = { refreshed_at: now, sandbox: sandbox ? 1 : 0, updated_ms: now };
    if (status.eligibility && status.eligibility !== device.eligibility) {
      events.push({ kind: 'eligibility', from: device.eligibility, to: status.eligibility, repair_id: null });
      patch.eligibility = status.eligibility;
    }
    let progress = device.progress as RepairProgress | null;
    if (rid && status.progress && status.progress !== progress) {
      if (canMove(progress, status.progress)) {
        events.push({ kind: 'progress', from: progress, to: status.progress, repair_id: rid });
        if (status.progress === 'shipped_back') result.shippedBack.push(device.id);
        progress = status.progress;
        patch.progress = progress;
      } else {
        result.refused++;
      }
    }
    if (rid && progress === status.progress) {
      patch.quote_deadline = progress === 'quote_pending' ? status.quote_deadline_ms : null;
      patch.quote_amount = progress === 'quote_pending' ? status.quote_amount : null;
    }
    if (rid && status.return_logistics && status.return_logistics !== device.return_logistics) {
      events.push({
        kind: 'return_logistics',
        from: device.return_logistics,
        to: status.return_logistics,
        repair_id: rid,
      });
      patch.return_logistics = status.return_logistics;
    }
    if (status.return_tracking && !device.return_tracking) patch.return_tracking = status.return_tracking;
    if (status.new_sn && !device.new_sn) patch.new_sn = status.new_sn;
    if (status.new_imei && !device.new_imei) patch.new_imei = status.new_imei;
    if (status.model && !device.model) patch.model = status.model;
    if (events.length > 0) patch.changed_at = now;
    await trx.updateTable('repair_devices').set(patch).where('id', '=', device.id).execute();
    if (events.length === 0) continue;
    for (const e of events)
      eventRows.push({
        account_id: device.account_id,
        device_id: device.id,
        kind: e.kind,
        from_value: e.from,
        to_value: e.to,
        repair_id: e.repair_id,
        actor_user_id: null,
        source,
        created_at: now,
      });
    result.changed.push({ account_id: device.account_id, device_id: device.id, batch_id: device.batch_id });
    if (Number(device.watched) !== 1) continue;
    for (const e of events)
      noticeRows.push({
        account_id: device.account_id,
        kind: 'repair',
        device_id: device.id,
        check_device_id: null,
        ident: device.ident,
        field: e.kind,
        from_value: e.from,
        to_value: e.to,
        customer_name: device.customer_name,
        created_at: now,
      });
  }
  // Events and notifications of all devices go in a few multi-row inserts.
  for (let i = 0; i < eventRows.length; i += ROWS_PER_INSERT)
    await trx
      .insertInto('repair_events')
      .values(eventRows.slice(i, i + ROWS_PER_INSERT))
      .execute();
  for (let i = 0; i < noticeRows.length; i += ROWS_PER_INSERT) {
    const chunk = noticeRows.slice(i, i + ROWS_PER_INSERT);
    const ids = (await trx.insertInto('notifications').values(chunk).returning('id').execute())
      .map((r) => r.id)
      .sort((a, b) => a - b);
    chunk.forEach((n, j) =>
      result.notices.push({
        id: ids[j] as number,
        account_id: n.account_id,
        kind: 'repair',
        device_id: n.device_id as number,
        ident: n.ident,
        field: n.field,
        from: n.from_value ?? null,
        to: n.to_value ?? null,
        customer_name: n.customer_name,
        created_at: Math.floor(now / 1000),
      }),
    );
  }
  return result;
}
