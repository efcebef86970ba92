// What intake reads before it writes (intake-service.ts): the identifiers a batch already holds,
// and the devices the account tracks in another live batch.
import type { Kysely } from 'kysely';
import type { IntakeRejected } from '#contract/schemas/repairs-intake.ts';
import type { Database } from '#server/db/schema.ts';
import type { NewTracked } from './intake-insert.ts';

/**
 * A device tracked in another live batch of the account is refused as `tracked_elsewhere`, the
 * other batch's title as its detail, unless the shop chose to take it in anyway
 * (`allow_tracked_elsewhere`): the same phone followed twice costs two refreshes and tells two
 * stories (issue 27). Looked up by the (account, sn) and (account, imei) indexes, 500 at a time.
 */
export async function holdTrackedElsewhere(
  db: Kysely<Database>,
  accountId: number,
  batchId: number | null,
  accepted: NewTracked[],
  rejected: IntakeRejected[],
): Promise<NewTracked[]> {
  const found = new Map<string, string>();
  for (const column of ['sn', 'imei'] as const) {
    const values = [...new Set(accepted.map((d) => d[column]).filter((v): v is string => v !== null))];
    for (let i = 0; i < values.length; i += 500) {
      let q = db
        .selectFrom('repair_devices as d')
        .innerJoin('repair_batches as b', 'b.id', 'd.batch_id')
        .select(['d.ident', 'b.title'])
        .where('d.account_id', '=', accountId)
        .where(`d.${column}`, 'in', values.slice(i, i + 500))
        .where('d.deleted_at', 'is', null)
        .where('b.deleted_at', 'is', null);
      if (batchId !== null) q = q.where('d.batch_id', '!=', batchId);
      for (const row of await q.execute()) if (!found.has(row.ident)) found.set(row.ident, row.title);
    }
  }
  if (found.size === 0) return accepted;
  for (const d of accepted) {
    const title = found.get(d.ident);
    if (title !== undefined)
      rejected.push({ line: d.line, ident: d.ident, reason: 'tracked_elsewhere', detail: title });
  }
  rejected.sort((a, b) => a.line - b.line);
  return accepted.filter((d) => !found.has(d.ident));
}

/** The batch's live devices by identifier (to their id). */
export async function identsOf(db: Kysely<Database>, batchId: number): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('repair_devices')
    .select(['id', 'ident'])
    .where('batch_id', '=', batchId)
    .where('deleted_at', 'is', null)
    .execute();
  return new Map(rows.map((r) => [r.ident, r.id]));
}
