// The check order's own row: insert, look up, remark, soft delete and restore, each keeping the
// dashboards' rollup in step. Its devices and jobs are in order-device-repository.ts, the list and
// detail reads in order-list-repository.ts.
import { sql, type Kysely } from 'kysely';
import type { Database } from '#server/db/schema.ts';
import { addOrderDays, applyOrder, shopDay } from '#server/modules/dashboards/rollup.ts';
import type { OrderedService } from './service-resolution.ts';

/** The check orders' rows, always scoped to one account. Works on a transaction as on the database. */
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
}
