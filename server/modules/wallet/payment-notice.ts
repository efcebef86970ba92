// A payment the provider reports (a verified notify, a query answer, the sandbox payer), checked
// against its recharge order and credited exactly once (decision 0018): a guarded state change and
// the ledger's recharge entry commit in one transaction.
import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { RechargeState } from '#contract/schemas/recharge.ts';
import type { Database } from '#server/db/schema.ts';
import type { Clock } from '#server/lib/clock.ts';
import { LedgerRepository } from '#server/modules/ledger/ledger-repository.ts';
import type { PaymentNotice, PaymentProvider } from '#server/providers/payment/provider.ts';
import type { WalletNotifier } from './notifier.ts';
import { walletSnapshot } from './package-service.ts';
import { RechargeRepository, type RechargeOrder } from './recharge-repository.ts';

/** What became of a reported payment; `ack` is what the provider is told (true: stop sending it). */
export interface NoticeResult {
  outcome:
    | 'applied'
    | 'duplicate'
    | 'duplicate_other_trade'
    | 'not_payable'
    | 'not_paid'
    | 'amount_mismatch'
    | 'account_mismatch'
    | 'unknown_order';
  ack: boolean;
  state: RechargeState | null;
}

/**
 * Checks a reported payment against the order (merchant account, amount, paid in time) and credits
 * it exactly once; every outcome is kept in the order's audit trail.
 */
export async function applyPaymentNotice(
  deps: { db: Kysely<Database>; clock: Clock; notify: WalletNotifier; log: FastifyBaseLogger },
  provider: PaymentProvider,
  notice: PaymentNotice,
): Promise<NoticeResult> {
  const repo = new RechargeRepository(deps.db);
  const now = deps.clock.now();
  const base = {
    provider: provider.name,
    orderNo: notice.orderNo,
    tradeNo: notice.tradeNo,
    amount: notice.amount,
    at: now,
  };
  const order = await repo.byNo(notice.orderNo);
  if (!order) {
    await repo.event({ ...base, outcome: 'unknown_order' });
    return { outcome: 'unknown_order', ack: false, state: null };
  }
  const state = order.state;
  if (order.provider !== provider.name || notice.merchant !== provider.merchant) {
    await repo.event({ ...base, outcome: 'account_mismatch', detail: `merchant ${notice.merchant}` });
    deps.log.error(
      { orderNo: notice.orderNo, merchant: notice.merchant },
      'payment notice for another merchant account',
    );
    return { outcome: 'account_mismatch', ack: false, state };
  }
  if (!notice.paid) {
    await repo.event({ ...base, outcome: 'not_paid', detail: notice.state });
    return { outcome: 'not_paid', ack: true, state };
  }
  if (notice.amount !== Number(order.amount)) {
    await repo.event({ ...base, outcome: 'amount_mismatch', detail: `order ${order.amount}` });
    deps.log.error(
      { orderNo: notice.orderNo, paid: notice.amount, asked: order.amount },
      'payment amount differs from the order',
    );
    return { outcome: 'amount_mismatch', ack: false, state };
  }

  const paidAt = notice.paidAt ?? now;
  const applied = await deps.db.transaction().execute(async (trx) => {
    const orders = new RechargeRepository(trx);
    if (!(await orders.markPaid(order.id, notice.tradeNo, paidAt))) return false;
    await new LedgerRepository(trx).recharge({
      accountId: order.account_id,
      amount: Number(order.points),
      rechargeId: order.id,
      actorUserId: order.user_id,
      at: now,
    });
    await orders.event({ ...base, outcome: 'applied' });
    return true;
  });
  if (applied) {
    deps.notify.rechargeChanged(order.account_id, order.order_no, 'paid');
    deps.notify.walletChanged(
      order.account_id,
      'recharge',
      await walletSnapshot(deps.db, order.account_id, now),
      order.order_no,
    );
    return { outcome: 'applied', ack: true, state: 'paid' };
  }

  const after = (await repo.byNo(notice.orderNo)) as RechargeOrder;
  if (after.state === 'paid' && after.trade_no === notice.tradeNo) {
    await repo.event({ ...base, outcome: 'duplicate' });
    return { outcome: 'duplicate', ack: true, state: 'paid' };
  }
  // Money arrived that cannot be credited (a second payment, or one for a closed or lapsed order):
  // kept in the audit trail and the error log for a refund by hand; the provider is told to stop.
  const outcome = after.state === 'paid' ? 'duplicate_other_trade' : 'not_payable';
  await repo.event({ ...base, outcome, detail: `order ${after.state}` });
  deps.log.error(
    { orderNo: notice.orderNo, tradeNo: notice.tradeNo, state: after.state },
    'payment for an order that cannot take it: refund it',
  );
  return { outcome, ack: true, state: after.state };
}
