import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';

/**
 * The lease owner of one runner in one process (decision 0011): host and pid tell an operator which
 * process holds a job; the random part keeps two runners of one process, or a restarted process
 * that got the same pid, from taking each other's leases for their own. `tag` marks the kind of
 * runner in the database ('r' repairs, 'm' the monitor scheduler).
 */
export function leaseOwner(tag = ''): string {
  return `${hostname()}:${process.pid}:${tag}${randomUUID().slice(0, 8)}`;
}

/** Read at every turn of the loop, so a runner may hand over its live options object. */
export interface ClaimLoopSettings {
  /** Tasks held at once; the loop claims only up to what is free. */
  readonly concurrency: number;
  /** Most jobs asked of one claim. */
  readonly claimBatch: number;
  /** Pause when nothing was claimed (or nothing is free); wake() cuts it short. */
  readonly idleMs: number;
}

/** What a runner does at each turn of the loop. */
export interface ClaimWork {
  /**
   * Claims up to `limit` jobs and starts them (with track(), or runs them before answering);
   * answers how many it claimed. What it throws goes to onError and counts as nothing claimed.
   */
  claim: (limit: number) => Promise<number>;
  /** Flushes what the tasks wrote but did not commit yet (a write batcher), once they settled. */
  drain?: () => Promise<void>;
}

/**
 * The lifecycle shared by the durable job runners (checks, repair refreshes, exports): a loop that
 * claims up to its free concurrency and pauses when there is nothing to claim, a wake() for new
 * work, a graceful stop and a runOnce() for tests. What a job is, how it is claimed under a lease
 * and processed stays in each runner; this only decides when to claim and what to wait for.
 * The check and repair runners extend it (start, stop, wake and runOnce are theirs as they were);
 * the export runner, whose runOnce means one job, holds one.
 */
export class ClaimLoop {
  private readonly settings: ClaimLoopSettings;
  private readonly onLoopError: (err: unknown) => void;
  private readonly work: ClaimWork;
  private readonly inflight = new Set<Promise<void>>();
  /** Cancels of the in-memory waits (sleep()) running now: stop() cuts them short. */
  private readonly sleeps = new Set<() => void>();
  private running = false;
  private stopRequested = false;
  private loopDone: Promise<void> | null = null;
  private wakeUp: (() => void) | null = null;

  /**
   * The runners that extend this pass `work` as closures over fields they set after super(): the
   * loop calls them only once started or run.
   */
  constructor(settings: ClaimLoopSettings, onError: (err: unknown) => void, work: ClaimWork) {
    this.settings = settings;
    this.onLoopError = onError;
    this.work = work;
  }

  /** True from stop() on: tasks hand their jobs back to the database instead of waiting in memory. */
  get stopping(): boolean {
    return this.stopRequested;
  }

  /** Runs the loop until stop(). */
  start(): void {
    if (this.running) return;
    this.running = true;
    this.stopRequested = false;
    this.loopDone = this.loop();
  }

  /**
   * Stops claiming, cuts in-memory waits short, then waits for the loop, for every task to settle
   * (they hand their jobs back) and for their writes to be committed: after it nothing of this
   * process holds a job that another process could not take over.
   */
  async stop(): Promise<void> {
    this.running = false;
    this.stopRequested = true;
    this.wake();
    for (const cancel of [...this.sleeps]) cancel();
    await this.loopDone;
    await Promise.allSettled([...this.inflight]);
    await this.work.drain?.();
  }

  /** New jobs (or a freed slot): claim now rather than after the idle pause. */
  wake(): void {
    const w = this.wakeUp;
    this.wakeUp = null;
    w?.();
  }

  /**
   * For tests: claims and settles everything runnable now, repeatedly (a finished job may make
   * others runnable), until a claim finds nothing; answers how many jobs it claimed.
   */
  async runOnce(): Promise<number> {
    let total = 0;
    for (;;) {
      const n = await this.work.claim(this.settings.claimBatch);
      await Promise.allSettled([...this.inflight]);
      await this.work.drain?.();
      if (n === 0) return total;
      total += n;
    }
  }

  /** Holds a started task against the concurrency until it settles; its errors go to onError. */
  protected track(work: Promise<void>): void {
    const task: Promise<void> = work
      .catch((err: unknown) => this.onLoopError(err))
      .finally(() => {
        this.inflight.delete(task);
        // A slot is free: the loop may be pausing because all were taken.
        this.wake();
      });
    this.inflight.add(task);
  }

  /** Waits in memory; answers false when stop() cut the wait short. */
  protected sleep(ms: number): Promise<boolean> {
    return new Promise<boolean>((resolve) => {
      const cancel = () => {
        clearTimeout(timer);
        this.sleeps.delete(cancel);
        resolve(false);
      };
      const timer = setTimeout(() => {
        this.sleeps.delete(cancel);
        resolve(true);
      }, ms);
      this.sleeps.add(cancel);
    });
  }

  private async loop(): Promise<void> {
    while (this.running) {
      const { concurrency, claimBatch, idleMs } = this.settings;
      let claimed = 0;
      const free = concurrency - this.inflight.size;
      if (free > 0) {
        try {
          claimed = await this.work.claim(Math.min(free, claimBatch));
        } catch (err) {
          this.onLoopError(err);
        }
      }
      if (!this.running) break;
      if (claimed === 0 || this.inflight.size >= concurrency) await this.pause(idleMs);
    }
  }

  /** A timer that wake() can cut short. */
  private pause(ms: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        this.wakeUp = null;
        resolve();
      }, ms);
      this.wakeUp = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }
}
