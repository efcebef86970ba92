import { describe, expect, it } from 'vitest';
import { withLuhn } from '#server/providers/checks/sandbox-device.ts';
import { SandboxCheckProvider } from '#server/providers/checks/sandbox.ts';
import { sandboxStatus } from './sandbox.ts';

const NOW = Date.parse('2026-11-21T10:00:00Z');
const imei = (i: number) =>
  withLuhn(`35${String(400000 + i).padStart(6, '0')}${String(i * 37).padStart(6, '0')}`);

describe('sandboxStatus', () => {
  // Issue 27: an IMEI was an iPhone 12 Pro Max in checks and an iPhone 11 Pro in repairs.
  it('names the model the check sandbox answers for the same identifier', async () => {
    const checks = new SandboxCheckProvider({
      latency: 'zero',
      clock: { now: () => NOW },
      failureRate: 0,
      busyRate: 0,
      retryRate: 0,
    });
    let compared = 0;
    for (let i = 0; i < 60; i++) {
      const id = imei(i);
      const submitted = await checks.submit({ service: 'warranty', sn: null, imei: id, attempt: 1 });
      if (submitted.kind !== 'accepted') throw new Error('expected accepted');
      const answer = await checks.poll(submitted.ticket);
      if (answer.kind !== 'done') continue; // a magic or unlucky identifier: no facts to compare
      const repair = sandboxStatus({ sn: null, imei: id, repair_id: null, since_ms: NOW }, 0, () => NOW);
      // A bad serial's warranty answer hides the model; every other answer names it.
      if (answer.facts.model === null || answer.facts.model === undefined) continue;
      expect(repair.model, id).toBe(answer.facts.model);
      compared++;
    }
    expect(compared).toBeGreaterThan(50);
  });
});
