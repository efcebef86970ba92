// Intake's one write (intake-service.ts): tracked devices inserted with the account's next running
// numbers, their repair ids indexed for search and an intake event each, inside the caller's
// transaction. Every intake path (lines, a check order, the counter's handoff) ends here.
import type { Transaction } from 'kysely';
import type { LogisticsBadge } from '#contract/schemas/repairs.ts';
import type { Database } from '#server/db/schema.ts';
import type { AuthUser } from '#server/modules/auth/session-service.ts';
import { shopEventRow } from './device-rows.ts';

/** A device about to be inserted. */
export interface NewTracked {
  /** 1-based position in the request (a refusal names it). */
  line: number;
  ident: string;
  sn: string | null;
  imei: string | null;
  repair_ids: string[];
  model: string | null;
  customer_name: string;
  customer_phone: string;
  customer_note: string;
  courier_in: string;
  purchase_price: number | null;
  sale_price: number | null;
  warranty_type: string | null;
  warranty_end: string | null;
  purchase_date: string | null;
  source_check_order_id: number | null;
  source_check_device_id: number | null;
  /** The counter's customer record, when the intake named one. */
  customer_id?: number | null;
}

const ROWS_PER_INSERT = 200;

/** Inserts devices with the next running numbers, written at `now`; answers their ids in order. */
export async function insertTracked(
  trx: Transaction<Database>,
  user: AuthUser,
  batchId: number,
  devices: readonly NewTracked[],
  badge: LogisticsBadge,
  now: number,
): Promise<number[]> {
  await trx
    .insertInto('repair_counters')
    .values({ account_id: user.account_id, last_no: 0 })
    .onConflict((oc) => oc.column('account_id').doNothing())
    .execute();
  // A relative update holds the counter's row: concurrent intakes get disjoint numbers.
  const counter = await trx
    .updateTable('repair_counters')
    .set((eb) => ({ last_no: eb('last_no', '+', devices.length) }))
    .where('account_id', '=', user.account_id)
    .returning('last_no')
    .executeTakeFirstOrThrow();
  const first = Number(counter.last_no) - devices.length + 1;
  const ids: number[] = [];
  for (let i = 0; i < devices.length; i += ROWS_PER_INSERT) {
    const chunk = devices.slice(i, i + ROWS_PER_INSERT);
    const rows = await trx
      .insertInto('repair_devices')
      .values(
        chunk.map((d, j) => ({
          account_id: user.account_id,
          batch_id: batchId,
          no: first + i + j,
          ident: d.ident,
          sn: d.sn,
          imei: d.imei,
          repair_ids: JSON.stringify(d.repair_ids),
          repair_since_ms: d.repair_ids.length > 0 ? now : null,
          new_sn: null,
          new_imei: null,
          model: d.model,
          customer_name: d.customer_name,
          customer_phone: d.customer_phone,
          customer_note: d.customer_note,
          customer_id: d.customer_id ?? null,
          courier_in: d.courier_in,
          return_logistics: null,
          warranty_type: d.warranty_type,
          warranty_end: d.warranty_end,
          purchase_date: d.purchase_date,
          purchase_price: d.purchase_price,
          sale_price: d.sale_price,
          badge,
          eligibility: null,
          progress: null,
          quote_deadline: null,
          quote_amount: null,
          refresh_error: null,
          link_hash: null,
          source_check_order_id: d.source_check_order_id,
          source_check_device_id: d.source_check_device_id,
          created_at: now,
          updated_ms: now,
          deleted_at: null,
        })),
      )
      .returning('id')
      .execute();
    // RETURNING follows the VALUES order on both databases for a plain multi-row insert.
    const chunkIds = rows.map((r) => r.id).sort((a, b) => a - b);
    ids.push(...chunkIds);
    const repairIds = chunk.flatMap((d, j) =>
      d.repair_ids.map((rid) => ({
        device_id: chunkIds[j] as number,
        account_id: user.account_id,
        repair_id: rid,
      })),
    );
    if (repairIds.length > 0) await trx.insertInto('repair_device_ids').values(repairIds).execute();
    await trx
      .insertInto('repair_events')
      .values(
        chunkIds.map((id) =>
          shopEventRow(user, now, {
            device_id: id,
            kind: 'intake',
            from: null,
            to: badge,
            repair_id: null,
          }),
        ),
      )
      .execute();
  }
  return ids;
}
