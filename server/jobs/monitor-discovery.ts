// Creates the monitors that check services promise (ID-lock and network-lock watching) for the
// monitor scheduler: one per succeeded check job that has none yet.
import { sql, type Kysely } from 'kysely';
import type { Database } from '#server/db/schema.ts';

const DAY_MS = 24 * 3600_000;
/** Monitors inserted per statement. */
const INSERT_CHUNK = 500;

/** Check services that promise watching get their monitor once their job has succeeded. */
export async function discoverCheckMonitors(
  db: Kysely<Database>,
  now: number,
  options: { intervalMs: number; networkLockDays: number },
): Promise<void> {
  const found = await db
    .selectFrom('check_jobs as j')
    .innerJoin('check_devices as d', 'd.id', 'j.device_id')
    .select([
      'j.account_id',
      'j.service',
      'j.device_id',
      'd.ident',
      'd.id_monitor_end',
      'd.activation_lock',
      'd.network_lock',
      'j.finished_at',
    ])
    .where('j.state', '=', 'success')
    .where('j.service', 'in', ['id_monitor', 'network_lock_monitor'])
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('monitors as m')
            .select('m.id')
            .whereRef('m.check_device_id', '=', 'j.device_id')
            .where(
              'm.kind',
              '=',
              sql<string>`CASE WHEN j.service = 'id_monitor' THEN 'id_lock' ELSE 'network_lock' END`,
            ),
        ),
      ),
    )
    .limit(5000)
    .execute();
  if (found.length === 0) return;
  const rows = found.map((f) => {
    const idLock = f.service === 'id_monitor';
    const started = Number(f.finished_at ?? now);
    const end = idLock
      ? f.id_monitor_end
        ? Date.parse(`${f.id_monitor_end}T23:59:59Z`)
        : started + 15 * DAY_MS
      : started + options.networkLockDays * DAY_MS;
    return {
      account_id: f.account_id,
      kind: idLock ? 'id_lock' : 'network_lock',
      device_id: null,
      check_device_id: f.device_id,
      ident: f.ident,
      last_value: idLock ? f.activation_lock : f.network_lock,
      next_check_at: started + options.intervalMs,
      ends_at: Number.isFinite(end) ? end : started + 15 * DAY_MS,
      created_at: now,
    };
  });
  for (let i = 0; i < rows.length; i += INSERT_CHUNK)
    await db
      .insertInto('monitors')
      .values(rows.slice(i, i + INSERT_CHUNK))
      .execute();
}
