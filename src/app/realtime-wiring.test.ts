import { describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { realtimeHandlers } from './realtime-wiring.ts';
import { getCurrentUser, setCurrentUser } from '#src/features/auth/session.ts';
import type { StoredUser } from '#src/lib/storage.ts';

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

  it('wallet:changed shows the new balance at once (header user, personal center, shop) and refetches records', () => {
    const queryClient = new QueryClient();
    const user = { id: 7, uid: 7, title: 'admin', integral: 10, vip_end_time: 0 } as StoredUser;
    setCurrentUser(user);
    const center = { integral: 1000, frozen_integral: 0, vip_level: 0, vip_end_time: 0, username: 'admin' };
    queryClient.setQueryData(['account', 'center'], center);
    queryClient.setQueryData(['wallet', 'center'], center);
    queryClient.setQueryData(['wallet', 'recharges', 1, null], { list: [] });
    queryClient.setQueryData(['wallet', 'surplus'], { list: [] });
    realtimeHandlers(queryClient, vi.fn())['wallet:changed']!({
      reason: 'recharge',
      integral: 6050,
      frozen: 150,
      vip_level: 1,
      vip_end_time: 1_900_000_000,
      order_no: 'R1',
    });
    expect(getCurrentUser()).toMatchObject({ id: 7, integral: 60.5, vip_end_time: 1_900_000_000 });
    for (const key of [
      ['account', 'center'],
      ['wallet', 'center'],
    ])
      expect(queryClient.getQueryData(key)).toMatchObject({
        integral: 6050,
        frozen_integral: 150,
        vip_level: 1,
      });
    expect(queryClient.getQueryState(['wallet', 'recharges', 1, null])?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(['wallet', 'surplus'])?.isInvalidated).toBe(true);
    setCurrentUser(null);
  });

  it("recharge:changed patches that order's state and refetches the recharge record", () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(['wallet', 'recharge-order', 'R1'], { order_no: 'R1', state: 'created' });
    queryClient.setQueryData(['wallet', 'recharge-order', 'R2'], { order_no: 'R2', state: 'created' });
    queryClient.setQueryData(['wallet', 'recharges', 1, null], { list: [] });
    realtimeHandlers(queryClient, vi.fn())['recharge:changed']!({ order_no: 'R1', state: 'paid' });
    expect(queryClient.getQueryData(['wallet', 'recharge-order', 'R1'])).toEqual({
      order_no: 'R1',
      state: 'paid',
    });
    expect(queryClient.getQueryData(['wallet', 'recharge-order', 'R2'])).toEqual({
      order_no: 'R2',
      state: 'created',
    });
    expect(queryClient.getQueryState(['wallet', 'recharges', 1, null])?.isInvalidated).toBe(true);
  });

  it('checks:orders also refetches the wallet (an order moves points and package checks)', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(['wallet', 'surplus'], { list: [] });
    realtimeHandlers(queryClient, vi.fn())['checks:orders']!({ order_id: 1 });
    expect(queryClient.getQueryState(['wallet', 'surplus'])?.isInvalidated).toBe(true);
  });
});
