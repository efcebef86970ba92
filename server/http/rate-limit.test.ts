import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { endpoints } from '#contract/endpoints.ts';
import { ErrCode } from '#contract/errcodes.ts';
import { AppError } from '#server/lib/app-error.ts';
import { LOGIN_LIMITS } from '#server/modules/auth/login-service.ts';
import { DEMO_ADMIN, TEST_PUZZLE_X, createTestServer, type TestServer } from '#tests/setup/server-harness.ts';
import { RateLimiter } from './rate-limit.ts';

const LOGIN = endpoints.login.path;
const WINDOW = 15 * 60_000;

let s: TestServer;
beforeEach(async () => {
  s = await createTestServer();
});
afterEach(async () => {
  await s.close();
});

/** The AppError a hit throws, or null when it passes. */
async function hitResult(limiter: RateLimiter, key: string, max: number, windowMs: number) {
  try {
    await limiter.hit(key, { max, windowMs });
    return null;
  } catch (err) {
    expect(err).toBeInstanceOf(AppError);
    return err as AppError;
  }
}

describe('RateLimiter', () => {
  it('allows max hits per window, then throws RATE_LIMITED with the seconds left', async () => {
    const limiter = new RateLimiter(s.db, s.clock);
    for (let i = 0; i < 5; i++) expect(await hitResult(limiter, 'k', 5, 300_000), `hit ${i + 1}`).toBeNull();
    s.clock.advance(61_000);
    const err = await hitResult(limiter, 'k', 5, 300_000);
    expect(err?.errcode).toBe(ErrCode.RATE_LIMITED);
    expect(err?.datas).toEqual({ retry_after_seconds: 239 });
    expect(err?.message).toBe('操作过于频繁，请 239 秒后再试');
  });

  it('keeps refusing until the window ends, then starts a new window', async () => {
    const limiter = new RateLimiter(s.db, s.clock);
    for (let i = 0; i < 3; i++) await hitResult(limiter, 'k', 2, 10_000);
    s.clock.advance(9_999);
    const last = await hitResult(limiter, 'k', 2, 10_000);
    expect(last?.datas).toEqual({ retry_after_seconds: 1 }); // never 0
    s.clock.advance(1);
    expect(await hitResult(limiter, 'k', 2, 10_000)).toBeNull();
    expect(await hitResult(limiter, 'k', 2, 10_000)).toBeNull();
    expect((await hitResult(limiter, 'k', 2, 10_000))?.errcode).toBe(ErrCode.RATE_LIMITED);
    const row = await s.db.selectFrom('rate_limits').selectAll().executeTakeFirstOrThrow();
    expect(row).toEqual({ key: 'k', window_start: s.clock.now(), count: 3 });
  });

  it('counts each key on its own, and reset() forgets one key', async () => {
    const limiter = new RateLimiter(s.db, s.clock);
    for (let i = 0; i < 2; i++) {
      await hitResult(limiter, 'a', 2, 60_000);
      await hitResult(limiter, 'b', 2, 60_000);
    }
    expect((await hitResult(limiter, 'a', 2, 60_000))?.errcode).toBe(ErrCode.RATE_LIMITED);
    await limiter.reset('a');
    expect(await hitResult(limiter, 'a', 2, 60_000)).toBeNull();
    expect((await hitResult(limiter, 'b', 2, 60_000))?.errcode).toBe(ErrCode.RATE_LIMITED);
    await limiter.reset('never-hit');
  });

  it('lets exactly max of many concurrent hits through', async () => {
    const limiter = new RateLimiter(s.db, s.clock);
    const results = await Promise.all(
      Array.from({ length: 25 }, () => hitResult(limiter, 'burst', 10, 60_000)),
    );
    expect(results.filter((r) => r === null)).toHaveLength(10);
    expect(results.filter((r) => r?.errcode === ErrCode.RATE_LIMITED)).toHaveLength(15);
  });

  it('shares the counters through the database (two limiters, one count)', async () => {
    const a = new RateLimiter(s.db, s.clock);
    const b = new RateLimiter(s.db, s.clock);
    await hitResult(a, 'shared', 2, 60_000);
    await hitResult(b, 'shared', 2, 60_000);
    expect((await hitResult(a, 'shared', 2, 60_000))?.errcode).toBe(ErrCode.RATE_LIMITED);
  });
});

