import type { Kysely } from 'kysely';
import { ErrCode } from '#contract/errcodes.ts';
import type { Database } from '#server/db/schema.ts';
import { AppError } from '#server/lib/app-error.ts';

/**
 * A job's share coming out of the frozen points: paid (settle) or given back (refund). The job is a
 * check order's (decision 0010) or a repair refresh's (decision 0015).
 */
export type Release = { type: 'settle' | 'refund'; amount: number } & (
  { order_id: number; job_id: number } | { refresh_id: number; repair_job_id: number }
);

/** What a freeze reserves points for: a check order, or a repair refresh. */
export type FreezeFor = { orderId: number } | { refreshId: number };

/**
 * Rows per multi-row insert: at most 11 columns each, far under SQLite's 32766 parameters. A repair
 * runner's batch ends at most 500 jobs (its WriteBatcher), so its releases go in one insert.
 */
const INSERT_CHUNK = 1000;

/**
 * The entry's columns that name what it pays for. A repair entry sets no check order or job; a check
 * entry's statement names only order_id and job_id, as it did before repairs had columns.
 */
function freezeLink(e: FreezeFor) {
  return 'refreshId' in e
    ? { order_id: null, job_id: null, repair_refresh_id: e.refreshId }
    : { order_id: e.orderId, job_id: null };
}

function releaseLink(r: Release) {
  return 'repair_job_id' in r
    ? { order_id: null, job_id: null, repair_refresh_id: r.refresh_id, repair_job_id: r.repair_job_id }
    : { order_id: r.order_id, job_id: r.job_id };
}

/**
 * The points ledger: the only code that changes an account's `integral` (spendable) and `frozen`
 * points, always together with the entry that says why, inside the caller's transaction. Amounts are
 * added relatively (`integral = integral + ?`) so concurrent transactions on PostgreSQL never lose
 * an update, and a decrease carries its guard in SQL (`WHERE integral >= ?`): the balance can never go
 * negative whatever the caller checked before. Check orders and repair refreshes both pay here.
 */
export class LedgerRepository {
  private readonly db: Kysely<Database>;
  constructor(db: Kysely<Database>) {
    this.db = db;
  }

  /** Points given to an account (demo seed, sign-up grant): balance +. */
  async opening(accountId: number, amount: number, at: number): Promise<void> {
    const row = await this.db
      .updateTable('accounts')
      .set((eb) => ({ integral: eb('integral', '+', amount) }))
      .where('id', '=', accountId)
      .returning('integral')
      .executeTakeFirstOrThrow();
    await this.db
      .insertInto('ledger_entries')
      .values({
        account_id: accountId,
        type: 'opening',
        balance_delta: amount,
        frozen_delta: 0,
        balance_after: Number(row.integral),
        order_id: null,
        job_id: null,
        actor_user_id: null,
        created_at: at,
      })
      .execute();
  }

  /**
   * Reserves an order's or a refresh's price: balance -, frozen +. Throws INSUFFICIENT_POINTS (and
   * changes nothing) when the spendable points do not cover it. Answers the spendable points after.
   */
  async freeze(e: { accountId: number; amount: number; actorUserId: number; at: number } & FreezeFor) {
    if (!Number.isInteger(e.amount) || e.amount < 0) throw new Error(`freeze of ${e.amount}`);
    const integral = await this.debit(e.accountId, e.amount, e.amount);
    await this.db
      .insertInto('ledger_entries')
      .values({
        account_id: e.accountId,
        type: 'freeze',
        balance_delta: -e.amount,
        frozen_delta: e.amount,
        balance_after: integral,
        ...freezeLink(e),
        actor_user_id: e.actorUserId,
        created_at: e.at,
      })
      .execute();
    return integral;
  }

  /**
   * Takes `amount` from the spendable points (and adds `toFrozen` to the frozen ones) with the guard
   * in SQL; throws INSUFFICIENT_POINTS, changing nothing, when the balance is short. Answers the
   * spendable points after.
   */
  private async debit(accountId: number, amount: number, toFrozen: number): Promise<number> {
    const row = await this.db
      .updateTable('accounts')
      .set((eb) => ({ integral: eb('integral', '-', amount), frozen: eb('frozen', '+', toFrozen) }))
      .where('id', '=', accountId)
      .where('integral', '>=', amount)
      .returning('integral')
      .executeTakeFirst();
    if (!row) throw new AppError(ErrCode.INSUFFICIENT_POINTS);
    return Number(row.integral);
  }

