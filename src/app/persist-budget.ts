/** A query's record in the persisted cache: its size and when its data was fetched. */
export interface Sized {
  /** UTF-16 code units (string length): what IndexedDB stores for a string. */
  size: number;
  updatedAt: number;
}

/**
 * The size guard of the persisted query cache: when the queries' records together are larger than
 * the budget, the queries fetched longest ago are dropped first until the rest fits. Answers the
 * queries kept, in their order.
 */
export function withinBudget<T extends Sized>(items: readonly T[], maxChars: number): T[] {
  let size = items.reduce((sum, item) => sum + item.size, 0);
  if (size <= maxChars) return [...items];
  const dropped = new Set<T>();
  for (const item of [...items].sort((a, b) => a.updatedAt - b.updatedAt)) {
    if (size <= maxChars) break;
    size -= item.size;
    dropped.add(item);
  }
  return items.filter((item) => !dropped.has(item));
}
