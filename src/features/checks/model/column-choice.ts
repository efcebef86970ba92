import { RESULT_COLUMN_IDS } from '#contract/values/checks-columns.ts';

/**
 * Editing a list of chosen columns: every catalogue column appears once, the chosen ones first in
 * their order, then the others in catalogue order.
 */
export interface ColumnChoiceRow {
  id: string;
  on: boolean;
}

export function choiceRows(chosen: readonly string[]): ColumnChoiceRow[] {
  const known = chosen.filter((id) => (RESULT_COLUMN_IDS as readonly string[]).includes(id));
  const rest = RESULT_COLUMN_IDS.filter((id) => !known.includes(id));
  return [...known.map((id) => ({ id, on: true })), ...rest.map((id) => ({ id, on: false }))];
}

export const chosenIds = (rows: readonly ColumnChoiceRow[]) => rows.filter((r) => r.on).map((r) => r.id);

export function toggleRow(rows: readonly ColumnChoiceRow[], id: string): ColumnChoiceRow[] {
  return rows.map((r) => (r.id === id ? { ...r, on: !r.on } : r));
}

/** Moves a row one place up (-1) or down (+1); nothing at the ends. */
export function moveRow(rows: readonly ColumnChoiceRow[], id: string, by: -1 | 1): ColumnChoiceRow[] {
  const from = rows.findIndex((r) => r.id === id);
  const to = from + by;
  if (from < 0 || to < 0 || to >= rows.length) return [...rows];
  const next = [...rows];
  [next[from], next[to]] = [next[to] as ColumnChoiceRow, next[from] as ColumnChoiceRow];
  return next;
}
