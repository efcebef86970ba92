import { describe, expect, it } from 'vitest';
import { filterTodos } from './todo-model.ts';

describe('todo model', () => {
  const items = [
    { id: 3, done: false },
    { id: 7, done: true },
    { id: 5, done: false },
  ];
  it('filters by state and keeps the order', () => {
    expect(filterTodos(items, 'all').map((i) => i.id)).toEqual([3, 7, 5]);
    expect(filterTodos(items, 'active').map((i) => i.id)).toEqual([3, 5]);
    expect(filterTodos(items, 'done').map((i) => i.id)).toEqual([7]);
  });
});
