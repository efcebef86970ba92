import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { ErrCode } from '#contract/errcodes.ts';
import { Role } from '#contract/roles.ts';
import type { resetPasswordInput } from '#contract/schemas/account.ts';
import type { registerInput } from '#contract/schemas/signup.ts';
import type { LoginDatas } from '#contract/schemas/auth.ts';
import type { Database } from '#server/db/schema.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { Clock } from '#server/lib/clock.ts';
import { hashPassword } from '#server/lib/secrets.ts';
import type { RateLimiter } from '#server/http/rate-limit.ts';
import type { AuthRepository } from '#server/modules/auth/repository.ts';
import type { SessionService } from '#server/modules/auth/session-service.ts';
import { toUserDatas } from '#server/modules/auth/user-datas.ts';
import { TeamRepository } from '#server/modules/team/repository.ts';
import { isUniqueViolation, type TeamNotifier } from '#server/modules/team/team-service.ts';
import { AccountRepository } from './repository.ts';
import type { SmsCodeService } from './sms-code-service.ts';

/** Per address: sign-ups (each needs an SMS code as well, which has limits of its own). */
export const REGISTER_LIMITS = {
  perAddress: { max: 10, windowMs: 3600_000 },
};

/** The signed-out calls: a new shop's sign-up (register) and the forgotten password (reset_password). */
export class SignupService {
  private readonly deps: {
    db: Kysely<Database>;
    auth: AuthRepository;
    sessions: SessionService;
    sms: SmsCodeService;
    limiter: RateLimiter;
    clock: Clock;
    notify: Pick<TeamNotifier, 'sessionEnded'>;
  };
  constructor(deps: SignupService['deps']) {
    this.deps = deps;
  }

  /**
   * A new account (the shop) and its first Admin, in one transaction; answers the login datas of a
   * new session. Username and phone are checked before the code, so a taken one does not use it up.
   */
  async register(input: z.output<typeof registerInput>, address: string): Promise<LoginDatas> {
    const { db, auth, sessions, sms, limiter, clock } = this.deps;
    await limiter.hit(`register:ip:${address}`, REGISTER_LIMITS.perAddress);
    const team = new TeamRepository(db);
    if (await team.usernameExists(input.username)) throw new AppError(ErrCode.USERNAME_TAKEN);
    if (await new AccountRepository(db).phoneOwner(input.phone)) throw new AppError(ErrCode.PHONE_TAKEN);
    await sms.verify(input.phone, 'register', null, input.code);
    // Hashing takes ~100 ms: before the transaction, which holds the (SQLite) connection.
    const passwordHash = await hashPassword(input.password);
    const now = clock.now();
    let userId: number;
    try {
      userId = await db.transaction().execute(async (trx) => {
        const t = new TeamRepository(trx);
        const a = new AccountRepository(trx);
        // Again inside the transaction: another sign-up or an Admin may have taken them meanwhile.
        if (await t.usernameExists(input.username)) throw new AppError(ErrCode.USERNAME_TAKEN);
        if (await a.phoneOwner(input.phone)) throw new AppError(ErrCode.PHONE_TAKEN);
        const accountId = await a.insertAccount(input.shop_name, now);
        return t.insertUser({
          account_id: accountId,
          username: input.username,
          password_hash: passwordHash,
          real_name: input.full_name,
          avatar: '',
          role: Role.Admin,
          phone_number: input.phone,
          wx_openid: '',
          email: input.email,
          disabled: 0,
          created_at: now,
          last_login_at: null,
        });
      });
    } catch (err) {
      // Two sign-ups with the same username at once: the unique index decides.
      if (isUniqueViolation(err)) throw new AppError(ErrCode.USERNAME_TAKEN);
      throw err;
    }
    const token = await sessions.open(userId);
    await auth.recordLogin(userId, clock.now());
    const user = await auth.findUserById(userId);
    return { ...toUserDatas(user!), token };
  }

  /**
   * Sets a new password for the enabled user bound to the phone, proven by a reset_password code,
   * and ends every session of that user. No such user answers SMS_CODE_WRONG, as a wrong code does:
   * nothing tells whether the phone is registered.
   */
  async resetPassword(input: z.output<typeof resetPasswordInput>): Promise<{ username: string }> {
    const { db, sms, clock, notify } = this.deps;
    await sms.verify(input.phone, 'reset_password', null, input.code);
    const user = await new AccountRepository(db).enabledUserByPhone(input.phone);
    if (!user) throw new AppError(ErrCode.SMS_CODE_WRONG);
    const passwordHash = await hashPassword(input.new_password);
    const now = clock.now();
    await db.transaction().execute(async (trx) => {
      await new AccountRepository(trx).setPassword(user.id, passwordHash);
      await new TeamRepository(trx).revokeAllSessions(user.id, now);
    });
    notify.sessionEnded(user.id, 'password_changed');
    return { username: user.username };
  }
}
