import type { Kysely, Transaction } from 'kysely';
import { parseIdentifier } from '#contract/identifiers/parse.ts';
import { ErrCode } from '#contract/errcodes.ts';
import type { z } from 'zod';
import { REPAIR_ID_RE, type LogisticsBadge } from '#contract/schemas/repairs.ts';
import type {
  IntakeRejected,
  RepairIntakeDatas,
  repairIntakeFromCheckInput,
  repairIntakeInput,
} from '#contract/schemas/repairs-intake.ts';
import type { Database } from '#server/db/schema.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { Clock } from '#server/lib/clock.ts';
import type { AuthUser } from '#server/modules/auth/session-service.ts';
import { requireBatch } from './batch-service.ts';
import { shopEventRow } from './device-rows.ts';
import type { RepairNotifier } from './repair-notifier.ts';

/** A device about to be inserted. */
interface NewTracked {
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

/**
 * The counter's customers as intake reads them (wired in server/app.ts): the record a `customer_id`
 * names, followed through a merge; throws CUSTOMER_NOT_FOUND for an id not of the caller's shop.
 */
export interface IntakeCustomers {
  summary(accountId: number, customerId: number): Promise<{ id: number; name: string; phone: string }>;
}

const ROWS_PER_INSERT = 200;

/** What the counter hands over when a ticket's devices go to Apple (decision 0047). */
export interface CounterHandoff {
  /** The batch's title: the ticket's number. */
  title: string;
  customer: { id: number; name: string; phone: string };
  devices: Array<{ ident: string; sn: string | null; imei: string | null; model: string | null }>;
}

/**
 * Intake: lines (or a check order's devices) become tracked devices of a batch, each with the next
 * running number of the account, an intake event, and its repair ids indexed for search. A line
 * is refused with its reason (identifier rule, bad or repeated repair id, duplicate in the input or
 * in the batch); when no line is left nothing is written and REPAIR_NO_VALID_LINES lists them all.
 */
export class IntakeService {
  private readonly db: Kysely<Database>;
  private readonly clock: Clock;
  private readonly notify: RepairNotifier;
  private readonly customers: IntakeCustomers | null;
  constructor(deps: {
    db: Kysely<Database>;
    clock: Clock;
    notify: RepairNotifier;
    customers?: IntakeCustomers | null;
  }) {
    this.db = deps.db;
    this.clock = deps.clock;
    this.notify = deps.notify;
    this.customers = deps.customers ?? null;
  }

  async intake(user: AuthUser, input: z.output<typeof repairIntakeInput>): Promise<RepairIntakeDatas> {
    await requireBatch(this.db, user.account_id, input.batch_id);
    const customer = await this.customerOf(user.account_id, input.customer_id);
    const existing = await this.identsOf(input.batch_id);
    const seen = new Map<string, number>();
    const rejected: IntakeRejected[] = [];
    let accepted: NewTracked[] = [];
    input.lines.forEach((line, i) => {
      const n = i + 1;
      const reject = (reason: string, detail: string | null = null) =>
        rejected.push({ line: n, ident: line.ident.slice(0, 64), reason, detail });
      const parsed = parseIdentifier(line.ident);
      if (!parsed.ok) return reject(parsed.reason);
      const ids: string[] = [];
      for (const raw of line.repair_ids) {
        const id = raw.trim().toUpperCase();
        if (!REPAIR_ID_RE.test(id)) return reject('repair_id_invalid', raw.slice(0, 40));
        if (ids.includes(id)) return reject('repair_id_duplicate', id);
        ids.push(id);
      }
      const dupOfBatch = existing.get(parsed.value);
      if (dupOfBatch !== undefined) return reject('duplicate_batch', String(dupOfBatch));
      const earlier = seen.get(parsed.value);
      if (earlier !== undefined) return reject('duplicate_input', String(earlier));
      seen.set(parsed.value, n);
      accepted.push({
        line: n,
        ident: parsed.value,
        sn: parsed.kind === 'sn' ? parsed.value : null,
        imei: parsed.kind === 'imei' ? parsed.value : null,
        repair_ids: ids,
        model: null,
        customer_name: customer ? customer.name : line.customer_name,
        customer_phone: customer ? customer.phone : line.customer_phone,
        customer_id: customer?.id ?? null,
        customer_note: line.customer_note,
        courier_in: line.courier_in,
        purchase_price: line.purchase_price,
        sale_price: line.sale_price,
        warranty_type: null,
        warranty_end: null,
        purchase_date: null,
        source_check_order_id: null,
        source_check_device_id: null,
      });
    });
    if (!input.allow_tracked_elsewhere)
      accepted = await this.holdTrackedElsewhere(user.account_id, input.batch_id, accepted, rejected);
    if (accepted.length === 0) throw new AppError(ErrCode.REPAIR_NO_VALID_LINES, undefined, { rejected });
    const ids = await this.db
      .transaction()
      .execute((trx) => this.insert(trx, user, input.batch_id, accepted, input.badge));
    this.notify.devicesChanged(user.account_id, ids, [input.batch_id]);
    return { batch_id: input.batch_id, added: ids.length, device_ids: ids, rejected };
  }

