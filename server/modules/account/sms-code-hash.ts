// How an SMS code is stored (salted sha256) and compared (constant time). Its own module so a test can
// count the comparisons that actually ran (issue 25: limits must hold under concurrency).
import { createHash, timingSafeEqual } from 'node:crypto';

export function hashCode(code: string, salt: string): string {
  return createHash('sha256').update(`${salt}:${code}`).digest('hex');
}

export function codeMatches(code: string, stored: string): boolean {
  const [salt, hash] = stored.split('$');
  if (!salt || !hash) return false;
  const a = Buffer.from(hashCode(code, salt), 'hex');
  const b = Buffer.from(hash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}
