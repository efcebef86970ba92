import { DatabaseSync, type StatementSync } from 'node:sqlite';
import { SqliteDialect, type SqliteDatabase, type SqliteStatement } from 'kysely';
import { ROW_VALUES_MARK } from '../prepared.ts';

/** Prepared statements kept per connection, and the longest SQL worth keeping (not bulk inserts). */
const STATEMENT_CACHE_SIZE = 500;
const CACHED_SQL_MAX = 4096;

interface Prepared {
  stmt: StatementSync;
  reader: boolean;
}

/**
 * Kysely's SqliteDialect speaks the better-sqlite3 interface; Node's built-in node:sqlite needs two
 * small adaptations: a statement is a reader when it returns columns, and parameters go spread.
 * Preparing a statement costs about as much as running a small one, and Kysely sends the same SQL
 * text for the same query shape (values travel as parameters), so recent statements are kept.
 */
function adapt(db: DatabaseSync): SqliteDatabase {
  const cache = new Map<string, Prepared>();
  const prepare = (sql: string): Prepared => {
    const hit = cache.get(sql);
    if (hit) {
      // Most recently used last: the first entry is the one to evict.
      cache.delete(sql);
      cache.set(sql, hit);
      return hit;
    }
    const stmt = db.prepare(sql);
    // Rows as arrays of values for the queries that ask (server/db/prepared.ts).
    if (sql.startsWith(ROW_VALUES_MARK)) stmt.setReturnArrays(true);
    const prepared = { stmt, reader: stmt.columns().length > 0 };
    if (sql.length <= CACHED_SQL_MAX) {
      if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
      cache.set(sql, prepared);
    }
    return prepared;
  };
  return {
    close: () => {
      cache.clear();
      db.close();
    },
    prepare(sql: string): SqliteStatement {
      const { stmt, reader } = prepare(sql);
      type Params = Parameters<typeof stmt.all>;
      const spread = (parameters: ReadonlyArray<unknown>) => parameters as unknown as Params;
      return {
        reader,
        all: (parameters) => stmt.all(...spread(parameters)),
        run: (parameters) => stmt.run(...spread(parameters)),
        iterate: (parameters) => stmt.iterate(...spread(parameters)),
      };
    },
  };
}

/** Opens (or creates) a SQLite file, or `:memory:`, with the settings a server wants. */
export function nodeSqliteDialect(filename: string): SqliteDialect {
  const db = new DatabaseSync(filename);
  // WAL lets readers work while a write is in progress; a busy timeout rides out short lock waits.
  db.exec(
    'PRAGMA journal_mode = WAL; PRAGMA busy_timeout = 5000; PRAGMA foreign_keys = ON; PRAGMA synchronous = NORMAL;',
  );
  return new SqliteDialect({ database: adapt(db) });
}
