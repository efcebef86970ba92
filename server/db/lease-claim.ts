// How a worker takes jobs from a durable job table under a lease (decision 0011; the repair refresh
// jobs follow the same rules, decision 0015). One implementation for every such table, so a fix to
// the claim (the crash takeover, the locking on PostgreSQL) cannot reach one queue and miss another.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { MigrationDialect } from '#server/db/migrations/columns.ts';
import type { Database } from '#server/db/schema.ts';

/**
 * The job tables claimed under a lease. Each has `id`, `state` ('pending' | 'running' | …),
 * `attempts`, `run_after_ms`, `lease_owner`, `lease_until_ms` and `ticket`; the export jobs, taken
 * one at a time without `run_after_ms` or tickets, are claimed by their own repository.
 */
export type LeasedJobTable = 'check_jobs' | 'repair_jobs';

/**
 * Which due jobs fill what expired leases left of a claim:
 * - `oldest`: the oldest due first (run_after_ms, then id);
 * - `both-ends`: half the oldest (nothing waits for ever) and half the newest, so a small order
 *   placed behind a 100,000-device one starts at once instead of after it.
 */
export type DuePick = 'oldest' | 'both-ends';

/** A leased job table and how its claims pick due jobs; a repository keeps one. */
export interface LeasedQueue {
  table: LeasedJobTable;
  dialect: MigrationDialect;
  due: DuePick;
}

/** One claim: for whom, at what time, for how long, how many jobs at most. */
export interface Lease {
  owner: string;
  now: number;
  leaseMs: number;
  limit: number;
}

/** Ids per IN (...) list: far under SQLite's parameter limit. */
const IN_CHUNK = 500;

/**
 * Leases up to `limit` runnable jobs (due pending ones, and running ones whose lease expired: a
 * crashed or stalled worker's) to `owner` until `now + leaseMs`, in one transaction, and answers
 * what `read` makes of them: it is called inside that transaction with the leased ids, at most
 * IN_CHUNK at a time. A submit is counted at the claim (`attempts + 1` unless the job has a ticket
 * to poll). The lease is taken by a conditional UPDATE, so of two workers only one gets a job; on
 * PostgreSQL the candidates are read FOR UPDATE SKIP LOCKED, so workers skip each other's rows
 * instead of queuing on them.
 */
export async function claimLeased<T>(
  db: Kysely<Database>,
  queue: LeasedQueue,
  lease: Lease,
  read: (trx: Transaction<Database>, ids: number[], leaseUntil: number) => Promise<T[]>,
): Promise<T[]> {
  return db.transaction().execute(async (trx) => {
    const ids = await runnable(trx, queue, lease);
    if (ids.length === 0) return [];

    const { owner, now } = lease;
    const leaseUntil = now + lease.leaseMs;
    const got: number[] = [];
    for (let i = 0; i < ids.length; i += IN_CHUNK) {
      const rows = await trx
        .updateTable(queue.table)
        .set({
          state: 'running',
          lease_owner: owner,
          lease_until_ms: leaseUntil,
          attempts: sql<number>`CASE WHEN ticket IS NULL THEN attempts + 1 ELSE attempts END`,
        })
        .where('id', 'in', ids.slice(i, i + IN_CHUNK))
        // Still claimable: another worker may have taken the row since it was read (SQLite, or a
        // PostgreSQL row that was not locked yet).
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
    const claimed: T[] = [];
    for (let i = 0; i < got.length; i += IN_CHUNK)
      for (const r of await read(trx, got.slice(i, i + IN_CHUNK), leaseUntil)) claimed.push(r);
    return claimed;
  });
}

/** The candidates: expired leases first (oldest lease first), then due jobs as `queue.due` says. */
async function runnable(trx: Transaction<Database>, queue: LeasedQueue, lease: Lease): Promise<number[]> {
  const { table } = queue;
  const { now, limit } = lease;
  const locked = queue.dialect === 'postgres';
  let expired = trx
    .selectFrom(table)
    .select('id')
    .where('state', '=', 'running')
    .where('lease_until_ms', '<', now)
    .orderBy('lease_until_ms')
    .limit(limit);
  if (locked) expired = expired.forUpdate().skipLocked();
  const due = (newest: boolean, n: number) => {
    let q = trx
      .selectFrom(table)
      .select('id')
      .where('state', '=', 'pending')
      .where('run_after_ms', '<=', now)
      .orderBy('run_after_ms', newest ? 'desc' : 'asc')
      .orderBy('id', newest ? 'desc' : 'asc')
      .limit(n);
    if (locked) q = q.forUpdate().skipLocked();
    return q;
  };

  const picked = new Set((await expired.execute()).map((r) => r.id));
  const room = limit - picked.size;
  if (room <= 0) return [...picked];
  if (queue.due === 'oldest') {
    // Reads up to `limit` due rows and keeps what fits (on PostgreSQL every row read stays locked
    // until the commit).
    for (const r of await due(false, limit).execute()) if (picked.size < limit) picked.add(r.id);
    return [...picked];
  }
  const half = Math.ceil(room / 2);
  const oldest = await due(false, half).execute();
  // The newest half is not looked for when the oldest already took every due job.
  const newest = oldest.length < half || room - half === 0 ? [] : await due(true, room - half).execute();
  for (const r of [...oldest, ...newest]) picked.add(r.id);
  return [...picked];
}
