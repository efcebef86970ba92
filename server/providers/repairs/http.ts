/**
 * A real repair-status provider: the HTTP API of the service a shop buys repair data from,
 * configured by REPAIRS_PROVIDER_URL, REPAIRS_PROVIDER_KEY and REPAIRS_PROVIDER_NAME
 * (server/repairs-provider-config.ts). The same shape as the check provider's API
 * (server/providers/checks/http.ts); the protocol, for shops and their providers, is
 * docs/providers.md. JSON both ways, every call with `Authorization: Bearer <key>`:
 *
 *   POST {url}/repairs  {"sn": "…" | null, "imei": "…" | null, "repair_id": "G123456789" | null}
 *     202 {"ticket": "…", "poll_after_ms": 1500}    accepted: poll the ticket later
 *     429 {"retry_after_ms": 3000}                 busy (or a Retry-After header in seconds)
 *     422 {"reason": "序列号无效"}                   refused for good, no cost
 *
 *   GET {url}/repairs/{ticket}                     (the ticket URL-encoded)
 *     200 {"state": "pending", "poll_after_ms"?: 2000}
 *     200 {"state": "done", "status": {…}, "cost": 5}   status: eligibility (no repair_id asked) or
 *         progress (a repair_id asked), plus quote, return shipment, replacement unit, model
 *     200 {"state": "failed", "reason": "…", "retryable"?: false}
 *     404                                          the ticket is unknown upstream: failed, and a
 *                                                  new submit may succeed (retryable)
 *     429                                          polled too often: pending, after retry_after_ms
 *
 * Anything else (401/403 for a refused key, unreachable, a timeout, another status, a body that is
 * not that JSON, a state outside the repair machine) throws a RepairTransportError: nothing is
 * known, so the refresh runner retries with backoff (and fails the job, refunded, when the
 * attempts are spent) and the monitor asks again next cycle.
 */
import { z } from 'zod';
import {
  REPAIR_ELIGIBILITY,
  REPAIR_PROGRESS,
  RETURN_LOGISTICS,
  TRACKING_MAX,
} from '#contract/schemas/repairs.ts';
import type { RepairsHttpConfig } from '#server/repairs-provider-config.ts';
import { callJson, parseAnswer, retryAfterMs, waitMs, type JsonAnswer } from '../provider-http.ts';
import {
  RepairTransportError,
  type RepairPollAnswer,
  type RepairStatus,
  type RepairStatusProvider,
  type RepairStatusRequest,
  type RepairSubmitAnswer,
} from './provider.ts';

export const HTTP_REPAIR_TIMEOUT_MS = 10_000;
const DEFAULT_BUSY_RETRY_MS = 5_000;
const DEFAULT_POLL_AFTER_MS = 2_000;
/** Kept short: the reason is stored and shown to the user. */
const MAX_REASON_LENGTH = 500;

export const UNKNOWN_REPAIR_TICKET_REASON = 'E_UNKNOWN_TICKET: 上游维修查询单不存在';

const reason = z
  .string()
  .trim()
  .min(1)
  .transform((s) => s.slice(0, MAX_REASON_LENGTH));
const text = (max: number) => z.string().trim().min(1).max(max).nullable().default(null);

/** What a done answer says of the device; a field left out is null (the provider says nothing). */
export const repairStatusSchema = z
  .object({
    eligibility: z.enum(REPAIR_ELIGIBILITY).nullable().default(null),
    progress: z.enum(REPAIR_PROGRESS).nullable().default(null),
    quote_deadline_ms: z.number().int().nonnegative().nullable().default(null),
    quote_amount: z.number().int().nonnegative().nullable().default(null),
    return_logistics: z.enum(RETURN_LOGISTICS).nullable().default(null),
    return_tracking: text(TRACKING_MAX),
    new_sn: text(64),
    new_imei: text(64),
    model: text(100),
  })
  .refine((s) => s.eligibility !== null || s.progress !== null, {
    message: 'a status names its eligibility or its progress',
  });

