import type { Kysely } from 'kysely';
import type { ServiceRow } from '#contract/schemas/checks-catalogue.ts';
import type { MigrationDialect } from '#server/db/migrations/columns.ts';
import type { Database } from '#server/db/schema.ts';
import type { Clock } from '#server/lib/clock.ts';
import { CatalogueRepository } from '#server/modules/checks/catalogue-repository.ts';
import { JobClaimRepository, type ClaimedJob } from '#server/modules/checks/job-claim-repository.ts';
import { JobOutcomeRepository, type JobWrite } from '#server/modules/checks/job-outcome-repository.ts';
import type { CheckProvider, DeviceFacts } from '#server/providers/checks/provider.ts';
import { ClaimLoop, leaseOwner } from './claim-loop.ts';
import { applyRefusable, planRetry, transportReason } from './runner-retries.ts';
import { WriteBatcher } from './write-batcher.ts';

export interface RunnerOptions {
  /** Jobs held at once by this process (submitted, polled, or waiting in memory for a poll). */
  concurrency: number;
  /** Most jobs taken by one claim. */
  claimBatch: number;
  /** How long a claim is ours; past it, another worker (or this one after a restart) takes the job. */
  leaseMs: number;
  /**
   * A poll due within this many ms is awaited in memory (when the lease allows); a later one hands
   * the job back to the database with its ticket. 0: always hand back (tests driving a fake clock).
   */
  holdMaxMs: number;
  /** Submits (and failed polls) before a job fails for good. */
  maxAttempts: number;
  backoffBaseMs: number;
  backoffMaxMs: number;
  /** Sleep of the loop when nothing is runnable (new orders wake it at once). */
  idleMs: number;
  random: () => number;
}

export const DEFAULT_RUNNER_OPTIONS: RunnerOptions = {
  concurrency: 64,
  claimBatch: 200,
  leaseMs: 60_000,
  holdMaxMs: 5_000,
  maxAttempts: 6,
  backoffBaseMs: 1_000,
  backoffMaxMs: 5 * 60_000,
  idleMs: 500,
  random: Math.random,
};

/** The provider as a job's error names it. */
const PROVIDER_IN_REASONS = '查询服务';

/** A poll answered `pending` this many times in a row in memory is handed back to the database. */
const MAX_POLLS_IN_MEMORY = 20;

interface Catalogue {
  freshMs: Map<string, number>;
}

interface ReuseSource {
  facts: DeviceFacts;
  provider: string | null;
  sandbox: boolean;
}

export interface RunnerDeps {
  db: Kysely<Database>;
  dialect: MigrationDialect;
  provider: CheckProvider;
  clock: Clock;
  /** Orders whose counters moved (order id to account id), after the change is committed. */
  onProgress?: (orders: Map<number, number>) => void;
  onError?: (err: unknown) => void;
  options?: Partial<RunnerOptions>;
}

/**
 * The durable job runner of device checks (decision 0011). Jobs live in the database; this loop
 * claims runnable ones with a lease, submits them to the provider (or reuses a fresh result of the
 * account), records the ticket, polls it, and completes each exactly once, settling or refunding
 * its share in the same transaction. Writes of many jobs are batched into one transaction. Nothing
 * here must outlive a crash: a restarted process finds expired leases and carries on, polling the
 * tickets already recorded instead of paying twice. The loop (start, stop, wake, runOnce) is
 * ClaimLoop's; stop() cuts the in-memory waits for a poll short, so those jobs go back to the
 * database with their tickets, and flushes the writes.
 */
export class CheckRunner extends ClaimLoop {
  readonly owner = leaseOwner();
  private readonly provider: CheckProvider;
  private readonly clock: Clock;
  private readonly options: RunnerOptions;
  private readonly db: Kysely<Database>;
  private readonly dialect: MigrationDialect;
  private readonly onProgress: (orders: Map<number, number>) => void;
  private readonly onError: (err: unknown) => void;
  private repo: Promise<{
    claims: JobClaimRepository;
    outcomes: JobOutcomeRepository;
    catalogue: Catalogue;
  }> | null = null;
  private readonly batcher = new WriteBatcher<JobWrite, boolean>((writes) => this.applyWrites(writes));

