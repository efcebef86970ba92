import type { Kysely, Transaction } from 'kysely';
import { parseIdentifier } from '#contract/identifiers/parse.ts';
import { ErrCode } from '#contract/errcodes.ts';
import type { z } from 'zod';
import { REPAIR_ID_RE } from '#contract/schemas/repairs.ts';
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
import { insertTracked, type NewTracked } from './intake-insert.ts';
import { holdTrackedElsewhere, identsOf } from './intake-lookups.ts';
import type { RepairNotifier } from './repair-notifier.ts';

/**
 * The counter's customers as intake reads them (wired in server/app.ts): the record a `customer_id`
 * names, followed through a merge; throws CUSTOMER_NOT_FOUND for an id not of the caller's shop.
 */
export interface IntakeCustomers {
  summary(accountId: number, customerId: number): Promise<{ id: number; name: string; phone: string }>;
}

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
    const existing = await identsOf(this.db, input.batch_id);
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
      accepted = await holdTrackedElsewhere(this.db, user.account_id, input.batch_id, accepted, rejected);
    if (accepted.length === 0) throw new AppError(ErrCode.REPAIR_NO_VALID_LINES, undefined, { rejected });
    const ids = await this.db
      .transaction()
      .execute((trx) => insertTracked(trx, user, input.batch_id, accepted, input.badge, this.clock.now()));
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
    const existing = batchId ? await identsOf(this.db, batchId) : new Map<string, number>();
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
      accepted = await holdTrackedElsewhere(this.db, user.account_id, batchId, accepted, rejected);
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
      const ids = await insertTracked(trx, user, target, accepted, 'to_receive', this.clock.now());
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
    const ids = await insertTracked(trx, user, batch.id, devices, 'to_ship', this.clock.now());
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
}
