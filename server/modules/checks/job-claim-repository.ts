// What a check worker takes: runnable jobs leased to it, and the earlier results of the same
// service and device that a leased job may reuse (decision 0012). What it then writes is in
// job-outcome-repository.ts.
import type { Kysely } from 'kysely';
import type { ServiceCode } from '#contract/schemas/checks-catalogue.ts';
import type { MigrationDialect } from '#server/db/migrations/columns.ts';
import type { Database } from '#server/db/schema.ts';
import { claimLeased, type LeasedQueue } from '#server/db/lease-claim.ts';

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
 * FOR UPDATE SKIP LOCKED so workers do not queue on each other's rows): claimLeased, shared with
 * the repair refresh jobs.
 */
export class JobClaimRepository {
  private readonly db: Kysely<Database>;
  private readonly queue: LeasedQueue;
  constructor(deps: { db: Kysely<Database>; dialect: MigrationDialect }) {
    this.db = deps.db;
    this.queue = { table: 'check_jobs', dialect: deps.dialect, due: 'both-ends' };
  }

  /**
   * Up to `limit` runnable jobs (due, or whose lease expired), now leased to `owner`: due jobs from
   * both ends of the queue (server/db/lease-claim.ts).
   */
  async claim(owner: string, now: number, leaseMs: number, limit: number): Promise<ClaimedJob[]> {
    return claimLeased(this.db, this.queue, { owner, now, leaseMs, limit }, async (trx, ids, leaseUntil) => {
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
        .where('j.id', 'in', ids)
        .execute();
      return rows.map((r) => ({
        ...r,
        service: r.service as ServiceCode,
        share: Number(r.share),
        lease_until_ms: leaseUntil,
      }));
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
