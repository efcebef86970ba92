import type { Kysely } from 'kysely';
import { ErrCode } from '#contract/errcodes.ts';
import { REPAIR_REFRESH_PRICE, type RepairRefreshDatas } from '#contract/schemas/repairs.ts';
import type { Database } from '#server/db/schema.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { Clock } from '#server/lib/clock.ts';
import type { AuthUser } from '#server/modules/auth/session-service.ts';
import { LedgerRepository } from '#server/modules/ledger/ledger-repository.ts';
import { requireBatch } from './batch-service.ts';
import type { DeviceRepository } from './device-repository.ts';
import type { RepairNotifier } from './repair-notifier.ts';

/**
 * A paid status refresh: in one transaction the chosen devices that have no refresh running are
 * marked pending (the guard makes two concurrent refreshes of one device queue it once), the price
 * of those is frozen (INSUFFICIENT_POINTS rolls everything back), and one durable job per device
 * is queued for the repair runner, which settles or refunds each share.
 */
export class RefreshService {
  private readonly db: Kysely<Database>;
  private readonly clock: Clock;
  private readonly notify: RepairNotifier;
  private readonly devices: DeviceRepository;
  constructor(deps: {
    db: Kysely<Database>;
    clock: Clock;
    notify: RepairNotifier;
    devices: DeviceRepository;
  }) {
    this.db = deps.db;
    this.clock = deps.clock;
    this.notify = deps.notify;
    this.devices = deps.devices;
  }

  async refresh(
    user: AuthUser,
    input: { device_ids?: number[] | undefined; batch_id?: number | undefined },
  ): Promise<RepairRefreshDatas> {
    let ids: number[];
    if (input.batch_id) {
      await requireBatch(this.db, user.account_id, input.batch_id);
      ids = await this.devices.idsOfBatch(user.account_id, input.batch_id);
    } else {
      ids = (await this.devices.byIds(user.account_id, [...new Set(input.device_ids ?? [])])).map(
        (r) => r.id,
      );
    }
    if (ids.length === 0) throw new AppError(ErrCode.REPAIR_DEVICE_NOT_FOUND);
    const now = this.clock.now();
    const out = await this.db.transaction().execute(async (trx) => {
      const queued: number[] = [];
      for (let i = 0; i < ids.length; i += 500) {
        const rows = await trx
          .updateTable('repair_devices')
          .set({ refresh_state: 'pending', refresh_error: null, updated_ms: now })
          .where('id', 'in', ids.slice(i, i + 500))
          .where('account_id', '=', user.account_id)
          .where('refresh_state', '<>', 'pending')
          .returning('id')
          .execute();
        for (const r of rows) queued.push(r.id);
      }
      if (queued.length === 0) throw new AppError(ErrCode.REPAIR_REFRESH_RUNNING);
      const price = queued.length * REPAIR_REFRESH_PRICE;
      const refresh = await trx
        .insertInto('repair_refreshes')
        .values({
          account_id: user.account_id,
          created_by: user.user_id,
          total: queued.length,
          price,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const integral = await new LedgerRepository(trx).freeze({
        accountId: user.account_id,
        amount: price,
        refreshId: refresh.id,
        actorUserId: user.user_id,
        at: now,
      });
      for (let i = 0; i < queued.length; i += 500)
        await trx
          .insertInto('repair_jobs')
          .values(
            queued.slice(i, i + 500).map((device_id) => ({
              account_id: user.account_id,
              device_id,
              refresh_id: refresh.id,
              run_after_ms: now,
              lease_owner: null,
              lease_until_ms: null,
              ticket: null,
              error: null,
              share: REPAIR_REFRESH_PRICE,
              cost: null,
              created_at: now,
              finished_at: null,
            })),
          )
          .execute();
      return { refresh_id: refresh.id, queued, price, integral };
    });
    this.notify.jobsAdded();
    this.notify.devicesChanged(user.account_id, out.queued, []);
    return {
      refresh_id: out.refresh_id,
      queued: out.queued.length,
      skipped: ids.length - out.queued.length,
      frozen: out.price,
      integral: out.integral,
    };
  }
}
