// Issue 25: every limit that guards a check (a password, an SMS code, a puzzle, a send) must hold when
// the tries come all at once. "Checked" is counted where the comparison runs: verifyPassword and
// codeMatches are wrapped by counting spies, so no timing is involved.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ErrCode } from '#contract/errcodes.ts';
import { connectDb } from '#server/db/connect.ts';
import { EDIT_PASSWORD_LIMIT } from '#server/modules/account/account-service.ts';
import { AccountRepository } from '#server/modules/account/repository.ts';
import { SMS_RULES } from '#server/modules/account/sms-code-service.ts';
import { LOGIN_LIMITS } from '#server/modules/auth/login-service.ts';
import { DEMO_ADMIN, TEST_PUZZLE_X, createTestServer, type TestServer } from '#tests/setup/server-harness.ts';
import type * as Secrets from '#server/lib/secrets.ts';
import type * as SmsCodeHash from '#server/modules/account/sms-code-hash.ts';
import { RateLimiter, type Reservation } from './rate-limit.ts';
import { endpoints } from '#contract/endpoints.ts';
import { callEndpoint } from '#tests/setup/call-endpoint.ts';

const counted = vi.hoisted(() => ({ passwords: 0, smsCodes: 0 }));
vi.mock('#server/lib/secrets.ts', async (importOriginal) => {
  const real = await importOriginal<typeof Secrets>();
  return {
    ...real,
    verifyPassword: (...args: Parameters<typeof real.verifyPassword>) => {
      counted.passwords++;
      return real.verifyPassword(...args);
    },
  };
});
vi.mock('#server/modules/account/sms-code-hash.ts', async (importOriginal) => {
  const real = await importOriginal<typeof SmsCodeHash>();
  return {
    ...real,
    codeMatches: (...args: Parameters<typeof real.codeMatches>) => {
      counted.smsCodes++;
      return real.codeMatches(...args);
    },
  };
});

const PHONE = '13812345678';
let s: TestServer;
beforeEach(async () => {
  s = await createTestServer();
  counted.passwords = 0;
  counted.smsCodes = 0;
});
afterEach(async () => {
  vi.restoreAllMocks();
  await s.close();
});

/**
 * A database a network away: every call reads the latest SMS code before any is counted (on SQLite in
 * the same process the calls would otherwise run one after the other and hide the race).
 */
function slowCodeReads(): void {
  const read = AccountRepository.prototype.latestCode;
  vi.spyOn(AccountRepository.prototype, 'latestCode').mockImplementation(async function (
    this: AccountRepository,
    ...args: Parameters<typeof read>
  ) {
    const row = await read.apply(this, args);
    await new Promise((r) => setTimeout(r, 20));
    return row;
  });
}

const tally = (codes: number[]) =>
  codes.reduce<Record<number, number>>((t, c) => ({ ...t, [c]: (t[c] ?? 0) + 1 }), {});

