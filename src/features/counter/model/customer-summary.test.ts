import { describe, expect, it } from 'vitest';
import type { CustomerRow } from '#contract/schemas/counter-customers.ts';
import { matchesCustomer, uniqueCustomers } from './customer-summary.ts';

const row = (id: number, name: string, phones: string[]): CustomerRow => ({
  id,
  name,
  phones,
  wechat_id: '',
  note: '',
  tags: [],
  lang: 'zh',
  sms_opt_out: false,
  open_tickets: 0,
  created_at: 0,
  updated_at: 0,
});

describe('customer summary', () => {
  it("matches as the server's list does: last four, a phone's beginning, a name's beginning", () => {
    const wang = row(1, 'Wang Xiaoming', ['13800133344', '+8675588886666']);
    expect(matchesCustomer(wang, '3344')).toBe(true);
    expect(matchesCustomer(wang, '6666')).toBe(true);
    expect(matchesCustomer(wang, '1380')).toBe(false); // four digits are a phone's end, not its start
    expect(matchesCustomer(wang, '138 0013')).toBe(true);
    expect(matchesCustomer(wang, '+86755')).toBe(true);
    expect(matchesCustomer(wang, '00133')).toBe(false);
    expect(matchesCustomer(wang, 'wang')).toBe(true);
    expect(matchesCustomer(wang, 'xiao')).toBe(false);
    expect(matchesCustomer(wang, '  ')).toBe(true);
  });

  it('keeps each customer once across cached pages', () => {
    const a = row(1, 'A', []);
    const b = row(2, 'B', []);
    expect(uniqueCustomers([[a, b], [b], [a]]).map((r) => r.id)).toEqual([1, 2]);
  });
});
