import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash, randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Envelope } from '#contract/envelope.ts';
import { ErrCode, defaultMsg } from '#contract/errcodes.ts';
import type { Database } from '#server/db/schema.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { Clock } from '#server/lib/clock.ts';
import { preparedStatement } from '#server/db/prepared.ts';

/** Answers are kept a week: longer than any outbox waits to replay a write. */
const KEEP_MS = 7 * 24 * 3600_000;
/** Keys older than KEEP_MS are swept at most this often (not after every write: a batch is 100 writes). */
const SWEEP_EVERY_MS = 60_000;
/** Default lease of a pending key: a retry takes it over once its holder is this long silent. */
export const DEFAULT_LEASE_MS = 15_000;

export type Claim = { kind: 'first'; lockToken: string } | { kind: 'replay'; answer: Envelope<unknown> };

/** The held key of the request being handled: the write's own transaction fences on it. */
interface HeldKey {
  keys: RequestKeys;
  accountId: number;
  requestId: string;
  lockToken: string;
  /** False once the handler returned: later transactions (a job runner it woke) are not fenced. */
  open: boolean;
}
const held = new AsyncLocalStorage<HeldKey>();

/** Same parameters, same fingerprint: object keys sorted, request_id left out. */
export function fingerprintOf(path: string, input: unknown): string {
  const canonical = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(canonical);
    if (v && typeof v === 'object')
      return Object.fromEntries(
        Object.keys(v)
          .filter((k) => k !== 'request_id')
          .sort()
          .map((k) => [k, canonical((v as Record<string, unknown>)[k])]),
      );
    return v;
  };
  return createHash('sha256')
    .update(`${path}\n${JSON.stringify(canonical(input))}`)
    .digest('hex');
}

const reused = () =>
  new AppError(ErrCode.REQUEST_ID_REUSED, defaultMsg[ErrCode.REQUEST_ID_REUSED], {
    fields: { request_id: defaultMsg[ErrCode.REQUEST_ID_REUSED] },
  });

/**
 * Makes writes idempotent by their client-generated request_id, with Stripe's semantics
 * (docs/decisions/0024-idempotency-and-abuse-limits.md):
 * - the first request claims (account, request_id) with an insert only one can win, together with
 *   the call's fingerprint and a short lease (holder token + expiry);
 * - the write's own transaction flips the key to `written` as its first statement, fenced on the
 *   holder token (fenceKeyedWrites): a holder whose lease was taken over cannot commit, so the write lands once;
 * - a retry while the lease runs gets PENDING (silent, retried); once the holder is gone (a crash, a
 *   SIGKILL) the retry takes the lease over and runs the write; a key `written` whose answer was lost
 *   in a crash answers ALREADY_DONE (silent: the outbox drops the write as done);
 * - a reused key with another endpoint or other parameters gets REQUEST_ID_REUSED.
 * State lives in the database, so several API processes share it.
 */
export class RequestKeys {
  private readonly db: Kysely<Database>;
  private readonly clock: Clock;
  private readonly leaseMs: number;
  private lastSweep = -Infinity;
  // The statements every keyed write runs, built and compiled once (server/db/prepared.ts): Kysely's
  // build-and-compile of each cost more CPU than SQLite's work (outbox replay profile, decision 0027).
  private readonly insertKey;
  private readonly readKey;
  private readonly markWritten;
  private readonly markDone;
  constructor(db: Kysely<Database>, clock: Clock, leaseMs: number = DEFAULT_LEASE_MS) {
    this.db = db;
    this.clock = clock;
    this.leaseMs = leaseMs;
    this.insertKey = preparedStatement(
      (
        accountId: number,
        requestId: string,
        path: string,
        createdAt: number,
        fingerprint: string,
        lockToken: string,
        lockedUntil: number,
      ) =>
        db
          .insertInto('request_keys')
          .values({
            account_id: accountId,
            request_id: requestId,
            path,
            state: 'pending',
            answer: null,
            created_at: createdAt,
            fingerprint,
            lock_token: lockToken,
            locked_until: lockedUntil,
          })
          .onConflict((oc) => oc.columns(['account_id', 'request_id']).doNothing()),
    );
    this.readKey = preparedStatement((accountId: number, requestId: string) =>
      db
        .selectFrom('request_keys')
        .select(['path', 'state', 'answer', 'fingerprint', 'lock_token', 'locked_until'])
        .where('account_id', '=', accountId)
        .where('request_id', '=', requestId),
    );
    this.markWritten = preparedStatement((accountId: number, requestId: string, lockToken: string) =>
      db
        .updateTable('request_keys')
        .set({ state: 'written' })
        .where('account_id', '=', accountId)
        .where('request_id', '=', requestId)
        .where('lock_token', '=', lockToken)
        .where('state', '!=', 'done'),
    );
    this.markDone = preparedStatement(
      (accountId: number, requestId: string, lockToken: string, answer: string) =>
        db
          .updateTable('request_keys')
          .set({ state: 'done', answer, lock_token: null, locked_until: null })
          .where('account_id', '=', accountId)
          .where('request_id', '=', requestId)
          .where('lock_token', '=', lockToken),
    );
  }

