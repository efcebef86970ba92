import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema.ts';

export interface ProgressPayload {
  order_id: number;
  jobs_total: number;
  jobs_success: number;
  jobs_failed: number;
  progress: number;
}

export interface ProgressSink {
  progress(accountId: number, payload: ProgressPayload): void;
  /** The order finished: lists and totals changed. */
  ordersChanged(accountId: number, orderId: number): void;
}

/**
 * Pushes an order's progress to its account as jobs finish, at most once per `throttleMs` per order:
 * the first change goes out at once, later ones are gathered into one trailing event, which reads
 * the counters when it fires, so the last event always carries the final state (100%). Throttling
 * is only about the socket's rate: the counters themselves live in the database.
 */
export class ProgressReporter {
  private readonly db: Kysely<Database>;
  private readonly sink: ProgressSink;
  private readonly throttleMs: number;
  private readonly last = new Map<number, number>();
  private readonly timers = new Map<number, ReturnType<typeof setTimeout>>();
  private readonly due = new Map<number, number>();
  private flushing: Promise<void> = Promise.resolve();
  constructor(deps: { db: Kysely<Database>; sink: ProgressSink; throttleMs?: number }) {
    this.db = deps.db;
    this.sink = deps.sink;
    this.throttleMs = deps.throttleMs ?? 250;
  }

  /** Orders (id to account id) whose counters just moved. */
  touched(orders: Map<number, number>): void {
    const now = Date.now();
    let emitNow = false;
    for (const [orderId, accountId] of orders) {
      if (this.timers.has(orderId)) continue;
      const wait = (this.last.get(orderId) ?? 0) + this.throttleMs - now;
      if (wait <= 0) {
        this.due.set(orderId, accountId);
        emitNow = true;
      } else {
        this.timers.set(
          orderId,
          setTimeout(() => {
            this.timers.delete(orderId);
            this.due.set(orderId, accountId);
            this.emitDue();
          }, wait),
        );
      }
    }
    if (emitNow) this.emitDue();
  }

  /** Resolves once the events due so far are sent (tests). */
  async idle(): Promise<void> {
    while (this.timers.size > 0) await new Promise((r) => setTimeout(r, 10));
    await this.flushing;
  }

  stop(): void {
    for (const t of this.timers.values()) clearTimeout(t);
    this.timers.clear();
  }

  private emitDue(): void {
    const batch = new Map(this.due);
    this.due.clear();
    if (batch.size === 0) return;
    const now = Date.now();
    for (const orderId of batch.keys()) this.last.set(orderId, now);
    this.flushing = this.flushing.then(() => this.emit(batch)).catch(() => {});
  }

  private async emit(batch: Map<number, number>): Promise<void> {
    const rows = await this.db
      .selectFrom('check_orders')
      .select(['id', 'account_id', 'jobs_total', 'jobs_success', 'jobs_failed'])
      .where('id', 'in', [...batch.keys()])
      .execute();
    for (const r of rows) {
      const done = r.jobs_success + r.jobs_failed;
      const progress = r.jobs_total === 0 ? 100 : Math.floor((done * 100) / r.jobs_total);
      this.sink.progress(r.account_id, {
        order_id: r.id,
        jobs_total: r.jobs_total,
        jobs_success: r.jobs_success,
        jobs_failed: r.jobs_failed,
        progress,
      });
      if (done >= r.jobs_total) {
        this.sink.ordersChanged(r.account_id, r.id);
        this.last.delete(r.id);
      }
    }
  }
}
