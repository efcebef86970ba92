import { ErrCode } from '#contract/errcodes.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { Clock } from '#server/lib/clock.ts';
import { hashToken, newToken } from '#server/lib/secrets.ts';
import type { AuthRepository, UserWithAccount } from './repository.ts';

/** Who is calling: resolved once per request from the token. */
export type AuthUser = UserWithAccount;

export class SessionService {
  private readonly repo: AuthRepository;
  private readonly clock: Clock;
  private readonly ttlMs: number;
  constructor(repo: AuthRepository, clock: Clock, ttlMs: number) {
    this.repo = repo;
    this.clock = clock;
    this.ttlMs = ttlMs;
  }

  async open(userId: number): Promise<string> {
    const token = newToken();
    const now = this.clock.now();
    await this.repo.insertSession(hashToken(token), userId, now, now + this.ttlMs);
    return token;
  }

  /** The live session's user, or SESSION_EXPIRED (1002) for a missing, expired, revoked or disabled one. */
  async require(token: string | undefined): Promise<AuthUser> {
    if (!token) throw new AppError(ErrCode.SESSION_EXPIRED);
    const user = await this.repo.findLiveSessionUser(hashToken(token), this.clock.now());
    if (!user) throw new AppError(ErrCode.SESSION_EXPIRED);
    return user;
  }

  async close(token: string): Promise<void> {
    await this.repo.revokeSession(hashToken(token), this.clock.now());
  }
}
