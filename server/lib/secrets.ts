import { createHash, randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

// scrypt parameters (OWASP's minimum for scrypt is N=2^17 with r=8; 2^15 keeps a sign-in under
// ~100 ms on the shop's small server). They are stored in each hash, so raising them later only
// affects new hashes.
const SCRYPT = { N: 2 ** 15, r: 8, p: 1, keylen: 64, maxmem: 64 * 1024 * 1024 };

/** The cost of the hashes the test suites write (`setCheapHashesForTests`): ~30x cheaper. */
const TEST_N = 2 ** 10;
let newHashN = SCRYPT.N;

/**
 * For the test suites only: new hashes at N = 2^10. Every sign-in, failed guess, new employee and
 * signup in a test hashes or checks a password; at production's cost that was most of the time of the
 * sign-in, rate-limit and account tests (25 s of five files, 7.5 s cheap). Verifying reads the cost
 * from the stored hash, so nothing else changes. Refused with NODE_ENV=production.
 */
export function setCheapHashesForTests(cheap: boolean): void {
  if (cheap && process.env.NODE_ENV === 'production')
    throw new Error('cheap password hashes are for the test suites only');
  newHashN = cheap ? TEST_N : SCRYPT.N;
}

/** The scrypt cost N of the hashes made now: production's, or the test suites' cheap one. */
export function newHashCost(): number {
  return newHashN;
}

function scryptAsync(
  password: string,
  salt: Buffer,
  keylen: number,
  options: ScryptOptions,
): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, keylen, options, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );
}

/** `scrypt$N$r$p$salt$hash`, base64url parts. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(password, salt, SCRYPT.keylen, { ...SCRYPT, N: newHashN });
  return ['scrypt', newHashN, SCRYPT.r, SCRYPT.p, salt.toString('base64url'), key.toString('base64url')].join(
    '$',
  );
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, saltText, keyText] = stored.split('$');
  if (scheme !== 'scrypt' || !saltText || !keyText) return false;
  const expected = Buffer.from(keyText, 'base64url');
  if (expected.length < 16) return false; // hashPassword stores 64 bytes; an empty key would match anything
  const options = { N: Number(n), r: Number(r), p: Number(p), maxmem: SCRYPT.maxmem };
  const key = await scryptAsync(password, Buffer.from(saltText, 'base64url'), expected.length, options).catch(
    () => Buffer.alloc(0), // unreadable parameters (N not a power of 2, over maxmem): no match, not a crash
  );
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A 256-bit random token for the client; only its hash is stored. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