  async claim(accountId: number, requestId: string, path: string, fingerprint: string): Promise<Claim> {
    const now = this.clock.now();
    const lockToken = randomUUID();
    const inserted = await this.insertKey(
      this.db,
      accountId,
      requestId,
      path,
      now,
      fingerprint,
      lockToken,
      now + this.leaseMs,
    );
    if (Number(inserted.numAffectedRows ?? 0) === 1) return { kind: 'first', lockToken };

    const [row] = (await this.readKey(this.db, accountId, requestId)).rows;
    // Released between our insert and this read: try once more.
    if (!row) return this.claim(accountId, requestId, path, fingerprint);
    if (row.path !== path || (row.fingerprint !== null && row.fingerprint !== fingerprint)) throw reused();
    if (row.state === 'done' && row.answer)
      return { kind: 'replay', answer: JSON.parse(row.answer) as Envelope<unknown> };

    const leaseOver = row.locked_until === null || Number(row.locked_until) <= now;
    // The holder is still working: this copy stays silent, the holder answers (or its lease runs out).
    if (!leaseOver) throw new AppError(ErrCode.PENDING);
    if (row.state === 'written')
      return {
        kind: 'replay',
        answer: { errcode: ErrCode.ALREADY_DONE, msg: defaultMsg[ErrCode.ALREADY_DONE], datas: null },
      };

    // The holder is gone (crashed before its write committed): take the lease over, one winner.
    const taken = await this.db
      .updateTable('request_keys')
      .set({ lock_token: lockToken, locked_until: now + this.leaseMs })
      .where('account_id', '=', accountId)
      .where('request_id', '=', requestId)
      .where('state', '=', 'pending')
      .where((eb) =>
        row.lock_token === null ? eb('lock_token', 'is', null) : eb('lock_token', '=', row.lock_token),
      )
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) !== 1) throw new AppError(ErrCode.PENDING);
    return { kind: 'first', lockToken };
  }

  /** Runs the handler holding the key: transactions of the fenced handle inside it fence on the key. */
  async hold<T>(accountId: number, requestId: string, lockToken: string, run: () => Promise<T>): Promise<T> {
    const key: HeldKey = { keys: this, accountId, requestId, lockToken, open: true };
    try {
      return await held.run(key, run);
    } finally {
      key.open = false;
    }
  }

  /** Inside the write's transaction: marks the key written, or refuses when the lease was lost. */
  async fence(trx: Transaction<Database>, key: HeldKey): Promise<void> {
    const res = await this.markWritten(trx, key.accountId, key.requestId, key.lockToken);
    // Another request took the key over (this one was too slow): it writes, this one must not.
    if (Number(res.numAffectedRows) !== 1) throw new AppError(ErrCode.PENDING);
  }

  async complete(
    accountId: number,
    requestId: string,
    lockToken: string,
    answer: Envelope<unknown>,
  ): Promise<void> {
    await this.markDone(this.db, accountId, requestId, lockToken, JSON.stringify(answer));
    const now = this.clock.now();
    if (now - this.lastSweep < SWEEP_EVERY_MS) return;
    this.lastSweep = now;
    await this.db
      .deleteFrom('request_keys')
      .where('created_at', '<', now - KEEP_MS)
      .execute();
  }

  /**
   * The write failed before committing (a crash, a transient refusal): forget the claim so a retry
   * runs it again. A key already written is kept: its write must not run twice.
   */
  async release(accountId: number, requestId: string, lockToken: string): Promise<void> {
    await this.db
      .deleteFrom('request_keys')
      .where('account_id', '=', accountId)
      .where('request_id', '=', requestId)
      .where('lock_token', '=', lockToken)
      .where('state', '=', 'pending')
      .execute();
  }
}

/**
 * Wraps the plain handle into the one the services get (ModuleDeps.db, `fencedDb` in server/app.ts): every `transaction()` run while a request holds its key
 * starts by fencing on that key (RequestKeys.fence), so the key is claimed in the write's own
 * transaction. Outside a keyed request it is the plain database.
 */
export function fenceKeyedWrites(db: Kysely<Database>): Kysely<Database> {
  return new Proxy(db, {
    get(target, prop) {
      if (prop === 'transaction') {
        return () => fenceBuilder(target.transaction());
      }
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

type Builder = ReturnType<Kysely<Database>['transaction']>;
function fenceBuilder(builder: Builder): Builder {
  return new Proxy(builder, {
    get(target, prop) {
      if (prop === 'execute') {
        return <T>(callback: (trx: Transaction<Database>) => Promise<T>) =>
          target.execute(async (trx) => {
            const key = held.getStore();
            if (key?.open) await key.keys.fence(trx, key);
            return callback(trx);
          });
      }
      const value: unknown = Reflect.get(target, prop, target);
      if (typeof value !== 'function') return value;
      // setIsolationLevel and friends answer a new builder: keep it fenced.
      return (...args: unknown[]) => {
        const out = (value as (...a: unknown[]) => unknown).apply(target, args);
        return out && typeof out === 'object' && 'execute' in out ? fenceBuilder(out as Builder) : out;
      };
    },
  });
}
