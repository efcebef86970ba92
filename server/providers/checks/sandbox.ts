/**
 * The sandbox check provider: the default in development, demos and tests (architecture.md,
 * "Outside world: adapters with sandboxes"). It speaks the CheckProvider protocol with made-up but
 * plausible answers, every one of them marked as sandbox data (`sandbox: true`, and a banner in the
 * GSX texts).
 *
 * Deterministic: a device's facts come from a hash of its SN (else its IMEI) and the provider's
 * clock (dates are relative to today), so every service tells the same story about a device. Busy
 * answers and failures come from the same hash with the service and the attempt, so a retry (the
 * next `attempt`) can succeed while a permanent failure stays one. Stateless: the ticket carries
 * what the poll needs, any process can poll it.
 *
 * Outcomes (defaults; see SandboxCheckOptions):
 * - busy on submit: 5% of attempts, retry after 1-5 s (0 at zero latency);
 * - failed for good: 3% of (device, service): a third refused at submit ("序列号无效", "IMEI 无效"),
 *   the rest failed at poll ("Apple 无此设备记录", "该设备不支持此项查询"), retryable false;
 * - failed at poll, retryable: 2% of attempts ("上游查询超时,请重试");
 * - otherwise done, with the service's fields (SERVICE_FIELDS) and a cost (SANDBOX_COSTS).
 * Reasons read `E_CODE: 中文说明`: the code is stable for programs, the words are for the user.
 *
 * Latency: 'realistic' (default) answers each call after 20-150 ms and makes a ticket ready 300-
 * 2500 ms after submit; 'zero' answers at once and tickets are ready immediately (benches, tests).
 *
 * Magic inputs (always the same outcome, for tests and demos; every service, any rates):
 *   SN ending in  | IMEI serial part | outcome
 *   FAIL          | 000000           | accepted, then poll failed for good (E_NO_RECORD)
 *   REJECT        | 333333           | submit failed (E_INVALID_SN / E_INVALID_IMEI)
 *   BUSY          | 111111           | busy on attempts 1 and 2, accepted and done from attempt 3
 *   RETRY         | 222222           | poll failed retryable on attempt 1, done from attempt 2
 *   PASS          | 999999           | never busy, never failed
 * The SN suffix is matched case-insensitively; 12-character serials never contain I, so use 10- or
 * 11-character ones for FAIL (e.g. SANDBOXFAIL). The IMEI's serial part is digits 9-14 (after the
 * 8-digit TAC, before the check digit): any TAC + 000000 + its Luhn digit, e.g. 353911100000000.
 * SANDBOX_MAGIC_EXAMPLES lists a ready-made SN and IMEI per outcome. Without `attempt` in the
 * request, BUSY and RETRY behave as on a later attempt (they succeed).
 */
import { SERVICE_CODES } from '#contract/schemas/checks-catalogue.ts';
import { systemClock, type Clock } from '#server/lib/clock.ts';
import type { CheckProvider, CheckRequest, PollAnswer, SubmitAnswer } from './provider.ts';
import { sandboxDevice } from './sandbox-device.ts';
import { SANDBOX_COSTS, sandboxFacts } from './sandbox-facts.ts';
import { draw, fnv1a } from './sandbox-hash.ts';
import { decodeSandboxTicket, encodeSandboxTicket } from './sandbox-ticket.ts';

export type SandboxMagic = 'fail' | 'reject' | 'busy' | 'retry' | 'pass';

const SN_SUFFIXES: readonly (readonly [string, SandboxMagic])[] = [
  ['FAIL', 'fail'],
  ['REJECT', 'reject'],
  ['BUSY', 'busy'],
  ['RETRY', 'retry'],
  ['PASS', 'pass'],
];
const IMEI_SERIALS: Readonly<Record<string, SandboxMagic>> = {
  '000000': 'fail',
  '333333': 'reject',
  '111111': 'busy',
  '222222': 'retry',
  '999999': 'pass',
};

/** A ready-made SN (11 characters) and IMEI (Luhn-valid) per magic outcome. */
export const SANDBOX_MAGIC_EXAMPLES: Readonly<Record<SandboxMagic, { sn: string; imei: string }>> = {
  fail: { sn: 'SANDBOXFAIL', imei: '353911100000000' },
  reject: { sn: 'SANDBREJECT', imei: '353911103333333' },
  busy: { sn: 'SANDBOXBUSY', imei: '353911101111111' },
  retry: { sn: 'SANDBXRETRY', imei: '353911102222222' },
  pass: { sn: 'SANDBOXPASS', imei: '353911109999996' },
};

