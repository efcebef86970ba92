import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import { ErrCode } from '#contract/errcodes.ts';
import type {
  RechargeConfig,
  RechargeOrderRow,
  RechargeRecord,
  RechargeState,
} from '#contract/schemas/recharge.ts';
import type { RechargeSettings } from '#server/payment-config.ts';
import type { Database } from '#server/db/schema.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { Clock } from '#server/lib/clock.ts';
import type { AuthUser } from '#server/modules/auth/session-service.ts';
import type { RateLimiter } from '#server/http/rate-limit.ts';
import {
  PaymentApiError,
  fenToYuan,
  type PaymentNotice,
  type PaymentProvider,
} from '#server/providers/payment/provider.ts';
import { SandboxPaymentProvider } from '#server/providers/payment/sandbox.ts';
import type { WalletNotifier } from './notifier.ts';
import { applyPaymentNotice, type NoticeResult } from './payment-notice.ts';
import { RechargeRepository, newOrderNo, toRechargeRow, type RechargeOrder } from './recharge-repository.ts';

export type { NoticeResult };
import { shopTimeZone } from '#server/lib/shop-time.ts';

/** A payment can be checked with the provider at most this often per order (status with refresh). */
const QUERY_LIMIT = { max: 1, windowMs: 2000 };

/**
 * Recharge: money to points. An order is made here first, then at the provider; a payment the
 * provider reports (notify, query, or the sandbox payer) is checked against the order and credited
 * exactly once: a guarded state change and the ledger's recharge entry commit in one transaction, and
 * the ledger's unique index on the order refuses any second credit.
 */
export class RechargeService {
  private readonly db: Kysely<Database>;
  private readonly clock: Clock;
  readonly provider: PaymentProvider | null;
  private readonly settings: RechargeSettings;
  private readonly notify: WalletNotifier;
  private readonly limiter: RateLimiter;
  private readonly log: FastifyBaseLogger;

  constructor(deps: {
    db: Kysely<Database>;
    clock: Clock;
    provider: PaymentProvider | null;
    settings: RechargeSettings;
    notify: WalletNotifier;
    limiter: RateLimiter;
    log: FastifyBaseLogger;
  }) {
    this.db = deps.db;
    this.clock = deps.clock;
    this.provider = deps.provider;
    this.settings = deps.settings;
    this.notify = deps.notify;
    this.limiter = deps.limiter;
    this.log = deps.log;
  }

  /** For the payment routes' own audit rows and page. */
  get database(): Kysely<Database> {
    return this.db;
  }
  now(): number {
    return this.clock.now();
  }

  config(): RechargeConfig {
    return {
      points_per_fen: this.settings.pointsPerFen,
      min_amount: this.settings.minAmount,
      max_amount: this.settings.maxAmount,
      // Without a provider (production without one) the truth is "none", not the sandbox.
      provider: this.provider?.name ?? null,
      sandbox: this.provider?.sandbox ?? false,
      expire_seconds: this.settings.expireSeconds,
    };
  }

