import type { LoginDatas } from '#contract/schemas/auth.ts';
import type { z } from 'zod';
import type { loginInput } from '#contract/schemas/auth.ts';
import { ErrCode } from '#contract/errcodes.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { Clock } from '#server/lib/clock.ts';
import { randomBytes } from 'node:crypto';
import { hashPassword, newHashCost, verifyPassword } from '#server/lib/secrets.ts';
import type { RateLimiter } from '#server/http/rate-limit.ts';
import type { AuthRepository } from './repository.ts';
import type { PuzzleService } from './puzzle-service.ts';
import type { SessionService } from './session-service.ts';
import { toUserDatas } from './user-datas.ts';

const FIFTEEN_MINUTES = 15 * 60_000;
/**
 * Sign-in limits (docs/decisions/0024-idempotency-and-abuse-limits.md), failures only: a shop with
 * 30 staff behind one address signs in all morning. Per address: a guesser trying many usernames.
 * Per client and username: guessing one password, without letting a stranger elsewhere lock the
 * username out for its owner (no global per-username lock).
 */
export const LOGIN_LIMITS = {
  perAddress: { max: 30, windowMs: FIFTEEN_MINUTES },
  perClientAndUsername: { max: 10, windowMs: FIFTEEN_MINUTES },
};
/** Puzzles cost ~7 ms of CPU to draw: an address gets TNCODE_PER_MINUTE (30) a minute. */
export const PUZZLE_WINDOW_MS = 60_000;

/**
 * A hash of nothing anyone knows: unknown usernames are checked against it, so they cost the same. Made
 * again if the cost of new hashes changes (the test suites' cheap hashes, switched off to time this).
 */
let dummyHash: { cost: number; hash: Promise<string> } | undefined;
const dummy = () => {
  if (dummyHash?.cost !== newHashCost())
    dummyHash = { cost: newHashCost(), hash: hashPassword(randomBytes(16).toString('base64url')) };
  return dummyHash.hash;
};

export class LoginService {
  private readonly deps: {
    repo: AuthRepository;
    puzzles: PuzzleService;
    sessions: SessionService;
    limiter: RateLimiter;
    clock: Clock;
    puzzlesPerMinute: number;
  };
  constructor(deps: LoginService['deps']) {
    this.deps = deps;
    void dummy();
  }

  /** tncode, limited per address: drawing puzzles is the cheapest way to load the server. */
  async puzzle(address: string) {
    await this.deps.limiter.hit(`tncode:ip:${address}`, {
      max: this.deps.puzzlesPerMinute,
      windowMs: PUZZLE_WINDOW_MS,
    });
    return this.deps.puzzles.create();
  }

  async login(input: z.output<typeof loginInput>, address: string): Promise<LoginDatas> {
    const { repo, puzzles, sessions, limiter, clock } = this.deps;
    const addressKey = `login:fail:ip:${address}`;
    const clientKey = `login:fail:user:${input.username.toLowerCase()}:${address}`;
    // Both attempts are taken before anything is checked (RateLimiter.reserve): a burst of
    // simultaneous tries gets at most the limit's worth of password checks, across processes too.
    const perAddress = await limiter.reserve(addressKey, LOGIN_LIMITS.perAddress);
    const perClient = await limiter
      .reserve(clientKey, LOGIN_LIMITS.perClientAndUsername)
      .catch(async (err: unknown) => {
        await limiter.release(perAddress);
        throw err;
      });
    // The puzzle is used up whatever happens next, so a wrong password cannot be retried without a new
    // one. A failed puzzle counts against the address only: no password was tried.
    await puzzles.verify(input.uniqid, input.tn_r).catch(async (err: unknown) => {
      await limiter.release(perClient);
      throw err;
    });

    const user = await repo.findUserByUsername(input.username);
    // Unknown users cost one scrypt too, and both failures answer the same: no telling who exists.
    // A failure keeps both attempts it took.
    const matches = await verifyPassword(input.password, user?.password_hash ?? (await dummy()));
    if (!user || !matches) throw new AppError(ErrCode.LOGIN_FAILED);
    // The password was right: not a failure, whatever comes next.
    await limiter.release(perAddress);
    await limiter.reset(clientKey);
    // Only someone who knows the password learns that the account is disabled.
    if (user.disabled) throw new AppError(ErrCode.ACCOUNT_DISABLED);

    const token = await sessions.open(user.user_id);
    await repo.recordLogin(user.user_id, clock.now());
    return { ...toUserDatas(user), token };
  }
}
