/**
 * The sandbox repair-status provider: the default in development, demos and tests. It speaks the
 * RepairStatusProvider protocol with deterministic answers, marked as sandbox data.
 *
 * Deterministic from the identifiers and the clock: a repair id's hash draws its path (quote or
 * not, on hold or not, replaced or repaired, return problems) and the simulated hours between its
 * steps; the repair starts at `since_ms` (when the shop added the repair id) and its simulated age
 * is (now - since) x speed + advance. So a device walks received → diagnosing → quote_pending →
 * repairing → replaced/repaired → shipped_back → completed over simulated days, and every process
 * answers the same at the same time. `speed` (REPAIR_SANDBOX_SPEED, e.g. 1440 = a simulated day per
 * minute) and `advance` (development only: POST /sandbox/repair/advance) speed the clock up.
 *
 * Without a repair id it answers repair eligibility, drawn from the SN/IMEI (never changing).
 * Magic identifiers (for tests): SN ending FAIL (or IMEI serial 000000) → poll fails for good;
 * REJECT (333333) → submit refused; BUSY (111111) → busy on attempts 1-2; a repair id ending 000 →
 * not_found. Otherwise 2% of attempts are busy (never at zero latency with `noBusy`).
 */
import { luhnCheckDigit } from '#contract/identifiers/parse.ts';
import type { RepairEligibility, RepairProgress, ReturnLogistics } from '#contract/schemas/repairs.ts';
import { systemClock, type Clock } from '#server/lib/clock.ts';
import { DrawStream, draw, fnv1a } from '#server/providers/checks/sandbox-hash.ts';
import { sandboxModelName } from '#server/providers/checks/sandbox-device.ts';
import type {
  RepairPollAnswer,
  RepairStatus,
  RepairStatusProvider,
  RepairStatusRequest,
  RepairSubmitAnswer,
} from './provider.ts';

const HOUR = 3_600_000;
/** Sandbox cost per answered status, hundredths (for accounting only). */
export const SANDBOX_REPAIR_COST = 5;

export interface SandboxRepairOptions {
  latency?: 'realistic' | 'zero';
  /** Simulated time runs this many times faster than the clock (1 = real time). */
  speed?: number;
  clock?: Clock;
  /** Share of submits answered busy (default 0.02). */
  busyRate?: number;
}

type Magic = 'fail' | 'reject' | 'busy' | null;
function magicOf(sn: string | null, imei: string | null): Magic {
  const s = (sn ?? '').toUpperCase();
  const serial = imei && imei.length === 15 ? imei.slice(8, 14) : '';
  if (s.endsWith('REJECT') || serial === '333333') return 'reject';
  if (s.endsWith('FAIL') || serial === '000000') return 'fail';
  if (s.endsWith('BUSY') || serial === '111111') return 'busy';
  return null;
}

/** One repair's path: when (simulated ms after its start) it reaches each step. */
interface Path {
  steps: Array<[RepairProgress, number]>;
  /** Return logistics once shipped back: [state, simulated ms after start]. */
  returns: Array<[ReturnLogistics, number]>;
  quoteAt: number | null;
  quoteAmount: number;
  replaced: boolean;
}

