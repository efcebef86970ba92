import { backoffMs } from './backoff.ts';

/** The settings of a runner's retries (RunnerOptions: the check and repair runners share them). */
export interface RetrySettings {
  maxAttempts: number;
  backoffBaseMs: number;
  backoffMaxMs: number;
  random: () => number;
}

/**
 * A job that has now used `attempts` tries again after the backoff (at least `minDelay`), or
 * fails for good once it has used its attempts, with the reason saying how many.
 */
export function planRetry(
  o: RetrySettings,
  attempts: number,
  reason: string,
  minDelay: number,
): { failure: string } | { delay: number } {
  if (attempts >= o.maxAttempts) return { failure: `${reason}（已尝试 ${attempts} 次）` };
  return { delay: Math.max(minDelay, backoffMs(attempts, o.backoffBaseMs, o.backoffMaxMs, o.random)) };
}

/**
 * Applies a batch of job writes as one transaction. When the database refuses it (a deadlock or
 * serialization failure on PostgreSQL, a busy SQLite file) nothing of it was written: it is tried
 * again, three times in all, reporting each refusal but the last, which is thrown.
 */
export async function applyRefusable<T>(
  apply: () => Promise<T>,
  onError: (err: unknown) => void,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await apply();
    } catch (err) {
      if (attempt >= 3) throw err;
      onError(err);
      await new Promise((r) => setTimeout(r, 20 * attempt));
    }
  }
}

/** The job's error when the provider could not be reached: `service` and the cause, cut short. */
export function transportReason(service: string, err: unknown): string {
  const detail = err instanceof Error ? err.message : String(err);
  return `${service}连接失败：${detail.slice(0, 200)}`;
}
