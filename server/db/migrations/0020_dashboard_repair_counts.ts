import { sql, type Kysely } from 'kysely';
import type { MigrationDialect } from './columns.ts';
import { idColumn } from './columns.ts';
import type { Database } from '#server/db/schema.ts';
import { fillRepairCounts } from '#server/modules/dashboards/repair-counts.ts';

// Shipped migrations are never edited: add a new file instead (architecture: db/ is additive only).
/**
 * Counters of each account's live repair devices per progress and watched
 * (docs/decisions/0038-repair-counters.md), so the overview stops counting 100,000 repairs a call.
 * Kept by triggers on repair_devices, in the writing statement's transaction, for every writer:
 * - SQLite (one writer at a time, so a hot row costs nothing): row triggers upsert
 *   `devices = devices + ±1` into dash_repair_counts.
 * - PostgreSQL: statement triggers append one delta row per (account, dim, value) a statement moved
 *   (from its transition tables) to dash_repair_deltas. Writers never update a shared row, so two
 *   processes never wait on each other's counters nor deadlock on them (a repair runner holds its
 *   counters then locks the account row to settle; a watch locks the account row then changes
 *   devices). dash_repair_fold() moves the deltas into dash_repair_counts in one DELETE … RETURNING
 *   + upsert, under a try-advisory lock (a second fold skips); the trigger calls it each time the
 *   delta ids pass a multiple of 1,000, so readers sum at most a few thousand rows.
 * Filled from the existing rows after the triggers exist: on PostgreSQL CREATE TRIGGER locks
 * repair_devices against writes until this migration's transaction commits.
 */
export function dashboardRepairCounts(dialect: MigrationDialect) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('dash_repair_counts')
        .addColumn('account_id', 'integer', (c) => c.notNull())
        .addColumn('dim', 'text', (c) => c.notNull())
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('devices', 'bigint', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('dash_repair_counts_pk', ['account_id', 'dim', 'value'])
        .execute();
      await db.schema
        .createTable('dash_repair_deltas')
        .addColumn('id', idColumn(dialect), (c) => c.primaryKey())
        .addColumn('account_id', 'integer', (c) => c.notNull())
        .addColumn('dim', 'text', (c) => c.notNull())
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('devices', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('dash_repair_deltas_account_idx')
        .on('dash_repair_deltas')
        .columns(['account_id'])
        .execute();
      for (const statement of dialect === 'postgres' ? postgresTriggers() : sqliteTriggers())
        await sql.raw(statement).execute(db);
      await fillRepairCounts(db as unknown as Kysely<Database>);
    },
  };
}

/** What a row `r` counts for: (dim, value) pairs and the SQL condition under which it does. */
const contributions = (r: string) => [
  {
    dim: "'progress'",
    value: `${r}.progress`,
    when: `${r}.deleted_at IS NULL AND ${r}.progress IS NOT NULL`,
  },
  { dim: "'watched'", value: "''", when: `${r}.deleted_at IS NULL AND ${r}.watched = 1` },
];

function sqliteTriggers(): string[] {
  const upsert = (row: 'NEW' | 'OLD', sign: 1 | -1) =>
    contributions(row)
      .map(
        (c) =>
          `INSERT INTO dash_repair_counts (account_id, dim, value, devices)
          SELECT ${row}.account_id, ${c.dim}, ${c.value}, ${sign} WHERE ${c.when}
          ON CONFLICT (account_id, dim, value) DO UPDATE SET devices = devices + excluded.devices;`,
      )
      .join('\n');
  return [
    `CREATE TRIGGER dash_repair_counts_insert AFTER INSERT ON repair_devices BEGIN
      ${upsert('NEW', 1)}
    END`,
    // Only writes that move a counted column: a refresh stamp or a customer edit costs nothing.
    `CREATE TRIGGER dash_repair_counts_update AFTER UPDATE OF account_id, progress, watched, deleted_at
      ON repair_devices
      WHEN OLD.account_id IS NOT NEW.account_id OR OLD.progress IS NOT NEW.progress
        OR OLD.watched IS NOT NEW.watched OR (OLD.deleted_at IS NULL) <> (NEW.deleted_at IS NULL)
    BEGIN
      ${upsert('OLD', -1)}
      ${upsert('NEW', 1)}
    END`,
    `CREATE TRIGGER dash_repair_counts_delete AFTER DELETE ON repair_devices BEGIN
      ${upsert('OLD', -1)}
    END`,
  ];
}

function postgresTriggers(): string[] {
  const from = (table: 'new_rows' | 'old_rows', sign: 1 | -1) =>
    contributions('r').map(
      (c) =>
        `SELECT r.account_id, ${c.dim} AS dim, ${c.value} AS value, ${sign} AS n FROM ${table} r WHERE ${c.when}`,
    );
  // One function per event: a statement trigger sees only its own transition tables.
  const fn = (name: string, sources: string[]) => `
    CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE lo bigint; hi bigint;
    BEGIN
      WITH moved AS (${sources.join(' UNION ALL ')}),
      added AS (
        INSERT INTO dash_repair_deltas (account_id, dim, value, devices)
        SELECT account_id, dim, value, sum(n) FROM moved
        GROUP BY account_id, dim, value HAVING sum(n) <> 0
        RETURNING id)
      SELECT min(id), max(id) INTO lo, hi FROM added;
      -- Every 1,000 delta rows, fold (in this transaction; skipped if another fold holds the lock).
      IF hi IS NOT NULL AND hi / 1000 > (lo - 1) / 1000 THEN
        PERFORM dash_repair_fold();
      END IF;
      RETURN NULL;
    END $$`;
  const trigger = (event: string, referencing: string, name: string) => `
    CREATE TRIGGER ${name}_trg AFTER ${event} ON repair_devices REFERENCING ${referencing}
    FOR EACH STATEMENT EXECUTE FUNCTION ${name}()`;
  return [
    `CREATE FUNCTION dash_repair_fold() RETURNS void LANGUAGE plpgsql AS $$
    BEGIN
      -- One fold at a time (the lock lasts until its transaction ends); another caller leaves it.
      IF NOT pg_try_advisory_xact_lock(20200420) THEN
        RETURN;
      END IF;
      WITH moved AS (DELETE FROM dash_repair_deltas RETURNING account_id, dim, value, devices)
      INSERT INTO dash_repair_counts (account_id, dim, value, devices)
      SELECT account_id, dim, value, sum(devices) FROM moved
      GROUP BY account_id, dim, value
      ON CONFLICT (account_id, dim, value)
      DO UPDATE SET devices = dash_repair_counts.devices + excluded.devices;
    END $$`,
    fn('dash_repair_deltas_insert', from('new_rows', 1)),
    fn('dash_repair_deltas_update', [...from('old_rows', -1), ...from('new_rows', 1)]),
    fn('dash_repair_deltas_delete', from('old_rows', -1)),
    trigger('INSERT', 'NEW TABLE AS new_rows', 'dash_repair_deltas_insert'),
    trigger('UPDATE', 'OLD TABLE AS old_rows NEW TABLE AS new_rows', 'dash_repair_deltas_update'),
    trigger('DELETE', 'OLD TABLE AS old_rows', 'dash_repair_deltas_delete'),
  ];
}
