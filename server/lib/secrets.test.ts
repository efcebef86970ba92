import { scryptSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { hashPassword, hashToken, newToken, setCheapHashesForTests, verifyPassword } from './secrets.ts';

const FORMAT = /^scrypt\$32768\$8\$1\$([A-Za-z0-9_-]{22})\$([A-Za-z0-9_-]{86})$/;

/** A stored hash made with other (cheap) parameters, as an older or newer server would write it. */
function legacyHash(password: string, N: number, r: number, p: number): string {
  const salt = Buffer.from('0123456789abcdef');
  const key = scryptSync(password.normalize('NFKC'), salt, 64, { N, r, p });
  return ['scrypt', N, r, p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

describe('hashPassword / verifyPassword', () => {
  let first: string;
  let second: string;
  beforeAll(async () => {
    // Production's cost: a test server of this worker may have lowered it (tests/setup/server-harness.ts).
    setCheapHashesForTests(false);
    [first, second] = await Promise.all([hashPassword('repair2026'), hashPassword('repair2026')]);
  });
  afterAll(() => setCheapHashesForTests(true));

  it('writes scrypt$N$r$p$salt$hash with a 16-byte salt and a 64-byte key', () => {
    const m = FORMAT.exec(first);
    expect(m).not.toBeNull();
    expect(Buffer.from(m![1]!, 'base64url')).toHaveLength(16);
    expect(Buffer.from(m![2]!, 'base64url')).toHaveLength(64);
    expect(first).not.toContain('repair2026');
  });

  it('round-trips: the right password verifies', async () => {
    expect(await verifyPassword('repair2026', first)).toBe(true);
  });

  it('refuses a wrong password, a near miss and the empty password', async () => {
    expect(await verifyPassword('repair2025', first)).toBe(false);
    // The rest against a cheap hash: verifyPassword reads the parameters from the stored hash.
    const cheap = legacyHash('repair2026', 1024, 8, 1);
    expect(await verifyPassword('repair2026', cheap)).toBe(true);
    for (const wrong of ['Repair2026', 'repair2026 ', ' repair2026', 'repair202', '']) {
      expect(await verifyPassword(wrong, cheap), JSON.stringify(wrong)).toBe(false);
    }
  });

  it('salts: two hashes of the same password differ, and both verify', async () => {
    expect(second).not.toBe(first);
    expect(second.split('$')[4]).not.toBe(first.split('$')[4]);
    expect(await verifyPassword('repair2026', second)).toBe(true);
  });

  it('normalises to NFKC: a full-width password matches its ASCII form', async () => {
    const cheap = legacyHash('repair2026', 1024, 8, 1);
    expect(await verifyPassword('ｒｅｐａｉｒ２０２６', cheap)).toBe(true);
    expect(await verifyPassword('ｒｅｐａｉｒ２０２５', cheap)).toBe(false);
  });

  it('verifies with the parameters stored in the hash (older hashes keep working)', async () => {
    const old = legacyHash('abc12345', 1024, 8, 1);
    expect(await verifyPassword('abc12345', old)).toBe(true);
    expect(await verifyPassword('abc12346', old)).toBe(false);
  });

  it('answers false, without throwing, for a malformed stored hash', async () => {
    const [, , , , salt, key] = first.split('$') as [string, string, string, string, string, string];
    const malformed = [
      '',
      'plain-text-password',
      'repair2026',
      '$2b$10$abcdefghijklmnopqrstuuABCDEFGHIJKLMNOPQRSTUVWXYZ01234',
      `bcrypt$32768$8$1$${salt}$${key}`,
      'scrypt$32768$8$1',
      `scrypt$32768$8$1$${salt}`,
      `scrypt$32768$8$1$$${key}`,
      `scrypt$32768$8$1$${salt}$`,
      // A key too short to be ours: an empty derived key would match any password.
      `scrypt$32768$8$1$${salt}$x`,
      `scrypt$32768$8$1$${salt}$AAAA`,
      // Unreadable parameters: scrypt itself refuses them.
      `scrypt$abc$8$1$${salt}$${key}`,
      `scrypt$1000$8$1$${salt}$${key}`,
      `scrypt$${2 ** 24}$8$1$${salt}$${key}`,
      `scrypt$$$$${salt}$${key}`,
    ];
    for (const stored of malformed) {
      await expect(verifyPassword('repair2026', stored), stored).resolves.toBe(false);
      await expect(verifyPassword('anything', stored), stored).resolves.toBe(false);
    }
  });

  it('refuses a hash whose key or salt was tampered with', async () => {
    const parts = legacyHash('abc12345', 1024, 8, 1).split('$');
    const key = Buffer.from(parts[5]!, 'base64url');
    key[0] = key[0]! ^ 0xff;
    expect(
      await verifyPassword('abc12345', [...parts.slice(0, 5), key.toString('base64url')].join('$')),
    ).toBe(false);
    const salt = Buffer.from(parts[4]!, 'base64url');
    salt[0] = salt[0]! ^ 0xff;
    expect(
      await verifyPassword(
        'abc12345',
        [...parts.slice(0, 4), salt.toString('base64url'), parts[5]].join('$'),
      ),
    ).toBe(false);
  });
});

describe('setCheapHashesForTests', () => {
  afterAll(() => {
    vi.unstubAllEnvs();
    setCheapHashesForTests(true);
  });

  it("writes the test suites' cheap hashes, which verify like any other", async () => {
    setCheapHashesForTests(true);
    const cheap = await hashPassword('repair2026');
    expect(cheap).toMatch(/^scrypt\$1024\$8\$1\$/);
    expect(await verifyPassword('repair2026', cheap)).toBe(true);
    expect(await verifyPassword('repair2025', cheap)).toBe(false);
  });

  it('is refused with NODE_ENV=production, which keeps writing the full cost', async () => {
    setCheapHashesForTests(false);
    vi.stubEnv('NODE_ENV', 'production');
    expect(() => setCheapHashesForTests(true)).toThrow('for the test suites only');
    expect(await hashPassword('repair2026')).toMatch(FORMAT);
  });
});

describe('newToken / hashToken', () => {
  it('makes 256-bit base64url tokens, all different', () => {
    const tokens = Array.from({ length: 200 }, () => newToken());
    for (const t of tokens) {
      expect(t).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(Buffer.from(t, 'base64url')).toHaveLength(32);
    }
    expect(new Set(tokens).size).toBe(200);
  });

  it('hashes with SHA-256 as lowercase hex', () => {
    expect(hashToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(hashToken('ABC')).not.toBe(hashToken('abc'));
    const t = newToken();
    expect(hashToken(t)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashToken(t)).toBe(hashToken(t));
  });
});
