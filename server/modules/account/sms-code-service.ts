import { randomBytes, randomInt } from 'node:crypto';
import { ErrCode, type ErrCodeValue } from '#contract/errcodes.ts';
import type { SendSmsDatas, SmsPurpose } from '#contract/schemas/account.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { Clock } from '#server/lib/clock.ts';
import type { RateLimiter, Reservation } from '#server/http/rate-limit.ts';
import type { SmsSetup } from '#server/providers/sms/index.ts';
import { SmsSendError } from '#server/providers/sms/provider.ts';
import type { AccountRepository } from './repository.ts';
import { codeMatches, hashCode } from './sms-code-hash.ts';

const HOUR = 3600_000;
export const SMS_RULES = {
  ttlMs: 5 * 60_000,
  /** Per phone and purpose, between two sends. */
  cooldownMs: 60_000,
  maxWrongTries: 5,
  perPhone: { max: 10, windowMs: HOUR },
  perAddress: { max: 30, windowMs: HOUR },
};

const PURPOSE_TEXT: Record<SmsPurpose, string> = {
  edit_password: '修改密码',
  binding_phone: '绑定手机',
  reset_password: '找回密码',
  login: '登录',
  register: '注册',
};

/** What the provider's refusal tells the caller: slow down, another number, or try later. */
const SEND_ERRORS: Record<SmsSendError['kind'], ErrCodeValue> = {
  throttled: ErrCode.SMS_PROVIDER_THROTTLED,
  refused: ErrCode.SMS_PHONE_REFUSED,
  failed: ErrCode.SMS_SEND_FAILED,
};

/** Where a provider's refusal is written for the operator (app.log): its reason, never the phone or code. */
export interface SmsFailureLog {
  warn(obj: object, msg: string): void;
}

/** 6-digit SMS codes: stored hashed, 5 minutes, single use, 5 wrong tries, 60 s between sends. */
export class SmsCodeService {
  private readonly repo: AccountRepository;
  /** null: no provider (production without SMS_PROVIDER): every send answers SMS_NOT_CONFIGURED. */
  private readonly sms: SmsSetup | null;
  private readonly limiter: RateLimiter;
  private readonly clock: Clock;
  private readonly log: SmsFailureLog;
  constructor(deps: {
    repo: AccountRepository;
    sms: SmsSetup | null;
    limiter: RateLimiter;
    clock: Clock;
    log: SmsFailureLog;
  }) {
    this.repo = deps.repo;
    this.sms = deps.sms;
    this.limiter = deps.limiter;
    this.clock = deps.clock;
    this.log = deps.log;
  }

  /**
   * Throws SMS_NOT_CONFIGURED when no provider is configured, before anything is counted, stored
   * or sent; otherwise answers the provider and its template for `purpose`.
   */
  configured(purpose?: SmsPurpose): { setup: SmsSetup; templateId: string } {
    const templateId = purpose ? this.sms?.templates[purpose] : '';
    if (!this.sms || templateId === undefined) throw new AppError(ErrCode.SMS_NOT_CONFIGURED);
    return { setup: this.sms, templateId };
  }

  /**
   * The 60 s between two sends to one phone for one purpose, as a limiter key of one per window: taken
   * atomically before anything is sent, so simultaneous sends cannot all pass a "last code too fresh?"
   * read (issue 25). Shared by send() and sendQuietly(), so both answer alike.
   */
  private takeCooldown(phone: string, purpose: SmsPurpose): Promise<Reservation> {
    return this.limiter.reserve(`sms:cooldown:${purpose}:${phone}`, {
      max: 1,
      windowMs: SMS_RULES.cooldownMs,
    });
  }

