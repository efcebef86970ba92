import type { Kysely } from 'kysely';
import { ErrCode } from '#contract/errcodes.ts';
import type { Database } from '#server/db/schema.ts';
import { AppError } from '#server/lib/app-error.ts';

export interface RepairRelease {
  type: 'settle' | 'refund';
  amount: number;
  refresh_id: number;
  repair_job_id: number;
}

/**
 * The points ledger for repair refreshes (decision 0010's rules, decision 0015): the same accounts
 * columns and ledger_entries rows as check orders, linked to the refresh and the repair job
 * instead of the check order and job. Relative updates with SQL guards (never negative), one entry
 * per change, and the unique index on ledger_entries.repair_job_id refuses a second settle or
 * refund of the same job. Always inside the caller's transaction.
 */
export class RepairLedger {
  private readonly db: Kysely<Database>;
  constructor(db: Kysely<Database>) {
    this.db = db;
  }

  /** Balance -, frozen +; INSUFFICIENT_POINTS (nothing changed) when the balance does not cover it. */
  async freeze(e: { accountId: number; amount: number; refreshId: number; actorUserId: number; at: number }) {
    if (!Number.isInteger(e.amount) || e.amount < 0) throw new Error(`freeze of ${e.amount}`);
    const row = await this.db
      .updateTable('accounts')
      .set((eb) => ({ integral: eb('integral', '-', e.amount), frozen: eb('frozen', '+', e.amount) }))
      .where('id', '=', e.accountId)
      .where('integral', '>=', e.amount)
      .returning('integral')
      .executeTakeFirst();
    if (!row) throw new AppError(ErrCode.INSUFFICIENT_POINTS);
    await this.db
      .insertInto('ledger_entries')
      .values({
        account_id: e.accountId,
        type: 'freeze',
        balance_delta: -e.amount,
        frozen_delta: e.amount,
        balance_after: Number(row.integral),
        order_id: null,
        job_id: null,
        repair_refresh_id: e.refreshId,
        actor_user_id: e.actorUserId,
        created_at: e.at,
      })
      .execute();
    return Number(row.integral);
  }

  /** Settles and refunds jobs' shares of one account, one entry per job. */
  async release(accountId: number, releases: readonly RepairRelease[], at: number): Promise<void> {
    if (releases.length === 0) return;
    let total = 0;
    let refunded = 0;
    for (const r of releases) {
      if (!Number.isInteger(r.amount) || r.amount < 0) throw new Error(`release of ${r.amount}`);
      total += r.amount;
      if (r.type === 'refund') refunded += r.amount;
    }
    const row = await this.db
      .updateTable('accounts')
      .set((eb) => ({ integral: eb('integral', '+', refunded), frozen: eb('frozen', '-', total) }))
      .where('id', '=', accountId)
      .where('frozen', '>=', total)
      .returning('integral')
      .executeTakeFirst();
    if (!row) throw new Error(`account ${accountId}: releasing ${total} exceeds its frozen points`);
    let balance = Number(row.integral) - refunded;
    const values = releases.map((r) => {
      if (r.type === 'refund') balance += r.amount;
      return {
        account_id: accountId,
        type: r.type,
        balance_delta: r.type === 'refund' ? r.amount : 0,
        frozen_delta: -r.amount,
        balance_after: balance,
        order_id: null,
        job_id: null,
        repair_refresh_id: r.refresh_id,
        repair_job_id: r.repair_job_id,
        actor_user_id: null,
        created_at: at,
      };
    });
    for (let i = 0; i < values.length; i += 500)
      await this.db
        .insertInto('ledger_entries')
        .values(values.slice(i, i + 500))
        .execute();
  }
}
