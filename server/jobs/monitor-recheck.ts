// Re-checks one chunk of due monitors for the monitor scheduler: asks the providers (a few at once),
// applies the answers like a refresh, stores a notification per change and moves each monitor's
// next check one interval on (server/modules/repairs/monitor-recheck-repository.ts), then tells
// the accounts' sessions.
import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema.ts';
import type { Clock } from '#server/lib/clock.ts';
import {
  MonitorRecheckRepository,
  type Due,
  type MonitorAnswer,
  type WatchedCheckDevice,
  type WatchedDevice,
} from '#server/modules/repairs/monitor-recheck-repository.ts';
import { tellDevicesChanged, type RepairNotifier } from '#server/modules/repairs/repair-notifier.ts';
import type { CheckProvider } from '#server/providers/checks/provider.ts';
import type { RepairStatusProvider } from '#server/providers/repairs/provider.ts';
import { askCheck, askRepair } from './monitor-ask.ts';

export type { Due };

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
  const repo = new MonitorRecheckRepository(deps.db);
  const { devices, checkDevices } = await repo.watchedDevices(chunk);
  const { answers, failed } = await askProviders(deps, chunk, devices, checkDevices);
  const applied = await repo.applyAnswers({
    chunk,
    answers,
    devices,
    sandbox: deps.repairs?.sandbox ?? false,
    now: deps.clock.now(),
    intervalMs: deps.options.intervalMs,
  });
  for (const n of [...applied.notices, ...applied.lockNotices]) deps.notify.notice(n);
  tellDevicesChanged(deps.notify, applied.changed);
  return { checked: answers.size, changed: applied.changed.length + applied.lockNotices.length, failed };
}

/**
 * Asks the providers about each monitor of the chunk, `options.concurrency` at a time. A monitor
 * whose device is gone, or whose provider is missing, is skipped; one whose provider fails counts
 * as failed.
 */
async function askProviders(
  deps: RecheckDeps,
  chunk: readonly Due[],
  devices: ReadonlyMap<number, WatchedDevice>,
  checkDevices: ReadonlyMap<number, WatchedCheckDevice>,
): Promise<{ answers: Map<number, MonitorAnswer>; failed: number }> {
  const answers = new Map<number, MonitorAnswer>();
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
  return { answers, failed };
}
