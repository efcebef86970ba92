// A finished check job's write to its device: the facts merged in, the job counted, the status
// that follows from the counters, and the move between the dashboards' device facets it causes.
import type { Transaction } from 'kysely';
import type { MigrationDialect } from '#server/db/migrations/columns.ts';
import type { Database } from '#server/db/schema.ts';
import type { DeviceFacts } from '#server/providers/checks/provider.ts';
import { DEVICE_DIMS, deviceKey, orderDayOf, type DeviceKey } from '#server/modules/dashboards/rollup.ts';
import { factColumns } from './device-facts.ts';
import { runStatement } from './run-statement.ts';

/** Device-facet rollup deltas of one batch, per account and shop day, upserted at its end. */
export type DeviceDays = Map<
  string,
  { accountId: number; day: string; rows: { key: DeviceKey; count: number }[] }
>;

/** Writes finished jobs to their devices, with one statement per set of fact columns, kept. */
export class DeviceOutcomeWriter {
  private readonly dialect: MigrationDialect;
  private readonly deviceUpdates = new Map<string, string>();
  constructor(dialect: MigrationDialect) {
    this.dialect = dialect;
  }

  /** Merges the facts and counts the finished job; the device's status follows from its counters. */
  async write(
    trx: Transaction<Database>,
    deviceId: number,
    ok: boolean,
    facts: DeviceFacts,
    now: number,
    deviceDays: DeviceDays,
  ): Promise<void> {
    const columns = factColumns(facts);
    const names = Object.keys(columns) as (keyof typeof columns)[];
    const key = names.join(',');
    let text = this.deviceUpdates.get(key);
    if (text === undefined) {
      // One statement per set of fact columns (a service's answers always carry the same set).
      const sets = names.map((c) => `${c} = ?`);
      sets.push(
        'jobs_success = jobs_success + ?',
        'jobs_failed = jobs_failed + ?',
        `status = CASE WHEN jobs_success + jobs_failed + 1 >= jobs_total
          THEN (CASE WHEN jobs_failed + ? = 0 THEN 'success' WHEN jobs_success + ? = 0 THEN 'failed' ELSE 'partial' END)
          ELSE 'running' END`,
        'updated_ms = ?',
      );
      text = `UPDATE check_devices SET ${sets.join(', ')} WHERE id = ?`;
      this.deviceUpdates.set(key, text);
    }
    const s = ok ? 1 : 0;
    const f = ok ? 0 : 1;
    // The device's facets before and after: a change moves it between the rollup's keys.
    const changesKey = names.some((c) => (DEVICE_DIMS as readonly string[]).includes(c));
    const old = changesKey
      ? await trx
          .selectFrom('check_devices')
          .select(['order_id', ...DEVICE_DIMS])
          .where('id', '=', deviceId)
          .executeTakeFirst()
      : undefined;
    await runStatement(trx, this.dialect, text, [
      ...names.map((c) => columns[c] ?? null),
      s,
      f,
      f,
      s,
      now,
      deviceId,
    ]);
    if (!old) return;
    const before = deviceKey(old);
    const after = deviceKey({ ...old, ...(columns as Partial<Record<string, string | null>>) });
    if (DEVICE_DIMS.every((d) => before[d] === after[d])) return;
    const at = await orderDayOf(trx, old.order_id);
    if (!at) return;
    const slot = `${at.accountId}\u0001${at.day}`;
    let days = deviceDays.get(slot);
    if (!days) deviceDays.set(slot, (days = { accountId: at.accountId, day: at.day, rows: [] }));
    days.rows.push({ key: before, count: -1 }, { key: after, count: 1 });
  }
}
