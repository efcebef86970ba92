import { CompiledQuery, sql, type Kysely, type Transaction } from 'kysely';
import type { ServiceCode } from '#contract/schemas/checks-catalogue.ts';
import type { MigrationDialect } from '#server/db/migrations/columns.ts';
import type { Database } from '#server/db/schema.ts';
import type { DeviceFacts } from '#server/providers/checks/provider.ts';
import { LedgerRepository, type Release } from '#server/modules/ledger/ledger-repository.ts';
import {
  DEVICE_DIMS,
  addDeviceDays,
  addServiceDays,
  deviceKey,
  orderDayOf,
  type ServiceDelta,
  type DeviceKey,
} from '#server/modules/dashboards/rollup.ts';
import { returnPackageCheckIfFailed } from './package-return.ts';
import { factColumns } from './device-facts.ts';
import { BLOCKED_MS } from './order-repository.ts';

/** A job a worker holds the lease of, with what the provider needs to know about its device. */
export interface ClaimedJob {
  id: number;
  order_id: number;
  device_id: number;
  account_id: number;
  service: ServiceCode;
  /** Submits so far, this claim's included when it is a submit. */
  attempts: number;
  ticket: string | null;
  share: number;
  sn: string | null;
  imei: string | null;
  lease_until_ms: number;
}

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

/** Device-facet rollup deltas of one batch, per account and shop day, upserted at its end. */
type DeviceDays = Map<string, { accountId: number; day: string; rows: { key: DeviceKey; count: number }[] }>;

/** Ids per IN (...) list: far under SQLite's parameter limit. */
const IN_CHUNK = 500;

interface Counters {
  success: number;
  failed: number;
  settled: number;
  refunded: number;
}

/**
 * The job runner's SQL. Claims take runnable jobs with a lease in one transaction (a conditional
 * UPDATE, so of two workers only one gets a job; on PostgreSQL the candidates are read with
 * FOR UPDATE SKIP LOCKED so workers do not queue on each other's rows). Every later write is guarded
 * by `state = 'running' AND lease_owner = ?`: a worker that lost its lease changes nothing, and a
 * job completes exactly once.
 */