/** The magic outcome of an input, if any (the SN's suffix first, then the IMEI's serial part). */
export function sandboxMagic(sn: string | null, imei: string | null): SandboxMagic | null {
  if (sn) {
    const upper = sn.toUpperCase();
    for (const [suffix, magic] of SN_SUFFIXES) if (upper.endsWith(suffix)) return magic;
  }
  if (imei && imei.length === 15) return IMEI_SERIALS[imei.slice(8, 14)] ?? null;
  return null;
}

/** Every reason the sandbox gives, `E_CODE: words`. */
export const SANDBOX_REASONS = {
  invalidSn: 'E_INVALID_SN: 序列号无效',
  invalidImei: 'E_INVALID_IMEI: IMEI 无效',
  noIdentifier: 'E_NO_IDENTIFIER: 缺少序列号或 IMEI',
  unknownService: 'E_UNKNOWN_SERVICE: 不支持的查询服务',
  noRecord: 'E_NO_RECORD: Apple 无此设备记录',
  unsupported: 'E_UNSUPPORTED: 该设备不支持此项查询',
  timeout: 'E_UPSTREAM_TIMEOUT: 上游查询超时,请重试',
  badTicket: 'E_BAD_TICKET: 查询单号无效',
} as const;

export interface SandboxLatency {
  /** How long each submit and poll call takes (the network round trip), ms, [min, max]. */
  callMs: readonly [number, number];
  /** From submit until the answer is ready, ms, [min, max]. */
  readyMs: readonly [number, number];
  /** The wait a busy answer asks for, ms, [min, max]. */
  busyRetryMs: readonly [number, number];
}

export const SANDBOX_LATENCIES: Readonly<Record<'realistic' | 'zero', SandboxLatency>> = {
  realistic: { callMs: [20, 150], readyMs: [300, 2500], busyRetryMs: [1000, 5000] },
  zero: { callMs: [0, 0], readyMs: [0, 0], busyRetryMs: [0, 0] },
};

export interface SandboxCheckOptions {
  /** 'realistic' (default), 'zero' (answers at once, tickets ready immediately) or your own ranges. */
  latency?: 'realistic' | 'zero' | SandboxLatency;
  /** Share of (device, service) that fail for good, 0-1 (default 0.03). */
  failureRate?: number;
  /** Share of submit attempts answered busy, 0-1 (default 0.05). */
  busyRate?: number;
  /** Share of attempts whose poll fails and may be retried, 0-1 (default 0.02). */
  retryRate?: number;
  /** Today and ready times come from it (default the system clock). */
  clock?: Clock;
  /** Latency jitter, [0, 1): by default derived from the identifier like everything else. */
  random?: () => number;
}

// Salts of the outcome draws: far above the salts the device profile uses (0, 1, 2, ...).
const BUSY = 0x1000000;
const FAILS = 0x2000000;
const FAILS_AT_SUBMIT = 0x3000000;
const RETRY = 0x4000000;
const READY = 0x5000000;
const CALL = 0x6000000;
const BUSY_WAIT = 0x7000000;
const REASON = 0x8000000;
const SERVICE_INDEX = new Map<string, number>(SERVICE_CODES.map((code, i) => [code, i]));
const MAX_IDENTIFIER_LENGTH = 64;

export class SandboxCheckProvider implements CheckProvider {
  readonly name = 'sandbox';
  readonly sandbox = true;
  private readonly latency: SandboxLatency;
  private readonly failureRate: number;
  private readonly busyRate: number;
  private readonly retryRate: number;
  private readonly clock: Clock;
  private readonly random: (() => number) | undefined;

  constructor(options: SandboxCheckOptions = {}) {
    const latency = options.latency ?? 'realistic';
    this.latency = typeof latency === 'string' ? SANDBOX_LATENCIES[latency] : latency;
    for (const range of [this.latency.callMs, this.latency.readyMs, this.latency.busyRetryMs]) {
      if (!(range[0] >= 0 && range[1] >= range[0]))
        throw new RangeError(`bad sandbox latency range ${range.join('-')}`);
    }
    this.failureRate = rate('failureRate', options.failureRate, 0.03);
    this.busyRate = rate('busyRate', options.busyRate, 0.05);
    this.retryRate = rate('retryRate', options.retryRate, 0.02);
    this.clock = options.clock ?? systemClock;
    this.random = options.random;
  }

