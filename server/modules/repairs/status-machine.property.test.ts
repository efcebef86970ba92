import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { REPAIR_PROGRESS, type RepairProgress } from '#contract/schemas/repairs.ts';
import { repairPath, sandboxStatus } from '#server/providers/repairs/sandbox.ts';
import { canMove } from './status-machine.ts';

const progress = fc.constantFrom(...REPAIR_PROGRESS);
const repairId = fc
  .tuple(fc.constantFrom('A', 'G', 'R', 'D', 'N'), fc.integer({ min: 0, max: 999_999_999 }))
  .map(([l, n]) => l + String(n).padStart(9, '0'));

/** What the recorder keeps of a stream of provider answers: the applied moves, in order. */
function record(answers: readonly RepairProgress[]): Array<[RepairProgress | null, RepairProgress]> {
  let current: RepairProgress | null = null;
  const events: Array<[RepairProgress | null, RepairProgress]> = [];
  for (const a of answers)
    if (canMove(current, a)) {
      events.push([current, a]);
      current = a;
    }
  return events;
}

const FORWARD: readonly RepairProgress[] = [
  'received',
  'diagnosing',
  'quote_pending',
  'repairing',
  'replaced',
  'shipped_back',
  'completed',
];

describe('repair status machine (property)', () => {
  it('records no impossible transition, whatever the provider answers', () => {
    fc.assert(
      fc.property(fc.array(progress, { maxLength: 60 }), (answers) => {
        const events = record(answers);
        let previous: RepairProgress | null = null;
        for (const [from, to] of events) {
          expect(from).toBe(previous);
          expect(from).not.toBe(to);
          // Nothing after completed; not_found only first; never backwards past a later step.
          expect(from).not.toBe('completed');
          if (to === 'not_found') expect(from).toBeNull();
          if (from && to !== 'on_hold' && from !== 'on_hold' && from !== 'not_found')
            expect(FORWARD.indexOf(to === 'repaired' ? 'replaced' : to)).toBeGreaterThan(
              FORWARD.indexOf(from === 'repaired' ? 'replaced' : from),
            );
          previous = to;
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('the sandbox walks every repair along allowed moves as its clock runs', () => {
    fc.assert(
      fc.property(
        repairId,
        fc.array(fc.integer({ min: 0, max: 30 * 24 * 3_600_000 }), { minLength: 2, maxLength: 20 }),
        (rid, ages) => {
          const sorted = [...ages].sort((a, b) => a - b);
          const req = { sn: null, imei: '356938035643809', repair_id: rid, since_ms: 0 };
          const seen = sorted.map((age) => sandboxStatus(req, age).progress as RepairProgress);
          const events = record(seen);
          // Every change the sandbox shows is one the machine records: nothing is refused.
          const changes = seen.filter((p, i) => i === 0 || p !== seen[i - 1]);
          expect(events.map(([, to]) => to)).toEqual(changes);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('a walked-through repair ends completed, through shipped_back', () => {
    fc.assert(
      fc.property(repairId, (rid) => {
        fc.pre(!rid.endsWith('000'));
        const steps = repairPath(rid).steps.map(([s]) => s);
        expect(steps.at(-1)).toBe('completed');
        expect(steps).toContain('shipped_back');
        expect(steps[0]).toBe('received');
      }),
    );
  });
});
