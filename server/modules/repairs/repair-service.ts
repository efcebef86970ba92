import { sql, type Kysely } from 'kysely';
import type { z } from 'zod';
import { ErrCode } from '#contract/errcodes.ts';
import { parseIdentifier } from '#contract/identifiers/parse.ts';
import {
  BADGE_MOVES,
  type LogisticsBadge,
  type RepairBadgeChangeDatas,
  type RepairBatchListDatas,
  type RepairBatchRow,
  type RepairDeviceDetailDatas,
  type RepairDeviceListDatas,
  type RepairDeviceRow,
  type TodayScheduleChangeDatas,
  type repairBatchListInput,
  type repairDeviceEditInput,
  type repairDeviceListInput,
  type todayScheduleChangeInput,
} from '#contract/schemas/repairs.ts';
import type { RepairSettingsDatas, repairSettingsSaveInput } from '#contract/schemas/repairs-monitors.ts';
import type { Database } from '#server/db/schema.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { Clock } from '#server/lib/clock.ts';
import type { AuthUser } from '#server/modules/auth/session-service.ts';
import { DeviceRepository } from './device-repository.ts';
import { parseRepairIds, toDeviceRow } from './device-rows.ts';
import type { RepairNotifier } from './repair-notifier.ts';
import { DEFAULT_TIME_ZONE, dayIn } from './today.ts';

const sec = (ms: number) => Math.floor(Number(ms) / 1000);

/** Batches, the device list and detail, the shop's edits and badge moves, today's changes, settings. */
export class RepairService {
  private readonly db: Kysely<Database>;
  private readonly clock: Clock;
  private readonly notify: RepairNotifier;
  readonly devices: DeviceRepository;
  constructor(deps: { db: Kysely<Database>; clock: Clock; notify: RepairNotifier }) {
    this.db = deps.db;
    this.clock = deps.clock;
    this.notify = deps.notify;
    this.devices = new DeviceRepository(deps.db);
  }

  // ---- settings and "today"

  async settings(accountId: number): Promise<RepairSettingsDatas> {
    const row = await this.db
      .selectFrom('repair_settings')
      .selectAll()
      .where('account_id', '=', accountId)
      .executeTakeFirst();
    if (row)
      return {
        time_zone: row.time_zone,
        contact_name: row.contact_name,
        contact_phone: row.contact_phone,
        contact_address: row.contact_address,
      };
    const account = await this.db
      .selectFrom('accounts')
      .select('name')
      .where('id', '=', accountId)
      .executeTakeFirst();
    return {
      time_zone: DEFAULT_TIME_ZONE,
      contact_name: account?.name ?? '',
      contact_phone: '',
      contact_address: '',
    };
  }

  async saveSettings(accountId: number, input: z.output<typeof repairSettingsSaveInput>) {
    const current = await this.settings(accountId);
    const next = {
      time_zone: input.time_zone ?? current.time_zone,
      contact_name: input.contact_name ?? current.contact_name,
      contact_phone: input.contact_phone ?? current.contact_phone,
      contact_address: input.contact_address ?? current.contact_address,
    };
    await this.db
      .insertInto('repair_settings')
      .values({ account_id: accountId, ...next })
      .onConflict((oc) => oc.column('account_id').doUpdateSet(next))
      .execute();
    return next;
  }

  async today(accountId: number) {
    const { time_zone } = await this.settings(accountId);
    return { time_zone, ...dayIn(time_zone, this.clock.now()) };
  }

  // ---- batches

