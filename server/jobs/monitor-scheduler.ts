import { sql, type Kysely } from 'kysely';
import type { Database } from '#server/db/schema.ts';
import type { Clock } from '#server/lib/clock.ts';
import {
  applyStatuses,
  DEVICE_STATE_COLUMNS,
  type DeviceState,
} from '#server/modules/repairs/apply-status.ts';
import { parseRepairIds } from '#server/modules/repairs/device-rows.ts';
import type { CheckNoticeOut, RepairNotifier } from '#server/modules/repairs/repair-notifier.ts';
import type { CheckProvider, DeviceFacts } from '#server/providers/checks/provider.ts';
import type { RepairStatus, RepairStatusProvider } from '#server/providers/repairs/provider.ts';
import { leaseOwner } from './claim-loop.ts';

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
const DAY_MS = 24 * 3600_000;
const CHUNK = 500;

interface Due {
  id: number;
  account_id: number;
  kind: string;
  device_id: number | null;
  check_device_id: number | null;
  ident: string;
  last_value: string | null;
  ends_at: number;
}

export interface CycleResult {
  checked: number;
  changed: number;
  failed: number;
}

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
  private readonly db: Kysely<Database>;
  private readonly clock: Clock;
  private readonly repairs: RepairStatusProvider;
  private readonly checks: CheckProvider | null;
  private readonly notify: RepairNotifier;
  private readonly onError: (err: unknown) => void;
  readonly options: MonitorSchedulerOptions;
  private timer: NodeJS.Timeout | null = null;
  private cycle: Promise<unknown> | null = null;

  constructor(deps: {
    db: Kysely<Database>;
    clock: Clock;
    repairs: RepairStatusProvider;
    checks: CheckProvider | null;
    notify: RepairNotifier;
    onError?: (err: unknown) => void;
    options?: Partial<MonitorSchedulerOptions>;
  }) {
    this.db = deps.db;
    this.clock = deps.clock;
    this.repairs = deps.repairs;
    this.checks = deps.checks;
    this.notify = deps.notify;
    this.onError = deps.onError ?? (() => {});
    this.options = { ...DEFAULT_MONITOR_OPTIONS, ...deps.options };
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
    const now = this.clock.now();
    const until = now + this.options.leaseMs;
    await this.db
      .insertInto('scheduler_leases')
      .values({ name: LEASE_NAME, owner: '', until_ms: 0 })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    const r = await this.db
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
        this.onError(err);
      }
    })();
    await this.cycle;
    this.cycle = null;
  }

  /** One cycle over every due monitor (the caller holds the lease, or is a test or bench). */
  async runCycle(limit = 100_000): Promise<CycleResult> {
    await this.discoverCheckMonitors();
    const now = this.clock.now();
    await this.db
      .updateTable('monitors')
      .set({ active: 0 })
      .where('active', '=', 1)
      .where('ends_at', '>', 0)
      .where('ends_at', '<', now)
      .execute();
    const due = (await this.db
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
      const part = await this.runChunk(chunk);
      result.checked += part.checked;
      result.changed += part.changed;
      result.failed += part.failed;
      // Long cycles keep the lease.
      if (i % (CHUNK * 10) === 0 && i > 0) await this.takeLease();
    }
    return result;
  }

  /** Check services that promise watching get their monitor once their job has succeeded. */
  private async discoverCheckMonitors(): Promise<void> {
    const now = this.clock.now();
    const found = await this.db
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
        : started + this.options.networkLockDays * DAY_MS;
      return {
        account_id: f.account_id,
        kind: idLock ? 'id_lock' : 'network_lock',
        device_id: null,
        check_device_id: f.device_id,
        ident: f.ident,
        last_value: idLock ? f.activation_lock : f.network_lock,
        next_check_at: started + this.options.intervalMs,
        ends_at: Number.isFinite(end) ? end : started + 15 * DAY_MS,
        created_at: now,
      };
    });
    for (let i = 0; i < rows.length; i += CHUNK)
      await this.db
        .insertInto('monitors')
        .values(rows.slice(i, i + CHUNK))
        .execute();
  }

  private async runChunk(chunk: readonly Due[]): Promise<CycleResult> {
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
      for (const d of await this.db
        .selectFrom('repair_devices')
        .select([...DEVICE_STATE_COLUMNS, 'sn', 'imei', 'repair_since_ms', 'deleted_at'])
        .where('id', 'in', repairIds)
        .execute())
        devices.set(d.id, d as never);
    const checkDevices = new Map<number, { sn: string | null; imei: string | null }>();
    if (checkIds.length > 0)
      for (const d of await this.db
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
            if (!d || d.deleted_at !== null) continue;
            const status = await this.askRepair(d);
            if (status) answers.set(m.id, { status });
            else failed++;
          } else {
            const d = m.check_device_id === null ? undefined : checkDevices.get(m.check_device_id);
            if (!d || !this.checks) continue;
            const facts = await this.askCheck(
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
          this.onError(err);
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.options.concurrency, chunk.length) }, worker));

    const now = this.clock.now();
    const checkNotices: CheckNoticeOut[] = [];
    const applied = await this.db.transaction().execute(async (trx) => {
      const items = chunk.flatMap((m) => {
        const a = answers.get(m.id);
        const d = m.device_id === null ? undefined : devices.get(m.device_id);
        return a?.status && d ? [{ device: d, status: a.status, sandbox: this.repairs.sandbox }] : [];
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
        .set({ last_checked_at: now, next_check_at: now + this.options.intervalMs })
        .where(
          'id',
          'in',
          chunk.map((m) => m.id),
        )
        .execute();
      return res;
    });
    for (const n of [...applied.notices, ...checkNotices]) this.notify.notice(n);
    const byAccount = new Map<number, { devices: number[]; batches: Set<number> }>();
    for (const c of applied.changed) {
      let e = byAccount.get(c.account_id);
      if (!e) byAccount.set(c.account_id, (e = { devices: [], batches: new Set() }));
      e.devices.push(c.device_id);
      e.batches.add(c.batch_id);
    }
    for (const [accountId, e] of byAccount) this.notify.devicesChanged(accountId, e.devices, [...e.batches]);
    return { checked: answers.size, changed: applied.changed.length + checkNotices.length, failed };
  }

  /** Submit and poll (short waits only: a slow answer is asked again next cycle). */
  private async askRepair(d: {
    sn: string | null;
    imei: string | null;
    repair_ids: string;
    repair_since_ms: number | null;
  }): Promise<RepairStatus | null> {
    const submitted = await this.repairs.submit({
      sn: d.sn,
      imei: d.imei,
      repair_id: parseRepairIds(d.repair_ids).at(-1) ?? null,
      since_ms: d.repair_since_ms === null ? null : Number(d.repair_since_ms),
      attempt: 1,
    });
    if (submitted.kind !== 'accepted') return null;
    let wait = submitted.poll_after_ms;
    for (let i = 0; i < 10; i++) {
      if (wait > 5_000) return null;
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      const a = await this.repairs.poll(submitted.ticket);
      if (a.kind === 'done') return a.status;
      if (a.kind === 'failed') return null;
      wait = a.poll_after_ms;
    }
    return null;
  }

  private async askCheck(
    service: 'id_monitor' | 'network_lock_monitor',
    d: { sn: string | null; imei: string | null },
  ): Promise<DeviceFacts | null> {
    const checks = this.checks as CheckProvider;
    const submitted = await checks.submit({ service, sn: d.sn, imei: d.imei, attempt: 1 });
    if (submitted.kind !== 'accepted') return null;
    let wait = submitted.poll_after_ms;
    for (let i = 0; i < 10; i++) {
      if (wait > 5_000) return null;
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      const a = await checks.poll(submitted.ticket);
      if (a.kind === 'done') return a.facts;
      if (a.kind === 'failed') return null;
      wait = a.poll_after_ms;
    }
    return null;
  }
}
