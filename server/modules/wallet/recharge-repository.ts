import { randomInt } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { PaymentProviderName, RechargeOrderRow, RechargeState } from '#contract/schemas/recharge.ts';
import type { Database, RechargeOrdersTable } from '#server/db/schema.ts';
import { DEFAULT_TIME_ZONE, localStamp } from '#server/lib/shop-time.ts';

export type RechargeOrder = Selectable<RechargeOrdersTable>;

const seconds = (ms: number | null) => (ms ? Math.floor(Number(ms) / 1000) : 0);
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/**
 * Our order number, also the provider's out_trade_no: R, the time on the shop's clock (its time
 * zone, to the second: the date a shop reads on its screens) and 12 random characters (60 bits),
 * 27 in all: within WeChat Pay's 6-32 and Alipay's 64, and not guessable.
 */
export function newOrderNo(at: number, timeZone = DEFAULT_TIME_ZONE): string {
  const stamp = localStamp(timeZone, at);
  let tail = '';
  for (let i = 0; i < 12; i++) tail += ALPHABET[randomInt(ALPHABET.length)];
  return `R${stamp}${tail}`;
}

/** Recharge orders, their states and the audit trail of payment events. */
export class RechargeRepository {
  private readonly db: Kysely<Database>;
  constructor(db: Kysely<Database>) {
    this.db = db;
  }

  async insert(e: {
    orderNo: string;
    accountId: number;
    userId: number;
    provider: PaymentProviderName;
    amount: number;
    points: number;
    requestId: string | null;
    at: number;
    expiresAt: number;
  }): Promise<number> {
    const row = await this.db
      .insertInto('recharge_orders')
      .values({
        order_no: e.orderNo,
        account_id: e.accountId,
        user_id: e.userId,
        provider: e.provider,
        amount: e.amount,
        points: e.points,
        state: 'created',
        qr_content: '',
        trade_no: '',
        request_id: e.requestId,
        created_at: e.at,
        expires_at: e.expiresAt,
        paid_at: null,
        closed_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async setQr(id: number, qr: string): Promise<void> {
    await this.db.updateTable('recharge_orders').set({ qr_content: qr }).where('id', '=', id).execute();
  }

  /** By number, in any account (notifies name only the number); the caller scopes it where it must. */
  byNo(orderNo: string) {
    return this.db
      .selectFrom('recharge_orders')
      .selectAll()
      .where('order_no', '=', orderNo)
      .executeTakeFirst();
  }

  byRequest(accountId: number, requestId: string) {
    return this.db
      .selectFrom('recharge_orders')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('request_id', '=', requestId)
      .executeTakeFirst();
  }

  /**
   * Expiry is lazy (decision 0017): the first read after an unpaid order's time marks it expired, with
   * a guarded update any process may run any number of times. Answers the orders it expired.
   */
  async expireDue(accountId: number, now: number): Promise<string[]> {
    const rows = await this.db
      .updateTable('recharge_orders')
      .set((eb) => ({ state: 'expired', closed_at: eb.ref('expires_at') }))
      .where('account_id', '=', accountId)
      .where('state', '=', 'created')
      .where('expires_at', '<=', now)
      .returning('order_no')
      .execute();
    return rows.map((r) => r.order_no);
  }

  async openCount(accountId: number, now: number): Promise<number> {
    const row = await this.db
      .selectFrom('recharge_orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('account_id', '=', accountId)
      .where('state', '=', 'created')
      .where('expires_at', '>', now)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /**
   * The one guarded step that makes a payment count once: only an order still payable (created, or
   * marked expired lazily although the payment was made in time) becomes paid. Answers whether this
   * call did it; every concurrent copy but one gets false.
   */
  async markPaid(id: number, tradeNo: string, paidAt: number): Promise<boolean> {
    const r = await this.db
      .updateTable('recharge_orders')
      .set({ state: 'paid', trade_no: tradeNo, paid_at: paidAt, closed_at: null })
      .where('id', '=', id)
      .where('state', 'in', ['created', 'expired'])
      .where('expires_at', '>=', paidAt)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  async markClosed(id: number, at: number): Promise<boolean> {
    const r = await this.db
      .updateTable('recharge_orders')
      .set({ state: 'closed', closed_at: at })
      .where('id', '=', id)
      .where('state', '=', 'created')
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  async event(e: {
    provider: string;
    orderNo: string;
    tradeNo?: string;
    outcome: string;
    amount?: number | null;
    detail?: string;
    at: number;
  }): Promise<void> {
    await this.db
      .insertInto('payment_events')
      .values({
        provider: e.provider,
        order_no: e.orderNo.slice(0, 64),
        trade_no: (e.tradeNo ?? '').slice(0, 64),
        outcome: e.outcome,
        amount: e.amount ?? null,
        detail: (e.detail ?? '').slice(0, 500),
        created_at: e.at,
      })
      .execute();
  }

  async page(accountId: number, f: { page: number; page_size: number; state?: RechargeState | undefined }) {
    let base = this.db.selectFrom('recharge_orders as r').where('r.account_id', '=', accountId);
    if (f.state) base = base.where('r.state', '=', f.state);
    const count = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const rows = await base
      .leftJoin('users as u', 'u.id', 'r.user_id')
      .selectAll('r')
      .select(['u.username', 'u.real_name'])
      .orderBy('r.id', 'desc')
      .limit(f.page_size)
      .offset((f.page - 1) * f.page_size)
      .execute();
    const paid = await this.db
      .selectFrom('recharge_orders')
      .select((eb) => [
        eb.fn.coalesce(eb.fn.sum<number>('amount'), eb.lit(0)).as('amount'),
        eb.fn.coalesce(eb.fn.sum<number>('points'), eb.lit(0)).as('points'),
      ])
      .where('account_id', '=', accountId)
      .where('state', '=', 'paid')
      .executeTakeFirstOrThrow();
    return {
      rows,
      total: Number(count.n),
      summary: { paid_amount: Number(paid.amount), paid_points: Number(paid.points) },
    };
  }

  async username(userId: number): Promise<string> {
    const u = await this.db
      .selectFrom('users')
      .select(['username', 'real_name'])
      .where('id', '=', userId)
      .executeTakeFirst();
    return u?.real_name || u?.username || '';
  }
}

/** A database row to the contract's row; the QR code only while the order can still be paid. */
export function toRechargeRow(r: RechargeOrder, username: string): RechargeOrderRow {
  return {
    order_no: r.order_no,
    amount: Number(r.amount),
    points: Number(r.points),
    state: r.state,
    provider: r.provider as PaymentProviderName,
    sandbox: r.provider === 'sandbox',
    qr_content: r.state === 'created' ? r.qr_content : '',
    trade_no: r.trade_no,
    user_id: r.user_id,
    username,
    created_at: seconds(r.created_at),
    expires_at: seconds(r.expires_at),
    paid_at: seconds(r.paid_at),
    closed_at: seconds(r.closed_at),
  };
}
