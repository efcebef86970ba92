import type { Kysely } from 'kysely';
import type { MigrationDialect } from '#server/db/migrations/columns.ts';
import type { Database } from '#server/db/schema.ts';
import { claimLeased, type LeasedQueue } from '#server/db/lease-claim.ts';
import { LedgerRepository, type Release } from '#server/modules/ledger/ledger-repository.ts';
import type { RepairStatus } from '#server/providers/repairs/provider.ts';
import {
  applyStatuses,
  DEVICE_STATE_COLUMNS,
  type ApplyResult,
  type DeviceState,
  type ShippedBackHook,
} from './apply-status.ts';
import { parseRepairIds } from './device-rows.ts';

/** A refresh job held under lease, with what the provider needs to know of its device. */
export interface ClaimedRepairJob {
  id: number;
  account_id: number;
  device_id: number;
  refresh_id: number;
  attempts: number;
  ticket: string | null;
  share: number;
  sn: string | null;
  imei: string | null;
  repair_id: string | null;
  since_ms: number | null;
  lease_until_ms: number;
}

export type RepairJobEnd =
  | {
      kind: 'success';
      job: ClaimedRepairJob;
      owner: string;
      status: RepairStatus;
      cost: number;
      sandbox: boolean;
    }
  | { kind: 'failure'; job: ClaimedRepairJob; owner: string; reason: string };

export interface EndBatchResult extends ApplyResult {
  applied: boolean[];
  refreshes: Map<number, number>;
}

const IN_CHUNK = 500;

/**
 * SQL of the repair refresh jobs (decision 0015, same rules as check jobs of decision 0011): a claim
 * leases due or abandoned jobs in one transaction (FOR UPDATE SKIP LOCKED on PostgreSQL; the check
 * jobs' claimLeased); every later write is guarded by `state = 'running' AND lease_owner = ?`, so a
 * job that lost its lease changes nothing and a job ends, and is billed, exactly once.
 */
export class RepairJobRepository {
  private readonly db: Kysely<Database>;
  private readonly queue: LeasedQueue;
  private readonly shippedBack: ShippedBackHook | undefined;
  constructor(db: Kysely<Database>, dialect: MigrationDialect, shippedBack?: ShippedBackHook) {
    this.db = db;
    this.shippedBack = shippedBack;
    this.queue = { table: 'repair_jobs', dialect, due: 'oldest' };
  }

  /** Up to `limit` runnable jobs, the oldest due first, now leased to `owner` (server/db/lease-claim.ts). */
  async claim(owner: string, now: number, leaseMs: number, limit: number): Promise<ClaimedRepairJob[]> {
    return claimLeased(this.db, this.queue, { owner, now, leaseMs, limit }, async (trx, ids, leaseUntil) => {
      const rows = await trx
        .selectFrom('repair_jobs as j')
        .innerJoin('repair_devices as d', 'd.id', 'j.device_id')
        .select([
          'j.id',
          'j.account_id',
          'j.device_id',
          'j.refresh_id',
          'j.attempts',
          'j.ticket',
          'j.share',
          'd.sn',
          'd.imei',
          'd.repair_ids',
          'd.repair_since_ms',
        ])
        .where('j.id', 'in', ids)
        .execute();
      return rows.map((r) => ({
        id: r.id,
        account_id: r.account_id,
        device_id: r.device_id,
        refresh_id: r.refresh_id,
        attempts: Number(r.attempts),
        ticket: r.ticket,
        share: Number(r.share),
        sn: r.sn,
        imei: r.imei,
        repair_id: parseRepairIds(r.repair_ids).at(-1) ?? null,
        since_ms: r.repair_since_ms === null ? null : Number(r.repair_since_ms),
        lease_until_ms: leaseUntil,
      }));
    });
  }

