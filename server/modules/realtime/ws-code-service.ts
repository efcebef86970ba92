import { randomBytes } from 'node:crypto';
import type { Clock } from '#server/lib/clock.ts';
import { hashToken } from '#server/lib/secrets.ts';
import type { AuthRepository } from '#server/modules/auth/repository.ts';

const WS_CODE_TTL_MS = 10 * 60_000;

/**
 * Short-lived codes that open the socket (sent as auth_info). Short-lived because the PWA keeps the
 * code in local storage; when one has expired the socket is refused with 'invalid auth_info' and the
 * PWA asks for a new one.
 */
export class WsCodeService {
  private readonly repo: AuthRepository;
  private readonly clock: Clock;
  constructor(repo: AuthRepository, clock: Clock) {
    this.repo = repo;
    this.clock = clock;
  }

  /** A code for the session of `token`: it opens sockets only while that session lives. */
  async issue(userId: number, token: string): Promise<{ code: string; expires_in: number }> {
    const code = randomBytes(24).toString('base64url');
    const now = this.clock.now();
    await this.repo.insertWsCode(hashToken(code), userId, hashToken(token), now, now + WS_CODE_TTL_MS);
    await this.repo.deleteWsCodesExpiredBefore(now - 3600_000);
    return { code, expires_in: WS_CODE_TTL_MS / 1000 };
  }

  async resolve(code: string) {
    return this.repo.findWsCodeUser(hashToken(code), this.clock.now());
  }
}
