import { sql, type Kysely, type Selectable } from 'kysely';
import type { ExportRow } from '#contract/schemas/checks-export.ts';
import type { Database, ExportJobsTable } from '#server/db/schema.ts';

export type ExportRecord = Selectable<ExportJobsTable>;

const seconds = (ms: number | null) => (ms === null ? null : Math.floor(Number(ms) / 1000));

export function toExportRow(r: ExportRecord): ExportRow {
  return {
    id: r.id,
    order_id: r.order_id,
    file_name: r.file_name,
    state: r.state,
    progress: r.progress,
    rows: r.rows,
    columns: JSON.parse(r.columns) as string[],
    lang: r.lang as ExportRow['lang'],
    size: r.size === null ? null : Number(r.size),
    created_at: seconds(r.created_ms) ?? 0,
    finished_at: seconds(r.finished_ms),
    expires_at: seconds(r.expires_ms),
    error: r.error,
  };
}

/** The export jobs' SQL. Reads and writes of users are scoped to their account. */
export class ExportRepository {
  private readonly db: Kysely<Database>;
  constructor(db: Kysely<Database>) {
    this.db = db;
  }

  insert(
    values: Pick<
      ExportJobsTable,
      'account_id' | 'user_id' | 'order_id' | 'file_name' | 'columns' | 'filter' | 'lang' | 'created_ms'
    >,
  ): Promise<ExportRecord> {
    return this.db
      .insertInto('export_jobs')
      .values({ ...values, state: 'pending' })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  find(accountId: number, id: number): Promise<ExportRecord | undefined> {
    return this.db
      .selectFrom('export_jobs')
      .selectAll()
      .where('id', '=', id)
      .where('account_id', '=', accountId)
      .executeTakeFirst();
  }

  list(accountId: number, limit: number): Promise<ExportRecord[]> {
    return this.db
      .selectFrom('export_jobs')
      .selectAll()
      .where('account_id', '=', accountId)
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }

  async openCount(accountId: number): Promise<number> {
    const row = await this.db
      .selectFrom('export_jobs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('account_id', '=', accountId)
      .where('state', 'in', ['pending', 'running'])
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Back to the queue with the same order, columns, filter and language. */
  async requeue(accountId: number, id: number): Promise<ExportRecord | undefined> {
    return this.db
      .updateTable('export_jobs')
      .set({
        state: 'pending',
        attempts: 0,
        lease_owner: null,
        lease_until_ms: null,
        progress: 0,
        rows: 0,
        size: null,
        file_key: null,
        error: null,
        finished_ms: null,
        expires_ms: null,
      })
      .where('id', '=', id)
      .where('account_id', '=', accountId)
      .where('state', 'in', ['failed', 'expired'])
      .returningAll()
      .executeTakeFirst();
  }

  async remove(accountId: number, id: number): Promise<ExportRecord | undefined> {
    return this.db
      .deleteFrom('export_jobs')
      .where('id', '=', id)
      .where('account_id', '=', accountId)
      .returningAll()
      .executeTakeFirst();
  }

  // Runner side (no user: the job row carries its account).

  /** Takes the oldest waiting job, or one whose runner's lease ran out (a crashed process). */
  async claim(owner: string, nowMs: number, leaseMs: number): Promise<ExportRecord | undefined> {
    const candidate = await this.db
      .selectFrom('export_jobs')
      .select('id')
      .where((eb) =>
        eb.or([
          eb('state', '=', 'pending'),
          eb.and([eb('state', '=', 'running'), eb('lease_until_ms', '<', nowMs)]),
        ]),
      )
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
    if (!candidate) return undefined;
    // Conditional: of two processes reading the same candidate, one changes the row.
    return this.db
      .updateTable('export_jobs')
      .set({
        state: 'running',
        lease_owner: owner,
        lease_until_ms: nowMs + leaseMs,
        attempts: sql<number>`attempts + 1`,
        progress: 0,
        rows: 0,
      })
      .where('id', '=', candidate.id)
      .where((eb) =>
        eb.or([
          eb('state', '=', 'pending'),
          eb.and([eb('state', '=', 'running'), eb('lease_until_ms', '<', nowMs)]),
        ]),
      )
      .returningAll()
      .executeTakeFirst();
  }

  /** Progress and a longer lease; false when the job is no longer this runner's (deleted, taken). */
  async heartbeat(id: number, owner: string, leaseUntilMs: number, progress: number, rows: number) {
    const r = await this.db
      .updateTable('export_jobs')
      .set({ lease_until_ms: leaseUntilMs, progress, rows })
      .where('id', '=', id)
      .where('state', '=', 'running')
      .where('lease_owner', '=', owner)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  async finish(
    id: number,
    owner: string,
    done: { rows: number; size: number; fileKey: string; nowMs: number; expiresMs: number },
  ): Promise<ExportRecord | undefined> {
    return this.db
      .updateTable('export_jobs')
      .set({
        state: 'done',
        progress: 100,
        rows: done.rows,
        size: done.size,
        file_key: done.fileKey,
        finished_ms: done.nowMs,
        expires_ms: done.expiresMs,
        lease_owner: null,
        lease_until_ms: null,
        error: null,
      })
      .where('id', '=', id)
      .where('state', '=', 'running')
      .where('lease_owner', '=', owner)
      .returningAll()
      .executeTakeFirst();
  }

  async fail(id: number, owner: string, error: string, nowMs: number): Promise<ExportRecord | undefined> {
    return this.db
      .updateTable('export_jobs')
      .set({ state: 'failed', error, finished_ms: nowMs, lease_owner: null, lease_until_ms: null })
      .where('id', '=', id)
      .where('state', '=', 'running')
      .where('lease_owner', '=', owner)
      .returningAll()
      .executeTakeFirst();
  }

  /** A stopping process hands its job back to the queue. */
  async release(id: number, owner: string): Promise<void> {
    await this.db
      .updateTable('export_jobs')
      .set({ state: 'pending', lease_owner: null, lease_until_ms: null, progress: 0, rows: 0 })
      .where('id', '=', id)
      .where('state', '=', 'running')
      .where('lease_owner', '=', owner)
      .execute();
  }

  /** Runs a chore when its time has come and no other process took it first. */
  async claimChore(name: string, owner: string, nowMs: number, everyMs: number): Promise<boolean> {
    await this.db
      .insertInto('export_chores')
      .values({ name, next_run_ms: 0, owner: null })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    const r = await this.db
      .updateTable('export_chores')
      .set({ next_run_ms: nowMs + everyMs, owner })
      .where('name', '=', name)
      .where('next_run_ms', '<=', nowMs)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  /** Finished files whose keeping time is over. */
  dueForExpiry(nowMs: number, limit: number) {
    return this.db
      .selectFrom('export_jobs')
      .select(['id', 'account_id', 'file_key'])
      .where('state', '=', 'done')
      .where('expires_ms', '<=', nowMs)
      .limit(limit)
      .execute();
  }

  async markExpired(id: number): Promise<ExportRecord | undefined> {
    return this.db
      .updateTable('export_jobs')
      .set({ state: 'expired', file_key: null })
      .where('id', '=', id)
      .where('state', '=', 'done')
      .returningAll()
      .executeTakeFirst();
  }

  /** Rows of long-gone files are forgotten after a while (the list stays short). */
  async forgetOlderThan(cutoffMs: number): Promise<number> {
    const r = await this.db
      .deleteFrom('export_jobs')
      .where('state', 'in', ['expired', 'failed'])
      .where('created_ms', '<', cutoffMs)
      .executeTakeFirst();
    return Number(r.numDeletedRows);
  }

  async liveFileKeys(): Promise<Set<string>> {
    const rows = await this.db
      .selectFrom('export_jobs')
      .select('file_key')
      .where('file_key', 'is not', null)
      .execute();
    return new Set(rows.map((r) => r.file_key as string));
  }
}
