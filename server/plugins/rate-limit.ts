import { sql, type Kysely } from 'kysely';
import type { Database } from '#server/db/schema.ts';
import type { Clock } from '#server/lib/clock.ts';
import { AppError } from '#server/lib/app-error.ts';
import { ErrCode } from '#contract/errcodes.ts';

export interface Limit {
  /** How many hits a window allows. */
  max: number;
  windowMs: number;
}

/**
 * Fixed-window counters kept in the database, so several API processes share them (architecture:
 * no process-local state). One atomic upsert per hit: concurrent hits cannot slip past the limit.
 */
export class RateLimiter {
  private readonly db: Kysely<Database>;
  private readonly clock: Clock;
  constructor(db: Kysely<Database>, clock: Clock) {
    this.db = db;
    this.clock = clock;
  }

  /** Counts a hit on `key`; throws RATE_LIMITED with the seconds to wait once over the limit. */
  async hit(key: string, limit: Limit): Promise<void> {
    const row = await this.count(key, limit);
    if (row.count > limit.max) throw this.limited(row.window_start, limit);
  }

  /** Throws RATE_LIMITED when `key` already used up its window; counts nothing (failures-only limits). */
  async check(key: string, limit: Limit): Promise<void> {
    const row = await this.db
      .selectFrom('rate_limits')
      .select(['count', 'window_start'])
      .where('key', '=', key)
      .executeTakeFirst();
    if (!row || row.window_start <= this.clock.now() - limit.windowMs) return;
    if (row.count >= limit.max) throw this.limited(row.window_start, limit);
  }

  /** Counts a failure on `key` without refusing this call (its answer is already decided). */
  async record(key: string, limit: Limit): Promise<void> {
    await this.count(key, limit);
  }

  private limited(windowStart: number, limit: Limit): AppError {
    const retryAfterSeconds = Math.max(
      1,
      Math.ceil((windowStart + limit.windowMs - this.clock.now()) / 1000),
    );
    return new AppError(ErrCode.RATE_LIMITED, `操作过于频繁，请 ${retryAfterSeconds} 秒后再试`, {
      retry_after_seconds: retryAfterSeconds,
    });
  }

  private async count(key: string, limit: Limit): Promise<{ count: number; window_start: number }> {
    const now = this.clock.now();
    const windowFloor = now - limit.windowMs;
    const row = await this.db
      .insertInto('rate_limits')
      .values({ key, window_start: now, count: 1 })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          count: sql<number>`case when rate_limits.window_start <= ${windowFloor} then 1 else rate_limits.count + 1 end`,
          window_start: sql<number>`case when rate_limits.window_start <= ${windowFloor} then ${now} else rate_limits.window_start end`,
        }),
      )
      .returning(['count', 'window_start'])
      .executeTakeFirstOrThrow();
    return { count: Number(row.count), window_start: Number(row.window_start) };
  }

  /** Forgets a key's hits (a successful sign-in clears that username's failures). */
  async reset(key: string): Promise<void> {
    await this.db.deleteFrom('rate_limits').where('key', '=', key).execute();
  }
}
