import type { DeviceResultRow } from '#contract/schemas/checks-results.ts';

/**
 * Folds the devices a `changed_since` answer returned into the list already shown: a changed
 * device replaces its row in place, a new one (devices added to the order) is appended. Rows keep
 * the server's order (by id). With nothing changed the same array is returned, so React and the
 * search index see no change.
 */
export function mergeChangedDevices(
  current: readonly DeviceResultRow[],
  changed: readonly DeviceResultRow[],
): readonly DeviceResultRow[] {
  if (changed.length === 0) return current;
  const byId = new Map<number, number>();
  current.forEach((row, index) => byId.set(row.id, index));
  const next = current.slice();
  let appended = false;
  for (const row of changed) {
    const index = byId.get(row.id);
    if (index === undefined) {
      byId.set(row.id, next.length);
      next.push(row);
      appended = true;
    } else {
      next[index] = row;
    }
  }
  if (appended) next.sort((a, b) => a.id - b.id);
  return next;
}
