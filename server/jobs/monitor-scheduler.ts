import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema.ts';
import type { Clock } from '#server/lib/clock.ts';
import type { RepairNotifier } from '#server/modules/repairs/repair-notifier.ts';
import type { CheckProvider } from '#server/providers/checks/provider.ts';
import type { RepairStatusProvider } from '#server/providers/repairs/provider.ts';
import { leaseOwner } from './claim-loop.ts';
import { discoverCheckMonitors } from './monitor-discovery.ts';
import { recheckChunk, type CycleResult, type Due, type RecheckDeps } from './monitor-recheck.ts';

export interface MonitorSchedulerOptions {
  /** Between two re-checks of one monitor (MONITOR_INTERVAL_MINUTES). */
  intervalMs: number;
  /** How often a process tries to take the scheduler's lease and run a cycle. */
  tickMs: number;
  /** The lease: past it, another process takes the scheduler over. */
  leaseMs: number;
  /** Monitors checked at once (provider calls in flight). */
  concurrency: number;
  /** Days the network-lock monitor of a check runs (the ID-lock monitor: until its id_monitor_end, 15 days). */
  networkLockDays: number;
}

export const DEFAULT_MONITOR_OPTIONS: MonitorSchedulerOptions = {
  intervalMs: 60 * 60_000,
  tickMs: 15_000,
  leaseMs: 5 * 60_000,
  concurrency: 64,
  networkLockDays: 30,
};

const LEASE_NAME = 'monitor-scheduler';
/** Monitors re-checked together, in one transaction. */
const CHUNK = 500;

/**
 * Re-checks watched devices (decision 0014). Every process ticks; only the holder of the
 * `monitor-scheduler` lease (a row of scheduler_leases, taken with a guarded UPDATE) runs a cycle,
 * so a cycle runs once across all processes, and another process takes over when the holder dies.
 * A cycle takes the due monitors, asks the repair-status provider (tracked devices) or the check
 * provider (the ID-lock and network-lock monitors that check services promise), applies changes
 * like a refresh (progress events, status machine) and stores a notification per change, then
 * moves each monitor's next check one interval on. Monitor re-checks are included in the VIP
 * level and not billed. A crash mid-cycle leaves the unchecked monitors due: the next cycle does
 * them, and a repeated answer changes nothing.
 */
export class MonitorScheduler {
  readonly owner = leaseOwner('m');
  /** Its db, clock, providers and notifier, handed whole to each chunk's re-check. */
  private readonly deps: RecheckDeps;
  readonly options: MonitorSchedulerOptions;
  private timer: NodeJS.Timeout | null = null;
  private cycle: Promise<unknown> | null = null;

  constructor(deps: {
    db: Kysely<Database>;
    clock: Clock;
    /** Null: no repair-status provider (production without one): repair monitors wait. */
    repairs: RepairStatusProvider | null;
    checks: CheckProvider | null;
    notify: RepairNotifier;
    onError?: (err: unknown) => void;
    options?: Partial<MonitorSchedulerOptions>;
  }) {
    this.options = { ...DEFAULT_MONITOR_OPTIONS, ...deps.options };
    this.deps = {
      db: deps.db,
      clock: deps.clock,
      repairs: deps.repairs,
      checks: deps.checks,
      notify: deps.notify,
      onError: deps.onError ?? (() => {}),
      options: this.options,
    };
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.tick(), this.options.tickMs);
    this.timer.unref();
    void this.tick();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.cycle;
  }

  /** Takes (or renews) the lease; answers whether this process holds it now. */
  async takeLease(): Promise<boolean> {
    const now = this.deps.clock.now();
    const until = now + this.options.leaseMs;
    await this.deps.db
      .insertInto('scheduler_leases')
      .values({ name: LEASE_NAME, owner: '', until_ms: 0 })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    const r = await this.deps.db
      .updateTable('scheduler_leases')
      .set({ owner: this.owner, until_ms: until })
      .where('name', '=', LEASE_NAME)
      .where((eb) => eb.or([eb('until_ms', '<', now), eb('owner', '=', this.owner)]))
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  private async tick(): Promise<void> {
    if (this.cycle) return;
    this.cycle = (async () => {
      try {
        if (await this.takeLease()) await this.runCycle();
      } catch (err) {
        this.deps.onError(err);
      }
    })();
    await this.cycle;
    this.cycle = null;
  }

  /** One cycle over every due monitor (the caller holds the lease, or is a test or bench). */
  async runCycle(limit = 100_000): Promise<CycleResult> {
    await discoverCheckMonitors(this.deps.db, this.deps.clock.now(), this.options);
    const now = this.deps.clock.now();
    await this.deps.db
      .updateTable('monitors')
      .set({ active: 0 })
      .where('active', '=', 1)
      .where('ends_at', '>', 0)
      .where('ends_at', '<', now)
      .execute();
    const due = (await this.deps.db
      .selectFrom('monitors')
      .select(['id', 'account_id', 'kind', 'device_id', 'check_device_id', 'ident', 'last_value', 'ends_at'])
      .where('active', '=', 1)
      .where('next_check_at', '<=', now)
      .orderBy('next_check_at')
      .limit(limit)
      .execute()) as Due[];
    const result: CycleResult = { checked: 0, changed: 0, failed: 0 };
    for (let i = 0; i < due.length; i += CHUNK) {
      const chunk = due.slice(i, i + CHUNK);
      const part = await recheckChunk(this.deps, chunk);
      result.checked += part.checked;
      result.changed += part.changed;
      result.failed += part.failed;
      // Long cycles keep the lease.
      if (i % (CHUNK * 10) === 0 && i > 0) await this.takeLease();
    }
    return result;
  }
}
