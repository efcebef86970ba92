/**
 * The JSON-over-HTTP call that the check and repair-status providers' HTTP adapters share
 * (docs/providers.md): a bearer key, a time-out per call, an empty body read as null, and every
 * failure outside the protocol (unreachable, a time-out, a body that is not JSON, a malformed
 * answer) thrown as the adapter's own transport error, which its job runner retries with backoff.
 */
import { z } from 'zod';

export interface JsonAnswer {
  status: number;
  /** The parsed JSON body; null for an empty one. */
  body: unknown;
  headers: Headers;
}

/** Builds the adapter's transport error (CheckTransportError, RepairTransportError). */
export type TransportFailure = (message: string, options?: { cause?: unknown }) => Error;

export interface JsonCall {
  /** The provider's base URL, without a trailing slash. */
  base: string;
  key: string;
  method: 'GET' | 'POST';
  path: string;
  /** How the call is named in errors: never the key, never a ticket or an identifier. */
  where: string;
  payload?: unknown;
  timeoutMs: number;
  fail: TransportFailure;
}

export async function callJson(call: JsonCall): Promise<JsonAnswer> {
  const { payload, where } = call;
  let res: Response;
  let text: string;
  try {
    res = await fetch(`${call.base}${call.path}`, {
      method: call.method,
      headers: {
        authorization: `Bearer ${call.key}`,
        accept: 'application/json',
        ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(payload === undefined ? {} : { body: JSON.stringify(payload) }),
      signal: AbortSignal.timeout(call.timeoutMs),
    });
    text = await res.text();
  } catch (err) {
    const timedOut = err instanceof Error && err.name === 'TimeoutError';
    throw call.fail(
      timedOut ? `${where} timed out after ${call.timeoutMs} ms` : `${where} unreachable: ${String(err)}`,
      { cause: err },
    );
  }
  if (text.trim() === '') return { status: res.status, body: null, headers: res.headers };
  try {
    return { status: res.status, body: JSON.parse(text) as unknown, headers: res.headers };
  } catch (err) {
    throw call.fail(`${where} answered HTTP ${res.status} with something other than JSON`, { cause: err });
  }
}

/** The body as the schema reads it, or the adapter's transport error naming what was wrong. */
export function parseAnswer<T>(
  schema: z.ZodType<T>,
  body: unknown,
  where: string,
  fail: TransportFailure,
): T {
  const result = schema.safeParse(body);
  if (!result.success)
    throw fail(`${where}: malformed answer (${z.prettifyError(result.error).replace(/\s*\n\s*/g, ' ')})`);
  return result.data;
}

/** A wait in ms as answers carry it: whole, not negative, at most a day. */
export const waitMs = z
  .number()
  .int()
  .nonnegative()
  .max(24 * 3600 * 1000);

const busyBody = z.object({ retry_after_ms: waitMs.optional() }).nullable();

/** A busy answer's wait: the body's retry_after_ms, else the Retry-After header (seconds), else `fallback`. */
export function retryAfterMs(body: unknown, headers: Headers, fallback: number): number {
  const parsed = busyBody.safeParse(body);
  if (parsed.success && parsed.data?.retry_after_ms !== undefined) return parsed.data.retry_after_ms;
  const header = Number(headers.get('retry-after'));
  if (headers.has('retry-after') && Number.isFinite(header) && header >= 0) return Math.round(header * 1000);
  return fallback;
}
