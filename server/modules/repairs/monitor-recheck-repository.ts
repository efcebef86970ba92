// The rows a monitor re-check reads and writes (server/jobs/monitor-recheck.ts asks the providers
// between the two): the devices the due monitors watch, then, in one transaction, the answers
// applied like a refresh, a notification per changed lock and each monitor moved one interval on.
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database, MonitorsTable } from '#server/db/schema.ts';
import type { RepairStatus } from '#server/providers/repairs/provider.ts';
import { applyStatuses, DEVICE_STATE_COLUMNS, type DeviceState, type NoticeOut } from './apply-status.ts';
import type { CheckNoticeOut } from './repair-notifier.ts';

/** A due monitor, as the cycle reads it (its row's columns, not spelt again). */
export type Due = Pick<
  Selectable<MonitorsTable>,
  'id' | 'account_id' | 'kind' | 'device_id' | 'check_device_id' | 'ident' | 'last_value' | 'ends_at'
>;

/** A watched repair device: what applying an answer needs, and what asking the provider needs. */
export type WatchedDevice = DeviceState & {
  sn: string | null;
  imei: string | null;
  repair_since_ms: number | null;
  deleted_at: number | null;
};

/** A watched check device (an ID or network lock monitor). */
export interface WatchedCheckDevice {
  sn: string | null;
  imei: string | null;
}

/** A provider's answer for one monitor: a repair status, or a lock's value (null: unknown). */
export interface MonitorAnswer {
  status?: RepairStatus;
  value?: string | null;
}

export interface AppliedAnswers {
  /** The repair devices whose status moved. */
  changed: { account_id: number; device_id: number; batch_id: number }[];
  /** The notifications of repair status changes. */
  notices: NoticeOut[];
  /** The notifications of locks that changed. */
  lockNotices: CheckNoticeOut[];
}

export class MonitorRecheckRepository {
  private readonly db: Kysely<Database>;
  constructor(db: Kysely<Database>) {
    this.db = db;
  }

  /** The devices the chunk's monitors watch, by id (repair devices, check devices). */
  async watchedDevices(chunk: readonly Due[]): Promise<{
    devices: Map<number, WatchedDevice>;
    checkDevices: Map<number, WatchedCheckDevice>;
  }> {
    const repairIds = chunk
      .filter((m) => m.kind === 'repair' && m.device_id !== null)
      .map((m) => m.device_id as number);
    const checkIds = chunk
      .filter((m) => m.kind !== 'repair' && m.check_device_id !== null)
      .map((m) => m.check_device_id as number);
    const devices = new Map<number, WatchedDevice>();
    if (repairIds.length > 0)
      for (const d of await this.db
        .selectFrom('repair_devices')
        .select([...DEVICE_STATE_COLUMNS, 'sn', 'imei', 'repair_since_ms', 'deleted_at'])
        .where('id', 'in', repairIds)
        .execute())
        devices.set(d.id, d as never);
    const checkDevices = new Map<number, WatchedCheckDevice>();
    if (checkIds.length > 0)
      for (const d of await this.db
        .selectFrom('check_devices')
        .select(['id', 'sn', 'imei'])
        .where('id', 'in', checkIds)
        .execute())
        checkDevices.set(d.id, d);
    return { devices, checkDevices };
  }

  /**
   * One transaction: the repair answers applied like a refresh, a notification per lock that
   * changed, each monitor's last value, and every monitor of the chunk checked now and due again
   * `intervalMs` later.
   */
  async applyAnswers(input: {
    chunk: readonly Due[];
    answers: ReadonlyMap<number, MonitorAnswer>;
    devices: ReadonlyMap<number, WatchedDevice>;
    sandbox: boolean;
    now: number;
    intervalMs: number;
  }): Promise<AppliedAnswers> {
    const { chunk, answers, devices, sandbox, now } = input;
    return this.db.transaction().execute(async (trx) => {
      const items = chunk.flatMap((m) => {
        const a = answers.get(m.id);
        const d = m.device_id === null ? undefined : devices.get(m.device_id);
        return a?.status && d ? [{ device: d, status: a.status, sandbox }] : [];
      });
      const res = await applyStatuses(trx, items, 'monitor', now);
      const checkNotices: CheckNoticeOut[] = [];
      for (const m of chunk) {
        const a = answers.get(m.id);
        let lastValue = m.last_value;
        if (m.kind === 'repair' && a?.status)
          lastValue = a.status.progress ?? a.status.eligibility ?? lastValue;
        if (m.kind !== 'repair' && a && a.value !== undefined) {
          if (m.last_value !== null && a.value !== null && a.value !== m.last_value)
            checkNotices.push(await lockChanged(trx, m, a.value, now));
          lastValue = a.value ?? lastValue;
        }
        if (lastValue !== m.last_value)
          await trx.updateTable('monitors').set({ last_value: lastValue }).where('id', '=', m.id).execute();
      }
      await trx
        .updateTable('monitors')
        .set({ last_checked_at: now, next_check_at: now + input.intervalMs })
        .where(
          'id',
          'in',
          chunk.map((m) => m.id),
        )
        .execute();
      return { changed: res.changed, notices: res.notices, lockNotices: checkNotices };
    });
  }
}

/** Stores the notification of a lock monitor whose value moved, and returns it as sessions hear it. */
async function lockChanged(
  trx: Transaction<Database>,
  m: Due,
  value: string,
  now: number,
): Promise<CheckNoticeOut> {
  const row = await trx
    .insertInto('notifications')
    .values({
      account_id: m.account_id,
      kind: m.kind,
      device_id: null,
      check_device_id: m.check_device_id,
      ident: m.ident,
      field: m.kind,
      from_value: m.last_value,
      to_value: value,
      customer_name: '',
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return {
    id: row.id,
    account_id: m.account_id,
    kind: m.kind as CheckNoticeOut['kind'],
    device_id: null,
    ident: m.ident,
    field: m.kind,
    from: m.last_value,
    to: value,
    customer_name: '',
    created_at: Math.floor(now / 1000),
  };
}
