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
/** One attempt taken from a limit's window by RateLimiter.reserve(). */
export interface Reservation {
  key: string;
  windowStart: number;
}

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

  /**
   * Takes one attempt of a failures-only limit BEFORE the check it guards (a password, a code), in the
   * same atomic upsert as hit(): under concurrency, or across processes, at most `max` callers hold an
   * attempt in one window, so at most `max` checks run (issue 25: a check-then-count-after limit let 40
   * simultaneous wrong passwords all be checked). Over the limit, the attempt is handed back at once (a
   * refused call checked nothing) and RATE_LIMITED is thrown. A failed check keeps its attempt; a
   * passed check gives it back with release() or forgets the key with reset().
   */
  async reserve(key: string, limit: Limit): Promise<Reservation> {
    const row = await this.count(key, limit);
    const held = { key, windowStart: row.window_start };
    if (row.count > limit.max) {
      await this.release(held);
      throw this.limited(row.window_start, limit);
    }
    return held;
  }

  /**
   * Gives back one attempt taken by reserve() (the check passed, or never ran). Only in the window it
   * was taken from: once that window ended, the new window's count is not the caller's to lower.
   */
  async release(held: Reservation): Promise<void> {
    await this.db
      .updateTable('rate_limits')
      .set((eb) => ({ count: eb('count', '-', 1) }))
      .where('key', '=', held.key)
      .where('window_start', '=', held.windowStart)
      .where('count', '>', 0)
      .execute();
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
