import type { Kysely } from 'kysely';
import type { Envelope } from '#contract/envelope.ts';
import { ErrCode } from '#contract/errcodes.ts';
import type { Database } from '#server/db/schema.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { Clock } from '#server/lib/clock.ts';

/** Answers are kept a week: longer than any outbox waits to replay a write. */
const KEEP_MS = 7 * 24 * 3600_000;

export type Claim = { kind: 'first' } | { kind: 'replay'; answer: Envelope<unknown> };

/**
 * Makes writes idempotent by their client-generated request_id (architecture: "The API"): the first
 * request claims (account, request_id) with an insert that only one can win; its answer is stored;
 * a replay gets that answer without running the write again. State lives in the database, so several
 * API processes share it.
 */
export class RequestKeys {
  private readonly db: Kysely<Database>;
  private readonly clock: Clock;
  constructor(db: Kysely<Database>, clock: Clock) {
    this.db = db;
    this.clock = clock;
  }

  async claim(accountId: number, requestId: string, path: string): Promise<Claim> {
    const inserted = await this.db
      .insertInto('request_keys')
      .values({
        account_id: accountId,
        request_id: requestId,
        path,
        state: 'pending',
        answer: null,
        created_at: this.clock.now(),
      })
      .onConflict((oc) => oc.columns(['account_id', 'request_id']).doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) return { kind: 'first' };

    const row = await this.db
      .selectFrom('request_keys')
      .select(['path', 'state', 'answer'])
      .where('account_id', '=', accountId)
      .where('request_id', '=', requestId)
      .executeTakeFirstOrThrow();
    if (row.path !== path)
      throw new AppError(ErrCode.INVALID_INPUT, 'request_id 已用于另一个操作', {
        fields: { request_id: 'request_id 已用于另一个操作' },
      });
    // The first request is still running: this copy stays silent, the first one answers.
    if (row.state !== 'done' || !row.answer) throw new AppError(ErrCode.PENDING);
    return { kind: 'replay', answer: JSON.parse(row.answer) as Envelope<unknown> };
  }

  async complete(accountId: number, requestId: string, answer: Envelope<unknown>): Promise<void> {
    await this.db
      .updateTable('request_keys')
      .set({ state: 'done', answer: JSON.stringify(answer) })
      .where('account_id', '=', accountId)
      .where('request_id', '=', requestId)
      .execute();
    await this.db
      .deleteFrom('request_keys')
      .where('created_at', '<', this.clock.now() - KEEP_MS)
      .execute();
  }

  /** The write crashed: forget the claim, so a retry runs it again. */
  async release(accountId: number, requestId: string): Promise<void> {
    await this.db
      .deleteFrom('request_keys')
      .where('account_id', '=', accountId)
      .where('request_id', '=', requestId)
      .execute();
  }
}