  /** Records the provider's ticket: a resumed job polls it instead of paying again. */
  async setTicket(job: ClaimedRepairJob, owner: string, ticket: string): Promise<boolean> {
    const r = await this.db
      .updateTable('repair_jobs')
      .set({ ticket })
      .where('id', '=', job.id)
      .where('state', '=', 'running')
      .where('lease_owner', '=', owner)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  /** Back to pending until `runAfter`, keeping (or dropping) the ticket. */
  async release(
    job: ClaimedRepairJob,
    owner: string,
    e: { runAfter: number; ticket: string | null; error: string | null; attemptsDelta: number },
  ): Promise<boolean> {
    const r = await this.db
      .updateTable('repair_jobs')
      .set((eb) => ({
        state: 'pending',
        lease_owner: null,
        lease_until_ms: null,
        run_after_ms: e.runAfter,
        ticket: e.ticket,
        error: e.error,
        attempts: eb('attempts', '+', e.attemptsDelta),
      }))
      .where('id', '=', job.id)
      .where('state', '=', 'running')
      .where('lease_owner', '=', owner)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  /**
   * Ends jobs in one transaction: each job once (lease guard), its device's status applied
   * (events, notifications), its share settled (success) or refunded (failure), its refresh's
   * counters moved.
   */
  async end(writes: readonly RepairJobEnd[], now: number): Promise<EndBatchResult> {
    return this.db.transaction().execute(async (trx) => {
      const applied: boolean[] = [];
      const done: RepairJobEnd[] = [];
      for (const w of writes) {
        const r = await trx
          .updateTable('repair_jobs')
          .set({
            state: w.kind === 'success' ? 'success' : 'failed',
            finished_at: now,
            lease_owner: null,
            lease_until_ms: null,
            error: w.kind === 'failure' ? w.reason : null,
            cost: w.kind === 'success' ? w.cost : null,
            settled: 1,
          })
          .where('id', '=', w.job.id)
          .where('state', '=', 'running')
          .where('lease_owner', '=', w.owner)
          .executeTakeFirst();
        const ok = Number(r.numUpdatedRows) === 1;
        applied.push(ok);
        if (ok) done.push(w);
      }
      const result: EndBatchResult = {
        applied,
        refreshes: new Map(),
        changed: [],
        refused: 0,
        notices: [],
        shippedBack: [],
      };
      if (done.length === 0) return result;

      const successes = done.filter((w) => w.kind === 'success');
      const states = new Map<number, DeviceState>();
      for (let i = 0; i < successes.length; i += IN_CHUNK) {
        const rows = await trx
          .selectFrom('repair_devices')
          .select(DEVICE_STATE_COLUMNS)
          .where(
            'id',
            'in',
            successes.slice(i, i + IN_CHUNK).map((w) => w.job.device_id),
          )
          .execute();
        for (const r of rows) states.set(r.id, r as DeviceState);
      }
      const items = successes.flatMap((w) => {
        const device = states.get(w.job.device_id);
        return device ? [{ device, status: w.status, sandbox: w.sandbox }] : [];
      });
      const applyResult = await applyStatuses(trx, items, 'provider', now);
      if (this.shippedBack && applyResult.shippedBack.length > 0)
        await this.shippedBack(trx, applyResult.shippedBack);
      Object.assign(result, applyResult, { applied, refreshes: result.refreshes });
      for (const w of done) {
        await trx
          .updateTable('repair_devices')
          .set({
            refresh_state: w.kind === 'success' ? 'done' : 'failed',
            refresh_error: w.kind === 'failure' ? w.reason : null,
            updated_ms: now,
          })
          .where('id', '=', w.job.device_id)
          .execute();
      }

      const byAccount = new Map<number, Release[]>();
      const perRefresh = new Map<
        number,
        { done: number; failed: number; settled: number; refunded: number }
      >();
      for (const w of done) {
        const type = w.kind === 'success' ? 'settle' : 'refund';
        let list = byAccount.get(w.job.account_id);
        if (!list) byAccount.set(w.job.account_id, (list = []));
        list.push({ type, amount: w.job.share, refresh_id: w.job.refresh_id, repair_job_id: w.job.id });
        const c = perRefresh.get(w.job.refresh_id) ?? { done: 0, failed: 0, settled: 0, refunded: 0 };
        if (type === 'settle') {
          c.done++;
          c.settled += w.job.share;
        } else {
          c.failed++;
          c.refunded += w.job.share;
        }
        perRefresh.set(w.job.refresh_id, c);
        result.refreshes.set(w.job.refresh_id, w.job.account_id);
      }
      const ledger = new LedgerRepository(trx);
      // Rows are locked in one order (accounts, then refreshes, ascending): two runners on
      // PostgreSQL may wait for each other but never deadlock.
      for (const [accountId, list] of [...byAccount].sort((x, y) => x[0] - y[0]))
        await ledger.release(accountId, list, now);
      for (const [id, c] of [...perRefresh].sort((x, y) => x[0] - y[0]))
        await trx
          .updateTable('repair_refreshes')
          .set((eb) => ({
            done: eb('done', '+', c.done),
            failed: eb('failed', '+', c.failed),
            settled: eb('settled', '+', c.settled),
            refunded: eb('refunded', '+', c.refunded),
          }))
          .where('id', '=', id)
          .execute();
      return result;
    });
  }

  /** The counts of the refreshes a batch of jobs moved, with their accounts (their progress events). */
  async refreshCounts(refreshIds: readonly number[]) {
    return this.db
      .selectFrom('repair_refreshes')
      .select(['id', 'account_id', 'total', 'done', 'failed'])
      .where('id', 'in', [...refreshIds])
      .execute();
  }
}