  /** The customer an intake names, from the counter's records; null when it names none. */
  private async customerOf(accountId: number, customerId: number | undefined) {
    if (customerId === undefined) return null;
    // Without the counter wired (a test building repairs alone) an id cannot be honoured: refuse it.
    if (!this.customers) throw new AppError(ErrCode.CUSTOMER_NOT_FOUND);
    return this.customers.summary(accountId, customerId);
  }

  /** A check order's chosen devices, with their checked facts; no provider is called. */
  async fromCheck(
    user: AuthUser,
    input: z.output<typeof repairIntakeFromCheckInput>,
  ): Promise<RepairIntakeDatas> {
    const order = await this.db
      .selectFrom('check_orders')
      .select('id')
      .where('id', '=', input.check_order_id)
      .where('account_id', '=', user.account_id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (!order) throw new AppError(ErrCode.REPAIR_CHECK_SOURCE_NOT_FOUND);
    const wanted = [...new Set(input.device_ids)];
    const devices = [];
    for (let i = 0; i < wanted.length; i += 500) {
      devices.push(
        ...(await this.db
          .selectFrom('check_devices')
          .select(['id', 'ident', 'sn', 'imei', 'model', 'warranty_type', 'warranty_end', 'purchase_date'])
          .where('order_id', '=', order.id)
          .where('account_id', '=', user.account_id)
          .where('id', 'in', wanted.slice(i, i + 500))
          .execute()),
      );
    }
    if (devices.length === 0) throw new AppError(ErrCode.REPAIR_CHECK_SOURCE_NOT_FOUND);
    const byId = new Map(devices.map((d) => [d.id, d]));
    const batchId = input.batch_id ?? null;
    if (batchId) await requireBatch(this.db, user.account_id, batchId);
    const existing = batchId ? await this.identsOf(batchId) : new Map<string, number>();
    const rejected: IntakeRejected[] = [];
    let accepted: NewTracked[] = [];
    const seen = new Set<string>();
    input.device_ids.forEach((id, i) => {
      const d = byId.get(id);
      const line = i + 1;
      if (!d) return rejected.push({ line, ident: String(id), reason: 'unknown_device', detail: null });
      const dup = existing.get(d.ident);
      if (dup !== undefined)
        return rejected.push({ line, ident: d.ident, reason: 'duplicate_batch', detail: String(dup) });
      if (seen.has(d.ident))
        return rejected.push({ line, ident: d.ident, reason: 'duplicate_input', detail: null });
      seen.add(d.ident);
      accepted.push({
        line,
        ident: d.ident,
        sn: d.sn,
        imei: d.imei,
        repair_ids: [],
        model: d.model,
        customer_name: '',
        customer_phone: '',
        customer_note: '',
        courier_in: '',
        purchase_price: null,
        sale_price: null,
        warranty_type: d.warranty_type,
        warranty_end: d.warranty_end,
        purchase_date: d.purchase_date,
        source_check_order_id: order.id,
        source_check_device_id: d.id,
      });
    });
    if (!input.allow_tracked_elsewhere)
      accepted = await this.holdTrackedElsewhere(user.account_id, batchId, accepted, rejected);
    if (accepted.length === 0) throw new AppError(ErrCode.REPAIR_NO_VALID_LINES, undefined, { rejected });
    const result = await this.db.transaction().execute(async (trx) => {
      let target = batchId;
      if (!target) {
        const b = await trx
          .insertInto('repair_batches')
          .values({
            account_id: user.account_id,
            title: input.batch_title ?? '',
            remark: '',
            created_by: user.user_id,
            created_at: this.clock.now(),
            deleted_at: null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        target = b.id;
      }
      const ids = await this.insert(trx, user, target, accepted, 'to_receive');
      return { target, ids };
    });
    this.notify.devicesChanged(user.account_id, result.ids, [result.target]);
    return { batch_id: result.target, added: result.ids.length, device_ids: result.ids, rejected };
  }

  /**
   * The counter's handoff (decision 0047): a ticket's devices sent to Apple become tracked devices of
   * a batch named after the ticket, with the ticket's customer, in the ticket's own transaction (so
   * the move and the tracked devices land together, once). Tell the devices' pages with
   * devicesChanged once that transaction has committed.
   */
  async trackForCounter(
    trx: Transaction<Database>,
    user: AuthUser,
    handoff: CounterHandoff,
  ): Promise<number[]> {
    const batch = await trx
      .insertInto('repair_batches')
      .values({
        account_id: user.account_id,
        title: handoff.title,
        remark: '',
        created_by: user.user_id,
        created_at: this.clock.now(),
        deleted_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const devices: NewTracked[] = handoff.devices.map((d, i) => ({
      ...d,
      line: i + 1,
      repair_ids: [],
      customer_name: handoff.customer.name,
      customer_phone: handoff.customer.phone,
      customer_note: '',
      courier_in: '',
      purchase_price: null,
      sale_price: null,
      warranty_type: null,
      warranty_end: null,
      purchase_date: null,
      source_check_order_id: null,
      source_check_device_id: null,
    }));
    const ids = await this.insert(trx, user, batch.id, devices, 'to_ship');
    await trx
      .updateTable('repair_devices')
      .set({ customer_id: handoff.customer.id })
      .where('id', 'in', ids)
      .execute();
    return ids;
  }

  devicesChanged(accountId: number, ids: number[]): void {
    this.notify.devicesChanged(accountId, ids, []);
  }

  /**
   * A device tracked in another live batch of the account is refused as `tracked_elsewhere`, the
   * other batch's title as its detail, unless the shop chose to take it in anyway
   * (`allow_tracked_elsewhere`): the same phone followed twice costs two refreshes and tells two
   * stories (issue 27). Looked up by the (account, sn) and (account, imei) indexes, 500 at a time.
   */
  private async holdTrackedElsewhere(
    accountId: number,
    batchId: number | null,
    accepted: NewTracked[],
    rejected: IntakeRejected[],
  ): Promise<NewTracked[]> {
    const found = new Map<string, string>();
    for (const column of ['sn', 'imei'] as const) {
      const values = [...new Set(accepted.map((d) => d[column]).filter((v): v is string => v !== null))];
      for (let i = 0; i < values.length; i += 500) {
        let q = this.db
          .selectFrom('repair_devices as d')
          .innerJoin('repair_batches as b', 'b.id', 'd.batch_id')
          .select(['d.ident', 'b.title'])
          .where('d.account_id', '=', accountId)
          .where(`d.${column}`, 'in', values.slice(i, i + 500))
          .where('d.deleted_at', 'is', null)
          .where('b.deleted_at', 'is', null);
        if (batchId !== null) q = q.where('d.batch_id', '!=', batchId);
        for (const row of await q.execute()) if (!found.has(row.ident)) found.set(row.ident, row.title);
      }
    }
    if (found.size === 0) return accepted;
    for (const d of accepted) {
      const title = found.get(d.ident);
      if (title !== undefined)
        rejected.push({ line: d.line, ident: d.ident, reason: 'tracked_elsewhere', detail: title });
    }
    rejected.sort((a, b) => a.line - b.line);
    return accepted.filter((d) => !found.has(d.ident));
  }

  /** The batch's live devices by identifier (to their id). */
  private async identsOf(batchId: number): Promise<Map<string, number>> {
    const rows = await this.db
      .selectFrom('repair_devices')
      .select(['id', 'ident'])
      .where('batch_id', '=', batchId)
      .where('deleted_at', 'is', null)
      .execute();
    return new Map(rows.map((r) => [r.ident, r.id]));
  }

  /** Inserts devices with the next running numbers; answers their ids in order. */
  private async insert(
    trx: Transaction<Database>,
    user: AuthUser,
    batchId: number,
    devices: readonly NewTracked[],
    badge: LogisticsBadge,
  ): Promise<number[]> {
    const now = this.clock.now();
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
}
