import type { LoginDatas } from '#contract/schemas/auth.ts';
import type { z } from 'zod';
import type { loginInput } from '#contract/schemas/auth.ts';
import { ErrCode } from '#contract/errcodes.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { Clock } from '#server/lib/clock.ts';
import { verifyPassword } from '#server/lib/secrets.ts';
import type { RateLimiter } from '#server/plugins/rate-limit.ts';
import type { AuthRepository } from './repository.ts';
import type { PuzzleService } from './puzzle-service.ts';
import type { SessionService } from './session-service.ts';
import { toUserDatas } from './user-datas.ts';

const FIFTEEN_MINUTES = 15 * 60_000;
/** Per address: a shop behind one NAT signs in many staff; per username: guessing one password. */
export const LOGIN_LIMITS = {
  perAddress: { max: 30, windowMs: FIFTEEN_MINUTES },
  perUsername: { max: 10, windowMs: FIFTEEN_MINUTES },
};

export class LoginService {
  private readonly deps: {
    repo: AuthRepository;
    puzzles: PuzzleService;
    sessions: SessionService;
    limiter: RateLimiter;
    clock: Clock;
  };
  constructor(deps: LoginService['deps']) {
    this.deps = deps;
  }

  async login(input: z.output<typeof loginInput>, address: string): Promise<LoginDatas> {
    const { repo, puzzles, sessions, limiter, clock } = this.deps;
    const usernameKey = `login:user:${input.username.toLowerCase()}`;
    await limiter.hit(`login:ip:${address}`, LOGIN_LIMITS.perAddress);
    // The puzzle is used up whatever happens next, so a wrong password cannot be retried without a new
    // one. It is checked before the username counts an attempt: made-up puzzles cannot lock a user out.
    await puzzles.verify(input.uniqid, input.tn_r);
    await limiter.hit(usernameKey, LOGIN_LIMITS.perUsername);

    const user = await repo.findUserByUsername(input.username);
    if (!user) throw new AppError(ErrCode.LOGIN_UNKNOWN_USER);
    if (!(await verifyPassword(input.password, user.password_hash)))
      throw new AppError(ErrCode.LOGIN_WRONG_PASSWORD);
    if (user.disabled) throw new AppError(ErrCode.ACCOUNT_DISABLED);

    await limiter.reset(usernameKey);
    const token = await sessions.open(user.user_id);
    await repo.recordLogin(user.user_id, clock.now());
    return { ...toUserDatas(user), token };
  }
}