export function repairPath(repairId: string): Path {
  const d = new DrawStream(fnv1a(repairId));
  if (repairId.endsWith('000'))
    return { steps: [['not_found', 0]], returns: [], quoteAt: null, quoteAmount: 0, replaced: false };
  const steps: Array<[RepairProgress, number]> = [['received', 0]];
  let t = d.int(2, 20) * HOUR;
  steps.push(['diagnosing', t]);
  const quote = d.next() < 0.4;
  const hold = d.next() < 0.15;
  const replaced = d.next() < 0.6;
  const problem = d.next() < 0.08;
  const quoteAmount = d.int(3, 30) * 100_00;
  let quoteAt: number | null = null;
  if (hold) {
    t += d.int(4, 12) * HOUR;
    steps.push(['on_hold', t]);
  }
  if (quote) {
    t += d.int(4, 24) * HOUR;
    quoteAt = t;
    steps.push(['quote_pending', t]);
  }
  t += d.int(6, 48) * HOUR;
  steps.push(['repairing', t]);
  t += d.int(12, 48) * HOUR;
  steps.push([replaced ? 'replaced' : 'repaired', t]);
  t += d.int(6, 24) * HOUR;
  const shipped = t;
  steps.push(['shipped_back', t]);
  t += d.int(24, 72) * HOUR;
  steps.push(['completed', t]);
  const returns: Array<[ReturnLogistics, number]> = [['in_transit', shipped]];
  if (problem) {
    returns.push(['problem', shipped + 12 * HOUR], ['returning', shipped + 24 * HOUR]);
    returns.push(['refused_returned', t]);
  } else {
    returns.push(['picked_up', shipped + 2 * HOUR], ['out_for_delivery', t - 6 * HOUR], ['signed', t]);
  }
  return { steps, returns, quoteAt, quoteAmount, replaced };
}

const ELIGIBILITY: ReadonlyArray<readonly [RepairEligibility, number]> = [
  ['not_ordered', 50],
  ['ordered', 10],
  ['repaired_before', 10],
  ['order_forbidden', 5],
  ['repair_only', 10],
  ['replaced', 10],
  ['unknown', 5],
];

const SN_CHARS = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789';

/** The status the sandbox answers for a request at simulated age `ageMs` of its repair. */
export function sandboxStatus(
  req: RepairStatusRequest,
  ageMs: number,
  clockOf: (simAgeMs: number) => number = (a) => (req.since_ms ?? 0) + a,
): RepairStatus {
  const seed = fnv1a(req.sn ?? req.imei ?? '');
  // The check sandbox's model for this identifier, as of the answer's real time: one truth per device.
  const model = sandboxModelName(req.sn, req.imei, clockOf(ageMs));
  const base: RepairStatus = {
    eligibility: null,
    progress: null,
    quote_deadline_ms: null,
    quote_amount: null,
    return_logistics: null,
    return_tracking: null,
    new_sn: null,
    new_imei: null,
    model,
  };
  if (!req.repair_id) return { ...base, eligibility: new DrawStream(seed).weighted(ELIGIBILITY) };
  const path = repairPath(req.repair_id);
  let progress: RepairProgress = 'received';
  for (const [step, at] of path.steps) if (ageMs >= at) progress = step;
  let returnLogistics: ReturnLogistics | null = null;
  for (const [state, at] of path.returns) if (ageMs >= at) returnLogistics = state;
  const status: RepairStatus = { ...base, progress, return_logistics: returnLogistics };
  if (progress === 'quote_pending' && path.quoteAt !== null) {
    // The deadline: 72 simulated hours after the quote, in real time.
    status.quote_deadline_ms = Math.round(clockOf(path.quoteAt + 72 * HOUR));
    status.quote_amount = path.quoteAmount;
  }
  if (returnLogistics) {
    const d = new DrawStream(fnv1a(req.repair_id + ':ship'));
    status.return_tracking = 'SF' + String(d.int(1e11, 9.99e11));
  }
  const afterFix = path.steps.find(([s]) => s === 'replaced' || s === 'repaired');
  if (path.replaced && afterFix && ageMs >= afterFix[1]) {
    const d = new DrawStream(fnv1a(req.repair_id + ':new'));
    status.new_sn = Array.from({ length: 12 }, () => d.pick(SN_CHARS)).join('');
    const first14 = '35' + String(d.int(100000000000, 999999999999));
    status.new_imei = first14 + String(luhnCheckDigit(first14));
  }
  return status;
}

interface Ticket {
  sn: string | null;
  imei: string | null;
  rid: string | null;
  since: number | null;
  ready: number;
  /** The shop that asked (its simulated clock); absent in tickets of older servers. */
  acc?: number;
}

