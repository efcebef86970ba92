import { describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { realtimeHandlers } from './realtime-wiring.ts';

describe('server events → query invalidations', () => {
  it("data:changed refetches the named topics' queries only", () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(['team', 'list', 1, ''], 1);
    queryClient.setQueryData(['account', 'center'], 2);
    queryClient.setQueryData(['checks', 'list'], 3);
    realtimeHandlers(queryClient, vi.fn())['data:changed']!({ topics: ['team'] });
    const invalidated = (key: unknown[]) => queryClient.getQueryState(key)?.isInvalidated;
    expect(invalidated(['team', 'list', 1, ''])).toBe(true);
    expect(invalidated(['account', 'center'])).toBe(false);
    expect(invalidated(['checks', 'list'])).toBe(false);
  });

  it("user:changed refetches the user's account queries", () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(['account', 'center'], 2);
    queryClient.setQueryData(['team', 'list', 1, ''], 1);
    realtimeHandlers(queryClient, vi.fn())['user:changed']!({ user_id: 1 });
    expect(queryClient.getQueryState(['account', 'center'])?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(['team', 'list', 1, ''])?.isInvalidated).toBe(false);
  });
});
