import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { OrderListDatas } from '#contract/schemas/checks-orders.ts';
import { checksKeys } from './keys.ts';
import type { OrderRow } from '#contract/schemas/checks-orders.ts';
import { heardRecently, onCheckProgress, withProgress } from './progress.ts';

const order: OrderRow = {
  id: 7,
  title: 't',
  remark: '',
  services: ['warranty'],
  devices: 10,
  jobs_total: 10,
  jobs_success: 2,
  jobs_failed: 1,
  progress: 30,
  status: 'running',
  price: 1000,
  settled: 200,
  refunded: 100,
  frozen: 700,
  created_at: 1,
  creator_name: 'admin',
};

describe('withProgress', () => {
  it('takes the counts of a newer event', () => {
    const next = withProgress(order, {
      order_id: 7,
      jobs_total: 10,
      jobs_success: 5,
      jobs_failed: 1,
      progress: 60,
    });
    expect(next).toMatchObject({ jobs_success: 5, progress: 60, status: 'running' });
  });

  it('marks the order done when every job has finished', () => {
    const next = withProgress(order, {
      order_id: 7,
      jobs_total: 10,
      jobs_success: 8,
      jobs_failed: 2,
      progress: 100,
    });
    expect(next.status).toBe('done');
  });

  it('ignores an older event that arrives late', () => {
    expect(
      withProgress(order, { order_id: 7, jobs_total: 10, jobs_success: 1, jobs_failed: 0, progress: 10 }),
    ).toBe(order);
  });
});

describe('onCheckProgress', () => {
  it('updates the cached order and the lists in place, and notes that the socket is talking', () => {
    const client = new QueryClient();
    client.setQueryData(checksKeys.order(7), order);
    const list: OrderListDatas = {
      list: [order],
      total: 1,
      summary: { orders: 1, devices: 10, points_spent: 0 },
    };
    client.setQueryData(checksKeys.orderList(1, ''), list);
    expect(heardRecently(7, 1000)).toBe(false);
    onCheckProgress(client, { order_id: 7, jobs_total: 10, jobs_success: 9, jobs_failed: 1, progress: 100 });
    expect(client.getQueryData<typeof order>(checksKeys.order(7))?.status).toBe('done');
    expect(client.getQueryData<OrderListDatas>(checksKeys.orderList(1, ''))?.list[0]?.progress).toBe(100);
    expect(heardRecently(7, 1000)).toBe(true);
    // Nobody shows order 7: its devices are not fetched.
    expect(client.getQueryCache().find({ queryKey: checksKeys.results(7) })).toBeUndefined();
  });
});