  async createBatch(user: AuthUser, input: { title: string; remark: string }): Promise<RepairBatchRow> {
    const row = await this.db
      .insertInto('repair_batches')
      .values({
        account_id: user.account_id,
        title: input.title,
        remark: input.remark,
        created_by: user.user_id,
        created_at: this.clock.now(),
        deleted_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    this.notify.devicesChanged(user.account_id, [], [row.id]);
    return this.batchRow(user.account_id, row.id);
  }

  async editBatch(
    user: AuthUser,
    input: { batch_id: number; title?: string | undefined; remark?: string | undefined },
  ) {
    await this.requireBatch(user.account_id, input.batch_id);
    const set: { title?: string; remark?: string } = {};
    if (input.title !== undefined) set.title = input.title;
    if (input.remark !== undefined) set.remark = input.remark;
    if (Object.keys(set).length > 0)
      await this.db.updateTable('repair_batches').set(set).where('id', '=', input.batch_id).execute();
    this.notify.devicesChanged(user.account_id, [], [input.batch_id]);
    return this.batchRow(user.account_id, input.batch_id);
  }

  async deleteBatch(user: AuthUser, batchId: number): Promise<null> {
    await this.requireBatch(user.account_id, batchId);
    const ids = await this.devices.idsOfBatch(user.account_id, batchId);
    const now = this.clock.now();
    await this.db.transaction().execute(async (trx) => {
      await trx.updateTable('repair_batches').set({ deleted_at: now }).where('id', '=', batchId).execute();
      await trx
        .updateTable('repair_devices')
        .set({ deleted_at: now, watched: 0, link_hash: null, updated_ms: now })
        .where('batch_id', '=', batchId)
        .where('deleted_at', 'is', null)
        .execute();
      await trx
        .updateTable('monitors')
        .set({ active: 0 })
        .where('kind', '=', 'repair')
        .where(
          'device_id',
          'in',
          trx.selectFrom('repair_devices').select('id').where('batch_id', '=', batchId),
        )
        .execute();
    });
    this.notify.devicesChanged(user.account_id, ids, [batchId]);
    return null;
  }

  async requireBatch(accountId: number, batchId: number): Promise<void> {
    const b = await this.db
      .selectFrom('repair_batches')
      .select('id')
      .where('id', '=', batchId)
      .where('account_id', '=', accountId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (!b) throw new AppError(ErrCode.REPAIR_BATCH_NOT_FOUND);
  }

  private async batchRow(accountId: number, batchId: number): Promise<RepairBatchRow> {
    const { list } = await this.batchRows(accountId, { ids: [batchId] });
    const row = list[0];
    if (!row) throw new AppError(ErrCode.REPAIR_BATCH_NOT_FOUND);
    return row;
  }

  async listBatches(
    accountId: number,
    input: z.output<typeof repairBatchListInput>,
  ): Promise<RepairBatchListDatas> {
    return this.batchRows(accountId, {
      page: input.page,
      page_size: input.page_size,
      keyword: input.keyword,
    });
  }

  private async batchRows(
    accountId: number,
    opts: { ids?: number[]; page?: number; page_size?: number; keyword?: string },
  ): Promise<RepairBatchListDatas> {
    let q = this.db
      .selectFrom('repair_batches as b')
      .where('b.account_id', '=', accountId)
      .where('b.deleted_at', 'is', null);
    if (opts.ids) q = q.where('b.id', 'in', opts.ids);
    if (opts.keyword) {
      const like = `%${opts.keyword.replace(/[\\%_]/g, (c) => '\\' + c)}%`;
      q = q.where(sql<boolean>`(b.title LIKE ${like} ESCAPE '\\' OR b.remark LIKE ${like} ESCAPE '\\')`);
    }
    const count = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const pageSize = opts.page_size ?? 100;
    const rows = await q
      .leftJoin('users as u', 'u.id', 'b.created_by')
      .select(['b.id', 'b.title', 'b.remark', 'b.created_at', 'u.real_name', 'u.username'])
      .orderBy('b.id', 'desc')
      .limit(pageSize)
      .offset(((opts.page ?? 1) - 1) * pageSize)
      .execute();
    const ids = rows.map((r) => r.id);
    const { startMs, endMs } = await this.today(accountId);
    const counts = new Map<number, { devices: number; watched: number; changed_today: number }>();
    if (ids.length > 0) {
      const agg = await this.db
        .selectFrom('repair_devices')
        .select((eb) => [
          'batch_id',
          eb.fn.countAll<number>().as('devices'),
          eb.fn.sum<number>('watched').as('watched'),
          sql<number>`SUM(CASE WHEN changed_at >= ${startMs} AND changed_at < ${endMs} THEN 1 ELSE 0 END)`.as(
            'changed_today',
          ),
        ])
        .where('batch_id', 'in', ids)
        .where('deleted_at', 'is', null)
        .groupBy('batch_id')
        .execute();
      for (const a of agg)
        counts.set(a.batch_id, {
          devices: Number(a.devices),
          watched: Number(a.watched ?? 0),
          changed_today: Number(a.changed_today ?? 0),
        });
    }
    return {
      list: rows.map((r) => ({
        id: r.id,
        title: r.title,
        remark: r.remark,
        ...(counts.get(r.id) ?? { devices: 0, watched: 0, changed_today: 0 }),
        created_at: sec(r.created_at),
        creator_name: r.real_name || r.username || '',
      })),
      total: Number(count.n),
    };
  }

  // ---- devices

  async list(
    accountId: number,
    input: z.output<typeof repairDeviceListInput>,
  ): Promise<RepairDeviceListDatas> {
    const today = input.changed_today ? await this.today(accountId) : { startMs: 0, endMs: 0 };
    const page = await this.devices.list(accountId, input, today);
    return { ...page, server_ms: this.clock.now() };
  }

  async requireDevice(accountId: number, deviceId: number) {
    const [row] = await this.devices.byIds(accountId, [deviceId]);
    if (!row) throw new AppError(ErrCode.REPAIR_DEVICE_NOT_FOUND);
    return row;
  }

  async detail(accountId: number, deviceId: number): Promise<RepairDeviceDetailDatas> {
    const row = await this.requireDevice(accountId, deviceId);
    return { device: toDeviceRow(row), events: await this.devices.events(accountId, [deviceId]) };
  }

  async edit(user: AuthUser, input: z.output<typeof repairDeviceEditInput>): Promise<RepairDeviceRow> {
    const device = await this.requireDevice(user.account_id, input.device_id);
    const now = this.clock.now();
    const set: Record<string, unknown> = {};
    const changed: string[] = [];
    const text = [
      'customer_name',
      'customer_phone',
      'customer_note',
      'courier_in',
      'return_tracking',
    ] as const;
    for (const f of text)
      if (input[f] !== undefined && input[f] !== device[f]) {
        set[f] = input[f];
        changed.push(f);
      }
    for (const f of ['purchase_price', 'sale_price'] as const)
      if (input[f] !== undefined && input[f] !== (device[f] === null ? null : Number(device[f]))) {
        set[f] = input[f];
        changed.push(f);
      }
    for (const f of ['new_sn', 'new_imei'] as const) {
      const v = input[f];
      if (v === undefined) continue;
      let value: string | null = null;
      if (v) {
        const parsed = parseIdentifier(v);
        if (!parsed.ok || parsed.kind !== (f === 'new_sn' ? 'sn' : 'imei'))
          throw new AppError(ErrCode.REPAIR_NEW_IDENT_INVALID);
        value = parsed.value;
      }
      if (value !== device[f]) {
        set[f] = value;
        changed.push(f);
      }
    }
    if (input.warranty) {
      set.warranty_type = input.warranty.warranty_type;
      set.warranty_end = input.warranty.warranty_end;
      set.purchase_date = input.warranty.purchase_date;
      changed.push('warranty');
    }
    const events: Array<{ kind: string; from: string | null; to: string | null; repair_id: string | null }> =
      [];
    let newIds: string[] | null = null;
    if (input.repair_ids) {
      const ids = input.repair_ids;
      if (new Set(ids).size !== ids.length) throw new AppError(ErrCode.REPAIR_ID_DUPLICATE);
      const before = parseRepairIds(device.repair_ids);
      if (JSON.stringify(before) !== JSON.stringify(ids)) {
        newIds = ids;
        set.repair_ids = JSON.stringify(ids);
        const last = ids.at(-1) ?? null;
        if (last !== (before.at(-1) ?? null)) {
          // A new repair to follow: its progress starts again from nothing.
          Object.assign(set, {
            repair_since_ms: last ? now : null,
            progress: null,
            return_logistics: null,
            quote_deadline: null,
            quote_amount: null,
          });
          events.push({ kind: 'repair_id_added', from: before.at(-1) ?? null, to: last, repair_id: last });
        } else changed.push('repair_ids');
      }
    }
    if (changed.length > 0) events.push({ kind: 'edit', from: null, to: changed.join(','), repair_id: null });
    if (events.length === 0) return toDeviceRow(device);
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('repair_devices')
        .set({ ...set, updated_ms: now })
        .where('id', '=', device.id)
        .execute();
      if (newIds) {
        await trx.deleteFrom('repair_device_ids').where('device_id', '=', device.id).execute();
        if (newIds.length > 0)
          await trx
            .insertInto('repair_device_ids')
            .values(newIds.map((r) => ({ device_id: device.id, account_id: user.account_id, repair_id: r })))
            .execute();
      }
      await trx
        .insertInto('repair_events')
        .values(
          events.map((e) => ({
            account_id: user.account_id,
            device_id: device.id,
            kind: e.kind,
            from_value: e.from,
            to_value: e.to,
            repair_id: e.repair_id,
            actor_user_id: user.user_id,
            source: 'shop',
            created_at: now,
          })),
        )
        .execute();
    });
    this.notify.devicesChanged(user.account_id, [device.id], [device.batch_id]);
    return toDeviceRow(await this.requireDevice(user.account_id, device.id));
  }

  async deleteDevices(user: AuthUser, deviceIds: number[]): Promise<null> {
    const rows = await this.devices.byIds(user.account_id, deviceIds);
    if (rows.length === 0) throw new AppError(ErrCode.REPAIR_DEVICE_NOT_FOUND);
    const ids = rows.map((r) => r.id);
    const now = this.clock.now();
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('repair_devices')
        .set({ deleted_at: now, watched: 0, link_hash: null, updated_ms: now })
        .where('id', 'in', ids)
        .execute();
      await trx.updateTable('monitors').set({ active: 0 }).where('device_id', 'in', ids).execute();
    });
    this.notify.devicesChanged(user.account_id, ids, [...new Set(rows.map((r) => r.batch_id))]);
    return null;
  }

  async changeBadge(
    user: AuthUser,
    deviceIds: number[],
    badge: LogisticsBadge,
  ): Promise<RepairBadgeChangeDatas> {
    const rows = await this.devices.byIds(user.account_id, deviceIds);
    if (rows.length === 0) throw new AppError(ErrCode.REPAIR_DEVICE_NOT_FOUND);
    const refused: RepairBadgeChangeDatas['refused'] = [];
    const moving = rows.filter((r) => {
      const from = r.badge as LogisticsBadge;
      if (from === badge) return false;
      if (BADGE_MOVES[from].includes(badge)) return true;
      refused.push({ device_id: r.id, from });
      return false;
    });
    if (moving.length > 0) {
      const now = this.clock.now();
      await this.db.transaction().execute(async (trx) => {
        for (const r of moving) {
          // Guarded by the badge read: a concurrent move of the same device is not overwritten.
          const res = await trx
            .updateTable('repair_devices')
            .set({ badge, updated_ms: now })
            .where('id', '=', r.id)
            .where('badge', '=', r.badge)
            .executeTakeFirst();
          if (Number(res.numUpdatedRows) !== 1) continue;
          await trx
            .insertInto('repair_events')
            .values({
              account_id: user.account_id,
              device_id: r.id,
              kind: 'badge',
              from_value: r.badge,
              to_value: badge,
              repair_id: null,
              actor_user_id: user.user_id,
              source: 'shop',
              created_at: now,
            })
            .execute();
        }
      });
      this.notify.devicesChanged(
        user.account_id,
        moving.map((r) => r.id),
        [...new Set(moving.map((r) => r.batch_id))],
      );
    }
    return { changed: moving.length, refused };
  }

  async todayChanges(
    accountId: number,
    input: z.output<typeof todayScheduleChangeInput>,
  ): Promise<TodayScheduleChangeDatas> {
    const today = await this.today(accountId);
    const page = await this.devices.list(
      accountId,
      { page: input.page, page_size: input.page_size, keyword: '', changed_today: true },
      today,
    );
    const events = await this.devices.events(
      accountId,
      page.list.map((d) => d.id),
      today.startMs,
    );
    const statusKinds = new Set(['eligibility', 'progress', 'return_logistics']);
    return {
      date: today.date,
      time_zone: today.time_zone,
      list: page.list.map((device) => ({
        device,
        events: events.filter((e) => e.device_id === device.id && statusKinds.has(e.kind)),
      })),
      total: page.total,
    };
  }
}
