import { describe, expect, it } from 'vitest';
import { ClaimLoop, leaseOwner, type ClaimLoopSettings } from './claim-loop.ts';

/**
 * A runner over an in-memory queue: each claimed job is a task that ends when the test says so, or
 * waits in memory with sleep() (as the check runner waits for a poll) and records how that ended.
 */
class QueueRunner extends ClaimLoop {
  queued: number;
  readonly limits: number[] = [];
  readonly errors: unknown[] = [];
  readonly slept: boolean[] = [];
  /** Tasks in flight when each drain began. */
  readonly drains: number[] = [];
  private readonly open = new Set<() => void>();
  failNextClaim = false;
  sleepMs = 0;

  constructor(settings: ClaimLoopSettings, queued: number) {
    super(settings, (err) => this.errors.push(err), {
      claim: (limit) => this.claimSome(limit),
      drain: () => {
        this.drains.push(this.open.size);
        return Promise.resolve();
      },
    });
    this.queued = queued;
  }

  get held(): number {
    return this.open.size;
  }

  /** Ends the oldest task held. */
  finishOne(): void {
    const [end] = this.open;
    end?.();
  }

  /** Stops, ending the tasks still held (stop() waits for them). */
  async stopAll(): Promise<void> {
    const stopped = this.stop();
    for (const end of [...this.open]) end();
    await stopped;
  }

  private async claimSome(limit: number): Promise<number> {
    this.limits.push(limit);
    if (this.failNextClaim) {
      this.failNextClaim = false;
      throw new Error('database down');
    }
    const n = Math.min(limit, this.queued);
    this.queued -= n;
    for (let i = 0; i < n; i++) this.track(this.task());
    return n;
  }

  private async task(): Promise<void> {
    if (this.sleepMs > 0) {
      this.slept.push(await this.sleep(this.sleepMs));
      return;
    }
    await new Promise<void>((resolve) => {
      const end = () => {
        this.open.delete(end);
        resolve();
      };
      this.open.add(end);
    });
  }
}

/** Polls until `check` holds (the loop runs on its own timers). */
async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !check(); i++) await new Promise((r) => setTimeout(r, 2));
  expect(check()).toBe(true);
}

// An idle pause far longer than any test: the loop claims again only when woken.
const LONG_IDLE = 60_000;

/** A runner over `queued` jobs, set up by `prepare` and started. */
function started(
  settings: Partial<ClaimLoopSettings>,
  queued: number,
  prepare: (r: QueueRunner) => void = () => {},
): QueueRunner {
  const r = new QueueRunner({ concurrency: 5, claimBatch: 5, idleMs: LONG_IDLE, ...settings }, queued);
  prepare(r);
  r.start();
  return r;
}

/** Long enough for a loop that was not paused to have claimed again. */
const quiet = () => new Promise((res) => setTimeout(res, 20));

describe('ClaimLoop', () => {
  it('claims up to the free concurrency in batches, then waits for a slot to free', async () => {
    const r = started({ claimBatch: 3 }, 100);
    await until(() => r.held === 5);
    expect(r.limits).toEqual([3, 2]);
    r.finishOne();
    await until(() => r.held === 5);
    expect(r.limits).toEqual([3, 2, 1]);
    expect(r.queued).toBe(94);
    await r.stopAll();
  });

  it('pauses when nothing was claimed, and wake() cuts the pause short', async () => {
    const r = started({}, 0);
    await until(() => r.limits.length === 1);
    await quiet();
    expect(r.limits).toHaveLength(1);
    r.queued = 2;
    r.wake();
    await until(() => r.held === 2);
    // Something claimed and slots free: it claims again at once, finds nothing, pauses.
    await until(() => r.limits.length === 3);
    expect(r.limits).toEqual([5, 5, 3]);
    await r.stopAll();
  });

  it('after the idle pause it claims again by itself', async () => {
    const r = started({ idleMs: 5 }, 0);
    await until(() => r.limits.length >= 3);
    await r.stop();
  });

  it('a failed claim goes to onError and the loop pauses instead of spinning', async () => {
    const r = started({}, 1, (q) => (q.failNextClaim = true));
    await until(() => r.errors.length === 1);
    await quiet();
    expect(r.limits).toHaveLength(1);
    r.wake();
    await until(() => r.held === 1);
    await r.stopAll();
  });

  it('stop() cuts in-memory waits short, waits for every task, then drains', async () => {
    const r = started({ concurrency: 3 }, 3, (q) => (q.sleepMs = LONG_IDLE));
    await until(() => r.limits.length === 1);
    expect(r.stopping).toBe(false);
    await r.stop();
    expect(r.stopping).toBe(true);
    expect(r.slept).toEqual([false, false, false]);
    expect(r.drains).toEqual([0]);
    const claims = r.limits.length;
    await quiet();
    expect(r.limits).toHaveLength(claims);
  });

  it('stop() waits for a task still running before it drains', async () => {
    const r = started({ concurrency: 2 }, 1);
    await until(() => r.held === 1);
    let stopped = false;
    const stopping = r.stop().then(() => (stopped = true));
    await quiet();
    expect(stopped).toBe(false);
    r.finishOne();
    await stopping;
    expect(r.drains).toEqual([0]);
  });

  it('runOnce() claims batch after batch, settling and draining each, until a claim finds nothing', async () => {
    const r = new QueueRunner({ concurrency: 1, claimBatch: 4, idleMs: LONG_IDLE }, 10);
    r.sleepMs = 1;
    expect(await r.runOnce()).toBe(10);
    // Full batches regardless of concurrency (tests drive everything due at once).
    expect(r.limits).toEqual([4, 4, 4, 4]);
    expect(r.slept).toEqual(Array(10).fill(true));
    expect(r.drains).toEqual([0, 0, 0, 0]);
  });

  it('lease owners name the host and process and differ between runners', () => {
    const a = leaseOwner();
    const b = leaseOwner('r');
    expect(a).toMatch(new RegExp(`:${process.pid}:[0-9a-f]{8}$`));
    expect(b).toMatch(new RegExp(`:${process.pid}:r[0-9a-f]{8}$`));
    expect(leaseOwner()).not.toBe(a);
  });
});
