/**
 * Exponential backoff with jitter: attempt 1 waits about `baseMs`, each further attempt twice as
 * long, capped at `maxMs`; the wait is drawn between half and all of it, so jobs that failed
 * together (a provider outage) do not all come back in the same instant.
 */
export function backoffMs(attempt: number, baseMs: number, maxMs: number, random: () => number): number {
  const exp = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(exp / 2 + (random() * exp) / 2);
}
