import { sql, type Kysely } from 'kysely';
import type { Database } from '#server/db/schema.ts';

/**
 * The account's live repair devices per progress and watched, kept as counters
 * (docs/decisions/0038-repair-counters.md, migration 0020). Database triggers on repair_devices keep
 * them in the writing statement's own transaction, whichever code writes (intake, refresh runner,
 * monitors, edits, deletes): on SQLite as upserts into dash_repair_counts, on PostgreSQL as delta
 * rows appended to dash_repair_deltas (no writer waits on a shared counter row) that a fold moves
 * into dash_repair_counts now and then. A figure is the sum of both tables.
 *
 * Rows: dim 'progress' with value = the progress; dim 'watched' with value ''. Same conditions as
 * the repair device list's filters (deleted_at IS NULL; progress given; watched = 1), so each figure
 * equals the total of the list it links to.
 */
export interface RepairCounts {
  progress: Map<string, number>;
  watched: number;
}

/** One account's counters: its folded rows plus the deltas not folded yet (at most a few thousand). */
export async function repairCounts(db: Kysely<Database>, accountId: number): Promise<RepairCounts> {
  const rows = await sql<{ dim: string; value: string; n: number | string }>`
    SELECT dim, value, sum(devices) AS n FROM (
      SELECT dim, value, devices FROM dash_repair_counts WHERE account_id = ${accountId}
      UNION ALL
      SELECT dim, value, devices FROM dash_repair_deltas WHERE account_id = ${accountId}
    ) c GROUP BY dim, value`.execute(db);
  const out: RepairCounts = { progress: new Map(), watched: 0 };
  for (const r of rows.rows) {
    // PostgreSQL answers sum(bigint) as numeric (a string).
    const n = Number(r.n);
    if (r.dim === 'progress' && n !== 0) out.progress.set(r.value, n);
    else if (r.dim === 'watched') out.watched = n;
  }
  return out;
}

/** Map keys of the snapshots below: account, dim, value. */
const SEP = '\u0001';

const onlyAccount = (accountId: number | undefined) =>
  accountId === undefined ? sql`` : sql`WHERE account_id = ${accountId}`;

/** The counters as stored (folded + deltas), without keys that went back to zero. */
export async function storedRepairCounts(
  db: Kysely<Database>,
  accountId?: number,
): Promise<Map<string, number>> {
  const rows = await sql<{ account_id: number; dim: string; value: string; n: number | string }>`
    SELECT account_id, dim, value, sum(devices) AS n FROM (
      SELECT account_id, dim, value, devices FROM dash_repair_counts
      UNION ALL
      SELECT account_id, dim, value, devices FROM dash_repair_deltas
    ) c ${onlyAccount(accountId)} GROUP BY account_id, dim, value`.execute(db);
  const out = new Map<string, number>();
  for (const r of rows.rows)
    if (Number(r.n) !== 0) out.set([r.account_id, r.dim, r.value].join(SEP), Number(r.n));
  return out;
}

/** The same counted from repair_devices: what the counters must equal. */
export async function recountRepairCounts(
  db: Kysely<Database>,
  accountId?: number,
): Promise<Map<string, number>> {
  const rows = await sql<{ account_id: number; dim: string; value: string; n: number | string }>`
    SELECT * FROM (${RECOUNT}) c ${onlyAccount(accountId)}`.execute(db);
  const out = new Map<string, number>();
  for (const r of rows.rows) out.set([r.account_id, r.dim, r.value].join(SEP), Number(r.n));
  return out;
}

/** Live devices per account and progress, and watched ones: the counters' definition, in SQL. */
const RECOUNT = sql`
  SELECT account_id, 'progress' AS dim, progress AS value, count(*) AS n FROM repair_devices
  WHERE deleted_at IS NULL AND progress IS NOT NULL GROUP BY account_id, progress
  UNION ALL
  SELECT account_id, 'watched' AS dim, '' AS value, count(*) AS n FROM repair_devices
  WHERE deleted_at IS NULL AND watched = 1 GROUP BY account_id`;

/**
 * Empties the counters and fills them from repair_devices (migration 0020; a repair tool). On
 * PostgreSQL run it in a transaction that first locks repair_devices against writes (the migration's
 * CREATE TRIGGER does), or a write between the two statements would be counted twice.
 */
export async function fillRepairCounts(db: Kysely<Database>): Promise<void> {
  await db.deleteFrom('dash_repair_deltas').execute();
  await db.deleteFrom('dash_repair_counts').execute();
  await sql`INSERT INTO dash_repair_counts (account_id, dim, value, devices) ${RECOUNT}`.execute(db);
}

/**
 * PostgreSQL: moves the deltas into dash_repair_counts now (the triggers also do it every 1,000
 * delta rows). Skipped when another fold runs. SQLite keeps no deltas: nothing to do.
 */
export async function foldRepairCounts(db: Kysely<Database>, dialect: 'sqlite' | 'postgres'): Promise<void> {
  if (dialect === 'postgres') await sql`SELECT dash_repair_fold()`.execute(db);
}
