import { sql, type Kysely } from 'kysely';
import type { Database } from '#server/db/schema.ts';
import { addOrderDays, applyOrder, shopDay } from '#server/modules/dashboards/rollup.ts';
import { DEFAULT_TIME_ZONE, dayIn } from '#server/modules/repairs/today.ts';
import type { OrderedService } from './order-services.ts';

/** A device as order_create inserts it (the offline facts decoded from its identifier). */
export interface NewDevice {
  input: string;
  ident: string;
  sn: string | null;
  imei: string | null;
  tac_model: string | null;
  factory: string | null;
  manufactured: string | null;
  model: string | null;
  colour: string | null;
  capacity: string | null;
}

/** A job that waits for its dependency is not runnable before this (ms): far beyond any clock. */
export const BLOCKED_MS = 8_000_000_000_000_000;

/** 16 parameters per device row: 1500 rows stay under SQLite's 32766 parameters. */
const DEVICE_CHUNK = 1500;

const orderColumns = [
  'o.id',
  'o.title',
  'o.remark',
  'o.services',
  'o.devices',
  'o.jobs_total',
  'o.jobs_success',
  'o.jobs_failed',
  'o.price',
  'o.settled',
  'o.refunded',
  'o.package_checks',
  'o.created_at',
  'o.created_by',
  'o.deleted_at',
  'o.derived_from',
  'u.real_name as creator_real_name',
  'u.username as creator_username',
] as const;

/** A shop day's bounds, ms (noon UTC of the date falls on that date in zones of -12..+11 hours). */
export function dayBounds(date: string, timeZone = DEFAULT_TIME_ZONE) {
  return dayIn(timeZone, Date.parse(`${date}T12:00:00Z`));
}

/** `%`, `_` and `\` match themselves in a LIKE pattern with ESCAPE '\'. */
const likeContains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The check orders' SQL, always scoped to one account. Works on a transaction as on the database. */
export class OrderRepository {
  private readonly db: Kysely<Database>;
  constructor(db: Kysely<Database>) {
    this.db = db;
  }

