import { describe, expect, it } from 'vitest';
import type { OrderRow } from '#contract/schemas/checks-orders.ts';
import { withProgress } from './progress.ts';

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