describe('limits that guard a check hold under concurrency', () => {
  it(
    '40 simultaneous wrong edit_password tries: at most 10 old passwords are checked',
    { timeout: 60_000 },
    async () => {
      const token = await s.session('editor');
      counted.passwords = 0;
      const res = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          callEndpoint(
            s,
            endpoints.editPassword,
            { old_password: `wrong-${i}`, new_password: 'brandnew2026' },
            { token },
          ),
        ),
      );
      expect(counted.passwords).toBe(EDIT_PASSWORD_LIMIT.max);
      expect(tally(res.map((r) => r.errcode))).toEqual({
        [ErrCode.WRONG_OLD_PASSWORD]: 10,
        [ErrCode.RATE_LIMITED]: 30,
      });
    },
  );

  it(
    '30 simultaneous wrong sign-ins on one username: at most 10 passwords are checked',
    { timeout: 60_000 },
    async () => {
      const uniqids = await Promise.all(Array.from({ length: 30 }, () => s.puzzle()));
      const res = await Promise.all(
        uniqids.map((uniqid, i) =>
          callEndpoint(s, endpoints.login, {
            username: 'admin',
            password: `guess-${i}`,
            tn_r: TEST_PUZZLE_X,
            uniqid,
          }),
        ),
      );
      expect(counted.passwords).toBe(LOGIN_LIMITS.perClientAndUsername.max);
      expect(tally(res.map((r) => r.errcode))).toEqual({
        [ErrCode.LOGIN_FAILED]: 10,
        [ErrCode.RATE_LIMITED]: 20,
      });
      // The owner elsewhere is not locked out, and a success there checks one more password.
      const elsewhere = await callEndpoint(
        s,
        endpoints.login,
        { username: 'admin', password: DEMO_ADMIN.password, tn_r: TEST_PUZZLE_X, uniqid: await s.puzzle() },
        { remoteAddress: '192.0.2.77' },
      );
      expect(elsewhere.errcode).toBe(0);
    },
  );

  // Thirty scrypt checks: slow on a loaded machine.
  it(
    '40 simultaneous wrong sign-ins on 40 usernames from one address: at most 30 checked',
    { timeout: 90_000 },
    async () => {
      const uniqids = await Promise.all(Array.from({ length: 40 }, () => s.puzzle()));
      const res = await Promise.all(
        uniqids.map((uniqid, i) =>
          callEndpoint(s, endpoints.login, {
            username: `nobody${i}`,
            password: 'guess2026',
            tn_r: TEST_PUZZLE_X,
            uniqid,
          }),
        ),
      );
      expect(counted.passwords).toBe(LOGIN_LIMITS.perAddress.max);
      expect(res.filter((r) => r.errcode === ErrCode.RATE_LIMITED)).toHaveLength(10);
    },
  );

  it('one puzzle sent with 20 simultaneous sign-ins: only one gets to the password', async () => {
    const uniqid = await s.puzzle();
    const res = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        callEndpoint(
          s,
          endpoints.login,
          { username: 'admin', password: `guess-${i}`, tn_r: TEST_PUZZLE_X, uniqid },
          { remoteAddress: `192.0.2.${i + 1}` },
        ),
      ),
    );
    expect(counted.passwords).toBe(1);
    expect(tally(res.map((r) => r.errcode))).toEqual({
      [ErrCode.LOGIN_FAILED]: 1,
      [ErrCode.PUZZLE_USED]: 19,
    });
  });

  it('30 simultaneous wrong SMS codes: at most 5 are compared, then the code is burnt', async () => {
    await s.db.updateTable('users').set({ phone_number: PHONE }).where('username', '=', 'editor').execute();
    const token = await s.session('editor');
    expect(
      (await callEndpoint(s, endpoints.sendSms, { phone: PHONE, purpose: 'edit_password' }, { token }))
        .errcode,
    ).toBe(0);
    const code = await s.lastSmsCode(PHONE);
    const wrong = (i: number) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');
    slowCodeReads();
    const res = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        callEndpoint(s, endpoints.editPasswordSms, { code: wrong(i), new_password: 'bysms2026' }, { token }),
      ),
    );
    expect(counted.smsCodes).toBe(SMS_RULES.maxWrongTries);
    const codes = tally(res.map((r) => r.errcode));
    expect(codes[ErrCode.SMS_CODE_WRONG]).toBe(5);
    expect((codes[ErrCode.SMS_CODE_BURNT] ?? 0) + (codes[ErrCode.SMS_CODE_USED] ?? 0)).toBe(25);
    // Burnt: the right code is refused too, and compared no more.
    const right = await callEndpoint(
      s,
      endpoints.editPasswordSms,
      { code, new_password: 'bysms2026' },
      { token },
    );
    expect(right.errcode).toBe(ErrCode.SMS_CODE_BURNT);
    expect(counted.smsCodes).toBe(SMS_RULES.maxWrongTries);
  });

  it('the right SMS code on its last try is used, not burnt', async () => {
    await s.db.updateTable('users').set({ phone_number: PHONE }).where('username', '=', 'editor').execute();
    const token = await s.session('editor');
    await callEndpoint(s, endpoints.sendSms, { phone: PHONE, purpose: 'edit_password' }, { token });
    const code = await s.lastSmsCode(PHONE);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < SMS_RULES.maxWrongTries - 1; i++)
      await callEndpoint(s, endpoints.editPasswordSms, { code: wrong, new_password: 'bysms2026' }, { token });
    const body = { code, new_password: 'bysms2026' };
    expect((await callEndpoint(s, endpoints.editPasswordSms, body, { token })).errcode).toBe(0);
    expect((await callEndpoint(s, endpoints.editPasswordSms, body, { token })).errcode).toBe(
      ErrCode.SMS_CODE_USED,
    );
  });

  it('10 simultaneous sendsms to one phone: one code is sent, nine wait out the cooldown', async () => {
    slowCodeReads();
    const res = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        callEndpoint(
          s,
          endpoints.sendSms,
          { phone: PHONE, purpose: 'register' },
          { remoteAddress: `192.0.2.${i + 1}` },
        ),
      ),
    );
    expect(tally(res.map((r) => r.errcode))).toEqual({ 0: 1, [ErrCode.RATE_LIMITED]: 9 });
    const codes = await s.db.selectFrom('sms_codes').select('id').where('phone', '=', PHONE).execute();
    expect(codes).toHaveLength(1);
  });
});

