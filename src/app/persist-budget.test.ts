import { describe, expect, it } from 'vitest';
import { withinBudget } from './persist-budget.ts';

const items = (ages: number[], size = 1000) => ages.map((updatedAt) => ({ updatedAt, size }));

describe('withinBudget (the persisted cache size guard)', () => {
  it('keeps everything under the budget', () => {
    expect(withinBudget(items([3, 1, 2]), 10_000)).toHaveLength(3);
  });

  it('drops the queries fetched longest ago first, until it fits, and keeps the order', () => {
    const kept = withinBudget(items([30, 10, 20, 40]), 2600);
    expect(kept.map((q) => q.updatedAt)).toEqual([30, 40]);
  });

  it('drops everything when even one query is too large', () => {
    expect(withinBudget(items([1, 2], 5000), 1000)).toEqual([]);
  });
});
