import { sql, type Kysely } from 'kysely';
import type { z } from 'zod';
import { ErrCode } from '#contract/errcodes.ts';
import type {
  RepairBatchListDatas,
  RepairBatchRow,
  repairBatchListInput,
} from '#contract/schemas/repairs.ts';
import type { Database } from '#server/db/schema.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { Clock } from '#server/lib/clock.ts';
import type { AuthUser } from '#server/modules/auth/session-service.ts';
import type { DeviceRepository } from './device-repository.ts';
import type { RepairNotifier } from './repair-notifier.ts';
import type { RepairSettingsService } from './settings-service.ts';

const sec = (ms: number) => Math.floor(Number(ms) / 1000);

/** Throws REPAIR_BATCH_NOT_FOUND unless the batch is the account's and not deleted. */
export async function requireBatch(db: Kysely<Database>, accountId: number, batchId: number): Promise<void> {
  const b = await db
    .selectFrom('repair_batches')
    .select('id')
    .where('id', '=', batchId)
    .where('account_id', '=', accountId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!b) throw new AppError(ErrCode.REPAIR_BATCH_NOT_FOUND);
}

/** Repair batches: create, edit, delete (with their devices and monitors) and the batch list. */
export class BatchService {
  private readonly db: Kysely<Database>;
  private readonly clock: Clock;
  private readonly notify: RepairNotifier;
  private readonly settings: RepairSettingsService;
  private readonly devices: DeviceRepository;
  constructor(deps: {
    db: Kysely<Database>;
    clock: Clock;
    notify: RepairNotifier;
    settings: RepairSettingsService;
    devices: DeviceRepository;
  }) {
    this.db = deps.db;
    this.clock = deps.clock;
    this.notify = deps.notify;
    this.settings = deps.settings;
    this.devices = deps.devices;
  }

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
    await requireBatch(this.db, user.account_id, input.batch_id);
    const set: { title?: string; remark?: string } = {};
    if (input.title !== undefined) set.title = input.title;
    if (input.remark !== undefined) set.remark = input.remark;
    if (Object.keys(set).length > 0)
      await this.db.updateTable('repair_batches').set(set).where('id', '=', input.batch_id).execute();
    this.notify.devicesChanged(user.account_id, [], [input.batch_id]);
    return this.batchRow(user.account_id, input.batch_id);
  }

  async deleteBatch(user: AuthUser, batchId: number): Promise<null> {
    await requireBatch(this.db, user.account_id, batchId);
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
    const { startMs, endMs } = await this.settings.today(accountId);
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
}
