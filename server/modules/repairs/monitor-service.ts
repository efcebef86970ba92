import { sql, type Kysely } from 'kysely';
import { ErrCode } from '#contract/errcodes.ts';
import {
  monitorCapOf,
  type MonitorKind,
  type MonitorListDatas,
  type MonitorQuotaDatas,
} from '#contract/schemas/repairs-monitors.ts';
import type { Database } from '#server/db/schema.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { Clock } from '#server/lib/clock.ts';
import type { AuthUser } from '#server/modules/auth/session-service.ts';
import { requireBatch } from './batch-service.ts';
import type { DeviceRepository } from './device-repository.ts';
import type { RepairNotifier } from './repair-notifier.ts';

const sec = (ms: number) => Math.floor(Number(ms) / 1000);

/**
 * The account's VIP level: the `vip_level` column once the wallet's migration added it (a level
 * bought with a package), else 1 for a running VIP (before levels existed there was one); 0 once
 * vip_end_time has passed.
 */
export async function vipLevelOf(db: Kysely<Database>, accountId: number, now: number): Promise<number> {
  const row = (await db.selectFrom('accounts').selectAll().where('id', '=', accountId).executeTakeFirst()) as
    { vip_end_time: number; vip_level?: number } | undefined;
  if (!row || Number(row.vip_end_time) * 1000 <= now) return 0;
  return row.vip_level === undefined ? 1 : Number(row.vip_level);
}

/**
 * Watching tracked devices (decision 0014): all or nothing within the cap of the account's VIP
 * level; the cap is checked inside the transaction after the account's row is locked, so two
 * concurrent watches cannot pass it together.
 */
export class MonitorService {
  private readonly db: Kysely<Database>;
  private readonly clock: Clock;
  private readonly notify: RepairNotifier;
  private readonly devices: DeviceRepository;
  readonly intervalMs: number;
  constructor(deps: {
    db: Kysely<Database>;
    clock: Clock;
    notify: RepairNotifier;
    devices: DeviceRepository;
    intervalMs: number;
  }) {
    this.db = deps.db;
    this.clock = deps.clock;
    this.notify = deps.notify;
    this.devices = deps.devices;
    this.intervalMs = deps.intervalMs;
  }

  private async used(db: Kysely<Database>, accountId: number): Promise<number> {
    const r = await db
      .selectFrom('monitors')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('account_id', '=', accountId)
      .where('kind', '=', 'repair')
      .where('active', '=', 1)
      .executeTakeFirstOrThrow();
    return Number(r.n);
  }

  async quota(accountId: number): Promise<MonitorQuotaDatas> {
    const level = await vipLevelOf(this.db, accountId, this.clock.now());
    return {
      vip_level: level,
      used: await this.used(this.db, accountId),
      cap: monitorCapOf(level),
      interval_minutes: Math.max(1, Math.round(this.intervalMs / 60_000)),
    };
  }

  private async targets(
    user: AuthUser,
    input: { device_ids?: number[] | undefined; batch_id?: number | undefined },
  ) {
    if (input.batch_id) await requireBatch(this.db, user.account_id, input.batch_id);
    const ids = input.batch_id
      ? await this.devices.idsOfBatch(user.account_id, input.batch_id)
      : [...new Set(input.device_ids ?? [])];
    const rows = await this.devices.byIds(user.account_id, ids);
    if (rows.length === 0 || (!input.batch_id && rows.length !== ids.length))
      throw new AppError(ErrCode.REPAIR_DEVICE_NOT_FOUND);
    return rows;
  }

  async watch(
    user: AuthUser,
    input: { device_ids?: number[] | undefined; batch_id?: number | undefined },
  ): Promise<MonitorQuotaDatas> {
    const rows = await this.targets(user, input);
    const fresh = rows.filter((r) => Number(r.watched) !== 1);
    const now = this.clock.now();
    const level = await vipLevelOf(this.db, user.account_id, now);
    const cap = monitorCapOf(level);
    await this.db.transaction().execute(async (trx) => {
      // Locks the account's row (PostgreSQL) so concurrent watches count one after the other.
      await trx
        .updateTable('accounts')
        .set({ id: sql`id` })
        .where('id', '=', user.account_id)
        .execute();
      const used = await this.used(trx, user.account_id);
      if (used + fresh.length > cap)
        throw new AppError(
          ErrCode.MONITOR_CAP_EXCEEDED,
          `监控设备数量超出 VIP 等级上限：上限 ${cap} 台，已监控 ${used} 台，本次新增 ${fresh.length} 台`,
          { cap, used, asked: fresh.length },
        );
      for (let i = 0; i < fresh.length; i += 500) {
        const chunk = fresh.slice(i, i + 500);
        await trx
          .insertInto('monitors')
          .values(
            chunk.map((d) => ({
              account_id: user.account_id,
              kind: 'repair',
              device_id: d.id,
              check_device_id: null,
              ident: d.ident,
              last_value: d.progress ?? d.eligibility,
              next_check_at: now,
              created_at: now,
            })),
          )
          .execute();
        await trx
          .updateTable('repair_devices')
          .set({ watched: 1, updated_ms: now })
          .where(
            'id',
            'in',
            chunk.map((d) => d.id),
          )
          .execute();
      }
    });
    if (fresh.length > 0)
      this.notify.devicesChanged(
        user.account_id,
        fresh.map((d) => d.id),
        [...new Set(fresh.map((d) => d.batch_id))],
      );
    return this.quota(user.account_id);
  }

  async unwatch(
    user: AuthUser,
    input: { device_ids?: number[] | undefined; batch_id?: number | undefined },
  ): Promise<MonitorQuotaDatas> {
    const rows = await this.targets(user, input);
    const ids = rows.map((r) => r.id);
    const now = this.clock.now();
    await this.db.transaction().execute(async (trx) => {
      for (let i = 0; i < ids.length; i += 500) {
        const chunk = ids.slice(i, i + 500);
        await trx
          .updateTable('monitors')
          .set({ active: 0 })
          .where('kind', '=', 'repair')
          .where('device_id', 'in', chunk)
          .execute();
        await trx
          .updateTable('repair_devices')
          .set({ watched: 0, updated_ms: now })
          .where('id', 'in', chunk)
          .execute();
      }
    });
    this.notify.devicesChanged(user.account_id, ids, [...new Set(rows.map((r) => r.batch_id))]);
    return this.quota(user.account_id);
  }

  async list(
    accountId: number,
    input: { page: number; page_size: number; kind?: MonitorKind | undefined },
  ): Promise<MonitorListDatas> {
    let q = this.db.selectFrom('monitors').where('account_id', '=', accountId).where('active', '=', 1);
    if (input.kind) q = q.where('kind', '=', input.kind);
    const count = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const rows = await q
      .selectAll()
      .orderBy('id', 'desc')
      .limit(input.page_size)
      .offset((input.page - 1) * input.page_size)
      .execute();
    return {
      list: rows.map((m) => ({
        id: m.id,
        kind: m.kind as MonitorKind,
        device_id: m.device_id,
        check_device_id: m.check_device_id,
        ident: m.ident,
        last_value: m.last_value,
        last_checked_at: sec(m.last_checked_at),
        next_check_at: sec(m.next_check_at),
        ends_at: sec(m.ends_at),
        created_at: sec(m.created_at),
      })),
      total: Number(count.n),
    };
  }
}