  /**
   * Settles and refunds shares of one account's frozen points, one entry per job, with one update of
   * the account. The frozen amount can never go below zero (SQL guard); the unique indexes on
   * ledger_entries.job_id and repair_job_id refuse a second entry for the same job.
   */
  async release(accountId: number, releases: readonly Release[], at: number): Promise<void> {
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
    // The balance after each entry, counted back from the balance after all of them.
    let balance = Number(row.integral) - refunded;
    const values = releases.map((r) => {
      if (r.type === 'refund') balance += r.amount;
      return {
        account_id: accountId,
        type: r.type,
        balance_delta: r.type === 'refund' ? r.amount : 0,
        frozen_delta: -r.amount,
        balance_after: balance,
        ...releaseLink(r),
        actor_user_id: null,
        created_at: at,
      };
    });
    for (let i = 0; i < values.length; i += INSERT_CHUNK) {
      await this.db
        .insertInto('ledger_entries')
        .values(values.slice(i, i + INSERT_CHUNK))
        .execute();
    }
  }

  /**
   * A package bought with points: balance - (guarded: INSUFFICIENT_POINTS and nothing changed when
   * short), its device checks + (checks_delta). The unique index on purchase entries refuses a second
   * entry for one purchase. Answers the spendable points after.
   */
  async purchase(e: {
    accountId: number;
    amount: number;
    purchaseId: number;
    checks: number;
    actorUserId: number;
    at: number;
  }): Promise<number> {
    if (!Number.isInteger(e.amount) || e.amount < 0) throw new Error(`purchase of ${e.amount}`);
    const integral = await this.debit(e.accountId, e.amount, 0);
    await this.db
      .insertInto('ledger_entries')
      .values({
        account_id: e.accountId,
        type: 'purchase',
        balance_delta: -e.amount,
        frozen_delta: 0,
        balance_after: integral,
        order_id: null,
        job_id: null,
        actor_user_id: e.actorUserId,
        checks_delta: e.checks,
        purchase_id: e.purchaseId,
        created_at: e.at,
      })
      .execute();
    return integral;
  }

  /**
   * Money paid for a recharge order became points: balance +. The unique index on recharge_id makes
   * the database refuse a second credit for the same order (the caller's guard comes first).
   */
  async recharge(e: {
    accountId: number;
    amount: number;
    rechargeId: number;
    actorUserId: number;
    at: number;
  }) {
    if (!Number.isInteger(e.amount) || e.amount < 0) throw new Error(`recharge of ${e.amount}`);
    const row = await this.db
      .updateTable('accounts')
      .set((eb) => ({ integral: eb('integral', '+', e.amount) }))
      .where('id', '=', e.accountId)
      .returning(['integral', 'frozen'])
      .executeTakeFirstOrThrow();
    await this.db
      .insertInto('ledger_entries')
      .values({
        account_id: e.accountId,
        type: 'recharge',
        balance_delta: e.amount,
        frozen_delta: 0,
        balance_after: Number(row.integral),
        order_id: null,
        job_id: null,
        actor_user_id: e.actorUserId,
        recharge_id: e.rechargeId,
        created_at: e.at,
      })
      .execute();
    return { integral: Number(row.integral), frozen: Number(row.frozen) };
  }

  /**
   * A check order drew `checks` device checks from one purchase (the caller lowered its check_left
   * in the same transaction): no points move, checks_delta -.
   */
  async packageDraw(e: {
    accountId: number;
    purchaseId: number;
    orderId: number;
    checks: number;
    actorUserId: number;
    at: number;
  }): Promise<void> {
    if (!Number.isInteger(e.checks) || e.checks <= 0) throw new Error(`package draw of ${e.checks}`);
    const { integral } = await this.balances(e.accountId);
    await this.db
      .insertInto('ledger_entries')
      .values({
        account_id: e.accountId,
        type: 'package',
        balance_delta: 0,
        frozen_delta: 0,
        balance_after: integral,
        order_id: e.orderId,
        job_id: null,
        actor_user_id: e.actorUserId,
        checks_delta: -e.checks,
        purchase_id: e.purchaseId,
        created_at: e.at,
      })
      .execute();
  }

  /** A device's package check came back to its purchase (every check of the device failed). */
  async packageReturn(e: {
    accountId: number;
    purchaseId: number;
    orderId: number;
    at: number;
  }): Promise<void> {
    const { integral } = await this.balances(e.accountId);
    await this.db
      .insertInto('ledger_entries')
      .values({
        account_id: e.accountId,
        type: 'package_return',
        balance_delta: 0,
        frozen_delta: 0,
        balance_after: integral,
        order_id: e.orderId,
        job_id: null,
        actor_user_id: null,
        checks_delta: 1,
        purchase_id: e.purchaseId,
        created_at: e.at,
      })
      .execute();
  }

  async balances(accountId: number) {
    const row = await this.db
      .selectFrom('accounts')
      .select(['integral', 'frozen'])
      .where('id', '=', accountId)
      .executeTakeFirstOrThrow();
    return { integral: Number(row.integral), frozen: Number(row.frozen) };
  }
}
