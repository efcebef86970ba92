import { describe, expect, it } from 'vitest';
import { indexCache, searchCache } from './cache-search.ts';

const customers = {
  list: [
    { id: 1, name: 'Ana López', phones: ['139 1111 5678'], open_tickets: 0 },
    { id: 2, name: 'Li Lei', phones: ['13922220000'], open_tickets: 0 },
  ],
  total: 2,
};
const device = {
  id: 3,
  batch_id: 1,
  sn: 'F2LXK0AAHG7F',
  imei: null,
  repair_ids: ['R123456789'],
  new_sn: null,
  new_imei: null,
  model: 'iPhone 14',
  customer_name: 'Ana López',
  customer_phone: '13911115678',
};
const order = { id: 4, title: 'Batch of Monday', jobs_total: 3, services: [], devices: 3 };
const ticket = {
  id: 5,
  no_text: 'T-0005',
  status: 'ready',
  customer_name: 'Li Lei',
  devices: [{ ident: '356789012345670', sn: null, imei: '356789012345670' }],
};

describe('offline search of the cache', () => {
  const index = indexCache([
    customers,
    { device, events: [] },
    { list: [order] },
    { list: [ticket] },
    customers,
  ]);

  it('recognises each kind once, by its shape', () => {
    expect(index.map((e) => `${e.hit.kind}:${e.hit.id}`)).toEqual([
      'customer:1',
      'customer:2',
      'repair_device:3',
      'check_order:4',
      'ticket:5',
    ]);
  });

  it('finds a customer by the last four digits, a ticket by IMEI, a device by repair id, an order by title', () => {
    expect(searchCache(index, '5678').customers.map((h) => h.id)).toEqual([1]);
    expect(searchCache(index, '5678').repair_devices.map((h) => h.id)).toEqual([3]);
    expect(searchCache(index, '356789012345670').tickets).toEqual([
      { kind: 'ticket', id: 5, title: 'T-0005', detail: 'Li Lei', status: 'ready' },
    ]);
    expect(searchCache(index, 'r123456789').repair_devices.map((h) => h.id)).toEqual([3]);
    expect(searchCache(index, 'monday').check_orders.map((h) => h.id)).toEqual([4]);
    expect(searchCache(index, 'li').customers.map((h) => h.id)).toEqual([2]);
  });

  it('finds nothing for an empty query or a stranger', () => {
    const none = { customers: [], tickets: [], repair_devices: [], check_orders: [] };
    expect(searchCache(index, '  ')).toEqual(none);
    expect(searchCache(index, 'zzz')).toEqual(none);
  });
});
