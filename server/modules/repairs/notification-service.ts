import type { Kysely } from 'kysely';
import type { MonitorKind, NotificationListDatas } from '#contract/schemas/repairs-monitors.ts';
import type { Database } from '#server/db/schema.ts';
import type { AuthUser } from '#server/modules/auth/session-service.ts';

/** Stored monitor notifications of the account; read state per employee (notification_reads). */
export class NotificationService {
  private readonly db: Kysely<Database>;
  constructor(db: Kysely<Database>) {
    this.db = db;
  }

  private unreadQuery(user: AuthUser) {
    return this.db
      .selectFrom('notifications as n')
      .where('n.account_id', '=', user.account_id)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('notification_reads as r')
              .select('r.notification_id')
              .whereRef('r.notification_id', '=', 'n.id')
              .where('r.user_id', '=', user.user_id),
          ),
        ),
      );
  }

  async unread(user: AuthUser): Promise<{ unread: number }> {
    const r = await this.unreadQuery(user)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return { unread: Number(r.n) };
  }

  async list(
    user: AuthUser,
    input: { page: number; page_size: number; unread_only: boolean },
  ): Promise<NotificationListDatas> {
    const base = input.unread_only
      ? this.unreadQuery(user)
      : this.db.selectFrom('notifications as n').where('n.account_id', '=', user.account_id);
    const count = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const rows = await base
      .leftJoin('notification_reads as r', (j) =>
        j.onRef('r.notification_id', '=', 'n.id').on('r.user_id', '=', user.user_id),
      )
      .selectAll('n')
      .select('r.user_id as read_by')
      .orderBy('n.id', 'desc')
      .limit(input.page_size)
      .offset((input.page - 1) * input.page_size)
      .execute();
    return {
      list: rows.map((n) => ({
        id: n.id,
        kind: n.kind as MonitorKind,
        device_id: n.device_id,
        check_device_id: n.check_device_id,
        ident: n.ident,
        field: n.field,
        from: n.from_value,
        to: n.to_value,
        customer_name: n.customer_name,
        read: n.read_by !== null,
        created_at: Math.floor(Number(n.created_at) / 1000),
      })),
      total: Number(count.n),
      unread: (await this.unread(user)).unread,
    };
  }

  async markRead(user: AuthUser, input: { ids?: number[] | undefined; all?: boolean | undefined }) {
    let q = this.unreadQuery(user).select('n.id');
    if (!input.all) q = q.where('n.id', 'in', input.ids ?? []);
    const ids = (await q.execute()).map((r) => r.id);
    for (let i = 0; i < ids.length; i += 500)
      await this.db
        .insertInto('notification_reads')
        .values(ids.slice(i, i + 500).map((id) => ({ user_id: user.user_id, notification_id: id })))
        .onConflict((oc) => oc.columns(['user_id', 'notification_id']).doNothing())
        .execute();
    return this.unread(user);
  }
}
