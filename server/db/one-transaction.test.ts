// inOneTransaction: the transactions of the code it runs become savepoints of one transaction, so
// their commits hold only if the whole commits. On SQLite, and on PostgreSQL when
// REPAIROPS_TEST_PG_URL names a server (npm run test:pg), in a database of its own.
import { afterAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { connectDb, type Db } from './connect.ts';
import { inOneTransaction } from './one-transaction.ts';

const pgUrl = process.env.REPAIROPS_TEST_PG_URL;
const DB_NAME = 'repairops_one_tx_test';
const opened: Db[] = [];

async function open(engine: 'sqlite' | 'postgres'): Promise<Db> {
  if (engine === 'sqlite') {
    const handle = connectDb(':memory:');
    opened.push(handle);
    return handle;
  }
  const admin = connectDb(pgUrl as string);
  await sql.raw(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`).execute(admin.db);
  await sql.raw(`CREATE DATABASE ${DB_NAME}`).execute(admin.db);
  await admin.db.destroy();
  const url = new URL(pgUrl as string);
  url.pathname = `/${DB_NAME}`;
  const handle = connectDb(url.toString());
  opened.push(handle);
  return handle;
}

afterAll(async () => {
  for (const h of opened) await h.db.destroy();
});

const rows = async (db: Kysely<never>) =>
  (await sql<{ v: string }>`SELECT v FROM one_tx ORDER BY v`.execute(db)).rows.map((r) => r.v);
const put = (db: Kysely<never>, v: string) => sql`INSERT INTO one_tx (v) VALUES (${v})`.execute(db);

describe.each<'sqlite' | 'postgres'>(['sqlite', ...(pgUrl ? (['postgres'] as const) : [])])(
  'inOneTransaction on %s',
  (engine) => {
    it('keeps inner commits only when the whole commits; inner rollbacks stay inner', async () => {
      const handle = await open(engine);
      const outer = handle.db as unknown as Kysely<never>;
      await sql`CREATE TABLE one_tx (v text NOT NULL)`.execute(outer);

      const answer = await inOneTransaction(handle, async (raw) => {
        const db = raw as unknown as Kysely<never>;
        await db.transaction().execute((trx) => put(trx, 'a'));
        // A transaction that fails is undone alone; the outer one goes on.
        await expect(
          db.transaction().execute(async (trx) => {
            await put(trx, 'b');
            throw new Error('inner');
          }),
        ).rejects.toThrow('inner');
        await put(db, 'c');
        // Transactions asked for at once take the connection in turn.
        await Promise.all(
          Array.from({ length: 12 }, (_, i) => db.transaction().execute((trx) => put(trx, `d${i}`))),
        );
        return rows(db);
      });
      expect(answer).toHaveLength(14);
      expect(answer).not.toContain('b');
      expect(await rows(outer)).toEqual(answer);

      // An error after many inner commits leaves none of them.
      await expect(
        inOneTransaction(handle, async (raw) => {
          const db = raw as unknown as Kysely<never>;
          for (let i = 0; i < 5; i++) await db.transaction().execute((trx) => put(trx, `e${i}`));
          throw new Error('crash');
        }),
      ).rejects.toThrow('crash');
      expect(await rows(outer)).toEqual(answer);
    });
  },
);