  /** Rate limits (cooldown, per phone, per address), then a new code, then the message. */
  async send(
    phone: string,
    purpose: SmsPurpose,
    userId: number | null,
    address: string,
    /** Checks of the caller's own (a phone taken, say), run once the limits have counted the call. */
    precheck?: () => Promise<void>,
  ): Promise<SendSmsDatas> {
    const { setup, templateId } = this.configured(purpose);
    const cooldown = await this.takeCooldown(phone, purpose);
    try {
      await this.limiter.hit(`sms:ip:${address}`, SMS_RULES.perAddress);
      await this.limiter.hit(`sms:phone:${phone}`, SMS_RULES.perPhone);
      await precheck?.();
    } catch (err) {
      // Nothing was sent: no cooldown for it.
      await this.limiter.release(cooldown);
      throw err;
    }
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const salt = randomBytes(12).toString('base64url');
    const now = this.clock.now();
    const id = await this.repo.insertCode({
      phone,
      purpose,
      user_id: userId,
      code_hash: `${salt}$${hashCode(code, salt)}`,
      created_at: now,
      expires_at: now + SMS_RULES.ttlMs,
    });
    const text = `【RepairOps】您的${PURPOSE_TEXT[purpose]}验证码为 ${code}，${SMS_RULES.ttlMs / 60_000} 分钟内有效，请勿告诉他人。`;
    try {
      // The template's one variable is the code; the text above is what the sandbox shows.
      await setup.provider.send({ phone, templateId, params: { code }, preview: text });
    } catch (err) {
      // Nothing was sent: no cooldown for a code nobody received.
      await this.repo.deleteCode(id);
      await this.limiter.release(cooldown);
      if (!(err instanceof SmsSendError)) throw err;
      this.log.warn(
        { sms: { provider: setup.provider.name, purpose, kind: err.kind }, reason: err.message },
        'SMS provider did not send',
      );
      throw new AppError(SEND_ERRORS[err.kind]);
    }
    await this.repo.deleteCodesExpiredBefore(now - 24 * HOUR);
    return this.answer();
  }

  /**
   * sendsms for a signed-out purpose whose answer must not tell whether the phone is registered
   * (reset_password): the same limits, counted the same way, and the same answer whatever `deliver`
   * decides; but a code is only stored and sent when it answers true. Where no code is stored the
   * same cooldown key is taken all the same, so a second try within 60 s is
   * refused alike in both cases. (The provider's latency is the one difference left.)
   */
  async sendQuietly(
    phone: string,
    purpose: SmsPurpose,
    address: string,
    deliver: () => Promise<boolean>,
  ): Promise<SendSmsDatas> {
    this.configured(purpose);
    if (await deliver()) return this.send(phone, purpose, null, address);
    await this.takeCooldown(phone, purpose);
    await this.limiter.hit(`sms:ip:${address}`, SMS_RULES.perAddress);
    await this.limiter.hit(`sms:phone:${phone}`, SMS_RULES.perPhone);
    return this.answer();
  }

  private answer(): SendSmsDatas {
    return {
      cooldown: SMS_RULES.cooldownMs / 1000,
      expires_in: SMS_RULES.ttlMs / 1000,
      sandbox: this.sms?.provider.sandbox ?? false,
    };
  }

  /**
   * Checks and uses up the latest code sent to phone for purpose (and, when given, asked for by
   * userId; the signed-out purposes pass null: their codes are keyed by phone and purpose only).
   * Throws SMS_CODE_WRONG / _EXPIRED / _USED / _BURNT.
   */
  async verify(phone: string, purpose: SmsPurpose, userId: number | null, code: string): Promise<void> {
    const now = this.clock.now();
    const row = await this.repo.latestCode(phone, purpose);
    if (!row || (userId !== null && row.user_id !== userId)) throw new AppError(ErrCode.SMS_CODE_WRONG);
    if (row.used_at !== null)
      throw new AppError(
        row.attempts >= SMS_RULES.maxWrongTries ? ErrCode.SMS_CODE_BURNT : ErrCode.SMS_CODE_USED,
      );
    if (row.expires_at <= now) throw new AppError(ErrCode.SMS_CODE_EXPIRED);
    // The try is taken before the comparison: simultaneous guesses cannot all be compared.
    const tries = await this.repo.takeTry(row.id, SMS_RULES.maxWrongTries);
    if (tries === undefined) {
      // Used meanwhile, or every try is taken (burnt, or held by guesses being compared right now).
      const state = await this.repo.codeState(row.id);
      throw new AppError(
        state && state.attempts >= SMS_RULES.maxWrongTries ? ErrCode.SMS_CODE_BURNT : ErrCode.SMS_CODE_USED,
      );
    }
    if (!codeMatches(code, row.code_hash)) {
      if (tries >= SMS_RULES.maxWrongTries) await this.repo.burnCode(row.id, now);
      const triesLeft = SMS_RULES.maxWrongTries - tries;
      throw new AppError(ErrCode.SMS_CODE_WRONG, `验证码错误，还可尝试 ${triesLeft} 次`, {
        tries_left: triesLeft,
      });
    }
    if (!(await this.repo.consumeCode(row.id, now))) throw new AppError(ErrCode.SMS_CODE_USED);
  }
}
