import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { connectDb, type Db } from './connect.ts';
import { CountMemo } from './count-memo.ts';

describe('CountMemo', () => {
  const open: Db[] = [];
  const dirs: string[] = [];
  afterEach(async () => {
    for (const h of open.splice(0)) await h.db.destroy();
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });

  const sqliteFile = async () => {
    const dir = mkdtempSync(join(tmpdir(), 'count-memo-'));
    dirs.push(dir);
    const file = join(dir, 'm.sqlite');
    const h = connectDb(file);
    open.push(h);
    await sql`CREATE TABLE t (id INTEGER PRIMARY KEY)`.execute(h.db);
    return { h, file };
  };
  const countT = (db: Kysely<never>) => async () =>
    Number((await sql<{ n: number }>`SELECT COUNT(*) AS n FROM t`.execute(db)).rows[0]!.n);

  it('reuses a count while nothing is written, and counts again after a write', async () => {
    const { h } = await sqliteFile();
    const db = h.db as unknown as Kysely<never>;
    const memo = CountMemo.forDb(db);
    let runs = 0;
    const counted = async () => (runs++, countT(db)());
    expect(await memo.count('k', counted)).toBe(0);
    expect(await memo.count('k', counted)).toBe(0);
    expect(runs).toBe(1);
    await sql`INSERT INTO t (id) VALUES (1)`.execute(db);
    expect(await memo.count('k', counted)).toBe(1);
    expect(runs).toBe(2);
  });

  it("sees another connection's commit (another process on the same file)", async () => {
    const { h, file } = await sqliteFile();
    const other = connectDb(file);
    open.push(other);
    const db = h.db as unknown as Kysely<never>;
    const memo = CountMemo.forDb(db);
    expect(await memo.count('k', countT(db))).toBe(0);
    await sql`INSERT INTO t (id) VALUES (7)`.execute(other.db);
    expect(await memo.count('k', countT(db))).toBe(1);
  });

  it('keeps at most `size` counts, evicting the least recently used', async () => {
    const memo = new CountMemo(async () => 'v1', 3);
    for (let i = 0; i < 10_000; i++) await memo.count(`key ${i}`, async () => i);
    expect(memo.entryCount).toBe(3);
    let runs = 0;
    expect(await memo.count('key 9999', async () => (runs++, -1))).toBe(9999);
    expect(await memo.count('key 0', async () => (runs++, -1))).toBe(-1);
    expect(runs).toBe(1);
  });

  it('does not keep a count taken while the database changed', async () => {
    let version = 0;
    const memo = new CountMemo(async () => String(version));
    expect(await memo.count('k', async () => (version++, 5))).toBe(5);
    let runs = 0;
    expect(await memo.count('k', async () => (runs++, 6))).toBe(6);
    expect(runs).toBe(1);
  });

  it('always counts when the database has no cheap version (PostgreSQL)', async () => {
    const memo = new CountMemo(async () => null);
    let runs = 0;
    for (let i = 0; i < 3; i++) await memo.count('k', async () => ++runs);
    expect(runs).toBe(3);
    expect(memo.entryCount).toBe(0);
  });
});
