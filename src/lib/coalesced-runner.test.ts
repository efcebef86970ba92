import { describe, expect, it } from 'vitest';
import { createCoalescedRunner } from './coalesced-runner.ts';

describe('createCoalescedRunner', () => {
  it('runs once more after a burst of requests, never two at a time', async () => {
    let inFlight = 0;
    let maxInFlight = 0;
    let runs = 0;
    const release: Array<() => void> = [];
    const run = createCoalescedRunner(async () => {
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      runs++;
      await new Promise<void>((resolve) => release.push(resolve));
      inFlight--;
    });
    const first = run();
    void run();
    void run();
    void run();
    expect(runs).toBe(1);
    release.shift()?.();
    await new Promise((r) => setTimeout(r, 0));
    expect(runs).toBe(2);
    release.shift()?.();
    await first;
    expect(runs).toBe(2);
    expect(maxInFlight).toBe(1);
  });

  it('keeps going after a failed run', async () => {
    let runs = 0;
    const run = createCoalescedRunner(async () => {
      runs++;
      throw new Error('offline');
    });
    await run();
    await run();
    expect(runs).toBe(2);
  });
});
