import type { ServiceCode } from '#contract/schemas/checks-catalogue.ts';
import type { DeviceResultRow } from '#contract/schemas/checks-results.ts';

/**
 * The facts a check service can answer about a device: the result fields of the contract, minus
 * what the order itself owns (ids, input, status, jobs). A provider answers only the fields its
 * service covers; the job runner merges them into the device.
 */
export type DeviceFacts = Partial<
  Omit<
    DeviceResultRow,
    'id' | 'input' | 'status' | 'jobs' | 'updated_ms' | 'tac_model' | 'factory' | 'manufactured'
  >
>;

/** What the provider is asked: one service on one device, by SN and/or IMEI (at least one). */
export interface CheckRequest {
  service: ServiceCode;
  sn: string | null;
  imei: string | null;
  /**
   * Which submit of this job this is, from 1 (the runner counts them: a busy answer or a retryable
   * poll failure leads to the next attempt). Providers may ignore it; the sandbox derives its busy
   * and retryable answers from it, so a retry can succeed. Absent: treated as 1.
   */
  attempt?: number;
}

/**
 * Placing a check (upstream providers work asynchronously: order, then poll):
 * - accepted: poll `ticket` later (not before `poll_after_ms`);
 * - busy: the provider is overloaded or rate-limits us: try again after `retry_after_ms`, no cost;
 * - failed: refused for good (bad identifier for this service, unsupported device): `reason` in
 *   plain words, no cost.
 */
export type SubmitAnswer =
  | { kind: 'accepted'; ticket: string; poll_after_ms: number }
  | { kind: 'busy'; retry_after_ms: number }
  | { kind: 'failed'; reason: string };

/**
 * Polling a ticket:
 * - pending: not ready, poll again after `poll_after_ms`;
 * - done: the facts, and what the call cost upstream (hundredths of a point, for our accounting);
 * - failed: upstream could not answer (`retryable` says whether a new submit may succeed).
 */
export type PollAnswer =
  | { kind: 'pending'; poll_after_ms: number }
  | { kind: 'done'; facts: DeviceFacts; cost: number }
  | { kind: 'failed'; reason: string; retryable: boolean };

/**
 * A transport failure (unreachable, timeout, an HTTP status outside the protocol, a malformed
 * answer): nothing is known about the check, so the runner retries it with backoff.
 */
export class CheckTransportError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'CheckTransportError';
  }
}

/**
 * A source of device checks (an Apple data reseller, or the sandbox). Transport errors are thrown
 * (the runner retries them with backoff); business answers are returned.
 */
export interface CheckProvider {
  /** Recorded on every result ('sandbox', or the configured provider's name). */
  readonly name: string;
  /** True for the sandbox: its results are marked as not real data. */
  readonly sandbox: boolean;
  submit(request: CheckRequest): Promise<SubmitAnswer>;
  poll(ticket: string): Promise<PollAnswer>;
}