const acceptedBody = z.object({ ticket: z.string().min(1).max(512), poll_after_ms: waitMs });
const failedBody = z.object({ reason });
const pollBody = z.discriminatedUnion('state', [
  z.object({ state: z.literal('pending'), poll_after_ms: waitMs.optional() }),
  z.object({ state: z.literal('done'), status: repairStatusSchema, cost: z.number().int().nonnegative() }),
  z.object({ state: z.literal('failed'), reason, retryable: z.boolean().optional() }),
]);

const transportError = (message: string, options?: { cause?: unknown }) =>
  new RepairTransportError(message, options);
const parse = <T>(schema: z.ZodType<T>, body: unknown, where: string): T =>
  parseAnswer(schema, body, where, transportError);

export interface HttpRepairOptions {
  /** Per call, ms (default 10 s). */
  timeoutMs?: number;
}

export class HttpRepairProvider implements RepairStatusProvider {
  readonly name: string;
  readonly sandbox = false;
  private readonly url: string;
  private readonly key: string;
  private readonly timeoutMs: number;

  constructor(config: RepairsHttpConfig, options: HttpRepairOptions = {}) {
    this.name = config.name;
    this.url = config.url.replace(/\/+$/, '');
    this.key = config.key;
    this.timeoutMs = options.timeoutMs ?? HTTP_REPAIR_TIMEOUT_MS;
  }

  async submit(request: RepairStatusRequest): Promise<RepairSubmitAnswer> {
    // since_ms and attempt are ours (the sandbox's clock, the runner's count): not sent.
    const { status, body, headers } = await this.call('POST', '/repairs', {
      sn: request.sn,
      imei: request.imei,
      repair_id: request.repair_id,
    });
    switch (status) {
      case 202: {
        const answer = parse(acceptedBody, body, `${this.name}: POST /repairs 202`);
        return { kind: 'accepted', ticket: answer.ticket, poll_after_ms: answer.poll_after_ms };
      }
      case 429:
        return { kind: 'busy', retry_after_ms: retryAfterMs(body, headers, DEFAULT_BUSY_RETRY_MS) };
      case 422:
        return { kind: 'failed', reason: parse(failedBody, body, `${this.name}: POST /repairs 422`).reason };
      default:
        throw this.unexpected('POST /repairs', status);
    }
  }

  async poll(ticket: string): Promise<RepairPollAnswer> {
    const { status, body, headers } = await this.call('GET', `/repairs/${encodeURIComponent(ticket)}`);
    if (status === 404) return { kind: 'failed', reason: UNKNOWN_REPAIR_TICKET_REASON, retryable: true };
    if (status === 429)
      return { kind: 'pending', poll_after_ms: retryAfterMs(body, headers, DEFAULT_BUSY_RETRY_MS) };
    if (status !== 200) throw this.unexpected('GET /repairs/{ticket}', status);
    const answer = parse(pollBody, body, `${this.name}: GET /repairs/{ticket}`);
    switch (answer.state) {
      case 'pending':
        return { kind: 'pending', poll_after_ms: answer.poll_after_ms ?? DEFAULT_POLL_AFTER_MS };
      case 'done':
        return { kind: 'done', status: answer.status satisfies RepairStatus, cost: answer.cost };
      case 'failed':
        return { kind: 'failed', reason: answer.reason, retryable: answer.retryable ?? false };
    }
  }

  /** A status outside the protocol; a refused key is named as such, so the shop knows what to fix. */
  private unexpected(call: string, status: number): RepairTransportError {
    const why = status === 401 || status === 403 ? ' (the key was refused: check REPAIRS_PROVIDER_KEY)' : '';
    return new RepairTransportError(`${this.name}: ${call} answered HTTP ${status}${why}`);
  }

  private call(method: 'GET' | 'POST', path: string, payload?: unknown): Promise<JsonAnswer> {
    return callJson({
      base: this.url,
      key: this.key,
      method,
      path,
      // The ticket stays out of error messages (they are stored as the job's reason).
      where: `${this.name}: ${method} ${path.startsWith('/repairs/') ? '/repairs/{ticket}' : path}`,
      payload,
      timeoutMs: this.timeoutMs,
      fail: transportError,
    });
  }
}
