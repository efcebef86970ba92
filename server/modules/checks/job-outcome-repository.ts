// What a check worker writes to the jobs it holds: tickets, releases, successes and failures, in
// batches, each write guarded by its lease; with the ledger, order counters, dependents and
// dashboards' rollup that a finished job moves. How a job is claimed is in job-claim-repository.ts.
import type { Kysely, Transaction } from 'kysely';
import type { MigrationDialect } from '#server/db/migrations/columns.ts';
import type { Database } from '#server/db/schema.ts';
import type { DeviceFacts } from '#server/providers/checks/provider.ts';
import { LedgerRepository, type Release } from '#server/modules/ledger/ledger-repository.ts';
import {
  addDeviceDays,
  addServiceDays,
  orderDayOf,
  type ServiceDelta,
} from '#server/modules/dashboards/rollup.ts';
import { returnPackageCheckIfFailed } from './package-return.ts';
import { BLOCKED_MS } from './order-device-repository.ts';
import type { ClaimedJob } from './job-claim-repository.ts';
import { DeviceOutcomeWriter, type DeviceDays } from './device-outcome.ts';
import { runStatement } from './run-statement.ts';

/** What a worker does to a job it holds; applied in batches, each guarded by its lease. */
export type JobWrite =
  | { kind: 'ticket'; job: ClaimedJob; owner: string; ticket: string }
  | {
      /** Back to pending until `run_after_ms`, keeping (or dropping) the ticket. */
      kind: 'release';
      job: ClaimedJob;
      owner: string;
      run_after_ms: number;
      ticket: string | null;
      error: string | null;
      /** 1 when a poll failed (submits are counted when claimed). */
      attempts_delta: number;
    }
  | {
      kind: 'success';
      job: ClaimedJob;
      owner: string;
      /** The provider's ticket, when not recorded before (answered at the first poll). */
      ticket?: string;
      facts: DeviceFacts;
      cost: number;
      provider: string;
      sandbox: boolean;
      /** The facts were copied from an earlier job: the share is refunded, nothing was paid. */
      reused: boolean;
    }
  | {
      kind: 'failure';
      job: ClaimedJob;
      owner: string;
      reason: string;
      provider: string | null;
      sandbox: boolean;
    };

export interface AppliedBatch {
  /** Per write, in order: false when the lease was lost (another worker has the job now). */
  applied: boolean[];
  /** Orders whose counters moved, with their account. */
  orders: Map<number, number>;
}

// The statements run once per job, written out (with `?` placeholders) rather than built: the
// runner's throughput is bounded by them (scripts/bench/jobs.ts).
const SET_TICKET = `UPDATE check_jobs SET ticket = ? WHERE id = ? AND state = 'running' AND lease_owner = ?`;
const RELEASE = `UPDATE check_jobs SET state = 'pending', lease_owner = NULL, lease_until_ms = NULL,
  run_after_ms = ?, ticket = ?, error = ?, attempts = attempts + ? WHERE id = ? AND state = 'running' AND lease_owner = ?`;
const COMPLETE = `UPDATE check_jobs SET state = ?, finished_at = ?, lease_owner = NULL, lease_until_ms = NULL,
  ticket = COALESCE(?, ticket), error = ?, provider = ?, sandbox = ?, reused = ?, cost = ?, facts = ?, settled = 1
  WHERE id = ? AND state = 'running' AND lease_owner = ?`;
const DEVICE_STARTED = `UPDATE check_devices SET status = 'running', updated_ms = ? WHERE id = ? AND status = 'pending'`;
const UNBLOCK = `UPDATE check_jobs SET run_after_ms = ? WHERE depends_on_job_id = ? AND state = 'pending' AND run_after_ms >= ?`;

/** Counts a finished job (or a dependent failed with it) into the batch's ledger, counters and rollup. */
type Finished = (
  job: {
    id: number;
    order_id: number;
    device_id: number;
    account_id: number;
    share: number;
    service: string;
  },
  ok: boolean,
  paid: boolean,
) => void;

interface Counters {
  success: number;
  failed: number;
  settled: number;
  refunded: number;
}

/**
 * The job runner's writes. Every one is guarded by `state = 'running' AND lease_owner = ?`: a
 * worker that lost its lease changes nothing, and a job completes exactly once.
 */
export class JobOutcomeRepository {
  private readonly db: Kysely<Database>;
  private readonly dialect: MigrationDialect;
  /** Services other services depend on: only their successes unblock dependents. */
  private readonly prerequisites: ReadonlySet<string>;
  /** Service code to its name, for the reason a dependent fails with. */
  private readonly names: ReadonlyMap<string, string>;
  private readonly devices: DeviceOutcomeWriter;
  constructor(deps: {
    db: Kysely<Database>;
    dialect: MigrationDialect;
    prerequisites: ReadonlySet<string>;
    names: ReadonlyMap<string, string>;
  }) {
    this.db = deps.db;
    this.dialect = deps.dialect;
    this.prerequisites = deps.prerequisites;
    this.names = deps.names;
    this.devices = new DeviceOutcomeWriter(deps.dialect);
  }

  private run(trx: Transaction<Database>, text: string, params: readonly unknown[]): Promise<number> {
    return runStatement(trx, this.dialect, text, params);
  }

