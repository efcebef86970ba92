// A check order's devices and their jobs: adding them (one pending job per device and service,
// dependents blocked until their dependency succeeds) and reading them back.
import { sql, type Kysely } from 'kysely';
import type { Database } from '#server/db/schema.ts';
import { applyOrder } from '#server/modules/dashboards/rollup.ts';
import type { OrderedService } from './service-resolution.ts';

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

/** The devices and jobs of an order the caller has already found in its account. */
export class OrderDeviceRepository {
  private readonly db: Kysely<Database>;
  constructor(db: Kysely<Database>) {
    this.db = db;
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
