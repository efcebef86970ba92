import type { Kysely } from 'kysely';
import type { MigrationDialect } from '#server/db/migrations/columns.ts';
import type { Database } from '#server/db/schema.ts';
import type { Clock } from '#server/lib/clock.ts';
import {
  RepairJobRepository,
  type ClaimedRepairJob,
  type EndBatchResult,
  type RepairJobEnd,
} from '#server/modules/repairs/job-repository.ts';
import type { ShippedBackHook } from '#server/modules/repairs/apply-status.ts';
import type { RepairStatusProvider } from '#server/providers/repairs/provider.ts';
import { ClaimLoop, leaseOwner } from './claim-loop.ts';
import { applyRefusable, planRetry, transportReason } from './runner-retries.ts';
import { WriteBatcher } from './write-batcher.ts';
import { DEFAULT_RUNNER_OPTIONS, type RunnerOptions } from './check-runner.ts';

/** The provider as a job's error names it. */
const PROVIDER_IN_REASONS = '维修查询服务';

export interface RepairRunnerDeps {
  db: Kysely<Database>;
  dialect: MigrationDialect;
  provider: RepairStatusProvider;
  clock: Clock;
  /** After each committed batch of ended jobs (socket events, notifications). */
  onEnded?: (result: EndBatchResult) => void;
  onError?: (err: unknown) => void;
  options?: Partial<RunnerOptions>;
  /** Devices back from Apple, inside the transaction recording it (the counter's messages). */
  shippedBack?: ShippedBackHook;
}

/**
 * The durable runner of repair status refreshes (decision 0015), built like the check runner of
 * decision 0011 and with the same settings: jobs live in the database, a claim leases them, the
 * provider's ticket is recorded before the first poll, and a job ends (status applied, share
 * settled or refunded) in a transaction guarded by its lease, so after a crash another process, or
 * the restarted one, polls the recorded ticket instead of paying again and nothing is billed twice.
 * The loop (start, stop, wake, runOnce) is ClaimLoop's; unlike the check runner's, stop() lets a
 * poll waiting in memory wait and be made (then the job ends or goes back with its ticket).
 */
export class RepairRunner extends ClaimLoop {
  readonly owner = leaseOwner('r');
  private readonly repo: RepairJobRepository;
  private readonly provider: RepairStatusProvider;
  private readonly clock: Clock;
  private readonly options: RunnerOptions;
  private readonly onEnded: (r: EndBatchResult) => void;
  private readonly onError: (err: unknown) => void;
  private readonly batcher: WriteBatcher<RepairJobEnd, boolean>;

  constructor(deps: RepairRunnerDeps) {
    const options = { ...DEFAULT_RUNNER_OPTIONS, ...deps.options };
    const onError = deps.onError ?? (() => {});
    super(options, onError, { claim: (n) => this.claimAndStart(n), drain: () => this.batcher.drain() });
    this.repo = new RepairJobRepository(deps.db, deps.dialect, deps.shippedBack);
    this.provider = deps.provider;
    this.clock = deps.clock;
    this.options = options;
    this.onEnded = deps.onEnded ?? (() => {});
    this.onError = onError;
    this.batcher = new WriteBatcher((writes) => this.applyEnds(writes), 500);
  }

  private async claimAndStart(limit: number): Promise<number> {
    const jobs = await this.repo.claim(this.owner, this.clock.now(), this.options.leaseMs, limit);
    for (const job of jobs) this.track(this.process(job));
    return jobs.length;
  }

  private async applyEnds(writes: RepairJobEnd[]): Promise<boolean[]> {
    const result = await applyRefusable(
      () => this.repo.end(writes, this.clock.now()),
      (err) => this.onError(err),
    );
    this.onEnded(result);
    return result.applied;
  }

  private async process(job: ClaimedRepairJob): Promise<void> {
    if (job.ticket !== null) return this.follow(job, job.ticket, 0);
    let answer;
    try {
      answer = await this.provider.submit({
        sn: job.sn,
        imei: job.imei,
        repair_id: job.repair_id,
        since_ms: job.since_ms,
        attempt: job.attempts,
        account_id: job.account_id,
      });
    } catch (err) {
      return this.retry(job, null, transportReason(PROVIDER_IN_REASONS, err), 0, 0);
    }
    if (answer.kind === 'busy')
      return this.retry(job, null, '维修查询服务繁忙，稍后自动重试', answer.retry_after_ms, 0);
    if (answer.kind === 'failed') return this.fail(job, answer.reason);
    // Recorded before polling: a crash from here on polls this ticket instead of a second paid submit.
    if (!(await this.repo.setTicket(job, this.owner, answer.ticket))) return;
    return this.follow(job, answer.ticket, answer.poll_after_ms);
  }

  private async follow(job: ClaimedRepairJob, ticket: string, firstWait: number): Promise<void> {
    let wait = firstWait;
    for (let polls = 0; ; polls++) {
      if (wait > 0 || polls >= 20) {
        const { holdMaxMs, leaseMs } = this.options;
        const canHold =
          !this.stopping &&
          polls < 20 &&
          holdMaxMs > 0 &&
          wait <= holdMaxMs &&
          this.clock.now() + wait < job.lease_until_ms - leaseMs / 4;
        if (!canHold) {
          await this.repo.release(job, this.owner, {
            runAfter: this.clock.now() + wait,
            ticket,
            error: null,
            attemptsDelta: 0,
          });
          return;
        }
        await new Promise((r) => setTimeout(r, wait));
      }
      let answer;
      try {
        answer = await this.provider.poll(ticket);
      } catch (err) {
        return this.retry(job, ticket, transportReason(PROVIDER_IN_REASONS, err), 0, 1);
      }
      if (answer.kind === 'pending') {
        wait = Math.max(0, answer.poll_after_ms);
        continue;
      }
      if (answer.kind === 'done') {
        await this.batcher.write({
          kind: 'success',
          job,
          owner: this.owner,
          status: answer.status,
          cost: answer.cost,
          sandbox: this.provider.sandbox,
        });
        return;
      }
      if (answer.retryable) return this.retry(job, null, answer.reason, 0, 0);
      return this.fail(job, answer.reason);
    }
  }

  private async retry(
    job: ClaimedRepairJob,
    ticket: string | null,
    reason: string,
    minDelay: number,
    attemptsDelta: number,
  ): Promise<void> {
    const plan = planRetry(this.options, job.attempts + attemptsDelta, reason, minDelay);
    if ('failure' in plan) return this.fail(job, plan.failure);
    await this.repo.release(job, this.owner, {
      runAfter: this.clock.now() + plan.delay,
      ticket,
      error: reason,
      attemptsDelta,
    });
  }

  private async fail(job: ClaimedRepairJob, reason: string): Promise<void> {
    await this.batcher.write({ kind: 'failure', job, owner: this.owner, reason });
  }
}
