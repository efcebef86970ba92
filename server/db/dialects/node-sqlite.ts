import { DatabaseSync } from 'node:sqlite';
import { SqliteDialect, type SqliteDatabase, type SqliteStatement } from 'kysely';

/**
 * Kysely's SqliteDialect speaks the better-sqlite3 interface; Node's built-in node:sqlite needs two
 * small adaptations: a statement is a reader when it returns columns, and parameters go spread.
 */
function adapt(db: DatabaseSync): SqliteDatabase {
  return {
    close: () => db.close(),
    prepare(sql: string): SqliteStatement {
      const stmt = db.prepare(sql);
      type Params = Parameters<typeof stmt.all>;
      const spread = (parameters: ReadonlyArray<unknown>) => parameters as unknown as Params;
      return {
        reader: stmt.columns().length > 0,
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
