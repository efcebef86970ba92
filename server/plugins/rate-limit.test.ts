import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ErrCode } from '#contract/errcodes.ts';
import { AppError } from '#server/lib/app-error.ts';
import { LOGIN_LIMITS } from '#server/modules/auth/login-service.ts';
import { DEMO_ADMIN, TEST_PUZZLE_X, createTestServer, type TestServer } from '#tests/setup/server-harness.ts';
import { RateLimiter } from './rate-limit.ts';

const LOGIN = '/api/login/login';
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
  it('are 10 per username and 30 per address per 15 minutes', () => {
    expect(LOGIN_LIMITS).toEqual({
      perAddress: { max: 30, windowMs: WINDOW },
      perUsername: { max: 10, windowMs: WINDOW },
    });
  });

  /** A sign-in attempt that never reaches password hashing: its puzzle does not exist (2007). */
  const attempt = (username: string, remoteAddress = '10.1.1.1') =>
    s.call(
      LOGIN,
      { username, password: 'guess', tn_r: TEST_PUZZLE_X, uniqid: 'no-such-puzzle' },
      { remoteAddress },
    );

  /** A solved puzzle with a wrong password: this is what the per-username limit counts. */
  const userAttempt = async (username: string, remoteAddress = '10.1.1.1') =>
    s.call(
      LOGIN,
      { username, password: 'guess-wrong1', tn_r: TEST_PUZZLE_X, uniqid: await s.puzzle() },
      { remoteAddress },
    );

  it('per username: made-up puzzles do not count, so nobody can lock a user out without solving puzzles', async () => {
    for (let i = 0; i < 20; i++)
      expect((await attempt('admin', `10.2.0.${i}`)).errcode).toBe(ErrCode.PUZZLE_UNKNOWN);
    expect((await userAttempt('admin')).errcode).toBe(ErrCode.LOGIN_WRONG_PASSWORD);
  });

  it('per username: the 11th attempt answers 1005 with the seconds to wait', async () => {
    for (let i = 1; i <= 10; i++)
      expect((await userAttempt('admin')).errcode, `attempt ${i}`).toBe(ErrCode.LOGIN_WRONG_PASSWORD);
    const limited = await userAttempt('admin');
    expect(limited.status).toBe(429);
    expect(limited.errcode).toBe(ErrCode.RATE_LIMITED);
    expect(limited.datas).toEqual({ retry_after_seconds: 900 });
    expect(limited.msg).toContain('900');
    s.clock.advance(60_000);
    const later = await userAttempt('admin');
    expect(later.datas).toEqual({ retry_after_seconds: 840 });
    expect(later.msg).toBe('操作过于频繁，请 840 秒后再试');
  });

  it('per username: case does not matter, other usernames are not affected', async () => {
    for (let i = 0; i < 10; i++) await userAttempt(i % 2 ? 'ADMIN' : 'admin');
    expect((await userAttempt('Admin')).errcode).toBe(ErrCode.RATE_LIMITED);
    expect((await userAttempt('editor')).errcode).toBe(ErrCode.LOGIN_WRONG_PASSWORD);
  });

  it('per username: a locked username cannot sign in even with the right password', async () => {
    for (let i = 0; i < 10; i++) await userAttempt('admin');
    const uniqid = await s.puzzle();
    const res = await s.call(
      LOGIN,
      { username: 'admin', password: DEMO_ADMIN.password, tn_r: TEST_PUZZLE_X, uniqid },
      { remoteAddress: '10.1.1.1' },
    );
    expect(res.errcode).toBe(ErrCode.RATE_LIMITED);
    const puzzle = await s.db
      .selectFrom('puzzles')
      .select('used_at')
      .where('id', '=', uniqid)
      .executeTakeFirstOrThrow();
    // The puzzle is checked (and used up) before the username counts: see the made-up puzzle test.
    expect(puzzle.used_at).not.toBeNull();
    expect(await s.db.selectFrom('sessions').selectAll().execute()).toHaveLength(0);
  });

  it('per username: works again once the 15-minute window has passed', async () => {
    for (let i = 0; i < 11; i++) await userAttempt('admin');
    s.clock.advance(WINDOW - 1000);
    const still = await userAttempt('admin');
    expect(still.errcode).toBe(ErrCode.RATE_LIMITED);
    expect(still.datas).toEqual({ retry_after_seconds: 1 });
    s.clock.advance(1000);
    expect((await userAttempt('admin')).errcode).toBe(ErrCode.LOGIN_WRONG_PASSWORD);
    // A whole new window: 9 more pass, the 11th of the window is refused again.
    for (let i = 0; i < 9; i++)
      expect((await userAttempt('admin')).errcode).toBe(ErrCode.LOGIN_WRONG_PASSWORD);
    expect((await userAttempt('admin')).errcode).toBe(ErrCode.RATE_LIMITED);
  });

  it('per username: a successful sign-in resets the counter', async () => {
    for (let i = 0; i < 9; i++) await userAttempt('admin');
    const uniqid = await s.puzzle();
    const ok = await s.call(
      LOGIN,
      { username: 'admin', password: DEMO_ADMIN.password, tn_r: TEST_PUZZLE_X, uniqid },
      { remoteAddress: '10.1.1.1' },
    );
    expect(ok.errcode).toBe(0); // the 10th attempt
    expect(
      await s.db.selectFrom('rate_limits').select('key').where('key', '=', 'login:user:admin').execute(),
    ).toEqual([]);
    for (let i = 1; i <= 10; i++)
      expect((await userAttempt('admin')).errcode, `attempt ${i}`).toBe(ErrCode.LOGIN_WRONG_PASSWORD);
    expect((await userAttempt('admin')).errcode).toBe(ErrCode.RATE_LIMITED);
  });

  it('per address: 30 attempts across usernames, then 1005; another address is not affected', async () => {
    for (let i = 0; i < 30; i++) {
      expect((await attempt(`user${i}`, '203.0.113.7')).errcode, `attempt ${i + 1}`).toBe(
        ErrCode.PUZZLE_UNKNOWN,
      );
    }
    const limited = await attempt('user30', '203.0.113.7');
    expect(limited.errcode).toBe(ErrCode.RATE_LIMITED);
    expect(limited.datas).toEqual({ retry_after_seconds: 900 });
    expect((await attempt('user30', '203.0.113.8')).errcode).toBe(ErrCode.PUZZLE_UNKNOWN);
    // Neither attempt reached the username's own limit (their puzzles were made up).
    const row = await s.db
      .selectFrom('rate_limits')
      .select('count')
      .where('key', '=', 'login:user:user30')
      .executeTakeFirst();
    expect(row).toBeUndefined();
    s.clock.advance(WINDOW);
    expect((await attempt('user31', '203.0.113.7')).errcode).toBe(ErrCode.PUZZLE_UNKNOWN);
  });

  it('per address: a successful sign-in does not reset the address counter', async () => {
    for (let i = 0; i < 29; i++) await attempt(`user${i}`, '198.51.100.1');
    const uniqid = await s.puzzle();
    const ok = await s.call(
      LOGIN,
      { username: 'admin', password: DEMO_ADMIN.password, tn_r: TEST_PUZZLE_X, uniqid },
      { remoteAddress: '198.51.100.1' },
    );
    expect(ok.errcode).toBe(0);
    expect((await attempt('someone', '198.51.100.1')).errcode).toBe(ErrCode.RATE_LIMITED);
  });
});