describe('RateLimiter.reserve across two database handles (two processes)', () => {
  it('40 simultaneous reservations of a limit of 10 through two connections: 10 held', async () => {
    const other = connectDb(s.config.databaseUrl);
    try {
      const a = new RateLimiter(s.db, s.clock);
      const b = new RateLimiter(other.db, s.clock);
      const limit = { max: 10, windowMs: 60_000 };
      const results = await Promise.allSettled(
        Array.from({ length: 40 }, (_, i) => (i % 2 ? a : b).reserve('two-processes', limit)),
      );
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
      // Refused calls handed their attempt back: the window holds exactly the ten taken.
      const row = await s.db
        .selectFrom('rate_limits')
        .selectAll()
        .where('key', '=', 'two-processes')
        .executeTakeFirst();
      expect(row?.count).toBe(10);
      // A passed check gives its attempt back: one more may be taken, no more.
      const held = results.find((r) => r.status === 'fulfilled');
      await a.release((held as PromiseFulfilledResult<Reservation>).value);
      await expect(b.reserve('two-processes', limit)).resolves.toBeTruthy();
      await expect(a.reserve('two-processes', limit)).rejects.toMatchObject({
        errcode: ErrCode.RATE_LIMITED,
      });
    } finally {
      await other.db.destroy();
    }
  });

  // hit() guards tncode, register, OCR, WeChat polls and payment queries: the same atomic upsert.
  it('30 simultaneous hits of a limit of 5 through two connections: 5 pass', async () => {
    const other = connectDb(s.config.databaseUrl);
    try {
      const limiters = [new RateLimiter(s.db, s.clock), new RateLimiter(other.db, s.clock)];
      const results = await Promise.allSettled(
        Array.from({ length: 30 }, (_, i) =>
          limiters[i % 2]!.hit('recharge-query:R1', { max: 5, windowMs: 2000 }),
        ),
      );
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
    } finally {
      await other.db.destroy();
    }
  });

  it('release() does not lower a window that began after the attempt was taken', async () => {
    const limiter = new RateLimiter(s.db, s.clock);
    const limit = { max: 1, windowMs: 1000 };
    const old = await limiter.reserve('rolled', limit);
    s.clock.advance(1000);
    await limiter.reserve('rolled', limit);
    await limiter.release(old);
    await expect(limiter.reserve('rolled', limit)).rejects.toMatchObject({ errcode: ErrCode.RATE_LIMITED });
  });
});
