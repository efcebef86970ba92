import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { ErrCode } from '#contract/errcodes.ts';
import { roleSchema } from '#contract/schemas/role.ts';
import type {
  BindingPhoneDatas,
  SendSmsDatas,
  UserCenter,
  bindingPhoneInput,
  editPasswordInput,
  editPasswordSmsInput,
  sendSmsInput,
} from '#contract/schemas/account.ts';
import type { Database } from '#server/db/schema.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { Clock } from '#server/lib/clock.ts';
import { hashPassword, hashToken, verifyPassword } from '#server/lib/secrets.ts';
import type { AuthUser, SessionService } from '#server/modules/auth/session-service.ts';
import type { RateLimiter } from '#server/http/rate-limit.ts';
import { maskPhone } from '#server/lib/mask-phone.ts';
import { AccountRepository } from './repository.ts';
import type { SmsCodeService } from './sms-code-service.ts';

/** Wrong old passwords on edit_password, per user (like sign-in's per client and username). */
export const EDIT_PASSWORD_LIMIT = { max: 10, windowMs: 15 * 60_000 };

/** The caller's own account: personal center, passwords, SMS codes and phone. */
export class AccountService {
  private readonly db: Kysely<Database>;
  private readonly sessions: SessionService;
  private readonly sms: SmsCodeService;
  private readonly clock: Clock;
  private readonly limiter: RateLimiter;
  private readonly otherSessionsEnded: ((userId: number, keptSessionHash: string) => void) | undefined;
  constructor(deps: {
    db: Kysely<Database>;
    sessions: SessionService;
    sms: SmsCodeService;
    clock: Clock;
    limiter: RateLimiter;
    /** The user's other sessions were signed out (password changed): end their sockets. */
    otherSessionsEnded?: (userId: number, keptSessionHash: string) => void;
  }) {
    this.otherSessionsEnded = deps.otherSessionsEnded;
    this.db = deps.db;
    this.sessions = deps.sessions;
    this.sms = deps.sms;
    this.clock = deps.clock;
    this.limiter = deps.limiter;
  }

  userCenter(u: AuthUser): UserCenter {
    const vipActive = u.vip_end_time * 1000 > this.clock.now();
    return {
      user_id: u.user_id,
      username: u.username,
      real_name: u.real_name,
      avatar: u.avatar,
      phone_number: maskPhone(u.phone_number),
      wx_bound: u.wx_openid !== '',
      // The level bought with a package counts while the VIP runs.
      vip_level: vipActive ? u.vip_level : 0,
      vip_end_time: u.vip_end_time,
      integral: u.integral,
      // Points held by check orders whose jobs have not finished (the ledger's frozen amount).
      frozen_integral: Number(u.frozen),
      account_id: u.account_id,
      account_name: u.account_name,
      role: roleSchema.parse(u.role),
    };
  }

  /** Sets the password and signs out the user's other sessions, in one transaction. */
  private async replacePassword(u: AuthUser, token: string, newPassword: string): Promise<void> {
    const passwordHash = await hashPassword(newPassword);
    const now = this.clock.now();
    await this.db.transaction().execute(async (trx) => {
      const repo = new AccountRepository(trx);
      await repo.setPassword(u.user_id, passwordHash);
      await repo.revokeOtherSessions(u.user_id, hashToken(token), now);
    });
    this.otherSessionsEnded?.(u.user_id, hashToken(token));
  }

  async editPassword(u: AuthUser, token: string, input: z.output<typeof editPasswordInput>): Promise<null> {
    // A stolen session must not become a password oracle: wrong old passwords are limited per user.
    const key = `edit_password:fail:user:${u.user_id}`;
    // The attempt is taken before the check (RateLimiter.reserve), so simultaneous tries cannot all be
    // checked; a wrong one keeps it, the right one clears the key.
    await this.limiter.reserve(key, EDIT_PASSWORD_LIMIT);
    const row = await new AccountRepository(this.db).passwordHashOf(u.user_id);
    if (!row || !(await verifyPassword(input.old_password, row.password_hash)))
      throw new AppError(ErrCode.WRONG_OLD_PASSWORD);
    await this.limiter.reset(key);
    await this.replacePassword(u, token, input.new_password);
    return null;
  }

  /**
   * sendsms is public in the contract, but its signed-in purposes need the token: edit_password
   * (to the caller's bound phone) and binding_phone (the caller's new phone). The signed-out ones:
   * register (a phone bound to nobody) and reset_password (see below); login is reserved, not open yet.
   */
  async sendSms(
    token: string | undefined,
    input: z.output<typeof sendSmsInput>,
    address: string,
  ): Promise<SendSmsDatas> {
    // Without a provider every purpose is refused alike, before any check that could tell something.
    this.sms.configured();
    const repo = new AccountRepository(this.db);
    if (input.purpose === 'login') throw new AppError(ErrCode.NOT_IMPLEMENTED);
    if (input.purpose === 'register')
      // As for binding: a taken phone is only told after the limits counted the call.
      return this.sms.send(input.phone, input.purpose, null, address, async () => {
        if (await repo.phoneOwner(input.phone)) throw new AppError(ErrCode.PHONE_TAKEN);
      });
    if (input.purpose === 'reset_password')
      // Not to reveal which phones are registered, the answer (and the limits) are the same whether
      // the phone is bound or not: a code is only stored and sent when it is bound to an enabled user.
      return this.sms.sendQuietly(
        input.phone,
        input.purpose,
        address,
        async () => (await repo.enabledUserByPhone(input.phone)) !== undefined,
      );
    const u = await this.sessions.require(token);
    if (input.purpose === 'edit_password') {
      if (!u.phone_number) throw new AppError(ErrCode.PHONE_NOT_BOUND);
      if (u.phone_number !== input.phone) throw new AppError(ErrCode.PHONE_MISMATCH);
      return this.sms.send(input.phone, input.purpose, u.user_id, address);
    }
    // Whether a phone is taken is only told after the limits counted the call (no cheap probing).
    return this.sms.send(input.phone, input.purpose, u.user_id, address, async () => {
      if (await repo.phoneOwnedByOther(input.phone, u.user_id)) throw new AppError(ErrCode.PHONE_TAKEN);
    });
  }

  async editPasswordSms(
    u: AuthUser,
    token: string,
    input: z.output<typeof editPasswordSmsInput>,
  ): Promise<null> {
    if (!u.phone_number) throw new AppError(ErrCode.PHONE_NOT_BOUND);
    await this.sms.verify(u.phone_number, 'edit_password', u.user_id, input.code);
    await this.replacePassword(u, token, input.new_password);
    return null;
  }

  async bindingPhone(u: AuthUser, input: z.output<typeof bindingPhoneInput>): Promise<BindingPhoneDatas> {
    const repo = new AccountRepository(this.db);
    if (await repo.phoneOwnedByOther(input.phone, u.user_id)) throw new AppError(ErrCode.PHONE_TAKEN);
    await this.sms.verify(input.phone, 'binding_phone', u.user_id, input.code);
    await this.db.transaction().execute(async (trx) => {
      const r = new AccountRepository(trx);
      if (await r.phoneOwnedByOther(input.phone, u.user_id)) throw new AppError(ErrCode.PHONE_TAKEN);
      await r.setPhone(u.user_id, input.phone);
    });
    return { phone_number: maskPhone(input.phone) };
  }
}