describe('login rate limits', () => {
  it('count failures: 30 per address and 10 per client and username per 15 minutes', () => {
    expect(LOGIN_LIMITS).toEqual({
      perAddress: { max: 30, windowMs: WINDOW },
      perClientAndUsername: { max: 10, windowMs: WINDOW },
    });
  });

  /** A sign-in attempt that never reaches password hashing: its puzzle does not exist (2007). */
  const attempt = (username: string, remoteAddress = '10.1.1.1') =>
    s.call(
      LOGIN,
      { username, password: 'guess', tn_r: TEST_PUZZLE_X, uniqid: 'no-such-puzzle' },
      { remoteAddress },
    );

  /** A solved puzzle with a wrong password. */
  const userAttempt = async (username: string, remoteAddress = '10.1.1.1') =>
    s.call(
      LOGIN,
      { username, password: 'guess-wrong1', tn_r: TEST_PUZZLE_X, uniqid: await s.puzzle() },
      { remoteAddress },
    );
  const rightPassword = async (remoteAddress: string, username = 'admin') =>
    s.call(
      LOGIN,
      { username, password: DEMO_ADMIN.password, tn_r: TEST_PUZZLE_X, uniqid: await s.puzzle() },
      { remoteAddress },
    );

  it('per client and username: the 11th attempt answers 1005 with the seconds to wait, also in Retry-After', async () => {
    for (let i = 1; i <= 10; i++)
      expect((await userAttempt('admin')).errcode, `attempt ${i}`).toBe(ErrCode.LOGIN_FAILED);
    const limited = await userAttempt('admin');
    expect(limited.status).toBe(429);
    expect(limited.errcode).toBe(ErrCode.RATE_LIMITED);
    expect(limited.datas).toEqual({ retry_after_seconds: 900 });
    expect(limited.headers['retry-after']).toBe('900');
    s.clock.advance(60_000);
    const later = await userAttempt('admin');
    expect(later.datas).toEqual({ retry_after_seconds: 840 });
    expect(later.headers['retry-after']).toBe('840');
    expect(later.msg).toBe('操作过于频繁，请 840 秒后再试');
  });

  it('no lockout by a stranger: guesses from another address do not stop the owner signing in', async () => {
    for (let i = 0; i < 12; i++) await userAttempt('admin', '203.0.113.66');
    expect((await userAttempt('admin', '203.0.113.66')).errcode).toBe(ErrCode.RATE_LIMITED);
    // The owner, at the shop's address, signs in as usual.
    expect((await rightPassword('192.0.2.10')).errcode).toBe(0);
  });

  it('case does not matter, and other usernames from the same client are not affected', async () => {
    for (let i = 0; i < 10; i++) await userAttempt(i % 2 ? 'ADMIN' : 'admin');
    expect((await userAttempt('Admin')).errcode).toBe(ErrCode.RATE_LIMITED);
    expect((await userAttempt('editor')).errcode).toBe(ErrCode.LOGIN_FAILED);
  });

  it('a throttled client is refused before its puzzle is used, and opens no session', async () => {
    for (let i = 0; i < 10; i++) await userAttempt('admin');
    const uniqid = await s.puzzle();
    const res = await s.call(
      LOGIN,
      { username: 'admin', password: DEMO_ADMIN.password, tn_r: TEST_PUZZLE_X, uniqid },
      { remoteAddress: '10.1.1.1' },
    );
    expect(res.errcode).toBe(ErrCode.RATE_LIMITED);
    expect(await s.db.selectFrom('sessions').selectAll().execute()).toHaveLength(0);
  });

  it('works again once the 15-minute window has passed', async () => {
    for (let i = 0; i < 11; i++) await userAttempt('admin');
    s.clock.advance(WINDOW - 1000);
    const still = await userAttempt('admin');
    expect(still.errcode).toBe(ErrCode.RATE_LIMITED);
    expect(still.datas).toEqual({ retry_after_seconds: 1 });
    s.clock.advance(1000);
    expect((await userAttempt('admin')).errcode).toBe(ErrCode.LOGIN_FAILED);
  });

  it('a successful sign-in resets the client and username counter', async () => {
    for (let i = 0; i < 9; i++) await userAttempt('admin');
    expect((await rightPassword('10.1.1.1')).errcode).toBe(0);
    for (let i = 1; i <= 10; i++)
      expect((await userAttempt('admin')).errcode, `attempt ${i}`).toBe(ErrCode.LOGIN_FAILED);
    expect((await userAttempt('admin')).errcode).toBe(ErrCode.RATE_LIMITED);
  });

  it('per address: 30 failures across usernames, then 1005; another address is not affected', async () => {
    for (let i = 0; i < 30; i++) {
      expect((await attempt(`user${i}`, '203.0.113.7')).errcode, `attempt ${i + 1}`).toBe(
        ErrCode.PUZZLE_UNKNOWN,
      );
    }
    const limited = await attempt('user30', '203.0.113.7');
    expect(limited.errcode).toBe(ErrCode.RATE_LIMITED);
    expect(limited.datas).toEqual({ retry_after_seconds: 900 });
    expect((await attempt('user30', '203.0.113.8')).errcode).toBe(ErrCode.PUZZLE_UNKNOWN);
    s.clock.advance(WINDOW);
    expect((await attempt('user31', '203.0.113.7')).errcode).toBe(ErrCode.PUZZLE_UNKNOWN);
  });

  it(
    'per address: successful sign-ins do not count (31 staff behind one address sign in)',
    { timeout: 60_000 },
    async () => {
      for (let i = 0; i < 31; i++)
        expect((await rightPassword('198.18.0.1')).errcode, `sign-in ${i + 1}`).toBe(0);
    },
  );
});

describe('tncode limit', () => {
  it('30 puzzles a minute per address, then 1005 with Retry-After; other addresses unaffected', async () => {
    const get = (remoteAddress: string) => s.call(endpoints.tncode.path, {}, { remoteAddress });
    for (let i = 0; i < 30; i++) expect((await get('203.0.113.9')).errcode, `puzzle ${i + 1}`).toBe(0);
    const limited = await get('203.0.113.9');
    expect([limited.status, limited.errcode, limited.headers['retry-after']]).toEqual([
      429,
      ErrCode.RATE_LIMITED,
      '60',
    ]);
    expect((await get('203.0.113.10')).errcode).toBe(0);
    s.clock.advance(60_000);
    expect((await get('203.0.113.9')).errcode).toBe(0);
  });
});