  constructor(deps: RunnerDeps) {
    const options = { ...DEFAULT_RUNNER_OPTIONS, ...deps.options };
    const onError = deps.onError ?? (() => {});
    super(options, onError, { claim: (n) => this.claimAndStart(n), drain: () => this.batcher.drain() });
    this.db = deps.db;
    this.dialect = deps.dialect;
    this.provider = deps.provider;
    this.clock = deps.clock;
    this.options = options;
    this.onProgress = deps.onProgress ?? (() => {});
    this.onError = onError;
  }

  private setup() {
    this.repo ??= (async () => {
      const services: ServiceRow[] = await new CatalogueRepository(this.db).services();
      const prerequisites = new Set(services.flatMap((s) => s.depends_on));
      const names = new Map(services.map((s) => [s.code, s.name] as const));
      const claims = new JobClaimRepository({ db: this.db, dialect: this.dialect });
      const outcomes = new JobOutcomeRepository({ db: this.db, dialect: this.dialect, prerequisites, names });
      const freshMs = new Map(services.map((s) => [s.code, s.fresh_hours * 3_600_000] as const));
      return { claims, outcomes, catalogue: { freshMs } };
    })();
    return this.repo;
  }

  private async claimAndStart(limit: number): Promise<number> {
    const { claims: repo, catalogue } = await this.setup();
    const now = this.clock.now();
    const jobs = await repo.claim(this.owner, now, this.options.leaseMs, limit);
    if (jobs.length === 0) return 0;
    const reuse = await this.findReuse(repo, catalogue, jobs, now);
    for (const job of jobs) this.track(this.process(job, reuse.get(job.id)));
    return jobs.length;
  }

  /** Fresh results of the same service for the same SN or IMEI in the same account (decision 0012). */
  private async findReuse(
    repo: JobClaimRepository,
    catalogue: Catalogue,
    jobs: readonly ClaimedJob[],
    now: number,
  ) {
    const found = new Map<number, ReuseSource>();
    const byAccount = new Map<number, ClaimedJob[]>();
    for (const j of jobs) {
      if (j.ticket !== null || !((catalogue.freshMs.get(j.service) ?? 0) > 0)) continue;
      let list = byAccount.get(j.account_id);
      if (!list) byAccount.set(j.account_id, (list = []));
      list.push(j);
    }
    for (const [accountId, list] of byAccount) {
      const services = [...new Set(list.map((j) => j.service))];
      const idents = [...new Set(list.flatMap((j) => [j.sn, j.imei]).filter((v): v is string => v !== null))];
      const longest = Math.max(...services.map((s) => catalogue.freshMs.get(s) ?? 0));
      const rows = await repo.reusable(accountId, services, idents, now - longest);
      // Newest first: the first row per (service, identifier) wins.
      const newest = new Map<string, (typeof rows)[number]>();
      for (const r of rows)
        for (const ident of [r.sn, r.imei])
          if (ident !== null && !newest.has(`${r.service}|${ident}`)) newest.set(`${r.service}|${ident}`, r);
      for (const j of list) {
        const fresh = catalogue.freshMs.get(j.service) ?? 0;
        const hit = [j.sn, j.imei]
          .filter((v): v is string => v !== null)
          .map((ident) => newest.get(`${j.service}|${ident}`))
          .find((r) => r !== undefined && r.facts !== null && (r.finished_at ?? 0) >= now - fresh);
        if (hit)
          found.set(j.id, {
            facts: JSON.parse(hit.facts as string) as DeviceFacts,
            provider: hit.provider,
            sandbox: hit.sandbox !== 0,
          });
      }
    }
    return found;
  }

  private write(w: JobWrite): Promise<boolean> {
    return this.batcher.write(w);
  }

  private async applyWrites(writes: JobWrite[]): Promise<boolean[]> {
    const { outcomes } = await this.setup();
    const result = await applyRefusable(
      () => outcomes.apply(writes, this.clock.now()),
      (err) => this.onError(err),
    );
    if (result.orders.size > 0) {
      this.onProgress(result.orders);
      // A success may have made dependents runnable.
      this.wake();
    }
    return result.applied;
  }