  async submit(request: CheckRequest): Promise<SubmitAnswer> {
    const { service } = request;
    const sn = request.sn || null;
    const imei = request.imei || null;
    const serviceIndex = SERVICE_INDEX.get(service);
    if (serviceIndex === undefined) return { kind: 'failed', reason: SANDBOX_REASONS.unknownService };
    if (sn === null && imei === null) return { kind: 'failed', reason: SANDBOX_REASONS.noIdentifier };
    const seed = fnv1a(sn ?? (imei as string));
    const magic = sandboxMagic(sn, imei);
    // Without an attempt count, a later second gives a new round, so busy answers do not repeat forever.
    const round =
      request.attempt !== undefined && request.attempt >= 1
        ? Math.floor(request.attempt)
        : 3 + Math.floor(this.clock.now() / 1000);
    const salt = (kind: number) => kind + serviceIndex * 0x10000 + (round & 0xffff);

    await this.call(seed, salt(CALL));

    if (magic === 'busy' ? round <= 2 : magic === null && draw(seed, salt(BUSY)) < this.busyRate) {
      return { kind: 'busy', retry_after_ms: this.within(this.latency.busyRetryMs, seed, salt(BUSY_WAIT)) };
    }
    const invalid = sn === null ? SANDBOX_REASONS.invalidImei : SANDBOX_REASONS.invalidSn;
    if ((sn?.length ?? 0) > MAX_IDENTIFIER_LENGTH || (imei?.length ?? 0) > MAX_IDENTIFIER_LENGTH) {
      return { kind: 'failed', reason: invalid };
    }
    if (magic === 'reject') return { kind: 'failed', reason: invalid };
    if (
      magic === null &&
      this.failsForGood(seed, serviceIndex) &&
      draw(seed, FAILS_AT_SUBMIT + serviceIndex) < 1 / 3
    ) {
      return { kind: 'failed', reason: invalid };
    }

    const readyIn = this.within(this.latency.readyMs, seed, salt(READY));
    const ticket = encodeSandboxTicket({ service, sn, imei, readyAt: this.clock.now() + readyIn, round });
    return { kind: 'accepted', ticket, poll_after_ms: readyIn };
  }

  async poll(ticket: string): Promise<PollAnswer> {
    const t = decodeSandboxTicket(ticket);
    if (t === null) return { kind: 'failed', reason: SANDBOX_REASONS.badTicket, retryable: false };
    const serviceIndex = SERVICE_INDEX.get(t.service) as number;
    const seed = fnv1a(t.sn ?? (t.imei as string));
    const salt = (kind: number) => kind + serviceIndex * 0x10000 + (t.round & 0xffff);

    await this.call(seed, salt(CALL) + 1);

    const now = this.clock.now();
    if (now < t.readyAt) return { kind: 'pending', poll_after_ms: t.readyAt - now };

    const magic = sandboxMagic(t.sn, t.imei);
    if (magic === 'fail') return { kind: 'failed', reason: SANDBOX_REASONS.noRecord, retryable: false };
    if (magic === null && this.failsForGood(seed, serviceIndex)) {
      const reason =
        draw(seed, REASON + serviceIndex) < 0.75 ? SANDBOX_REASONS.noRecord : SANDBOX_REASONS.unsupported;
      return { kind: 'failed', reason, retryable: false };
    }
    if (magic === 'retry' ? t.round <= 1 : magic === null && draw(seed, salt(RETRY)) < this.retryRate) {
      return { kind: 'failed', reason: SANDBOX_REASONS.timeout, retryable: true };
    }

    const device = sandboxDevice(seed, { sn: t.sn, imei: t.imei }, now);
    return { kind: 'done', facts: sandboxFacts(t.service, device), cost: SANDBOX_COSTS[t.service] };
  }

  /** Permanent failures depend on the device and service only: retrying does not help. */
  private failsForGood(seed: number, serviceIndex: number): boolean {
    return draw(seed, FAILS + serviceIndex) < this.failureRate;
  }

  private within(range: readonly [number, number], seed: number, salt: number): number {
    if (range[1] === 0) return 0;
    const x = this.random ? this.random() : draw(seed, salt);
    return Math.round(range[0] + x * (range[1] - range[0]));
  }

  private async call(seed: number, salt: number): Promise<void> {
    const ms = this.within(this.latency.callMs, seed, salt);
    if (ms > 0) await new Promise((resolve) => setTimeout(resolve, ms));
  }
}

function rate(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!(value >= 0 && value <= 1)) throw new RangeError(`${name} must be between 0 and 1, got ${value}`);
  return value;
}
