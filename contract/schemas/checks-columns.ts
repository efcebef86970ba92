import { z } from 'zod';
import { requestId, safeText } from './common.ts';
import { RESULT_COLUMNS, isResultColumnId } from '../values/checks-columns.ts';
export * from '../values/checks-columns.ts';
import type { ResultColumnId } from '../values/checks-columns.ts';

/**
 * A list of column ids as the client sends it. Ids are checked against the catalogue by the server
 * (errcode RESULT_COLUMN_UNKNOWN names the unknown ids), not here, so the message can name them.
 */
const columnList = z
  .array(safeText({ min: 1, max: 40 }))
  .max(RESULT_COLUMNS.length * 2, { error: 'Too many columns.' });

/** The columns one user has chosen: shown in the table (in order) and written by the export (in order). */
export const resultColumnsOutput = z.object({
  table: z.array(z.string()),
  export: z.array(z.string()),
  /** Nothing saved: these are the catalogue's defaults. */
  is_default: z.boolean(),
});
export type ResultColumnsDatas = z.infer<typeof resultColumnsOutput>;

export const resultColumnsSaveInput = z.object({
  table: columnList.min(1, { error: 'Choose at least one column to show.' }),
  export: columnList.min(1, { error: 'Choose at least one column to export.' }),
  request_id: requestId.optional(),
});
export type ResultColumnsSaveInput = z.input<typeof resultColumnsSaveInput>;

export const resultColumnsResetInput = z.object({ request_id: requestId.optional() }).default({});
export type ResultColumnsResetInput = z.input<typeof resultColumnsResetInput>;

/**
 * Checks a list of column ids: the unknown ones (to name in the refusal) and the list without
 * repeats (a repeated id keeps its first place).
 */
export function checkColumnIds(ids: readonly string[]): { unknown: string[]; ids: ResultColumnId[] } {
  const unknown: string[] = [];
  const seen = new Set<string>();
  const out: ResultColumnId[] = [];
  for (const id of ids) {
    if (!isResultColumnId(id)) {
      if (!unknown.includes(id)) unknown.push(id);
    } else if (!seen.has(id)) {
      seen.add(id);
      out.push(id);
    }
  }
  return { unknown, ids: out };
}
