import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { Kysely, PostgresDialect } from 'kysely';
import type PgModule from 'pg';
import type { Database } from './schema.ts';
import type { MigrationDialect } from './migrations/columns.ts';
import { nodeSqliteDialect } from './dialects/node-sqlite.ts';
import { ROW_VALUES_MARK } from './prepared.ts';

export interface Db {
  db: Kysely<Database>;
  dialect: MigrationDialect;
}

/**
 * `postgres://…` opens PostgreSQL; anything else is a SQLite file path (or `:memory:`).
 * PostgreSQL answers bigint columns as strings; times and points fit a double exactly, so parse them.
 */
export function connectDb(url: string): Db {
  if (/^postgres(ql)?:\/\//.test(url)) {
    // Loaded only for PostgreSQL: a SQLite server never holds the driver in memory.
    const pg = createRequire(import.meta.url)('pg') as typeof PgModule;
    pg.types.setTypeParser(pg.types.builtins.INT8, (v: string) => Number(v));
    const pool = new pg.Pool({ connectionString: url, max: 10, Client: rowValuesClient(pg) });
    // An idle connection the server ends (restart, failover, admin) is dropped by the pool and the
    // next query opens another; without a listener its 'error' event would end the process.
    pool.on('error', () => undefined);
    return { db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), dialect: 'postgres' };
  }
  if (url !== ':memory:') mkdirSync(dirname(url), { recursive: true });
  return { db: new Kysely<Database>({ dialect: nodeSqliteDialect(url) }), dialect: 'sqlite' };
}

/**
 * pg's client, answering the queries marked with ROW_VALUES_MARK (server/db/prepared.ts) with rows
 * as arrays of values (pg's rowMode 'array'), as node:sqlite does for them. Kysely's driver calls
 * `query(sql, parameters)`; every other call goes through unchanged.
 */
function rowValuesClient(pg: typeof PgModule): typeof PgModule.Client {
  class RowValuesClient extends pg.Client {}
  const query = pg.Client.prototype.query as (this: PgModule.Client, ...args: unknown[]) => unknown;
  RowValuesClient.prototype.query = function (this: PgModule.Client, ...args: unknown[]) {
    const [text, values] = args;
    if (args.length === 2 && typeof text === 'string' && text.startsWith(ROW_VALUES_MARK))
      return query.call(this, { text, values, rowMode: 'array' });
    return query.apply(this, args);
  } as typeof pg.Client.prototype.query;
  return RowValuesClient;
}