  async insertOrder(o: {
    accountId: number;
    title: string;
    remark: string;
    services: readonly OrderedService[];
    createdBy: number;
    at: number;
    derivedFrom?: number | null;
  }): Promise<number> {
    const row = await this.db
      .insertInto('check_orders')
      .values({
        account_id: o.accountId,
        title: o.title,
        remark: o.remark,
        services: JSON.stringify(o.services),
        devices: 0,
        jobs_total: 0,
        jobs_success: 0,
        jobs_failed: 0,
        price: 0,
        settled: 0,
        refunded: 0,
        created_by: o.createdBy,
        created_at: o.at,
        deleted_at: null,
        derived_from: o.derivedFrom ?? null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // The dashboards' rollup, in the same transaction (docs/decisions/0030-dashboard-rollup.md).
    await addOrderDays(this.db, o.accountId, shopDay(o.at), 1, 0);
    return row.id;
  }

  /** The order, when it is the account's and not deleted. */
  findOrder(accountId: number, orderId: number) {
    return this.db
      .selectFrom('check_orders')
      .selectAll()
      .where('id', '=', orderId)
      .where('account_id', '=', accountId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
  }

  async orderIdents(orderId: number): Promise<Set<string>> {
    const rows = await this.db
      .selectFrom('check_devices')
      .select('ident')
      .where('order_id', '=', orderId)
      .execute();
    return new Set(rows.map((r) => r.ident));
  }

  /**
   * The devices and, for each, one pending job per service; then the order's counters and price.
   * Jobs are made by INSERT ... SELECT over the new devices (no parameters per job), level by
   * level: a dependent job points at its dependency's job and waits (BLOCKED_MS) until it succeeds.
   */
  async addDevicesAndJobs(e: {
    accountId: number;
    orderId: number;
    devices: readonly NewDevice[];
    services: readonly OrderedService[];
    price: number;
    at: number;
  }): Promise<void> {
    const jobsPerDevice = e.services.length;
    const before = await this.db
      .selectFrom('check_devices')
      .select((eb) => eb.fn.max('id').as('last'))
      .where('order_id', '=', e.orderId)
      .executeTakeFirst();
    for (let i = 0; i < e.devices.length; i += DEVICE_CHUNK) {
      await this.db
        .insertInto('check_devices')
        .values(
          e.devices.slice(i, i + DEVICE_CHUNK).map((d) => ({
            order_id: e.orderId,
            account_id: e.accountId,
            input: d.input,
            ident: d.ident,
            sn: d.sn,
            imei: d.imei,
            tac_model: d.tac_model,
            factory: d.factory,
            manufactured: d.manufactured,
            model: d.model,
            colour: d.colour,
            capacity: d.capacity,
            status: 'pending',
            jobs_total: jobsPerDevice,
            updated_ms: e.at,
            created_at: e.at,
          })),
        )
        .execute();
    }
    for (const s of e.services) {
      const noJobYet = sql`NOT EXISTS (SELECT 1 FROM check_jobs j WHERE j.device_id = d.id AND j.service = ${s.code})`;
      if (s.after === null) {
        await sql`INSERT INTO check_jobs (order_id, device_id, account_id, service, state, run_after_ms, share, created_at)
          SELECT d.order_id, d.id, d.account_id, ${s.code}, 'pending', ${e.at}, ${s.price}, ${e.at}
          FROM check_devices d WHERE d.order_id = ${e.orderId} AND ${noJobYet}`.execute(this.db);
      } else {
        await sql`INSERT INTO check_jobs (order_id, device_id, account_id, service, state, run_after_ms, share, created_at, depends_on_job_id)
          SELECT d.order_id, d.id, d.account_id, ${s.code}, 'pending', ${BLOCKED_MS}, ${s.price}, ${e.at},
            (SELECT p.id FROM check_jobs p WHERE p.device_id = d.id AND p.service = ${s.after})
          FROM check_devices d WHERE d.order_id = ${e.orderId} AND ${noJobYet}`.execute(this.db);
      }
    }
    await this.db
      .updateTable('check_orders')
      .set((eb) => ({
        devices: eb('devices', '+', e.devices.length),
        jobs_total: eb('jobs_total', '+', e.devices.length * jobsPerDevice),
        price: eb('price', '+', e.price),
      }))
      .where('id', '=', e.orderId)
      .execute();
    const order = await this.db
      .selectFrom('check_orders')
      .select(['id', 'account_id', 'created_at'])
      .where('id', '=', e.orderId)
      .executeTakeFirstOrThrow();
    await applyOrder(this.db, order, 1, { afterDeviceId: Number(before?.last ?? 0), countOrder: false });
  }

  async setRemark(accountId: number, orderId: number, remark: string): Promise<boolean> {
    const r = await this.db
      .updateTable('check_orders')
      .set({ remark })
      .where('id', '=', orderId)
      .where('account_id', '=', accountId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  /** Soft delete, only when every job has finished (guarded in SQL against a concurrent addition). */
  async softDelete(accountId: number, orderId: number, at: number): Promise<boolean> {
    const r = await this.db
      .updateTable('check_orders')
      .set({ deleted_at: at })
      .where('id', '=', orderId)
      .where('account_id', '=', accountId)
      .where('deleted_at', 'is', null)
      .where(sql<boolean>`jobs_success + jobs_failed >= jobs_total`)
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) !== 1) return false;
    await this.rollupOrder(orderId, -1);
    return true;
  }

  /**
   * The live orders, or with `deleted` those deleted since `deletedSince` (ms; the ones that can
   * still be restored).
   */
  /** Undo a soft delete made since `deletedSince` (ms); false when there is no such deleted order. */
  async restore(accountId: number, orderId: number, deletedSince: number): Promise<boolean> {
    const r = await this.db
      .updateTable('check_orders')
      .set({ deleted_at: null })
      .where('id', '=', orderId)
      .where('account_id', '=', accountId)
      .where('deleted_at', 'is not', null)
      .where('deleted_at', '>=', deletedSince)
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) !== 1) return false;
    await this.rollupOrder(orderId, 1);
    return true;
  }

  /** A deleted order leaves the dashboards; a restored one comes back (same transaction). */
  private async rollupOrder(orderId: number, sign: 1 | -1): Promise<void> {
    const order = await this.db
      .selectFrom('check_orders')
      .select(['id', 'account_id', 'created_at'])
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    await applyOrder(this.db, order, sign, { countOrder: true });
  }

  /** Whether the account has this order, deleted or not. */
  async exists(accountId: number, orderId: number): Promise<{ deleted: boolean } | undefined> {
    const row = await this.db
      .selectFrom('check_orders')
      .select('deleted_at')
      .where('id', '=', orderId)
      .where('account_id', '=', accountId)
      .executeTakeFirst();
    return row && { deleted: row.deleted_at !== null };
  }

  /** Devices of the order by id (ids of other orders or accounts are ignored), in entry order. */
  async devicesByIds(accountId: number, orderId: number, ids: readonly number[]) {
    const out = [];
    // Chunks keep each statement well under SQLite's 32766 parameters.
    for (let i = 0; i < ids.length; i += 10_000) {
      out.push(
        ...(await this.db
          .selectFrom('check_devices')
          .selectAll()
          .where('order_id', '=', orderId)
          .where('account_id', '=', accountId)
          .where('id', 'in', ids.slice(i, i + 10_000))
          .execute()),
      );
    }
    return out.sort((a, b) => a.id - b.id);
  }

  private listBase(
    accountId: number,
    f: {
      keyword: string;
      status?: 'running' | 'done' | undefined;
      deleted?: boolean | undefined;
      created_from?: string | undefined;
      created_to?: string | undefined;
    },
    deletedSince: number,
  ) {
    let q = this.db.selectFrom('check_orders as o').where('o.account_id', '=', accountId);
    // Shop days (the dashboards' click-through): from the first day's midnight to the last one's end.
    if (f.created_from) q = q.where('o.created_at', '>=', dayBounds(f.created_from).startMs);
    if (f.created_to) q = q.where('o.created_at', '<', dayBounds(f.created_to).endMs);
    q = f.deleted
      ? q.where('o.deleted_at', 'is not', null).where('o.deleted_at', '>=', deletedSince)
      : q.where('o.deleted_at', 'is', null);
    if (f.status === 'running') q = q.where(sql<boolean>`o.jobs_success + o.jobs_failed < o.jobs_total`);
    if (f.status === 'done') q = q.where(sql<boolean>`o.jobs_success + o.jobs_failed >= o.jobs_total`);
    if (f.keyword) {
      const like = likeContains(f.keyword.toLowerCase());
      const upper = likeContains(f.keyword.toUpperCase());
      q = q.where((eb) =>
        eb.or([
          eb(sql`lower(o.title)`, 'like', sql`${like} ESCAPE '\\'`),
          eb(sql`lower(o.remark)`, 'like', sql`${like} ESCAPE '\\'`),
          eb.exists(
            eb
              .selectFrom('check_devices as d')
              .select(sql`1`.as('one'))
              .whereRef('d.order_id', '=', 'o.id')
              .where((w) =>
                w.or([
                  w(sql`d.ident`, 'like', sql`${upper} ESCAPE '\\'`),
                  w(sql`d.sn`, 'like', sql`${upper} ESCAPE '\\'`),
                  w(sql`d.imei`, 'like', sql`${upper} ESCAPE '\\'`),
                ]),
              ),
          ),
        ]),
      );
    }
    return q;
  }

  async list(
    accountId: number,
    f: {
      keyword: string;
      status?: 'running' | 'done' | undefined;
      deleted?: boolean | undefined;
      created_from?: string | undefined;
      created_to?: string | undefined;
      page: number;
      page_size: number;
    },
    deletedSince: number,
  ) {
    const base = this.listBase(accountId, f, deletedSince);
    const summary = await base
      .select((eb) => [
        eb.fn.countAll<number>().as('orders'),
        eb.fn.coalesce(eb.fn.sum<number>('o.devices'), sql<number>`0`).as('devices'),
        eb.fn.coalesce(eb.fn.sum<number>('o.settled'), sql<number>`0`).as('points_spent'),
      ])
      .executeTakeFirstOrThrow();
    const rows = await base
      .leftJoin('users as u', 'u.id', 'o.created_by')
      .select(orderColumns)
      .$if(f.deleted === true, (qb) => qb.orderBy('o.deleted_at', 'desc'))
      .orderBy('o.id', 'desc')
      .limit(f.page_size)
      .offset((f.page - 1) * f.page_size)
      .execute();
    return {
      rows,
      summary: {
        orders: Number(summary.orders),
        devices: Number(summary.devices),
        points_spent: Number(summary.points_spent),
      },
    };
  }

  detail(accountId: number, orderId: number) {
    return this.db
      .selectFrom('check_orders as o')
      .leftJoin('users as u', 'u.id', 'o.created_by')
      .select(orderColumns)
      .where('o.id', '=', orderId)
      .where('o.account_id', '=', accountId)
      .where('o.deleted_at', 'is', null)
      .executeTakeFirst();
  }

  /** The order's devices (changed after `since`, when given), in the order they were entered. */
  devices(orderId: number, since: number | undefined) {
    let q = this.db.selectFrom('check_devices').selectAll().where('order_id', '=', orderId);
    if (since !== undefined) q = q.where('updated_ms', '>', since);
    return q.orderBy('id').execute();
  }

  /** The jobs of those devices, in one query. */
  jobs(orderId: number, since: number | undefined) {
    let q = this.db
      .selectFrom('check_jobs as j')
      .select([
        'j.id',
        'j.device_id',
        'j.service',
        'j.state',
        'j.ticket',
        'j.attempts',
        'j.error',
        'j.provider',
        'j.sandbox',
        'j.reused',
        'j.finished_at',
      ])
      .where('j.order_id', '=', orderId);
    if (since !== undefined)
      q = q.where((eb) =>
        eb.exists(
          eb
            .selectFrom('check_devices as d')
            .select(sql`1`.as('one'))
            .whereRef('d.id', '=', 'j.device_id')
            .where('d.updated_ms', '>', since),
        ),
      );
    return q.orderBy('j.device_id').orderBy('j.id').execute();
  }
}

export type OrderListRow = Awaited<ReturnType<OrderRepository['list']>>['rows'][number];
