import type { RepairEligibility, RepairProgress, ReturnLogistics } from '#contract/schemas/repairs.ts';

/**
 * The repair-status source (Apple's repair system through a reseller, or the sandbox), behind the
 * same asynchronous order + poll protocol as device checks (server/providers/checks/provider.ts):
 * submit answers a ticket, busy (try later, no cost) or failed (for good, no cost); poll answers
 * pending, done (with the status and what it cost upstream) or failed (retryable or not).
 */
export interface RepairStatusRequest {
  sn: string | null;
  imei: string | null;
  /** The repair followed (the device's last repair id); null asks for repair eligibility. */
  repair_id: string | null;
  /**
   * When the shop started following this repair (unix ms). Real providers ignore it; the sandbox
   * starts its simulated repair then, so a demo device walks its states over simulated days.
   */
  since_ms: number | null;
  /** Which submit of this job this is, from 1. */
  attempt?: number;
}

/** What the provider knows of a device now; null where it says nothing. */
export interface RepairStatus {
  eligibility: RepairEligibility | null;
  progress: RepairProgress | null;
  /** quote_pending: when the quote lapses (unix ms) and its amount (hundredths of CNY). */
  quote_deadline_ms: number | null;
  quote_amount: number | null;
  return_logistics: ReturnLogistics | null;
  return_tracking: string | null;
  /** The replacement unit, once replaced. */
  new_sn: string | null;
  new_imei: string | null;
  model: string | null;
}

export type RepairSubmitAnswer =
  | { kind: 'accepted'; ticket: string; poll_after_ms: number }
  | { kind: 'busy'; retry_after_ms: number }
  | { kind: 'failed'; reason: string };

export type RepairPollAnswer =
  | { kind: 'pending'; poll_after_ms: number }
  | { kind: 'done'; status: RepairStatus; cost: number }
  | { kind: 'failed'; reason: string; retryable: boolean };

export interface RepairStatusProvider {
  /** 'sandbox', or the configured provider's name. */
  readonly name: string;
  /** True for the sandbox: its answers are marked as not real data. */
  readonly sandbox: boolean;
  /** Transport errors are thrown (retried with backoff); business answers are returned. */
  submit(request: RepairStatusRequest): Promise<RepairSubmitAnswer>;
  poll(ticket: string): Promise<RepairPollAnswer>;
}

/**
 * A transport failure (unreachable, timeout, a refused key, an HTTP status outside the protocol, a
 * malformed answer): nothing is known about the repair, so the runner retries it with backoff.
 */
export class RepairTransportError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'RepairTransportError';
  }
}
