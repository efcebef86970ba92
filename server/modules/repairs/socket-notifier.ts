// What repair progress management tells the account's sockets: devices changed, a refresh's
// progress, a new notification (decision 0016), and what a finished batch of refresh jobs moved.
import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema.ts';
import type { MigrationDialect } from '#server/db/migrations/columns.ts';
import { accountRoom, emitDataChanged, type RealtimeServer } from '#server/http/realtime.ts';
import { RepairJobRepository, type EndBatchResult } from './job-repository.ts';
import { tellDevicesChanged, type RepairNotifier } from './repair-notifier.ts';

/** The notifier over socket.io; `jobsAdded` wakes the refresh runner (built after it). */
export function socketNotifier(io: RealtimeServer, jobsAdded: () => void): RepairNotifier {
  return {
    devicesChanged: (accountId, deviceIds, batchIds) => {
      io.to(accountRoom(accountId)).emit('repairs:changed', { device_ids: deviceIds, batch_ids: batchIds });
      emitDataChanged(io, accountId, ['repairs']);
    },
    refreshProgress: (accountId, p) =>
      void io.to(accountRoom(accountId)).emit('repairs:refresh', {
        ...p,
        progress: p.total === 0 ? 100 : Math.floor(((p.done + p.failed) * 100) / p.total),
      }),
    notice: (n) => {
      const { account_id: accountId, ...payload } = n;
      io.to(accountRoom(accountId)).emit('notice:new', payload);
    },
    jobsAdded,
  };
}

/**
 * After a batch of refresh jobs ended: the devices that changed, the notifications, each refresh's
 * progress, and a data change for every account whose refresh moved (a device whose job ended
 * without a status change still changed: its refresh state).
 */
export async function tellRefreshesEnded(
  deps: { db: Kysely<Database>; dialect: MigrationDialect; io: RealtimeServer; notify: RepairNotifier },
  result: EndBatchResult,
): Promise<void> {
  const { notify } = deps;
  tellDevicesChanged(notify, result.changed);
  for (const n of result.notices) notify.notice(n);
  if (result.refreshes.size === 0) return;
  const rows = await new RepairJobRepository(deps.db, deps.dialect).refreshCounts([
    ...result.refreshes.keys(),
  ]);
  for (const r of rows)
    notify.refreshProgress(r.account_id, {
      refresh_id: r.id,
      total: Number(r.total),
      done: Number(r.done),
      failed: Number(r.failed),
    });
  for (const [accountId] of new Map([...result.refreshes].map(([, a]) => [a, true])))
    emitDataChanged(deps.io, accountId, ['repairs']);
}
