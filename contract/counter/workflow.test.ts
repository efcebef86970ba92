import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  TICKET_MOVES,
  TICKET_STATUSES,
  isFinal,
  isPossibleHistory,
  refuseMove,
  type TicketFacts,
  type TicketStatus,
} from './workflow.ts';

const statusArb = fc.constantFrom(...TICKET_STATUSES);
const factsArb = fc.record({
  proposedLines: fc.nat({ max: 3 }),
  approvedLines: fc.nat({ max: 3 }),
  outstanding: fc.integer({ min: -5000, max: 5000 }),
  held: fc.nat({ max: 5000 }),
});

describe('the ticket workflow', () => {
  it('records only moves of the table, whatever is attempted (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(statusArb, factsArb), { maxLength: 40 }), (attempts) => {
        const history: TicketStatus[] = ['received'];
        for (const [to, rest] of attempts) {
          const facts: TicketFacts = { status: history.at(-1) as TicketStatus, ...rest };
          if (refuseMove(facts, to) === null) history.push(to);
        }
        expect(isPossibleHistory(history)).toBe(true);
      }),
    );
  });

  it('never collects or returns a phone with money owed or kept, never cancels holding a deposit (property)', () => {
    fc.assert(
      fc.property(statusArb, statusArb, factsArb, (from, to, rest) => {
        const refusal = refuseMove({ status: from, ...rest }, to);
        if (refusal !== null) return;
        if (to === 'collected' || to === 'returned_unrepaired') expect(rest.outstanding).toBe(0);
        if (to === 'cancelled') expect(rest.held).toBe(0);
        if (from === 'waiting_approval' && (to === 'repairing' || to === 'sent_to_apple')) {
          expect(rest.proposedLines).toBe(0);
          expect(rest.approvedLines).toBeGreaterThan(0);
        }
      }),
    );
  });

  it('reaches every status from received, and final statuses have no way out', () => {
    const seen = new Set<TicketStatus>(['received']);
    const queue: TicketStatus[] = ['received'];
    while (queue.length > 0) {
      for (const next of TICKET_MOVES[queue.shift() as TicketStatus]) {
        if (!seen.has(next)) {
          seen.add(next);
          queue.push(next);
        }
      }
    }
    expect([...seen].sort()).toEqual([...TICKET_STATUSES].sort());
    expect(TICKET_STATUSES.filter(isFinal)).toEqual(['collected', 'cancelled', 'returned_unrepaired']);
  });

  it('says why a move is refused', () => {
    const base: TicketFacts = {
      status: 'diagnosing',
      proposedLines: 0,
      approvedLines: 0,
      outstanding: 0,
      held: 0,
    };
    expect(refuseMove(base, 'collected')).toBe('not_allowed');
    expect(refuseMove(base, 'waiting_approval')).toBe('quote_missing');
    const waiting = { ...base, status: 'waiting_approval' as const, proposedLines: 1 };
    expect(refuseMove(waiting, 'repairing')).toBe('quote_undecided');
    expect(refuseMove({ ...waiting, proposedLines: 0 }, 'repairing')).toBe('quote_missing');
    const ready = { ...base, status: 'ready' as const, approvedLines: 1 };
    expect(refuseMove({ ...ready, outstanding: 100 }, 'collected')).toBe('not_paid');
    expect(refuseMove({ ...ready, outstanding: -100 }, 'collected')).toBe('overpaid');
    expect(refuseMove({ ...base, held: 5000, outstanding: -5000 }, 'cancelled')).toBe('money_held');
    expect(refuseMove(ready, 'collected')).toBeNull();
  });

  it('refuses a history that skips a step or starts elsewhere', () => {
    expect(isPossibleHistory(['received', 'ready'])).toBe(false);
    expect(isPossibleHistory(['diagnosing'])).toBe(false);
    expect(isPossibleHistory(['received', 'diagnosing', 'repairing', 'ready', 'collected'])).toBe(true);
  });
});