export class SandboxRepairProvider implements RepairStatusProvider {
  readonly name = 'sandbox';
  readonly sandbox = true;
  private readonly latency: 'realistic' | 'zero';
  private readonly clock: Clock;
  private readonly busyRate: number;
  speed: number;
  /** Simulated ms added to the age of one shop's repairs (development: /sandbox/repair/advance). */
  private readonly advanced = new Map<number, number>();

  /** How far a shop's simulated clock was moved on, ms. */
  advanceOf(accountId: number | undefined): number {
    return accountId === undefined ? 0 : (this.advanced.get(accountId) ?? 0);
  }

  /** Moves one shop's simulated clock on by `ms`; answers its new total. */
  advance(accountId: number, ms: number): number {
    const total = this.advanceOf(accountId) + ms;
    this.advanced.set(accountId, total);
    return total;
  }

  constructor(options: SandboxRepairOptions = {}) {
    this.latency = options.latency ?? 'realistic';
    this.speed = options.speed ?? 1;
    this.clock = options.clock ?? systemClock;
    this.busyRate = options.busyRate ?? (this.latency === 'zero' ? 0 : 0.02);
  }

  private delay(): Promise<void> {
    if (this.latency === 'zero') return Promise.resolve();
    return new Promise((r) => setTimeout(r, 20 + Math.floor(Math.random() * 80)));
  }

  async submit(req: RepairStatusRequest): Promise<RepairSubmitAnswer> {
    await this.delay();
    const magic = magicOf(req.sn, req.imei);
    const attempt = req.attempt ?? 3;
    if (magic === 'reject') return { kind: 'failed', reason: 'E_INVALID_DEVICE: 序列号或 IMEI 无效' };
    if (magic === 'busy' && attempt <= 2) return { kind: 'busy', retry_after_ms: 0 };
    const seed = fnv1a(`${req.sn ?? req.imei ?? ''}|${req.repair_id ?? ''}`);
    if (magic === null && draw(seed, attempt) < this.busyRate)
      return { kind: 'busy', retry_after_ms: this.latency === 'zero' ? 0 : 1000 };
    const wait = this.latency === 'zero' ? 0 : 300 + Math.floor(draw(seed, 99 + attempt) * 1200);
    const ticket: Ticket = {
      sn: req.sn,
      imei: req.imei,
      rid: req.repair_id,
      since: req.since_ms,
      ready: this.clock.now() + wait,
      ...(req.account_id !== undefined ? { acc: req.account_id } : {}),
    };
    return {
      kind: 'accepted',
      ticket: 'sbr_' + Buffer.from(JSON.stringify(ticket)).toString('base64url'),
      poll_after_ms: wait,
    };
  }

  async poll(ticket: string): Promise<RepairPollAnswer> {
    await this.delay();
    let t: Ticket;
    try {
      t = JSON.parse(Buffer.from(ticket.replace(/^sbr_/, ''), 'base64url').toString()) as Ticket;
    } catch {
      return { kind: 'failed', reason: 'E_TICKET: 未知的查询单号', retryable: true };
    }
    const now = this.clock.now();
    if (now < t.ready) return { kind: 'pending', poll_after_ms: t.ready - now };
    if (magicOf(t.sn, t.imei) === 'fail')
      return { kind: 'failed', reason: 'E_NO_RECORD: Apple 无此设备的维修记录', retryable: false };
    const advanceMs = this.advanceOf(t.acc);
    const age = Math.max(0, (now - (t.since ?? now)) * this.speed + advanceMs);
    const req = { sn: t.sn, imei: t.imei, repair_id: t.rid, since_ms: t.since };
    const since = t.since ?? now;
    const realAt = (simAge: number) => since + (simAge - advanceMs) / this.speed;
    return { kind: 'done', status: sandboxStatus(req, age, realAt), cost: SANDBOX_REPAIR_COST };
  }
}
