// The point record's read: one page of an account's ledger entries with the names a person reads
// (the order, the device, the service, who did it). The writes are in ledger-repository.ts.
import type { Kysely } from 'kysely';
import type { LedgerRow, LedgerType } from '#contract/schemas/ledger.ts';
import type { Database } from '#server/db/schema.ts';

export class LedgerPageRepository {
  private readonly db: Kysely<Database>;
  constructor(db: Kysely<Database>) {
    this.db = db;
  }

  /** One page of the account's entries, newest first, with the names a person reads. */
  async page(
    accountId: number,
    input: { page: number; page_size: number; type?: LedgerType | undefined; order_id?: number | undefined },
  ) {
    let base = this.db
      .selectFrom('ledger_entries as l')
      .where('l.account_id', '=', accountId)
      // A freeze or release of package-paid checks moves nothing and says nothing (contract ledger.ts).
      .where((eb) =>
        eb.or([
          eb('l.type', 'not in', ['freeze', 'settle', 'refund']),
          eb('l.balance_delta', '<>', 0),
          eb('l.frozen_delta', '<>', 0),
        ]),
      );
    if (input.type) base = base.where('l.type', '=', input.type);
    if (input.order_id) base = base.where('l.order_id', '=', input.order_id);
    const count = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const rows = await base
      .leftJoin('check_orders as o', 'o.id', 'l.order_id')
      .leftJoin('check_jobs as j', 'j.id', 'l.job_id')
      .leftJoin('check_devices as d', 'd.id', 'j.device_id')
      .leftJoin('users as u', 'u.id', 'l.actor_user_id')
      .leftJoin('recharge_orders as r', 'r.id', 'l.recharge_id')
      // A repair refresh's entries: the refresh (its size) and, for a device's share, the device.
      .leftJoin('repair_refreshes as rr', 'rr.id', 'l.repair_refresh_id')
      .leftJoin('repair_jobs as rj', 'rj.id', 'l.repair_job_id')
      .leftJoin('repair_devices as rd', 'rd.id', 'rj.device_id')
      .select([
        'rr.total as refresh_devices',
        'rd.ident as repair_device',
        'l.checks_delta',
        'l.purchase_id',
        'r.order_no as recharge_no',
        'l.id',
        'l.type',
        'l.balance_delta',
        'l.frozen_delta',
        'l.balance_after',
        'l.order_id',
        'o.title as order_title',
        'l.job_id',
        'd.ident as device',
        'j.service',
        'u.real_name',
        'u.username',
        'l.created_at',
      ])
      .orderBy('l.id', 'desc')
      .limit(input.page_size)
      .offset((input.page - 1) * input.page_size)
      .execute();
    const list: LedgerRow[] = rows.map((r) => ({
      id: r.id,
      type: r.type as LedgerType,
      balance_delta: Number(r.balance_delta),
      frozen_delta: Number(r.frozen_delta),
      balance_after: Number(r.balance_after),
      order_id: r.order_id,
      order_title: r.order_title ?? null,
      job_id: r.job_id,
      device: r.device ?? r.repair_device ?? null,
      service: r.service ?? null,
      actor_name: r.real_name || r.username || null,
      checks_delta: Number(r.checks_delta),
      purchase_id: r.purchase_id ?? null,
      recharge_no: r.recharge_no ?? null,
      refresh_devices: r.refresh_devices === null ? null : Number(r.refresh_devices),
      created_at: Math.floor(Number(r.created_at) / 1000),
    }));
    return { list, total: Number(count.n) };
  }
}
