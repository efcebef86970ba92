// For the PostgreSQL test files that build their own app instances (vitest project `node`, run when
// REPAIROPS_TEST_PG_URL is set): a database of their own.
import { sql, type Kysely } from 'kysely';
import { connectDb } from '#server/db/connect.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import { seedDemoShop } from '#server/seed.ts';

/**
 * Creates `name` on the cluster (dropping what a previous run left: other PostgreSQL test files reset
 * theirs at the same time, so each file has its own), migrated and with the demo shop; answers its
 * URL. It stays after the file: dropping it then would cut connections a pool is still closing.
 */
export async function ownSeededDatabase(clusterUrl: string, name: string): Promise<string> {
  const admin = connectDb(clusterUrl);
  try {
    await sql.raw(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).execute(admin.db);
    await sql.raw(`CREATE DATABASE ${name}`).execute(admin.db);
  } finally {
    await admin.db.destroy();
  }
  const own = new URL(clusterUrl);
  own.pathname = `/${name}`;
  const handle = connectDb(own.toString());
  try {
    await migrateToLatest(handle.db as unknown as Kysely<unknown>, handle.dialect);
    await seedDemoShop(handle.db);
  } finally {
    await handle.db.destroy();
  }
  return own.toString();
}
