import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { moneyTotals, refuseEntry, voidAmount, type MoneyEntry, type NewEntry } from './money.ts';

const entryArb: fc.Arbitrary<NewEntry> = fc.oneof(
  fc.record({
    kind: fc.constantFrom('deposit' as const, 'payment' as const, 'refund' as const),
    amount: fc.integer({ min: -10, max: 20_000 }),
  }),
  fc.record({
    kind: fc.constant('void' as const),
    amount: fc.constant(0),
    voids: fc.integer({ min: 0, max: 30 }),
  }),
);

/** Writes the entries the rules let through, as the server does in each entry's transaction. */
function ledger(due: number, attempts: NewEntry[]): MoneyEntry[] {
  const entries: MoneyEntry[] = [];
  for (const attempt of attempts) {
    if (refuseEntry(entries, due, attempt, false) !== null) continue;
    const amount = attempt.kind === 'void' ? voidAmount(entries, attempt.voids ?? -1) : attempt.amount;
    entries.push({ id: entries.length + 1, kind: attempt.kind, amount, voids: attempt.voids ?? null });
  }
  return entries;
}

describe('the counter money rules', () => {
  it('paid - refunded = what is held = the signed ledger sum, never negative; refunds never exceed payments (property)', () => {
    fc.assert(
      fc.property(fc.nat({ max: 50_000 }), fc.array(entryArb, { maxLength: 30 }), (due, attempts) => {
        const entries = ledger(due, attempts);
        const totals = moneyTotals(entries);
        const signed = entries.reduce(
          (sum, e) => sum + (e.kind === 'refund' || e.kind === 'void' ? -e.amount : e.amount),
          0,
        );
        expect(totals.held).toBe(totals.paid - totals.refunded);
        expect(totals.held).toBe(signed);
        expect(totals.held).toBeGreaterThanOrEqual(0);
        expect(totals.refunded).toBeLessThanOrEqual(totals.paid);
        for (const e of entries) expect(e.amount).toBeGreaterThan(0);
      }),
    );
  });

  it('a payment never takes what is held above what is due (property)', () => {
    fc.assert(
      fc.property(fc.nat({ max: 50_000 }), fc.array(entryArb, { maxLength: 30 }), (due, attempts) => {
        const entries: MoneyEntry[] = [];
        for (const attempt of attempts) {
          const before = moneyTotals(entries).held;
          if (refuseEntry(entries, due, attempt, false) !== null) continue;
          const amount = attempt.kind === 'void' ? voidAmount(entries, attempt.voids ?? -1) : attempt.amount;
          entries.push({ id: entries.length + 1, kind: attempt.kind, amount, voids: attempt.voids ?? null });
          if (attempt.kind === 'payment') expect(before + amount).toBeLessThanOrEqual(due);
        }
      }),
    );
  });

  it('says why an entry is refused', () => {
    const paid: MoneyEntry[] = [{ id: 1, kind: 'deposit', amount: 5000 }];
    expect(refuseEntry(paid, 8000, { kind: 'payment', amount: 3001 }, false)).toBe('more_than_due');
    expect(refuseEntry(paid, 8000, { kind: 'payment', amount: 3000 }, false)).toBeNull();
    expect(refuseEntry(paid, 8000, { kind: 'refund', amount: 5001 }, false)).toBe('more_than_held');
    expect(refuseEntry(paid, 8000, { kind: 'deposit', amount: 0 }, false)).toBe('amount_invalid');
    expect(refuseEntry(paid, 8000, { kind: 'deposit', amount: 1.5 }, false)).toBe('amount_invalid');
    expect(refuseEntry(paid, 8000, { kind: 'deposit', amount: 100 }, true)).toBe('ticket_closed');
    expect(refuseEntry(paid, 8000, { kind: 'refund', amount: 100 }, true)).toBeNull();
    expect(refuseEntry(paid, 8000, { kind: 'void', amount: 0, voids: 9 }, false)).toBe('void_unknown');
    const refunded: MoneyEntry[] = [...paid, { id: 2, kind: 'refund', amount: 1000 }];
    expect(refuseEntry(refunded, 8000, { kind: 'void', amount: 0, voids: 1 }, false)).toBe(
      'void_would_go_negative',
    );
    const voided: MoneyEntry[] = [...paid, { id: 2, kind: 'void', amount: 5000, voids: 1 }];
    expect(refuseEntry(voided, 8000, { kind: 'void', amount: 0, voids: 1 }, false)).toBe('void_twice');
    expect(moneyTotals(voided)).toEqual({ paid: 0, refunded: 0, held: 0 });
  });
});
