import type { Kysely } from 'kysely';
import { ErrCode } from '#contract/errcodes.ts';
import type { BuyRecord, PayIntegralDatas, PurchaseKind } from '#contract/schemas/wallet.ts';
import type { Database } from '#server/db/schema.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { Clock } from '#server/lib/clock.ts';
import type { AuthUser } from '#server/modules/auth/session-service.ts';
import { LedgerRepository } from '#server/modules/ledger/ledger-repository.ts';
import type { WalletNotifier, WalletSnapshot } from './notifier.ts';
import { PackageRepository } from './package-repository.ts';

const points = (hundredths: number) => (hundredths / 100).toFixed(2);

/** The wallet as the socket and the personal center show it; the VIP level counts while it runs. */
export async function walletSnapshot(
  db: Kysely<Database>,
  accountId: number,
  now: number,
): Promise<WalletSnapshot> {
  const a = await db
    .selectFrom('accounts')
    .select(['integral', 'frozen', 'vip_level', 'vip_end_time'])
    .where('id', '=', accountId)
    .executeTakeFirstOrThrow();
  const end = Number(a.vip_end_time);
  return {
    integral: Number(a.integral),
    frozen: Number(a.frozen),
    vip_level: end * 1000 > now ? a.vip_level : 0,
    vip_end_time: end,
  };
}

/** The shopping center: packages on sale, buying one with points, what is left, the purchase record. */
export class PackageService {
  private readonly db: Kysely<Database>;
  private readonly clock: Clock;
  private readonly notify: WalletNotifier;
  constructor(deps: { db: Kysely<Database>; clock: Clock; notify: WalletNotifier }) {
    this.db = deps.db;
    this.clock = deps.clock;
    this.notify = deps.notify;
  }

  async onSale() {
    return { list: await new PackageRepository(this.db).onSale() };
  }

  /**
   * Buys one package: the purchase, its ledger entry (points -, checks +) and the VIP extension commit
   * together or not at all. The endpoint's request_id makes a replay answer the first purchase; the
   * unique (account, request_id) index is the database's own guard behind it.
   */
  async buy(user: AuthUser, comboId: number, requestId: string | undefined): Promise<PayIntegralDatas> {
    const repo = new PackageRepository(this.db);
    const combo = await repo.findOnSale(comboId);
    if (!combo) throw new AppError(ErrCode.COMBO_NOT_FOUND);
    const price = Number(combo.points);
    const { integral } = await new LedgerRepository(this.db).balances(user.account_id);
    if (integral < price)
      throw new AppError(
        ErrCode.INSUFFICIENT_POINTS,
        `积分不足，请先充值（需要 ${points(price)}，可用 ${points(integral)}）`,
        { price, integral },
      );

    const at = this.clock.now();
    let recordId: number;
    try {
      recordId = await this.db.transaction().execute(async (trx) => {
        const purchases = new PackageRepository(trx);
        const id = await purchases.insertPurchase({
          accountId: user.account_id,
          userId: user.user_id,
          combo: {
            id: combo.id,
            name: combo.name,
            name_en: combo.name_en,
            name_es: combo.name_es,
            points: price,
            vip_level: combo.vip_level,
            vip_days: combo.vip_days,
            check_quota: combo.check_quota,
            check_days: combo.check_days,
          },
          requestId: requestId ?? null,
          at,
        });
        // Refused in SQL when the balance fell short meanwhile: the purchase row rolls back with it.
        await new LedgerRepository(trx).purchase({
          accountId: user.account_id,
          amount: price,
          purchaseId: id,
          checks: combo.check_quota,
          actorUserId: user.user_id,
          at,
        });
        if (combo.vip_days > 0)
          await purchases.extendVip(user.account_id, combo.vip_level, combo.vip_days, at);
        return id;
      });
    } catch (err) {
      // The same request_id made it already (its first answer was lost before it was stored).
      const existing =
        requestId && /UNIQUE|unique/.test(String(err))
          ? await repo.findByRequest(user.account_id, requestId)
          : null;
      if (!existing) throw err;
      recordId = existing.id;
    }
    const wallet = await walletSnapshot(this.db, user.account_id, at);
    this.notify.walletChanged(user.account_id, 'purchase', wallet);
    return {
      record_id: recordId,
      integral: wallet.integral,
      vip_level: wallet.vip_level,
      vip_end_time: wallet.vip_end_time,
    };
  }

  async surplus(user: AuthUser) {
    return { list: await new PackageRepository(this.db).surplus(user.account_id, this.clock.now()) };
  }

  async record(user: AuthUser, page: number, pageSize: number, kind?: PurchaseKind): Promise<BuyRecord> {
    return new PackageRepository(this.db).page(user.account_id, page, pageSize, kind);
  }
}