  private async process(job: ClaimedJob, reuse: ReuseSource | undefined): Promise<void> {
    const owner = this.owner;
    if (job.ticket !== null) return this.follow(job, job.ticket, 0);
    if (reuse) {
      await this.write({
        kind: 'success',
        job,
        owner,
        facts: reuse.facts,
        cost: 0,
        provider: reuse.provider ?? this.provider.name,
        sandbox: reuse.sandbox,
        reused: true,
      });
      return;
    }
    let answer;
    try {
      answer = await this.provider.submit({
        service: job.service,
        sn: job.sn,
        imei: job.imei,
        attempt: job.attempts,
      });
    } catch (err) {
      return this.retry(job, null, transportReason(PROVIDER_IN_REASONS, err), 0, 0);
    }
    if (answer.kind === 'busy')
      return this.retry(job, null, '查询服务繁忙，稍后自动重试', answer.retry_after_ms, 0);
    if (answer.kind === 'failed') return this.fail(job, answer.reason);
    // A ticket that can be polled at once is recorded only if the answer is not ready then (the
    // completion records it otherwise): the window in which a crash makes us submit again is the
    // same one transaction either way, and a fast job saves a write.
    return this.follow(job, answer.ticket, answer.poll_after_ms, false);
  }

  /** Polls the ticket until it is answered, waiting in memory while that is short and the lease allows. */
  private async follow(job: ClaimedJob, ticket: string, firstWait: number, recorded = true): Promise<void> {
    let wait = firstWait;
    for (let polls = 0; ; polls++) {
      if (wait > 0 || polls >= MAX_POLLS_IN_MEMORY) {
        if (!recorded) {
          if (!(await this.write({ kind: 'ticket', job, owner: this.owner, ticket }))) return;
          recorded = true;
        }
        if (polls >= MAX_POLLS_IN_MEMORY || !this.canHold(job, wait) || !(await this.sleep(wait)))
          return this.handBack(job, ticket, wait);
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
        await this.write({
          kind: 'success',
          job,
          owner: this.owner,
          ticket,
          facts: answer.facts,
          cost: answer.cost,
          provider: this.provider.name,
          sandbox: this.provider.sandbox,
          reused: false,
        });
        return;
      }
      // A retryable failure submits again (a new ticket); otherwise the job fails now.
      if (answer.retryable) return this.retry(job, null, answer.reason, 0, 0);
      return this.fail(job, answer.reason);
    }
  }

  /** Waits in memory only while short, and well inside the lease (a quarter of it to spare). */
  private canHold(job: ClaimedJob, wait: number): boolean {
    const { holdMaxMs, leaseMs } = this.options;
    return (
      !this.stopping &&
      holdMaxMs > 0 &&
      wait <= holdMaxMs &&
      this.clock.now() + wait < job.lease_until_ms - leaseMs / 4
    );
  }

  private async handBack(job: ClaimedJob, ticket: string, wait: number): Promise<void> {
    await this.write({
      kind: 'release',
      job,
      owner: this.owner,
      run_after_ms: this.clock.now() + wait,
      ticket,
      error: null,
      attempts_delta: 0,
    });
  }

  /**
   * Tries again later with exponential backoff (at least `minDelay`), or fails the job once it has
   * used its attempts. `attemptsDelta` counts a failed poll (submits were counted when claimed).
   */
  private async retry(
    job: ClaimedJob,
    ticket: string | null,
    reason: string,
    minDelay: number,
    attemptsDelta: number,
  ): Promise<void> {
    const plan = planRetry(this.options, job.attempts + attemptsDelta, reason, minDelay);
    if ('failure' in plan) return this.fail(job, plan.failure);
    await this.write({
      kind: 'release',
      job,
      owner: this.owner,
      run_after_ms: this.clock.now() + plan.delay,
      ticket,
      error: reason,
      attempts_delta: attemptsDelta,
    });
  }

  private async fail(job: ClaimedJob, reason: string): Promise<void> {
    await this.write({
      kind: 'failure',
      job,
      owner: this.owner,
      reason,
      provider: this.provider.name,
      sandbox: this.provider.sandbox,
    });
  }
}
