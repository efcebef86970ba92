import {
  CompiledQuery,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type QueryResult,
} from 'kysely';
import type { Db } from './connect.ts';
import type { Database } from './schema.ts';

/**
 * Runs `work` in ONE database transaction, although the code it calls opens transactions of its own
 * (services, the job runner): `work` gets a Kysely handle on a single connection inside BEGIN …
 * COMMIT whose `transaction()` calls become savepoints. So a first-run seed written by the real
 * services (many transactions) is all or nothing: if the process dies or `work` throws, nothing of
 * it is left (SQLite drops the uncommitted WAL frames on the next open, PostgreSQL aborts it).
 *
 * The connection is used by one caller at a time (a queue, as Kysely's own SQLite driver does): a
 * transaction holds it until its savepoint is released, other queries wait. For startup work only:
 * everything else waits while it runs.
 */
export async function inOneTransaction<T>(
  handle: Db,
  work: (db: Kysely<Database>) => Promise<T>,
): Promise<T> {
  // Plugins of the outer handle (if any) run once, on the inner one.
  const plugins = [...handle.db.getExecutor().plugins];
  return handle.db
    .withoutPlugins()
    .connection()
    .execute(async (conn) => {
      const driver = new SavepointDriver(conn);
      const inner = new Kysely<Database>({ dialect: dialectOf(handle.dialect, driver), plugins });
      await driver.run(handle.dialect === 'sqlite' ? 'BEGIN IMMEDIATE' : 'BEGIN');
      let done = false;
      try {
        const result = await work(inner);
        done = true;
        return result;
      } finally {
        // After anything `work` left running has let go of the connection.
        await driver.run(done ? 'COMMIT' : 'ROLLBACK');
      }
    });
}

function dialectOf(dialect: Db['dialect'], driver: Driver): Dialect {
  const sqlite = dialect === 'sqlite';
  return {
    createDriver: () => driver,
    createAdapter: () => (sqlite ? new SqliteAdapter() : new PostgresAdapter()),
    createQueryCompiler: () => (sqlite ? new SqliteQueryCompiler() : new PostgresQueryCompiler()),
    createIntrospector: (db) => (sqlite ? new SqliteIntrospector(db) : new PostgresIntrospector(db)),
  };
}

/** One connection, taken in turn; its transactions are savepoints of the outer transaction. */
class SavepointDriver implements Driver {
  private readonly connection: DatabaseConnection;
  private queue: Promise<void> = Promise.resolve();
  private release: (() => void) | null = null;

  constructor(conn: Kysely<Database>) {
    this.connection = {
      executeQuery: <R>(query: CompiledQuery): Promise<QueryResult<R>> => conn.executeQuery<R>(query),
      streamQuery: () => {
        throw new Error('streaming is not supported inside inOneTransaction');
      },
    };
  }

  /** A statement of the outer transaction, in turn with everything else. */
  async run(statement: string): Promise<void> {
    const connection = await this.acquireConnection();
    try {
      await connection.executeQuery(CompiledQuery.raw(statement));
    } finally {
      await this.releaseConnection();
    }
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    const previous = this.queue;
    let release!: () => void;
    this.queue = new Promise<void>((resolve) => (release = resolve));
    await previous;
    this.release = release;
    return this.connection;
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('SAVEPOINT inner_tx'));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('RELEASE SAVEPOINT inner_tx'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('ROLLBACK TO SAVEPOINT inner_tx'));
    await connection.executeQuery(CompiledQuery.raw('RELEASE SAVEPOINT inner_tx'));
  }

  async releaseConnection(): Promise<void> {
    const release = this.release;
    this.release = null;
    release?.();
  }

  async destroy(): Promise<void> {}
}
