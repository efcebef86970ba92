import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema.ts';
import type { Clock } from '#server/lib/clock.ts';
import {
  NotifyRejected,
  PaymentApiError,
  type NotifyAck,
  type PaymentNotice,
  type PaymentProvider,
  type PaymentQuery,
  type PaymentRequest,
  type PaymentStarted,
} from './provider.ts';

export const SANDBOX_PAY_PATH = '/sandbox/pay';
/** The merchant account every sandbox payment goes to. */
export const SANDBOX_MERCHANT = 'sandbox-merchant';

/** What the sandbox payer did: the payment, or why there is none. */
export type SandboxOutcome =
  | { kind: 'paid'; notice: PaymentNotice }
  | { kind: 'failed' }
  | { kind: 'gone'; reason: 'unknown' | 'expired' | 'closed' };

/**
 * Development, demos and tests: no money moves. The QR code opens this server's /sandbox/pay page,
 * which plays the payer's phone: it completes or fails the payment. Its own side (what was paid) is
 * kept in `sandbox_payments`, like a real provider keeps its own records, so `query` and `close`
 * behave like theirs; a completed payment is delivered to the recharge service as a notify would be.
 * Refused in production (server/config.ts).
 */
export class SandboxPaymentProvider implements PaymentProvider {
  readonly name = 'sandbox' as const;
  readonly sandbox = true;
  readonly merchant = SANDBOX_MERCHANT;
  private readonly db: Kysely<Database>;
  private readonly clock: Clock;

  constructor(db: Kysely<Database>, clock: Clock) {
    this.db = db;
    this.clock = clock;
  }

  async start(req: PaymentRequest): Promise<PaymentStarted> {
    await this.db
      .insertInto('sandbox_payments')
      .values({
        order_no: req.orderNo,
        amount: req.amount,
        state: 'pending',
        trade_no: `SANDBOX${randomBytes(10).toString('hex').toUpperCase()}`,
        expires_at: req.expiresAt,
        paid_at: null,
        created_at: this.clock.now(),
      })
      .execute();
    return { qrContent: `${req.origin}${SANDBOX_PAY_PATH}?order_no=${encodeURIComponent(req.orderNo)}` };
  }

  /** The payer pays (or fails). Paying twice answers the same payment: the notify is just repeated. */
  async pay(orderNo: string, outcome: 'pay' | 'fail'): Promise<SandboxOutcome> {
    const now = this.clock.now();
    const row = await this.db
      .selectFrom('sandbox_payments')
      .selectAll()
      .where('order_no', '=', orderNo)
      .executeTakeFirst();
    if (!row) return { kind: 'gone', reason: 'unknown' };
    if (row.state === 'closed') return { kind: 'gone', reason: 'closed' };
    if (row.state !== 'paid' && Number(row.expires_at) <= now) return { kind: 'gone', reason: 'expired' };
    if (outcome === 'fail') {
      if (row.state === 'paid')
        return {
          kind: 'paid',
          notice: this.notice(orderNo, row.trade_no, Number(row.amount), Number(row.paid_at)),
        };
      await this.db
        .updateTable('sandbox_payments')
        .set({ state: 'failed' })
        .where('order_no', '=', orderNo)
        .where('state', 'in', ['pending', 'failed'])
        .execute();
      return { kind: 'failed' };
    }
    // A failed attempt may be retried; only one payment is ever taken.
    await this.db
      .updateTable('sandbox_payments')
      .set({ state: 'paid', paid_at: now })
      .where('order_no', '=', orderNo)
      .where('state', 'in', ['pending', 'failed'])
      .execute();
    const paid = await this.db
      .selectFrom('sandbox_payments')
      .select(['trade_no', 'amount', 'paid_at', 'state'])
      .where('order_no', '=', orderNo)
      .executeTakeFirstOrThrow();
    if (paid.state !== 'paid') return { kind: 'gone', reason: 'closed' };
    return {
      kind: 'paid',
      notice: this.notice(orderNo, paid.trade_no, Number(paid.amount), Number(paid.paid_at)),
    };
  }

  parseNotify(): PaymentNotice {
    // The sandbox delivers its payments in process (pay); an HTTP notify claiming to be one is forged.
    throw new NotifyRejected('the sandbox sends no HTTP notifies');
  }

  notifyAck(ok: boolean, message = 'rejected'): NotifyAck {
    return {
      status: ok ? 200 : 400,
      contentType: 'text/plain; charset=utf-8',
      body: ok ? 'success' : message,
    };
  }

  async query(orderNo: string): Promise<PaymentQuery> {
    const row = await this.db
      .selectFrom('sandbox_payments')
      .selectAll()
      .where('order_no', '=', orderNo)
      .executeTakeFirst();
    if (!row) return { kind: 'unknown' };
    if (row.state === 'paid')
      return {
        kind: 'paid',
        notice: this.notice(orderNo, row.trade_no, Number(row.amount), Number(row.paid_at)),
      };
    if (row.state === 'closed') return { kind: 'closed' };
    return { kind: 'pending' };
  }

  async close(orderNo: string): Promise<void> {
    await this.db
      .updateTable('sandbox_payments')
      .set({ state: 'closed' })
      .where('order_no', '=', orderNo)
      .where('state', 'in', ['pending', 'failed'])
      .execute();
    const row = await this.db
      .selectFrom('sandbox_payments')
      .select('state')
      .where('order_no', '=', orderNo)
      .executeTakeFirst();
    // Like Alipay's ACQ.TRADE_STATUS_ERROR: a paid order cannot be closed.
    if (row?.state === 'paid') throw new PaymentApiError('the sandbox payment is already paid', 'TRADE_PAID');
  }

  private notice(orderNo: string, tradeNo: string, amount: number, paidAt: number): PaymentNotice {
    return { orderNo, tradeNo, paid: true, state: 'PAID', amount, merchant: SANDBOX_MERCHANT, paidAt };
  }
}
