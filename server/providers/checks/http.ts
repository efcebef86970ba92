/**
 * A real check provider: an Apple data reseller's HTTP API, configured by CHECKS_PROVIDER_URL,
 * CHECKS_PROVIDER_KEY and CHECKS_PROVIDER_NAME (server/config.ts). The protocol (docs/providers.md
 * for shops and their providers), JSON both ways,
 * every call with `Authorization: Bearer <key>`:
 *
 *   POST {url}/orders  {"service": "<service code>", "sn": "…" | null, "imei": "…" | null}
 *     202 {"ticket": "…", "poll_after_ms": 1500}    accepted: poll the ticket later
 *     429 {"retry_after_ms": 3000}                 busy (or a Retry-After header in seconds)
 *     422 {"reason": "序列号无效"}                   refused for good, no cost
 *
 *   GET {url}/orders/{ticket}                      (the ticket URL-encoded)
 *     200 {"state": "pending", "poll_after_ms"?: 2000}
 *     200 {"state": "done", "facts": {…}, "cost": 25}   facts: the device fields of
 *         contract/schemas/checks-results.ts (unknown fields are dropped); cost in hundredths
 *     200 {"state": "failed", "reason": "…", "retryable"?: false}
 *     404                                          the ticket is unknown upstream: failed, and a
 *                                                  new submit may succeed (retryable)
 *     429                                          polled too often: pending, after retry_after_ms
 *
 * Anything else (unreachable, a timeout, another status, a body that is not that JSON) throws a
 * CheckTransportError: nothing is known, so the runner retries with backoff.
 */
import { z } from 'zod';
import { deviceResultRow } from '#contract/schemas/checks-results.ts';
import type { ChecksHttpConfig } from '#server/config.ts';
import { callJson, parseAnswer, retryAfterMs, waitMs, type JsonAnswer } from '../provider-http.ts';
import {
  CheckTransportError,
  type CheckProvider,
  type CheckRequest,
  type DeviceFacts,
  type PollAnswer,
  type SubmitAnswer,
} from './provider.ts';

export const HTTP_CHECK_TIMEOUT_MS = 10_000;
const DEFAULT_BUSY_RETRY_MS = 5_000;
const DEFAULT_POLL_AFTER_MS = 2_000;
/** Kept short: the reason is stored and shown to the user. */
const MAX_REASON_LENGTH = 500;

export const UNKNOWN_TICKET_REASON = 'E_UNKNOWN_TICKET: 上游查询单不存在';

const reason = z
  .string()
  .trim()
  .min(1)
  .transform((s) => s.slice(0, MAX_REASON_LENGTH));

/** The device fields a provider may answer: the result row minus what the order itself owns. */
export const deviceFactsSchema = deviceResultRow
  .omit({
    id: true,
    input: true,
    status: true,
    jobs: true,
    updated_ms: true,
    tac_model: true,
    factory: true,
    manufactured: true,
  })
  .partial();

const acceptedBody = z.object({ ticket: z.string().min(1).max(512), poll_after_ms: waitMs });
const failedBody = z.object({ reason });
const pollBody = z.discriminatedUnion('state', [
  z.object({ state: z.literal('pending'), poll_after_ms: waitMs.optional() }),
  z.object({ state: z.literal('done'), facts: deviceFactsSchema, cost: z.number().int().nonnegative() }),
  z.object({ state: z.literal('failed'), reason, retryable: z.boolean().optional() }),
]);

const transportError = (message: string, options?: { cause?: unknown }) =>
  new CheckTransportError(message, options);
const parse = <T>(schema: z.ZodType<T>, body: unknown, where: string): T =>
  parseAnswer(schema, body, where, transportError);
const retryAfter = (body: unknown, headers: Headers) => retryAfterMs(body, headers, DEFAULT_BUSY_RETRY_MS);

export interface HttpCheckOptions {
  /** Per call, ms (default 10 s). */
  timeoutMs?: number;
}

export class HttpCheckProvider implements CheckProvider {
  readonly name: string;
  readonly sandbox = false;
  private readonly url: string;
  private readonly key: string;
  private readonly timeoutMs: number;

  constructor(config: ChecksHttpConfig, options: HttpCheckOptions = {}) {
    this.name = config.name;
    this.url = config.url.replace(/\/+$/, '');
    this.key = config.key;
    this.timeoutMs = options.timeoutMs ?? HTTP_CHECK_TIMEOUT_MS;
  }

  async submit(request: CheckRequest): Promise<SubmitAnswer> {
    const { status, body, headers } = await this.call('POST', '/orders', {
      service: request.service,
      sn: request.sn,
      imei: request.imei,
    });
    switch (status) {
      case 202: {
        const answer = parse(acceptedBody, body, `${this.name}: POST /orders 202`);
        return { kind: 'accepted', ticket: answer.ticket, poll_after_ms: answer.poll_after_ms };
      }
      case 429:
        return { kind: 'busy', retry_after_ms: retryAfter(body, headers) };
      case 422:
        return { kind: 'failed', reason: parse(failedBody, body, `${this.name}: POST /orders 422`).reason };
      default:
        throw new CheckTransportError(`${this.name}: POST /orders answered HTTP ${status}`);
    }
  }

  async poll(ticket: string): Promise<PollAnswer> {
    const { status, body, headers } = await this.call('GET', `/orders/${encodeURIComponent(ticket)}`);
    if (status === 404) return { kind: 'failed', reason: UNKNOWN_TICKET_REASON, retryable: true };
    if (status === 429) return { kind: 'pending', poll_after_ms: retryAfter(body, headers) };
    if (status !== 200)
      throw new CheckTransportError(`${this.name}: GET /orders/{ticket} answered HTTP ${status}`);
    const answer = parse(pollBody, body, `${this.name}: GET /orders/{ticket}`);
    switch (answer.state) {
      case 'pending':
        return { kind: 'pending', poll_after_ms: answer.poll_after_ms ?? DEFAULT_POLL_AFTER_MS };
      case 'done':
        return { kind: 'done', facts: answer.facts as DeviceFacts, cost: answer.cost };
      case 'failed':
        return { kind: 'failed', reason: answer.reason, retryable: answer.retryable ?? false };
    }
  }

  /** One HTTP call; the body is JSON when there is one (null for an empty body). */
  private call(method: 'GET' | 'POST', path: string, payload?: unknown): Promise<JsonAnswer> {
    return callJson({
      base: this.url,
      key: this.key,
      method,
      path,
      where: `${this.name}: ${method} ${path.startsWith('/orders/') ? '/orders/{ticket}' : path}`,
      payload,
      timeoutMs: this.timeoutMs,
      fail: transportError,
    });
  }
}
