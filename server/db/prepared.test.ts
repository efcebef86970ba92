import { afterEach, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { connectDb, type Db } from './connect.ts';
import { preparedQuery, preparedRowValues } from './prepared.ts';

interface T {
  people: { id: number; name: string; shop: number; gone: number };
}

describe('preparedQuery', () => {
  const open: Db[] = [];
  afterEach(async () => {
    for (const h of open.splice(0)) await h.db.destroy();
  });

  const people = async () => {
    const h = connectDb(':memory:');
    open.push(h);
    const db = h.db as unknown as Kysely<T>;
    await sql`CREATE TABLE people (id INTEGER PRIMARY KEY, name TEXT, shop INTEGER, gone INTEGER)`.execute(
      db,
    );
    await db
      .insertInto('people')
      .values([
        { id: 1, name: 'a', shop: 1, gone: 0 },
        { id: 2, name: 'b', shop: 1, gone: 1 },
        { id: 3, name: 'c', shop: 2, gone: 0 },
      ])
      .execute();
    return db;
  };

  it('answers what the query built each time answers, for each call’s arguments, constants kept', async () => {
    const db = await people();
    const build = (shop: number, after: number) =>
      db
        .selectFrom('people')
        .select(['id', 'name'])
        .where('gone', '=', 0)
        .where('shop', '=', shop)
        .where('id', '>', after)
        .orderBy('id');
    let builds = 0;
    const run = preparedQuery(db, (shop: number, after: number) => (builds++, build(shop, after)));
    for (const [shop, after] of [
      [1, 0],
      [2, 0],
      [2, 3],
      [1, 0],
    ] as const)
      expect(await run(shop, after)).toEqual(await build(shop, after).execute());
    expect(await run(1, 0)).toEqual([{ id: 1, name: 'a' }]);
    expect(builds).toBe(1);
  });

  it('preparedRowValues answers each row as its values in the select’s order; the same query unmarked still answers objects', async () => {
    const db = await people();
    const build = (shop: number) =>
      db.selectFrom('people').select(['name', 'id']).where('shop', '=', shop).orderBy('id');
    const values = preparedRowValues(db, build);
    const objects = preparedQuery(db, build);
    expect(await values(1)).toEqual([
      ['a', 1],
      ['b', 2],
    ]);
    expect(await objects(1)).toEqual([
      { name: 'a', id: 1 },
      { name: 'b', id: 2 },
    ]);
    expect(await values(2)).toEqual([['c', 3]]);
  });

  it('an argument the SQL does not carry as a parameter is refused on first use', async () => {
    const db = await people();
    const run = preparedQuery(db, (shop: number, _unused: string) =>
      db.selectFrom('people').select('id').where('shop', '=', shop),
    );
    await expect(run(1, 'x')).rejects.toThrow(/argument 1 is not a parameter/);
  });
});
