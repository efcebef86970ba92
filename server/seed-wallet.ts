import type { Kysely } from 'kysely';
import type { Database } from './db/schema.ts';
import { LedgerRepository } from './modules/ledger/ledger-repository.ts';
import { newOrderNo } from './modules/wallet/recharge-repository.ts';

const DAY = 24 * 3600_000;

/**
 * A little history for the demo shop's three records (recharge, purchase, point): two paid recharges,
 * one that lapsed unpaid and one that was closed, and two packages bought with the recharged points,
 * long enough ago that the check bundle has lapsed. Everything goes through the ledger and nets to
 * zero, so the demo shop keeps its 1000.00 points and its orders still freeze points (no live
 * package checks). Run once, right after the demo shop is seeded; the server tests do not use it.
 */
export async function seedDemoWallet(db: Kysely<Database>, now = Date.now()): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const admin = await trx
      .selectFrom('users')
      .select(['id', 'account_id'])
      .where('username', '=', 'admin')
      .executeTakeFirstOrThrow();
    const ledger = new LedgerRepository(trx);
    const recharge = async (daysAgo: number, amount: number, state: 'paid' | 'expired' | 'closed') => {
      const at = now - daysAgo * DAY;
      const order = await trx
        .insertInto('recharge_orders')
        .values({
          order_no: newOrderNo(at),
          account_id: admin.account_id,
          user_id: admin.id,
          provider: 'sandbox',
          amount,
          points: amount,
          state,
          qr_content: '',
          trade_no: state === 'paid' ? `SANDBOXDEMO${daysAgo}` : '',
          request_id: null,
          created_at: at,
          expires_at: at + 15 * 60_000,
          paid_at: state === 'paid' ? at + 60_000 : null,
          closed_at: state === 'paid' ? null : at + 15 * 60_000,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (state === 'paid')
        await ledger.recharge({
          accountId: admin.account_id,
          amount,
          rechargeId: order.id,
          actorUserId: admin.id,
          at: at + 60_000,
        });
    };
    const buy = async (daysAgo: number, comboName: string) => {
      const combo = await trx
        .selectFrom('wallet_combos')
        .selectAll()
        .where('name', '=', comboName)
        .executeTakeFirstOrThrow();
      const at = now - daysAgo * DAY;
      const purchase = await trx
        .insertInto('package_purchases')
        .values({
          account_id: admin.account_id,
          user_id: admin.id,
          combo_id: combo.id,
          combo_name: combo.name,
          combo_name_en: combo.name_en,
          combo_name_es: combo.name_es,
          points: Number(combo.points),
          vip_level: combo.vip_level,
          vip_days: combo.vip_days,
          check_quota: combo.check_quota,
          check_left: combo.check_quota,
          expires_at: combo.check_days > 0 ? at + combo.check_days * DAY : 0,
          request_id: null,
          created_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await ledger.purchase({
        accountId: admin.account_id,
        amount: Number(combo.points),
        purchaseId: purchase.id,
        checks: combo.check_quota,
        actorUserId: admin.id,
        at,
      });
    };
    await recharge(200, 100_00, 'paid');
    await buy(199, 'VIP 季卡');
    await recharge(190, 20_00, 'expired');
    await recharge(189, 40_00, 'paid');
    await buy(189, '查询包 100 台');
    await recharge(30, 50_00, 'closed');
  });
}
