// A fresh PostgreSQL database on the test cluster (REPAIROPS_TEST_PG_URL), migrated and with the demo
// shop seeded, for tests and benches that start real server processes on it (tests/cluster,
// scripts/bench/cluster.ts). Dropped again by drop().
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { connectDb } from '#server/db/connect.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import { seedDemoShop } from '#server/seed.ts';
import { LedgerRepository } from '#server/modules/ledger/ledger-repository.ts';

export interface ClusterDb {
  url: string;
  /** Runs one query on the database (a short-lived connection). */
  query<R extends pg.QueryResultRow>(text: string, params?: unknown[]): Promise<R[]>;
  drop(): Promise<void>;
}

function withDatabase(clusterUrl: string, database: string): string {
  const url = new URL(clusterUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

async function admin(clusterUrl: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: clusterUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** Creates, migrates and seeds `<prefix>_<random>`; the demo account gets `points` to spend. */
export async function createClusterDb(
  clusterUrl: string,
  prefix: string,
  points: number,
): Promise<ClusterDb> {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  await admin(clusterUrl, `CREATE DATABASE ${name}`);
  const url = withDatabase(clusterUrl, name);
  const handle = connectDb(url);
  try {
    await migrateToLatest(handle.db as unknown as Kysely<unknown>, handle.dialect);
    await seedDemoShop(handle.db);
    await new LedgerRepository(handle.db).opening(1, points, Date.now());
  } finally {
    await handle.db.destroy();
  }
  return {
    url,
    async query<R extends pg.QueryResultRow>(text: string, params: unknown[] = []) {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        return (await client.query<R>(text, params)).rows;
      } finally {
        await client.end();
      }
    },
    drop: () => admin(clusterUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}
