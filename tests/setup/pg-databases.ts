// PostgreSQL databases for the server suite's PostgreSQL run (vitest project `node-pg`): one cluster
// (REPAIROPS_TEST_PG_URL, started by scripts/test-all.ts), one template database migrated and seeded
// once per source key, and a fresh database cloned from it (CREATE DATABASE … TEMPLATE, a file copy,
// ~50 ms) for every test server. Dropped again when the test server closes.
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { connectDb } from '#server/db/connect.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import { seedDemoShop } from '#server/seed.ts';

/** True when this vitest project runs the server suite on PostgreSQL. */
export function testsOnPostgres(): boolean {
  return process.env.REPAIROPS_TEST_DB === 'postgres' && !!process.env.REPAIROPS_TEST_PG_URL;
}

function urlFor(database: string): string {
  const url = new URL(process.env.REPAIROPS_TEST_PG_URL as string);
  url.pathname = `/${database}`;
  return url.toString();
}

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: process.env.REPAIROPS_TEST_PG_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * The worker's connections for copies and drops, kept open between test servers: a connection costs
 * the cluster a backend process and its start (~26 ms of CPU), and the suite made ~760 for copies
 * and drops alone. Two, so that a drop and the next copy do not wait on each other; idle ones do not
 * keep the worker alive.
 */
let copyPool: pg.Pool | null = null;
const copies = () =>
  (copyPool ??= new pg.Pool({
    connectionString: process.env.REPAIROPS_TEST_PG_URL,
    max: 2,
    // An isolated file's module (and pool) is left behind when the file ends: its idle ones close soon.
    idleTimeoutMillis: 2000,
    allowExitOnIdle: true,
  }));

let copyStrategy: Promise<string> | null = null;
/**
 * FILE_COPY (PostgreSQL 15+) copies the template's few MB as files: ~2x faster than the default
 * WAL_LOG, which writes every block through the WAL (measured: 130 ms against 300 ms a copy).
 */
const fileCopyIfAvailable = () =>
  (copyStrategy ??= copies()
    .query('SHOW server_version_num')
    .then((r) => (Number(r.rows[0]?.server_version_num) >= 150000 ? ' STRATEGY FILE_COPY' : '')));

const templates = new Map<string, Promise<string>>();

async function makeTemplate(key: string, seedNow: number): Promise<string> {
  const name = `tpl_${key}`;
  // Test files run in several workers: one makes the template, the others wait on the lock.
  return admin(async (client) => {
    await client.query('SELECT pg_advisory_lock(16016)');
    try {
      const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      if (found.rowCount) return name;
      const partial = `${name}_partial`;
      await client.query(`DROP DATABASE IF EXISTS ${partial}`);
      await client.query(`CREATE DATABASE ${partial}`);
      const handle = connectDb(urlFor(partial));
      try {
        await migrateToLatest(handle.db as unknown as Kysely<unknown>, handle.dialect);
        await seedDemoShop(handle.db, seedNow);
      } finally {
        await handle.db.destroy();
      }
      await client.query(`ALTER DATABASE ${partial} RENAME TO ${name}`);
      return name;
    } finally {
      await client.query('SELECT pg_advisory_unlock(16016)');
    }
  });
}

/** Clones a fresh database from a template; answers its name. */
async function cloneDatabase(source: string): Promise<string> {
  const name = `t_${process.pid}_${randomBytes(5).toString('hex')}`;
  await copies().query(`CREATE DATABASE ${name} TEMPLATE ${source}${await fileCopyIfAvailable()}`);
  return name;
}

/**
 * The next test server's database, cloned while the current test runs, and drops left to finish
 * while the next test starts: a clone and a drop cost a test server ~0.3-0.6 s of waiting on a busy
 * cluster, which made the suite on PostgreSQL ~4x slower than on SQLite.
 */
/** Per template: the clone the next test server takes, made while the current test runs. */
const next = new Map<string, Promise<string>>();

/** A fresh database cloned from the template of `key` (made on first use); answers its URL. */
export async function createPgTestDatabase(
  key: string,
  seedNow: number,
): Promise<{ url: string; drop(): Promise<void> }> {
  let template = templates.get(key);
  if (!template) {
    template = makeTemplate(key, seedNow);
    templates.set(key, template);
  }
  const source = await template;
  const taken = next.get(key) ?? cloneDatabase(source);
  const ahead = cloneDatabase(source);
  ahead.catch(() => undefined); // a failed clone fails the test that takes it
  next.set(key, ahead);
  const name = await taken;
  return {
    url: urlFor(name),
    // Not waited for: the throwaway cluster goes with the run, so a drop that fails costs nothing.
    drop: async () => {
      void copies()
        .query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
        .catch(() => undefined);
    },
  };
}