  async create(
    user: AuthUser,
    amount: number,
    requestId: string | undefined,
    origin: string,
  ): Promise<RechargeOrderRow> {
    const provider = this.provider;
    if (!provider) throw new AppError(ErrCode.PAYMENT_NOT_CONFIGURED);
    const { minAmount, maxAmount } = this.settings;
    if (amount < minAmount)
      throw new AppError(ErrCode.RECHARGE_BELOW_MIN, `充值金额不能低于 ${fenToYuan(minAmount)} 元`, {
        min_amount: minAmount,
        fields: { amount: `充值金额不能低于 ${fenToYuan(minAmount)} 元` },
      });
    if (amount > maxAmount)
      throw new AppError(ErrCode.RECHARGE_ABOVE_MAX, `单笔充值金额不能超过 ${fenToYuan(maxAmount)} 元`, {
        max_amount: maxAmount,
        fields: { amount: `单笔充值金额不能超过 ${fenToYuan(maxAmount)} 元` },
      });
    const repo = new RechargeRepository(this.db);
    const now = this.clock.now();
    await this.expire(user.account_id, now);
    if ((await repo.openCount(user.account_id, now)) >= this.settings.maxOpen)
      throw new AppError(ErrCode.RECHARGE_TOO_MANY_OPEN, undefined, { max_open: this.settings.maxOpen });

    const orderNo = newOrderNo(now, await shopTimeZone(this.db, user.account_id));
    const expiresAt = now + this.settings.expireSeconds * 1000;
    let id: number;
    try {
      id = await repo.insert({
        orderNo,
        accountId: user.account_id,
        userId: user.user_id,
        provider: provider.name,
        amount,
        points: amount * this.settings.pointsPerFen,
        requestId: requestId ?? null,
        at: now,
        expiresAt,
      });
    } catch (err) {
      // The same request_id made its order already: answer that one.
      const existing =
        requestId && /UNIQUE|unique/.test(String(err))
          ? await repo.byRequest(user.account_id, requestId)
          : null;
      if (!existing) throw err;
      return toRechargeRow(existing, await repo.username(existing.user_id));
    }
    try {
      // The order exists before the provider hears of it, so any notify finds it.
      const started = await provider.start({
        orderNo,
        amount,
        subject: `RepairOps 积分充值 ${fenToYuan(amount)} 元`,
        expiresAt,
        origin,
      });
      await repo.setQr(id, started.qrContent);
    } catch (err) {
      if (!(err instanceof PaymentApiError)) throw err;
      await repo.markClosed(id, now);
      await repo.event({
        provider: provider.name,
        orderNo,
        outcome: 'start_failed',
        detail: err.message,
        at: now,
      });
      this.log.warn(
        { orderNo, err: err.message, code: err.code },
        'payment provider refused a recharge order',
      );
      throw new AppError(ErrCode.PAYMENT_UNAVAILABLE);
    }
    this.notify.rechargeChanged(user.account_id, orderNo, 'created');
    return this.row(orderNo);
  }

  /** One order of the caller's account; with refresh, the provider is asked too (rate limited). */
  async status(user: AuthUser, orderNo: string, refresh: boolean): Promise<RechargeOrderRow> {
    const repo = new RechargeRepository(this.db);
    const order = await repo.byNo(orderNo);
    if (!order || order.account_id !== user.account_id) throw new AppError(ErrCode.RECHARGE_NOT_FOUND);
    const open = order.state !== 'paid' && order.state !== 'closed';
    if (refresh && open && this.provider?.name === order.provider) await this.catchUp(order);
    await this.expire(user.account_id, this.clock.now());
    return this.row(orderNo);
  }

  /** Cancels an unpaid order, first at the provider; if it was paid meanwhile, that payment is applied. */
  async close(user: AuthUser, orderNo: string): Promise<RechargeOrderRow> {
    const repo = new RechargeRepository(this.db);
    const order = await repo.byNo(orderNo);
    if (!order || order.account_id !== user.account_id) throw new AppError(ErrCode.RECHARGE_NOT_FOUND);
    await this.expire(user.account_id, this.clock.now());
    const current = (await repo.byNo(orderNo)) as RechargeOrder;
    if (current.state === 'paid') throw new AppError(ErrCode.RECHARGE_ALREADY_PAID);
    if (current.state !== 'created') return this.row(orderNo);
    const provider = this.provider;
    if (provider && provider.name === current.provider) {
      try {
        await provider.close(orderNo);
      } catch (err) {
        if (!(err instanceof PaymentApiError)) throw err;
        // Paid, or the provider cannot say: ask it, and apply a payment it reports.
        const applied = await this.catchUp(current).catch(() => null);
        if (applied?.state === 'paid') throw new AppError(ErrCode.RECHARGE_ALREADY_PAID);
        throw new AppError(ErrCode.PAYMENT_UNAVAILABLE);
      }
    }
    const now = this.clock.now();
    if (await repo.markClosed(current.id, now)) {
      await repo.event({ provider: current.provider, orderNo, outcome: 'closed', at: now });
      this.notify.rechargeChanged(user.account_id, orderNo, 'closed');
    }
    const after = (await repo.byNo(orderNo)) as RechargeOrder;
    if (after.state === 'paid') throw new AppError(ErrCode.RECHARGE_ALREADY_PAID);
    return this.row(orderNo);
  }

