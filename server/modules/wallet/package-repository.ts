import { sql, type Kysely } from 'kysely';
import type { BuyRecordRow, ComboRow, PackageSurplusRow, PurchaseKind } from '#contract/schemas/wallet.ts';
import type { Database } from '#server/db/schema.ts';

const DAY_MS = 24 * 3600_000;
const seconds = (ms: number) => Math.floor(ms / 1000);

/** The packages on sale and the account's purchases. Works on a transaction as on the database. */
export class PackageRepository {
  private readonly db: Kysely<Database>;
  constructor(db: Kysely<Database>) {
    this.db = db;
  }

  async onSale(): Promise<ComboRow[]> {
    const rows = await this.db
      .selectFrom('wallet_combos')
      .selectAll()
      .where('on_sale', '=', 1)
      .orderBy('sort')
      .orderBy('id')
      .execute();
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      description: r.description,
      name_en: r.name_en,
      name_es: r.name_es,
      description_en: r.description_en,
      description_es: r.description_es,
      points: Number(r.points),
      price: Number(r.price),
      vip_level: r.vip_level,
      vip_days: r.vip_days,
      check_quota: r.check_quota,
      sort: r.sort,
    }));
  }

  findOnSale(comboId: number) {
    return this.db
      .selectFrom('wallet_combos')
      .selectAll()
      .where('id', '=', comboId)
      .where('on_sale', '=', 1)
      .executeTakeFirst();
  }

  /** The purchase a request_id already made in this account, if any. */
  findByRequest(accountId: number, requestId: string) {
    return this.db
      .selectFrom('package_purchases')
      .select('id')
      .where('account_id', '=', accountId)
      .where('request_id', '=', requestId)
      .executeTakeFirst();
  }

  /** Records a purchase as a copy of the combo; its checks lapse check_days after it (0 = never). */
  async insertPurchase(e: {
    accountId: number;
    userId: number;
    combo: {
      id: number;
      name: string;
      name_en: string;
      name_es: string;
      points: number;
      vip_level: number;
      vip_days: number;
      check_quota: number;
      check_days: number;
    };
    requestId: string | null;
    at: number;
  }): Promise<number> {
    const row = await this.db
      .insertInto('package_purchases')
      .values({
        account_id: e.accountId,
        user_id: e.userId,
        combo_id: e.combo.id,
        combo_name: e.combo.name,
        combo_name_en: e.combo.name_en,
        combo_name_es: e.combo.name_es,
        points: e.combo.points,
        vip_level: e.combo.vip_level,
        vip_days: e.combo.vip_days,
        check_quota: e.combo.check_quota,
        check_left: e.combo.check_quota,
        expires_at: e.combo.check_days > 0 ? e.at + e.combo.check_days * DAY_MS : 0,
        request_id: e.requestId,
        created_at: e.at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /**
   * Extends the account's VIP in one relative update (no read-modify-write, so two purchases at once
   * both count): a running VIP gets the days added and keeps the higher level; a lapsed one starts now.
   */
  async extendVip(accountId: number, level: number, days: number, at: number) {
    const nowS = seconds(at);
    const add = days * 86_400;
    return this.db
      .updateTable('accounts')
      .set({
        vip_level: sql<number>`CASE WHEN vip_end_time > ${nowS} AND vip_level > ${level} THEN vip_level ELSE ${level} END`,
        vip_end_time: sql<number>`CASE WHEN vip_end_time > ${nowS} THEN vip_end_time + ${add} ELSE ${nowS + add} END`,
      })
      .where('id', '=', accountId)
      .returning(['vip_level', 'vip_end_time'])
      .executeTakeFirstOrThrow();
  }

  /** Purchases with checks still unused and not lapsed, oldest first (the order they are used in). */
  async surplus(accountId: number, at: number): Promise<PackageSurplusRow[]> {
    const rows = await this.db
      .selectFrom('package_purchases')
      .select([
        'id',
        'combo_id',
        'combo_name',
        'combo_name_en',
        'combo_name_es',
        'check_quota',
        'check_left',
        'created_at',
        'expires_at',
      ])
      .where('account_id', '=', accountId)
      .where('check_left', '>', 0)
      .where((eb) => eb.or([eb('expires_at', '=', 0), eb('expires_at', '>', at)]))
      .orderBy('id')
      .execute();
    return rows.map((r) => ({
      record_id: r.id,
      combo_id: r.combo_id,
      name: r.combo_name,
      name_en: r.combo_name_en,
      name_es: r.combo_name_es,
      check_quota: r.check_quota,
      check_left: r.check_left,
      bought_at: seconds(Number(r.created_at)),
      expires_at: seconds(Number(r.expires_at)),
    }));
  }

  async page(
    accountId: number,
    page: number,
    pageSize: number,
    kind?: PurchaseKind,
  ): Promise<{ list: BuyRecordRow[]; total: number }> {
    const base = this.db
      .selectFrom('package_purchases as p')
      .where('p.account_id', '=', accountId)
      .$if(kind === 'vip', (qb) => qb.where('p.vip_days', '>', 0))
      .$if(kind === 'checks', (qb) => qb.where('p.check_quota', '>', 0));
    const count = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const rows = await base
      .leftJoin('users as u', 'u.id', 'p.user_id')
      .select([
        'p.id',
        'p.combo_id',
        'p.combo_name',
        'p.combo_name_en',
        'p.combo_name_es',
        'p.points',
        'p.vip_level',
        'p.vip_days',
        'p.check_quota',
        'p.user_id',
        'u.username',
        'u.real_name',
        'p.created_at',
      ])
      .orderBy('p.id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute();
    return {
      total: Number(count.n),
      list: rows.map((r) => ({
        id: r.id,
        combo_id: r.combo_id,
        combo_name: r.combo_name,
        combo_name_en: r.combo_name_en,
        combo_name_es: r.combo_name_es,
        points: Number(r.points),
        vip_level: r.vip_level,
        vip_days: r.vip_days,
        check_quota: r.check_quota,
        user_id: r.user_id,
        username: r.real_name || r.username || '',
        created_at: seconds(Number(r.created_at)),
      })),
    };
  }
}
