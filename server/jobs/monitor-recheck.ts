// Re-checks one chunk of due monitors for the monitor scheduler: asks the providers (a few at once),
// applies the answers like a refresh, stores a notification per change and moves each monitor's
// next check one interval on, then tells the accounts' sessions.
import type { Kysely, Selectable } from 'kysely';
import type { Database, MonitorsTable } from '#server/db/schema.ts';
import type { Clock } from '#server/lib/clock.ts';
import {
  applyStatuses,
  DEVICE_STATE_COLUMNS,
  type DeviceState,
} from '#server/modules/repairs/apply-status.ts';
import type { CheckNoticeOut, RepairNotifier } from '#server/modules/repairs/repair-notifier.ts';
import type { CheckProvider } from '#server/providers/checks/provider.ts';
import type { RepairStatus, RepairStatusProvider } from '#server/providers/repairs/provider.ts';
import { askCheck, askRepair } from './monitor-ask.ts';

/** A due monitor, as the cycle reads it (its row's columns, not spelt again). */
export type Due = Pick<
  Selectable<MonitorsTable>,
  'id' | 'account_id' | 'kind' | 'device_id' | 'check_device_id' | 'ident' | 'last_value' | 'ends_at'
>;

export interface CycleResult {
  checked: number;
  changed: number;
  failed: number;
}

export interface RecheckDeps {
  db: Kysely<Database>;
  clock: Clock;
  /** Null: no repair-status provider (production without one): repair monitors wait. */
  repairs: RepairStatusProvider | null;
  checks: CheckProvider | null;
  notify: RepairNotifier;
  onError: (err: unknown) => void;
  /** Provider calls in flight, and the time between two re-checks of one monitor. */
  options: { concurrency: number; intervalMs: number };
}

export async function recheckChunk(deps: RecheckDeps, chunk: readonly Due[]): Promise<CycleResult> {
  const repairIds = chunk
    .filter((m) => m.kind === 'repair' && m.device_id !== null)
    .map((m) => m.device_id as number);
  const checkIds = chunk
    .filter((m) => m.kind !== 'repair' && m.check_device_id !== null)
    .map((m) => m.check_device_id as number);
  const devices = new Map<
    number,
    DeviceState & {
      sn: string | null;
      imei: string | null;
      repair_since_ms: number | null;
      deleted_at: number | null;
    }
  >();
  if (repairIds.length > 0)
    for (const d of await deps.db
      .selectFrom('repair_devices')
      .select([...DEVICE_STATE_COLUMNS, 'sn', 'imei', 'repair_since_ms', 'deleted_at'])
      .where('id', 'in', repairIds)
      .execute())
      devices.set(d.id, d as never);
  const checkDevices = new Map<number, { sn: string | null; imei: string | null }>();
  if (checkIds.length > 0)
    for (const d of await deps.db
      .selectFrom('check_devices')
      .select(['id', 'sn', 'imei'])
      .where('id', 'in', checkIds)
      .execute())
      checkDevices.set(d.id, d);

  const answers = new Map<number, { status?: RepairStatus; value?: string | null }>();
  let failed = 0;
  let next = 0;
  const worker = async () => {
    while (next < chunk.length) {
      const m = chunk[next++] as Due;
      try {
        if (m.kind === 'repair') {
          const d = m.device_id === null ? undefined : devices.get(m.device_id);
          if (!d || d.deleted_at !== null || !deps.repairs) continue;
          const status = await askRepair(deps.repairs, d);
          if (status) answers.set(m.id, { status });
          else failed++;
        } else {
          const d = m.check_device_id === null ? undefined : checkDevices.get(m.check_device_id);
          if (!d || !deps.checks) continue;
          const facts = await askCheck(
            deps.checks,
            m.kind === 'id_lock' ? 'id_monitor' : 'network_lock_monitor',
            d,
          );
          if (facts)
            answers.set(m.id, {
              value: (m.kind === 'id_lock' ? facts.activation_lock : facts.network_lock) ?? null,
            });
          else failed++;
        }
      } catch (err) {
        failed++;
        deps.onError(err);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(deps.options.concurrency, chunk.length) }, worker));

  const now = deps.clock.now();
  const checkNotices: CheckNoticeOut[] = [];
  const applied = await deps.db.transaction().execute(async (trx) => {
    const items = chunk.flatMap((m) => {
      const a = answers.get(m.id);
      const d = m.device_id === null ? undefined : devices.get(m.device_id);
      return a?.status && d ? [{ device: d, status: a.status, sandbox: deps.repairs?.sandbox ?? false }] : [];
    });
    const res = await applyStatuses(trx, items, 'monitor', now);
    for (const m of chunk) {
      const a = answers.get(m.id);
      let lastValue = m.last_value;
      if (m.kind === 'repair' && a?.status)
        lastValue = a.status.progress ?? a.status.eligibility ?? lastValue;
      if (m.kind !== 'repair' && a && a.value !== undefined) {
        if (m.last_value !== null && a.value !== null && a.value !== m.last_value) {
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
              to_value: a.value,
              customer_name: '',
              created_at: now,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          checkNotices.push({
            id: row.id,
            account_id: m.account_id,
            kind: m.kind as CheckNoticeOut['kind'],
            device_id: null,
            ident: m.ident,
            field: m.kind,
            from: m.last_value,
            to: a.value,
            customer_name: '',
            created_at: Math.floor(now / 1000),
          });
        }
        lastValue = a.value ?? lastValue;
      }
      if (lastValue !== m.last_value)
        await trx.updateTable('monitors').set({ last_value: lastValue }).where('id', '=', m.id).execute();
    }
    await trx
      .updateTable('monitors')
      .set({ last_checked_at: now, next_check_at: now + deps.options.intervalMs })
      .where(
        'id',
        'in',
        chunk.map((m) => m.id),
      )
      .execute();
    return res;
  });
  for (const n of [...applied.notices, ...checkNotices]) deps.notify.notice(n);
  const byAccount = new Map<number, { devices: number[]; batches: Set<number> }>();
  for (const c of applied.changed) {
    let e = byAccount.get(c.account_id);
    if (!e) byAccount.set(c.account_id, (e = { devices: [], batches: new Set() }));
    e.devices.push(c.device_id);
    e.batches.add(c.batch_id);
  }
  for (const [accountId, e] of byAccount) deps.notify.devicesChanged(accountId, e.devices, [...e.batches]);
  return { checked: answers.size, changed: applied.changed.length + checkNotices.length, failed };
}
