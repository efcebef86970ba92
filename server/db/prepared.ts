import { CompiledQuery, type Compilable, type Kysely, type QueryResult } from 'kysely';

/** A placeholder no caller's value can equal (a NUL never reaches these queries from input). */
const placeholder = (i: number) => `\u0000prepared-argument-${i}\u0000`;

type Runner = Pick<Kysely<unknown>, 'executeQuery'>;

/**
 * Leads the SQL of a query whose rows come back as arrays of column values in the select's order,
 * not objects: both drivers honour it (server/db/dialects/node-sqlite.ts, server/db/connect.ts).
 * node:sqlite builds an object per row with a property per column; for the device list's page of
 * 20 rows of 36 columns the arrays took 76-82 µs against 128-137 µs on their own, and under
 * `npm run bench:load` the server's CPU per request went 0.85-0.90 -> 0.77-0.79 ms (interleaved runs).
 */
export const ROW_VALUES_MARK = '/* row-values */ ';

/**
 * A hot query built and compiled once, run on the connection or transaction given at each call;
 * each run only puts its arguments in (see preparedQuery). Answers the whole result (rows and
 * affected rows: a write needs them).
 */
export function preparedStatement<A extends unknown[], O>(
  build: (...args: A) => Compilable<O>,
  { rowValues = false }: { rowValues?: boolean } = {},
): (db: Runner, ...args: A) => Promise<QueryResult<O>> {
  // The SQL, the parameters as compiled, and for each parameter the argument it takes (-1: a constant).
  let compiled: { sql: string; parameters: readonly unknown[]; argumentOf: number[] } | null = null;
  const prepare = () => {
    const placeholders = Array.from({ length: build.length }, (_, i) => placeholder(i));
    const query = build(...(placeholders as A)).compile();
    const argumentOf = query.parameters.map((p) => (typeof p === 'string' ? placeholders.indexOf(p) : -1));
    for (let i = 0; i < placeholders.length; i++)
      if (!argumentOf.includes(i))
        throw new Error(`preparedQuery: argument ${i} is not a parameter of the SQL`);
    return { sql: (rowValues ? ROW_VALUES_MARK : '') + query.sql, parameters: query.parameters, argumentOf };
  };
  return (db, ...args) => {
    compiled ??= prepare();
    const { sql, parameters: constants, argumentOf } = compiled;
    const parameters = argumentOf.map((arg, i) => (arg < 0 ? constants[i] : args[arg]));
    return db.executeQuery<O>(CompiledQuery.raw(sql, parameters));
  };
}

/**
 * A hot query built and compiled once; each run only puts its arguments in. Kysely builds an
 * immutable operation tree and compiles it to SQL on every execute: for the session lookup that
 * every signed-in request runs, that costs more CPU than SQLite's answer itself (measured in the
 * device list's profile, scripts/bench/load.ts). Use it where a query's shape never changes with its
 * arguments (no `in` lists, no optional filters). `build` runs once, on the first call, with
 * placeholders for its arguments; each placeholder must reach the SQL as a parameter (checked then).
 */
export function preparedQuery<A extends unknown[], O>(
  db: Runner,
  build: (...args: A) => Compilable<O>,
): (...args: A) => Promise<O[]> {
  const statement = preparedStatement(build);
  return async (...args: A) => (await statement(db, ...args)).rows;
}

/**
 * preparedQuery whose rows are arrays of the selected columns' values, in the select's order
 * (ROW_VALUES_MARK): for a hot read of many rows and columns that maps them by position anyway.
 */
export function preparedRowValues<A extends unknown[]>(
  db: Runner,
  build: (...args: A) => Compilable<unknown>,
): (...args: A) => Promise<unknown[][]> {
  const statement = preparedStatement(build, { rowValues: true });
  return async (...args: A) => (await statement(db, ...args)).rows as unknown[][];
}