export class JobRepository {
  private readonly db: Kysely<Database>;
  private readonly dialect: MigrationDialect;
  /** Services other services depend on: only their successes unblock dependents. */
  private readonly prerequisites: ReadonlySet<string>;
  /** Service code to its name, for the reason a dependent fails with. */
  private readonly names: ReadonlyMap<string, string>;
  private readonly deviceUpdates = new Map<string, string>();
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
  }

  /** Runs one of the written-out statements (`?` placeholders, `$n` on PostgreSQL); answers the rows changed. */
  private async run(trx: Transaction<Database>, text: string, params: readonly unknown[]): Promise<number> {
    let compiled = text;
    if (this.dialect === 'postgres') {
      let n = 0;
      compiled = text.replace(/\?/g, () => `$${++n}`);
    }
    const result = await trx.executeQuery(CompiledQuery.raw(compiled, [...params]));
    return Number(result.numAffectedRows ?? 0);
  }

  /** Up to `limit` runnable jobs (due, or whose lease expired), now leased to `owner`. */
  async claim(owner: string, now: number, leaseMs: number, limit: number): Promise<ClaimedJob[]> {
    return this.db.transaction().execute(async (trx) => {
      let expired = trx
        .selectFrom('check_jobs')
        .select('id')
        .where('state', '=', 'running')
        .where('lease_until_ms', '<', now)
        .orderBy('lease_until_ms')
        .limit(limit);
      // Due jobs from both ends: the oldest first (nothing waits for ever), and the newest, so a
      // small order placed behind a 100,000-device one starts at once instead of after it.
      const dueQuery = (newest: boolean, n: number) => {
        let q = trx
          .selectFrom('check_jobs')
          .select('id')
          .where('state', '=', 'pending')
          .where('run_after_ms', '<=', now)
          .orderBy('run_after_ms', newest ? 'desc' : 'asc')
          .orderBy('id', newest ? 'desc' : 'asc')
          .limit(n);
        if (this.dialect === 'postgres') q = q.forUpdate().skipLocked();
        return q;
      };
      if (this.dialect === 'postgres') expired = expired.forUpdate().skipLocked();
      const picked = new Set((await expired.execute()).map((r) => r.id));
      const room = limit - picked.size;
      if (room > 0) {
        const half = Math.ceil(room / 2);
        const oldest = await dueQuery(false, half).execute();
        // The newest half is not looked for when the oldest already took every due job.
        const newest =
          oldest.length < half || room - half === 0 ? [] : await dueQuery(true, room - half).execute();
        for (const r of [...oldest, ...newest]) picked.add(r.id);
      }
      const ids = [...picked];
      if (ids.length === 0) return [];

      const leaseUntil = now + leaseMs;
      const got: number[] = [];
      for (let i = 0; i < ids.length; i += IN_CHUNK) {
        const rows = await trx
          .updateTable('check_jobs')
          .set({
            state: 'running',
            lease_owner: owner,
            lease_until_ms: leaseUntil,
            attempts: sql<number>`CASE WHEN ticket IS NULL THEN attempts + 1 ELSE attempts END`,
          })
          .where('id', 'in', ids.slice(i, i + IN_CHUNK))
          .where((eb) =>
            eb.or([
              eb.and([eb('state', '=', 'pending'), eb('run_after_ms', '<=', now)]),
              eb.and([eb('state', '=', 'running'), eb('lease_until_ms', '<', now)]),
            ]),
          )
          .returning('id')
          .execute();
        for (const r of rows) got.push(r.id);
      }
      const claimed: ClaimedJob[] = [];
      for (let i = 0; i < got.length; i += IN_CHUNK) {
        const rows = await trx
          .selectFrom('check_jobs as j')
          .innerJoin('check_devices as d', 'd.id', 'j.device_id')
          .select([
            'j.id',
            'j.order_id',
            'j.device_id',
            'j.account_id',
            'j.service',
            'j.attempts',
            'j.ticket',
            'j.share',
            'd.sn',
            'd.imei',
          ])
          .where('j.id', 'in', got.slice(i, i + IN_CHUNK))
          .execute();
        for (const r of rows)
          claimed.push({
            ...r,
            service: r.service as ServiceCode,
            share: Number(r.share),
            lease_until_ms: leaseUntil,
          });
      }
      return claimed;
    });
  }

  /**
   * For each of the account's (service, identifier) pairs, the newest original (not itself reused)
   * successful job finished at or after `since`: its facts, provider and finish time.
   */
  async reusable(accountId: number, services: readonly string[], idents: readonly string[], since: number) {
    const found: Array<{
      service: string;
      sn: string | null;
      imei: string | null;
      facts: string | null;
      provider: string | null;
      sandbox: number;
      finished_at: number | null;
    }> = [];
    if (services.length === 0 || idents.length === 0) return found;
    for (let i = 0; i < idents.length; i += IN_CHUNK) {
      const chunk = idents.slice(i, i + IN_CHUNK);
      const rows = await this.db
        .selectFrom('check_devices as d')
        .innerJoin('check_jobs as j', 'j.device_id', 'd.id')
        .select(['j.service', 'd.sn', 'd.imei', 'j.facts', 'j.provider', 'j.sandbox', 'j.finished_at'])
        .where('d.account_id', '=', accountId)
        .where((eb) => eb.or([eb('d.sn', 'in', chunk), eb('d.imei', 'in', chunk)]))
        .where('j.service', 'in', services)
        .where('j.state', '=', 'success')
        .where('j.reused', '=', 0)
        .where('j.finished_at', '>=', since)
        .orderBy('j.finished_at', 'desc')
        .execute();
      for (const r of rows)
        found.push({ ...r, finished_at: r.finished_at === null ? null : Number(r.finished_at) });
    }
    return found;
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
      const finished = (
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
      ) => {
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
          await this.updateDevice(trx, job.device_id, ok, ok ? w.facts : {}, now, deviceDays);
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

  /** Merges the facts and counts the finished job; the device's status follows from its counters. */
  private async updateDevice(
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
    await this.run(trx, text, [...names.map((c) => columns[c] ?? null), s, f, f, s, now, deviceId]);
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

  /** A failed job's waiting dependents fail too (and, through them, theirs), each refunded. */
  private async failDependents(
    trx: Transaction<Database>,
    jobId: number,
    service: string,
    now: number,
    finished: (
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
    ) => void,
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
      await this.updateDevice(trx, r.device_id, false, {}, now, new Map());
      await returnPackageCheckIfFailed(trx, r.device_id, now);
      finished({ ...r, share: Number(r.share) }, false, false);
      await this.failDependents(trx, r.id, r.service, now, finished);
    }
  }
}