  async record(
    user: AuthUser,
    f: { page: number; page_size: number; state?: RechargeState | undefined },
  ): Promise<RechargeRecord> {
    await this.expire(user.account_id, this.clock.now());
    const { rows, total, summary } = await new RechargeRepository(this.db).page(user.account_id, f);
    return { list: rows.map((r) => toRechargeRow(r, r.real_name || r.username || '')), total, summary };
  }

  /** The sandbox payer (the /sandbox/pay page or sandbox_pay): pays or fails, then delivers the payment. */
  async sandboxPay(orderNo: string, outcome: 'pay' | 'fail'): Promise<{ state: RechargeState }> {
    const provider = this.provider;
    if (!(provider instanceof SandboxPaymentProvider)) throw new AppError(ErrCode.PAYMENT_NOT_SANDBOX);
    const repo = new RechargeRepository(this.db);
    const order = await repo.byNo(orderNo);
    if (!order || order.provider !== 'sandbox') throw new AppError(ErrCode.RECHARGE_NOT_FOUND);
    const result = await provider.pay(orderNo, outcome);
    const now = this.clock.now();
    if (result.kind === 'paid') {
      const applied = await this.applyNotice(provider, result.notice);
      if (applied.state === 'expired') throw new AppError(ErrCode.RECHARGE_EXPIRED);
      if (applied.state === 'closed') throw new AppError(ErrCode.RECHARGE_CLOSED);
      return { state: applied.state ?? 'created' };
    }
    if (result.kind === 'failed') {
      await repo.event({
        provider: 'sandbox',
        orderNo,
        outcome: 'not_paid',
        detail: 'payer failed',
        at: now,
      });
      return { state: order.state };
    }
    await this.expire(order.account_id, now);
    if (result.reason === 'expired') throw new AppError(ErrCode.RECHARGE_EXPIRED);
    if (result.reason === 'closed') throw new AppError(ErrCode.RECHARGE_CLOSED);
    throw new AppError(ErrCode.RECHARGE_NOT_FOUND);
  }

  /** A payment the provider reports: payment-notice.ts applies it, exactly once. */
  applyNotice(provider: PaymentProvider, notice: PaymentNotice): Promise<NoticeResult> {
    return applyPaymentNotice(
      { db: this.db, clock: this.clock, notify: this.notify, log: this.log },
      provider,
      notice,
    );
  }

  /** Asks the provider about an order and applies a payment it reports. */
  private async catchUp(order: RechargeOrder): Promise<NoticeResult | null> {
    const provider = this.provider;
    if (!provider) return null;
    try {
      await this.limiter.hit(`recharge-query:${order.order_no}`, QUERY_LIMIT);
    } catch {
      // Asked a moment ago: the database's state is the answer for now.
      return null;
    }
    let result;
    try {
      result = await provider.query(order.order_no);
    } catch (err) {
      if (!(err instanceof PaymentApiError)) throw err;
      this.log.warn({ orderNo: order.order_no, err: err.message }, 'payment query failed');
      return null;
    }
    if (result.kind !== 'paid') return null;
    return this.applyNotice(provider, result.notice);
  }

  private async expire(accountId: number, now: number): Promise<void> {
    for (const orderNo of await new RechargeRepository(this.db).expireDue(accountId, now))
      this.notify.rechargeChanged(accountId, orderNo, 'expired');
  }

  private async row(orderNo: string): Promise<RechargeOrderRow> {
    const repo = new RechargeRepository(this.db);
    const order = (await repo.byNo(orderNo)) as RechargeOrder;
    return toRechargeRow(order, await repo.username(order.user_id));
  }
}
