// What a check worker takes: runnable jobs leased to it, and the earlier results of the same
// service and device that a leased job may reuse (decision 0012). What it then writes is in
// job-outcome-repository.ts.
import { sql, type Kysely } from 'kysely';
import type { ServiceCode } from '#contract/schemas/checks-catalogue.ts';
import type { MigrationDialect } from '#server/db/migrations/columns.ts';
import type { Database } from '#server/db/schema.ts';

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

/** Ids per IN (...) list: far under SQLite's parameter limit. */
const IN_CHUNK = 500;

/**
 * The job runner's reads. Claims take runnable jobs with a lease in one transaction (a conditional
 * UPDATE, so of two workers only one gets a job; on PostgreSQL the candidates are read with
 * FOR UPDATE SKIP LOCKED so workers do not queue on each other's rows).
 */
export class JobClaimRepository {
  private readonly db: Kysely<Database>;
  private readonly dialect: MigrationDialect;
  constructor(deps: { db: Kysely<Database>; dialect: MigrationDialect }) {
    this.db = deps.db;
    this.dialect = deps.dialect;
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
}
