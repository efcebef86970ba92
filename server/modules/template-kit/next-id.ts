import type { Kysely, Transaction } from 'kysely';
import type { Database } from '#server/db/schema.ts';
import { isUniqueViolation } from '#server/modules/team/team-service.ts';

type PerAccountTable = 'tk_todos' | 'tk_surveys';

/** The shop's highest id of the table plus one (spec section 3: todo and survey ids). */
export async function nextId(trx: Transaction<Database>, table: PerAccountTable, accountId: number) {
  const row = await trx
    .selectFrom(table)
    .select((eb) => eb.fn.max('id').as('max'))
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  return Number(row?.max ?? 0) + 1;
}

/**
 * Runs an insert that takes nextId in a transaction; two adds of the same shop at the same moment
 * may both read the same highest id, then the second meets the primary key and tries again.
 */
export async function withNextId<T>(
  db: Kysely<Database>,
  table: PerAccountTable,
  accountId: number,
  insert: (trx: Transaction<Database>, id: number) => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().execute(async (trx) => insert(trx, await nextId(trx, table, accountId)));
    } catch (err) {
      if (attempt >= 5 || !isUniqueViolation(err)) throw err;
    }
  }
}
