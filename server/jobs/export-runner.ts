import { randomBytes } from 'node:crypto';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import type { ExportRow } from '#contract/schemas/checks-export.ts';
import type { Database } from '#server/db/schema.ts';
import type { Clock } from '#server/lib/clock.ts';
import { ExportRepository, toExportRow, type ExportRecord } from '#server/modules/exports/repository.ts';
import { ExportStopped } from '#server/modules/exports/export-stopped.ts';
import { ClaimLoop, leaseOwner } from './claim-loop.ts';

export interface ExportRunnerOptions {
  /** Where files are written (EXPORTS_DIR); shared by every process that serves downloads. */
  dir: string;
  /** How long a finished file is kept (EXPORT_RETENTION_DAYS). */
  retentionMs: number;
  /** A runner that has not reported for this long is taken over (a crashed process). */
  leaseMs: number;
  /** Looks for work this often when nothing woke it. */
  idleMs: number;
  /** The file sweep runs once per this, across all processes. */
  sweepEveryMs: number;
  /** Progress events of one job at most this often. */
  progressEveryMs: number;
  /** A job that crashed its runner this many times fails for good. */
  maxAttempts: number;
}

export const EXPORT_RUNNER_DEFAULTS: Omit<ExportRunnerOptions, 'dir' | 'retentionMs'> = {
  leaseMs: 60_000,
  idleMs: 2_000,
  sweepEveryMs: 10 * 60_000,
  progressEveryMs: 250,
  maxAttempts: 3,
};

export interface ExportRunnerDeps {
  db: Kysely<Database>;
  clock: Clock;
  options: ExportRunnerOptions;
  onProgress: (accountId: number, row: ExportRow) => void;
  onError: (err: unknown) => void;
}

/** Rows of expired and failed exports are forgotten this long after they were made. */
const FORGET_AFTER_MS = 30 * 24 * 3600_000;
/** A file no job row names (a crash mid-write) is removed once this old. */
const ORPHAN_AGE_MS = 3600_000;

/**
 * Runs Excel exports one at a time per process, from the export_jobs table (decision 0021): claims
 * with a lease like the check runner (decision 0011), writes the file under a temporary name, then
 * renames it and marks the job done in one guarded update. A stopped process hands its job back; a
 * killed one's lease runs out and another process (or the restarted one) starts it again. The sweep
 * that deletes files past their keeping time runs once per period across every process.
 */
export class ExportRunner {
  private readonly repo: ExportRepository;
  private readonly owner = leaseOwner();
  private readonly loop: ClaimLoop;
  private lastProgress = new Map<number, number>();

  private readonly deps: ExportRunnerDeps;
  constructor(deps: ExportRunnerDeps) {
    this.deps = deps;
    this.repo = new ExportRepository(deps.db);
    // One job at a time, run inside the claim itself: nothing stays in flight, so the loop claims
    // again at once after a job and pauses only when there was none.
    const settings = {
      concurrency: 1,
      claimBatch: 1,
      get idleMs() {
        return deps.options.idleMs;
      },
    };
    this.loop = new ClaimLoop(settings, (err) => deps.onError(err), {
      claim: async () => {
        await this.sweepIfDue();
        return (await this.runOnce()) ? 1 : 0;
      },
    });
  }

  get options(): ExportRunnerOptions {
    return this.deps.options;
  }

  /** Runs the loop until stop(). */
  start(): void {
    this.loop.start();
  }

  /** Stops claiming; the job being written stops at its next page and is handed back. */
  stop(): Promise<void> {
    return this.loop.stop();
  }

  /** A new export: claim now rather than after the idle sleep. */
  wake(): void {
    this.loop.wake();
  }

  /** Claims and runs one job; false when there was none. Tests drive the runner with this. */
  async runOnce(): Promise<boolean> {
    const { clock, options } = this.deps;
    const job = await this.repo.claim(this.owner, clock.now(), options.leaseMs);
    if (!job) return false;
    if (job.attempts > options.maxAttempts) {
      const failed = await this.repo.fail(
        job.id,
        this.owner,
        `The export stopped ${options.maxAttempts} times before finishing.`,
        clock.now(),
      );
      if (failed) this.emit(failed, true);
      return true;
    }
    this.emit(job, true);
    await this.execute(job);
    return true;
  }

