export type TodoFilter = 'all' | 'active' | 'done';

/** The items a filter shows, in the list's order. */
export function filterTodos<T extends { done: boolean }>(items: readonly T[], filter: TodoFilter): T[] {
  if (filter === 'all') return [...items];
  return items.filter((item) => item.done === (filter === 'done'));
}