  /** Applies a batch of writes in one transaction; each is guarded by the writer's lease. */
  async apply(writes: readonly JobWrite[], now: number): Promise<AppliedBatch> {
    return this.db.transaction().execute(async (trx) => {
      const releases = new Map<number, Release[]>();
      const counters = new Map<number, Counters>();
      const orders = new Map<number, number>();
      const count = (orderId: number, accountId: number) => {
        orders.set(orderId, accountId);
        let c = counters.get(orderId);
        if (!c) counters.set(orderId, (c = { success: 0, failed: 0, settled: 0, refunded: 0 }));
        return c;
      };
      const release = (accountId: number, r: Release) => {
        let list = releases.get(accountId);
        if (!list) releases.set(accountId, (list = []));
        list.push(r);
      };
      // The dashboards' counters per order and service (docs/decisions/0030-dashboard-rollup.md).
      const rolled = new Map<number, Map<string, ServiceDelta>>();
      const deviceDays: DeviceDays = new Map();
      const finished: Finished = (job, ok, paid) => {
        let perService = rolled.get(job.order_id);
        if (!perService) rolled.set(job.order_id, (perService = new Map()));
        let r = perService.get(job.service);
        if (!r) perService.set(job.service, (r = { jobs: 0, succeeded: 0, failed: 0, points: 0 }));
        if (ok) r.succeeded++;
        else r.failed++;
        if (paid) r.points += job.share;
        const c = count(job.order_id, job.account_id);
        if (ok) c.success++;
        else c.failed++;
        if (paid) c.settled += job.share;
        else c.refunded += job.share;
        release(job.account_id, {
          type: paid ? 'settle' : 'refund',
          amount: job.share,
          order_id: job.order_id,
          job_id: job.id,
        });
      };

      // Rows are locked in one global order (devices ascending, then accounts, then orders), so two
      // workers' batches on PostgreSQL wait for each other but never deadlock.
      const order = writes
        .map((_, i) => i)
        .sort((a, b) => {
          const x = writes[a] as JobWrite;
          const y = writes[b] as JobWrite;
          return x.job.device_id - y.job.device_id || x.job.id - y.job.id;
        });
      const applied: boolean[] = new Array<boolean>(writes.length).fill(false);
      for (const index of order) {
        const w = writes[index] as JobWrite;
        const job = w.job;
        if (w.kind === 'ticket') {
          const ok = (await this.run(trx, SET_TICKET, [w.ticket, job.id, w.owner])) === 1;
          if (ok) await this.run(trx, DEVICE_STARTED, [now, job.device_id]);
          applied[index] = ok;
        } else if (w.kind === 'release') {
          const n = await this.run(trx, RELEASE, [
            w.run_after_ms,
            w.ticket,
            w.error,
            w.attempts_delta,
            job.id,
            w.owner,
          ]);
          applied[index] = n === 1;
        } else {
          const ok = w.kind === 'success';
          const n = await this.run(trx, COMPLETE, [
            ok ? 'success' : 'failed',
            now,
            ok ? (w.ticket ?? null) : null,
            ok ? null : w.reason,
            w.provider,
            w.sandbox ? 1 : 0,
            ok && w.reused ? 1 : 0,
            ok && !w.reused ? w.cost : null,
            ok ? JSON.stringify(w.facts) : null,
            job.id,
            w.owner,
          ]);
          if (n !== 1) continue;
          applied[index] = true;
          await this.devices.write(trx, job.device_id, ok, ok ? w.facts : {}, now, deviceDays);
          if (!ok) await returnPackageCheckIfFailed(trx, job.device_id, now);
          finished(job, ok, ok && !w.reused);
          if (ok) {
            if (this.prerequisites.has(job.service)) await this.run(trx, UNBLOCK, [now, job.id, BLOCKED_MS]);
          } else {
            await this.failDependents(trx, job.id, job.service, now, finished);
          }
        }
      }

      for (const [accountId, list] of [...releases].sort(([a], [b]) => a - b))
        await new LedgerRepository(trx).release(accountId, list, now);
      for (const [orderId, c] of [...counters].sort(([a], [b]) => a - b))
        await trx
          .updateTable('check_orders')
          .set((eb) => ({
            jobs_success: eb('jobs_success', '+', c.success),
            jobs_failed: eb('jobs_failed', '+', c.failed),
            settled: eb('settled', '+', c.settled),
            refunded: eb('refunded', '+', c.refunded),
          }))
          .where('id', '=', orderId)
          .execute();
      // The rollup rows last, each table's in one global order (addDeviceDays sorts by key): two
      // batches that upserted them device by device locked them in different orders and deadlocked
      // on PostgreSQL (found by bench:cluster).
      for (const [, d] of [...deviceDays].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
        await addDeviceDays(trx, d.accountId, d.day, d.rows);
      for (const [orderId, perService] of [...rolled].sort(([a], [b]) => a - b)) {
        const at = await orderDayOf(trx, orderId);
        if (at) await addServiceDays(trx, at.accountId, at.day, perService);
      }
      return { applied, orders };
    });
  }

  /** A failed job's waiting dependents fail too (and, through them, theirs), each refunded. */
  private async failDependents(
    trx: Transaction<Database>,
    jobId: number,
    service: string,
    now: number,
    finished: Finished,
  ): Promise<void> {
    if (!this.prerequisites.has(service)) return;
    const reason = `依赖的${this.names.get(service) ?? service}失败`;
    const rows = await trx
      .updateTable('check_jobs')
      .set({
        state: 'failed',
        error: reason,
        finished_at: now,
        run_after_ms: now,
        lease_owner: null,
        lease_until_ms: null,
        settled: 1,
      })
      .where('depends_on_job_id', '=', jobId)
      .where('state', '=', 'pending')
      .returning(['id', 'order_id', 'device_id', 'account_id', 'share', 'service'])
      .execute();
    for (const r of rows) {
      // No facts: the device's rollup key stays, nothing goes to `deviceDays`.
      await this.devices.write(trx, r.device_id, false, {}, now, new Map());
      await returnPackageCheckIfFailed(trx, r.device_id, now);
      finished({ ...r, share: Number(r.share) }, false, false);
      await this.failDependents(trx, r.id, r.service, now, finished);
    }
  }
}
