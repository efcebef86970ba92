// The check orders as the list and the detail show them: the list's filters (shop days, status,
// deleted, keyword), its summary, and the row with its creator's name.
import { sql, type Kysely } from 'kysely';
import type { Database } from '#server/db/schema.ts';
import { dayBounds } from '#server/lib/shop-day.ts';

const orderColumns = [
  'o.id',
  'o.title',
  'o.remark',
  'o.services',
  'o.devices',
  'o.jobs_total',
  'o.jobs_success',
  'o.jobs_failed',
  'o.price',
  'o.settled',
  'o.refunded',
  'o.package_checks',
  'o.created_at',
  'o.created_by',
  'o.deleted_at',
  'o.derived_from',
  'u.real_name as creator_real_name',
  'u.username as creator_username',
] as const;

/** `%`, `_` and `\` match themselves in a LIKE pattern with ESCAPE '\'. */
const likeContains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The list's filters: keyword, status, deleted (restorable) instead of live, shop days. */
interface OrderListFilter {
  keyword: string;
  status?: 'running' | 'done' | undefined;
  deleted?: boolean | undefined;
  created_from?: string | undefined;
  created_to?: string | undefined;
}

/** The check orders' list and detail reads, always scoped to one account. */
export class OrderListRepository {
  private readonly db: Kysely<Database>;
  constructor(db: Kysely<Database>) {
    this.db = db;
  }

  private listBase(accountId: number, f: OrderListFilter, deletedSince: number) {
    let q = this.db.selectFrom('check_orders as o').where('o.account_id', '=', accountId);
    // Shop days (the dashboards' click-through): from the first day's midnight to the last one's end.
    if (f.created_from) q = q.where('o.created_at', '>=', dayBounds(f.created_from).startMs);
    if (f.created_to) q = q.where('o.created_at', '<', dayBounds(f.created_to).endMs);
    q = f.deleted
      ? q.where('o.deleted_at', 'is not', null).where('o.deleted_at', '>=', deletedSince)
      : q.where('o.deleted_at', 'is', null);
    if (f.status === 'running') q = q.where(sql<boolean>`o.jobs_success + o.jobs_failed < o.jobs_total`);
    if (f.status === 'done') q = q.where(sql<boolean>`o.jobs_success + o.jobs_failed >= o.jobs_total`);
    if (f.keyword) {
      const like = likeContains(f.keyword.toLowerCase());
      const upper = likeContains(f.keyword.toUpperCase());
      q = q.where((eb) =>
        eb.or([
          eb(sql`lower(o.title)`, 'like', sql`${like} ESCAPE '\\'`),
          eb(sql`lower(o.remark)`, 'like', sql`${like} ESCAPE '\\'`),
          eb.exists(
            eb
              .selectFrom('check_devices as d')
              .select(sql`1`.as('one'))
              .whereRef('d.order_id', '=', 'o.id')
              .where((w) =>
                w.or([
                  w(sql`d.ident`, 'like', sql`${upper} ESCAPE '\\'`),
                  w(sql`d.sn`, 'like', sql`${upper} ESCAPE '\\'`),
                  w(sql`d.imei`, 'like', sql`${upper} ESCAPE '\\'`),
                ]),
              ),
          ),
        ]),
      );
    }
    return q;
  }

  /**
   * The live orders, or with `deleted` those deleted since `deletedSince` (ms; the ones that can
   * still be restored).
   */
  async list(
    accountId: number,
    f: OrderListFilter & { page: number; page_size: number },
    deletedSince: number,
  ) {
    const base = this.listBase(accountId, f, deletedSince);
    const summary = await base
      .select((eb) => [
        eb.fn.countAll<number>().as('orders'),
        eb.fn.coalesce(eb.fn.sum<number>('o.devices'), sql<number>`0`).as('devices'),
        eb.fn.coalesce(eb.fn.sum<number>('o.settled'), sql<number>`0`).as('points_spent'),
      ])
      .executeTakeFirstOrThrow();
    const rows = await base
      .leftJoin('users as u', 'u.id', 'o.created_by')
      .select(orderColumns)
      .$if(f.deleted === true, (qb) => qb.orderBy('o.deleted_at', 'desc'))
      .orderBy('o.id', 'desc')
      .limit(f.page_size)
      .offset((f.page - 1) * f.page_size)
      .execute();
    return {
      rows,
      summary: {
        orders: Number(summary.orders),
        devices: Number(summary.devices),
        points_spent: Number(summary.points_spent),
      },
    };
  }

  detail(accountId: number, orderId: number) {
    return this.db
      .selectFrom('check_orders as o')
      .leftJoin('users as u', 'u.id', 'o.created_by')
      .select(orderColumns)
      .where('o.id', '=', orderId)
      .where('o.account_id', '=', accountId)
      .where('o.deleted_at', 'is', null)
      .executeTakeFirst();
  }
}

export type OrderListRow = Awaited<ReturnType<OrderListRepository['list']>>['rows'][number];