  private async execute(job: ExportRecord): Promise<void> {
    const { clock, options, db } = this.deps;
    const accountDir = join(options.dir, String(job.account_id));
    await mkdir(accountDir, { recursive: true });
    const base = `${job.id}-${randomBytes(8).toString('hex')}.xlsx`;
    const partPath = join(accountDir, `${base}.part`);
    try {
      const order = await db
        .selectFrom('check_orders')
        .select('id')
        .where('id', '=', job.order_id)
        .where('account_id', '=', job.account_id)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      if (!order) {
        const failed = await this.repo.fail(job.id, this.owner, 'The order was deleted.', clock.now());
        if (failed) this.emit(failed, true);
        return;
      }
      // Loaded on the first export: the workbook writer and its zip library stay out of a server's
      // memory until someone exports.
      const { writeExport } = await import('#server/modules/exports/write-export.ts');
      const { rows, size } = await writeExport(db, job, partPath, async (scanned, total, written) => {
        if (this.loop.stopping) return false;
        const progress = total === 0 ? 99 : Math.min(99, Math.floor((scanned / total) * 100));
        const alive = await this.repo.heartbeat(
          job.id,
          this.owner,
          clock.now() + options.leaseMs,
          progress,
          written,
        );
        if (alive) this.emit({ ...job, state: 'running', progress, rows: written }, false);
        return alive;
      });
      await rename(partPath, join(accountDir, base));
      const now = clock.now();
      const done = await this.repo.finish(job.id, this.owner, {
        rows,
        size,
        fileKey: `${job.account_id}/${base}`,
        nowMs: now,
        expiresMs: now + options.retentionMs,
      });
      if (done) this.emit(done, true);
      else await rm(join(accountDir, base), { force: true }); // deleted or taken over meanwhile
    } catch (err) {
      await rm(partPath, { force: true });
      if (err instanceof ExportStopped) {
        if (this.loop.stopping) await this.repo.release(job.id, this.owner);
        return;
      }
      this.deps.onError(err);
      const failed = await this.repo.fail(job.id, this.owner, 'The file could not be written.', clock.now());
      if (failed) this.emit(failed, true);
    } finally {
      this.lastProgress.delete(job.id);
    }
  }

  /** Progress events: the first, the last and state changes at once, others at most every progressEveryMs. */
  private emit(job: ExportRecord, force: boolean): void {
    const now = this.deps.clock.now();
    const last = this.lastProgress.get(job.id);
    if (!force && last !== undefined && now - last < this.deps.options.progressEveryMs) return;
    this.lastProgress.set(job.id, now);
    this.deps.onProgress(job.account_id, toExportRow(job));
  }

  private async sweepIfDue(): Promise<void> {
    const { clock, options } = this.deps;
    if (!(await this.repo.claimChore('sweep', this.owner, clock.now(), options.sweepEveryMs))) return;
    await this.sweep();
  }

  /**
   * Deletes files past their keeping time (the job shows as expired), forgets old expired and failed
   * jobs, and removes files no job names (left by a crash mid-write). Answers what it removed.
   */
  async sweep(): Promise<{ expired: number; orphans: number; forgotten: number }> {
    const { clock, options } = this.deps;
    const now = clock.now();
    let expired = 0;
    for (;;) {
      const due = await this.repo.dueForExpiry(now, 200);
      if (due.length === 0) break;
      for (const job of due) {
        if (job.file_key) await rm(join(options.dir, job.file_key), { force: true });
        const row = await this.repo.markExpired(job.id);
        if (row) {
          expired++;
          this.deps.onProgress(row.account_id, toExportRow(row));
        }
      }
    }
    const forgotten = await this.repo.forgetOlderThan(now - FORGET_AFTER_MS);
    let orphans = 0;
    const live = await this.repo.liveFileKeys();
    const accounts = await readdir(options.dir).catch(() => [] as string[]);
    for (const account of accounts) {
      const files = await readdir(join(options.dir, account)).catch(() => [] as string[]);
      for (const file of files) {
        const key = `${account}/${file}`;
        if (live.has(key)) continue;
        const path = join(options.dir, key);
        const info = await stat(path).catch(() => null);
        // A .part file of a job running right now is young: only old strays go.
        if (info && now - info.mtimeMs > ORPHAN_AGE_MS) {
          await rm(path, { force: true });
          orphans++;
        }
      }
    }
    return { expired, orphans, forgotten };
  }
}
