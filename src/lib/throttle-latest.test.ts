import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { throttleLatest } from './throttle-latest.ts';

describe('throttleLatest', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs at once, then once per interval with the latest argument, never two at a time', async () => {
    const runs: number[] = [];
    let active = 0;
    let most = 0;
    const task = vi.fn(async (n: number) => {
      active++;
      most = Math.max(most, active);
      await new Promise((resolve) => setTimeout(resolve, 50));
      runs.push(n);
      active--;
    });
    const throttled = throttleLatest(task, 1000);
    void throttled(1);
    void throttled(2);
    void throttled(3);
    await vi.advanceTimersByTimeAsync(60);
    expect(runs).toEqual([1]);
    void throttled(4);
    await vi.advanceTimersByTimeAsync(500);
    expect(runs).toEqual([1]);
    await vi.advanceTimersByTimeAsync(600);
    expect(runs).toEqual([1, 4]);
    expect(most).toBe(1);
    // Quiet for longer than the interval: the next call runs at once.
    await vi.advanceTimersByTimeAsync(2000);
    void throttled(5);
    await vi.advanceTimersByTimeAsync(60);
    expect(runs).toEqual([1, 4, 5]);
  });

  it('goes on after a failed run', async () => {
    const runs: number[] = [];
    const throttled = throttleLatest(async (n: number) => {
      runs.push(n);
      if (n === 1) throw new Error('quota');
    }, 100);
    await throttled(1);
    await vi.advanceTimersByTimeAsync(200);
    void throttled(2);
    await vi.advanceTimersByTimeAsync(200);
    expect(runs).toEqual([1, 2]);
  });

  it('waits longer after a slow run, so that runs take at most their share of the time', async () => {
    const runs: number[] = [];
    // A clock the task moves by its synchronous time (fake timers do not move while code runs).
    let busy = 0;
    const now = () => Date.now() + busy;
    const throttled = throttleLatest(
      async (n: number) => {
        runs.push(n);
        // 250 ms of the main thread (serialising), then the storage's own time, which does not count.
        busy += 250;
        await new Promise((resolve) => setTimeout(resolve, 3000));
      },
      1000,
      { busyShare: 0.05, now },
    );
    void throttled(1);
    await vi.advanceTimersByTimeAsync(3000);
    void throttled(2);
    // 250 ms at a 5 % share: the next run waits 4,750 ms after the first ended (at 3,000 ms).
    await vi.advanceTimersByTimeAsync(4600);
    expect(runs).toEqual([1]);
    await vi.advanceTimersByTimeAsync(200);
    expect(runs).toEqual([1, 2]);
  });

  it('stretches the interval no further than its cap', async () => {
    const runs: number[] = [];
    let busy = 0;
    const throttled = throttleLatest(
      async (n: number) => {
        runs.push(n);
        busy += 2000;
      },
      1000,
      { busyShare: 0.05, maxIntervalMs: 10_000, now: () => Date.now() + busy },
    );
    void throttled(1);
    await vi.advanceTimersByTimeAsync(100);
    void throttled(2);
    await vi.advanceTimersByTimeAsync(9800);
    expect(runs).toEqual([1]);
    await vi.advanceTimersByTimeAsync(300);
    expect(runs).toEqual([1, 2]);
  });
});
