import type { Kysely } from 'kysely';
import { ErrCode } from '#contract/errcodes.ts';
import {
  DEFAULT_EXPORT_COLUMNS,
  DEFAULT_TABLE_COLUMNS,
  checkColumnIds,
  isResultColumnId,
  type ResultColumnsDatas,
} from '#contract/schemas/checks-columns.ts';
import type { Database } from '#server/db/schema.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { Clock } from '#server/lib/clock.ts';
import type { AuthUser } from '#server/modules/auth/session-service.ts';

const defaults = (): ResultColumnsDatas => ({
  table: [...DEFAULT_TABLE_COLUMNS],
  export: [...DEFAULT_EXPORT_COLUMNS],
  is_default: true,
});

/** A stored list read back: ids dropped from the catalogue since are skipped, never an error. */
function storedIds(json: string, fallback: readonly string[]): string[] {
  try {
    const ids = (JSON.parse(json) as unknown[]).filter(
      (id): id is string => typeof id === 'string' && isResultColumnId(id),
    );
    return ids.length > 0 ? ids : [...fallback];
  } catch {
    return [...fallback];
  }
}

/**
 * Each user's result columns (issue 12): which the results table shows, in order, and which the
 * Excel export writes. One row per user, scoped by the caller's own ids; no row means the defaults.
 */
export class ResultColumnsService {
  private readonly db: Kysely<Database>;
  private readonly clock: Clock;
  constructor(deps: { db: Kysely<Database>; clock: Clock }) {
    this.db = deps.db;
    this.clock = deps.clock;
  }

  async get(user: AuthUser): Promise<ResultColumnsDatas> {
    const row = await this.db
      .selectFrom('user_result_columns')
      .select(['table_columns', 'export_columns'])
      .where('user_id', '=', user.user_id)
      .where('account_id', '=', user.account_id)
      .executeTakeFirst();
    if (!row) return defaults();
    return {
      table: storedIds(row.table_columns, DEFAULT_TABLE_COLUMNS),
      export: storedIds(row.export_columns, DEFAULT_EXPORT_COLUMNS),
      is_default: false,
    };
  }

  async save(user: AuthUser, input: { table: string[]; export: string[] }): Promise<ResultColumnsDatas> {
    const table = checkColumnIds(input.table);
    const exported = checkColumnIds(input.export);
    const unknown = [...new Set([...table.unknown, ...exported.unknown])];
    if (unknown.length > 0)
      throw new AppError(ErrCode.RESULT_COLUMN_UNKNOWN, `未知的列：${unknown.join('、')}`, { unknown });
    const values = {
      table_columns: JSON.stringify(table.ids),
      export_columns: JSON.stringify(exported.ids),
      updated_at: this.clock.now(),
    };
    await this.db
      .insertInto('user_result_columns')
      .values({ user_id: user.user_id, account_id: user.account_id, ...values })
      .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
      .execute();
    return { table: table.ids, export: exported.ids, is_default: false };
  }

  async reset(user: AuthUser): Promise<ResultColumnsDatas> {
    await this.db.deleteFrom('user_result_columns').where('user_id', '=', user.user_id).execute();
    return defaults();
  }
}
