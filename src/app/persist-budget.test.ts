import { describe, expect, it } from 'vitest';
import type { PersistedClient } from '@tanstack/react-query-persist-client';
import { fitToBudget } from './persist-budget.ts';

const client = (ages: number[], size = 1000): PersistedClient =>
  ({
    timestamp: 0,
    buster: '1',
    clientState: {
      mutations: [],
      queries: ages.map((updatedAt, i) => ({
        queryKey: ['q', i],
        queryHash: `["q",${i}]`,
        state: { data: 'x'.repeat(size), dataUpdatedAt: updatedAt, status: 'success' },
      })),
    },
  }) as unknown as PersistedClient;

describe('fitToBudget (the persisted cache size guard)', () => {
  it('keeps everything under the budget', () => {
    const { json, dropped } = fitToBudget(client([3, 1, 2]), 10_000);
    expect(dropped).toBe(0);
    expect(JSON.parse(json).clientState.queries).toHaveLength(3);
  });

  it('drops the queries fetched longest ago first, until it fits', () => {
    const { json, dropped } = fitToBudget(client([30, 10, 20, 40]), 2600);
    const kept = (JSON.parse(json) as PersistedClient).clientState.queries.map((q) => q.state.dataUpdatedAt);
    expect(dropped).toBe(2);
    expect(kept.sort()).toEqual([30, 40]);
    expect(json.length).toBeLessThanOrEqual(2600);
  });

  it('drops everything when even one query is too large', () => {
    const { json, dropped } = fitToBudget(client([1, 2], 5000), 1000);
    expect(dropped).toBe(2);
    expect(JSON.parse(json).clientState.queries).toEqual([]);
  });
});
