// Runs the check runner's written-out SQL statements on either dialect.
import { CompiledQuery, type Transaction } from 'kysely';
import type { MigrationDialect } from '#server/db/migrations/columns.ts';
import type { Database } from '#server/db/schema.ts';

/** Runs one of the written-out statements (`?` placeholders, `$n` on PostgreSQL); answers the rows changed. */
export async function runStatement(
  trx: Transaction<Database>,
  dialect: MigrationDialect,
  text: string,
  params: readonly unknown[],
): Promise<number> {
  let compiled = text;
  if (dialect === 'postgres') {
    let n = 0;
    compiled = text.replace(/\?/g, () => `$${++n}`);
  }
  const result = await trx.executeQuery(CompiledQuery.raw(compiled, [...params]));
  return Number(result.numAffectedRows ?? 0);
}
