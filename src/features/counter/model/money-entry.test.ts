import { describe, expect, it } from 'vitest';
import { allowedKind, amountProblem, entryKinds } from './money-entry.ts';

describe("a ticket's money entry", () => {
  const ticket = { outstanding_fen: 5000, paid_fen: 8000, refunded_fen: 1000 };

  it('stops an amount that is not one, a payment over what is due and a refund over what is held', () => {
    expect(amountProblem(ticket, 'payment', null)).toBe('invalid');
    expect(amountProblem(ticket, 'payment', 5000)).toBeNull();
    expect(amountProblem(ticket, 'payment', 5001)).toBe('due');
    // A deposit may exceed what is due (the quote may not be written yet).
    expect(amountProblem(ticket, 'deposit', 99999)).toBeNull();
    expect(amountProblem(ticket, 'refund', 7000)).toBeNull();
    expect(amountProblem(ticket, 'refund', 7001)).toBe('held');
  });

  it('offers deposits and payments on an open ticket, refunds to an Admin only', () => {
    expect(entryKinds(true, false)).toEqual(['deposit', 'payment']);
    expect(entryKinds(true, true)).toEqual(['deposit', 'payment', 'refund']);
    expect(entryKinds(false, true)).toEqual(['refund']);
    expect(entryKinds(false, false)).toEqual([]);
  });

  it('keeps the chosen kind while allowed, else falls back to the first allowed', () => {
    expect(allowedKind(['deposit', 'payment', 'refund'], 'payment')).toBe('payment');
    expect(allowedKind(['refund'], 'payment')).toBe('refund');
    expect(allowedKind([], 'deposit')).toBe('deposit');
  });
});
