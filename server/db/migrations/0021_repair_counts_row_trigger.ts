import { sql, type Kysely } from 'kysely';
import type { MigrationDialect } from './columns.ts';

// Shipped migrations are never edited: add a new file instead (architecture: db/ is additive only).
/**
 * PostgreSQL: the repair counters' UPDATE trigger of migration 0020 becomes a row trigger with a
 * WHEN clause (docs/decisions/0038-repair-counters.md). The statement trigger ran its function on
 * every UPDATE of repair_devices, most of which move no counted column (refresh stamps, customer
 * edits, badges, link hashes): ~+90 µs a statement, measured on 10,000 devices. A row trigger whose
 * WHEN tests the columns in C costs those nothing and is no dearer for the ones that count (one
 * delta insert per row). INSERT and DELETE keep their statement triggers: an intake inserts
 * hundreds of rows in one statement and none counts until it has a progress. SQLite's row triggers
 * already had their WHEN: nothing to do there.
 */
export function repairCountsRowTrigger(dialect: MigrationDialect) {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect !== 'postgres') return;
      const row = (r: 'OLD' | 'NEW', sign: 1 | -1) => [
        `(${r}.account_id, 'progress', ${r}.progress, ${sign}, ${r}.deleted_at IS NULL AND ${r}.progress IS NOT NULL)`,
        `(${r}.account_id, 'watched', '', ${sign}, ${r}.deleted_at IS NULL AND ${r}.watched = 1)`,
      ];
      for (const statement of [
        'DROP TRIGGER dash_repair_deltas_update_trg ON repair_devices',
        'DROP FUNCTION dash_repair_deltas_update()',
        `CREATE FUNCTION dash_repair_deltas_row_update() RETURNS trigger LANGUAGE plpgsql AS $$
        DECLARE lo bigint; hi bigint;
        BEGIN
          -- The old row's contribution out, the new one's in; what cancels (watched, when only the
          -- progress moved) is left out.
          WITH moved (account_id, dim, value, n, counted) AS (
            VALUES ${[...row('OLD', -1), ...row('NEW', 1)].join(', ')}),
          added AS (
            INSERT INTO dash_repair_deltas (account_id, dim, value, devices)
            SELECT account_id, dim, value, sum(n) FROM moved WHERE counted
            GROUP BY account_id, dim, value HAVING sum(n) <> 0
            RETURNING id)
          SELECT min(id), max(id) INTO lo, hi FROM added;
          -- Every 1,000 delta rows, fold (as migration 0020's statement triggers do).
          IF hi IS NOT NULL AND hi / 1000 > (lo - 1) / 1000 THEN
            PERFORM dash_repair_fold();
          END IF;
          RETURN NULL;
        END $$`,
        `CREATE TRIGGER dash_repair_deltas_row_update_trg
          AFTER UPDATE OF account_id, progress, watched, deleted_at ON repair_devices FOR EACH ROW
          WHEN (OLD.account_id <> NEW.account_id OR OLD.progress IS DISTINCT FROM NEW.progress
            OR OLD.watched <> NEW.watched OR (OLD.deleted_at IS NULL) <> (NEW.deleted_at IS NULL))
          EXECUTE FUNCTION dash_repair_deltas_row_update()`,
      ])
        await sql.raw(statement).execute(db);
    },
  };
}
