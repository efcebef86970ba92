import { describe, expect, it } from 'vitest';
import { SERVICE_CODES, type ServiceCode } from '#contract/schemas/checks-catalogue.ts';
import type { Clock } from '#server/lib/clock.ts';
import type { CheckRequest, PollAnswer } from './provider.ts';
import { SANDBOX_COSTS, SERVICE_FIELDS } from './sandbox-facts.ts';
import { encodeSandboxTicket } from './sandbox-ticket.ts';
import {
  SANDBOX_MAGIC_EXAMPLES,
  SANDBOX_REASONS,
  SandboxCheckProvider,
  sandboxMagic,
  type SandboxCheckOptions,
} from './sandbox.ts';

const NOW = Date.parse('2026-11-21T10:00:00Z');
const fixedClock = (now = NOW): Clock & { now: () => number; set: (ms: number) => void } => {
  let t = now;
  return { now: () => t, set: (ms) => (t = ms) };
};
const zero = (options: SandboxCheckOptions = {}) =>
  new SandboxCheckProvider({ latency: 'zero', clock: fixedClock(), ...options });
const perfect = (options: SandboxCheckOptions = {}) =>
  zero({ failureRate: 0, busyRate: 0, retryRate: 0, ...options });

/** Submits once and, when accepted, polls once (zero latency: ready at once). */
async function once(provider: SandboxCheckProvider, request: CheckRequest) {
  const submitted = await provider.submit(request);
  if (submitted.kind !== 'accepted') return submitted;
  return provider.poll(submitted.ticket);
}

async function facts(provider: SandboxCheckProvider, request: CheckRequest) {
  const answer = await once(provider, request);
  if (answer.kind !== 'done') throw new Error(`expected done, got ${JSON.stringify(answer)}`);
  return answer.facts;
}

const sn = (i: number) => `C39SBX${String(i).padStart(6, '0')}`;

describe('SandboxCheckProvider', () => {
  it('is the sandbox', () => {
    const provider = new SandboxCheckProvider();
    expect(provider.name).toBe('sandbox');
    expect(provider.sandbox).toBe(true);
  });

  it('answers the same input the same way, in any instance (no process-local state)', async () => {
    const a = zero();
    const b = zero();
    for (const service of SERVICE_CODES) {
      const request = { service, sn: 'F2LXK0ABCD12', imei: null, attempt: 1 };
      const submittedA = await a.submit(request);
      const submittedB = await b.submit(request);
      expect(submittedA).toEqual(submittedB);
      if (submittedA.kind === 'accepted')
        expect(await b.poll(submittedA.ticket)).toEqual(await a.poll(submittedA.ticket));
    }
  });

  it('tells the same story about a device in every service', async () => {
    const provider = perfect();
    for (let i = 0; i < 50; i++) {
      const request = { sn: sn(i), imei: null, attempt: 1 };
      const full = await facts(provider, { ...request, service: 'full_check' });
      for (const service of SERVICE_CODES) {
        if (service === 'gsx_image') continue; // its gsx_text is a summary, checked below
        const answer = await facts(provider, { ...request, service });
        for (const [field, value] of Object.entries(answer))
          expect([service, field, value]).toEqual([service, field, full[field as keyof typeof full]]);
      }
      const image = await facts(provider, { ...request, service: 'gsx_image' });
      expect(image.gsx_text).toContain(full.sn as string);
      expect(image.gsx_text).toContain('SANDBOX');
      expect(image.gsx_text).not.toEqual(full.gsx_text);
    }
  });

  it.each(SERVICE_CODES)('%s answers exactly its fields, with a cost', async (service) => {
    const provider = perfect();
    for (let i = 0; i < 20; i++) {
      const answer = await once(provider, { service, sn: sn(i), imei: null, attempt: 1 });
      expect(answer.kind).toBe('done');
      if (answer.kind !== 'done') return;
      expect(Object.keys(answer.facts).sort()).toEqual([...new Set(SERVICE_FIELDS[service])].sort());
      expect(answer.cost).toBe(SANDBOX_COSTS[service]);
    }
  });

  it('fails about 3% of (device, service) for good, and a retry does not help', async () => {
    const provider = zero();
    let failed = 0;
    let atSubmit = 0;
    const n = 10_000;
    for (let i = 0; i < n; i++) {
      const service = SERVICE_CODES[i % SERVICE_CODES.length] as ServiceCode;
      let answer = await once(provider, { service, sn: sn(i), imei: null, attempt: 1 });
      // Walk the busy and retryable answers the way the runner does.
      for (let attempt = 2; attempt < 10; attempt++) {
        if (
          answer.kind === 'busy' ||
          (answer.kind === 'failed' && 'retryable' in answer && answer.retryable)
        ) {
          answer = await once(provider, { service, sn: sn(i), imei: null, attempt });
        }
      }
      if (answer.kind === 'failed') {
        failed++;
        if (!('retryable' in answer)) atSubmit++;
        else expect(answer.retryable).toBe(false);
        // The next attempt fails the same way.
        const again = await once(provider, { service, sn: sn(i), imei: null, attempt: 42 });
        expect(again.kind === 'busy' || again.kind === 'failed').toBe(true);
        if (again.kind === 'failed') expect(again.reason).toBe(answer.reason);
      } else {
        expect(answer.kind).toBe('done');
      }
    }
    expect(failed / n).toBeGreaterThan(0.022);
    expect(failed / n).toBeLessThan(0.038);
    expect(atSubmit / failed).toBeGreaterThan(0.2);
    expect(atSubmit / failed).toBeLessThan(0.47);
  });

  it('answers busy on about 5% of submits and fails about 2% of polls retryably, differently per attempt', async () => {
    const provider = zero();
    const n = 10_000;
    let busy = 0;
    let retryable = 0;
    let busyAgain = 0;
    for (let i = 0; i < n; i++) {
      const answer = await once(provider, { service: 'warranty', imei: null, sn: sn(i), attempt: 1 });
      if (answer.kind === 'busy') {
        busy++;
        expect(answer.retry_after_ms).toBe(0);
        const second = await provider.submit({ service: 'warranty', imei: null, sn: sn(i), attempt: 2 });
        if (second.kind === 'busy') busyAgain++;
      }
      if (answer.kind === 'failed' && 'retryable' in answer && answer.retryable) {
        retryable++;
        expect(answer.reason).toBe(SANDBOX_REASONS.timeout);
      }
    }
    expect(busy / n).toBeGreaterThan(0.04);
    expect(busy / n).toBeLessThan(0.06);
    expect(retryable / n).toBeGreaterThan(0.013);
    expect(retryable / n).toBeLessThan(0.027);
    expect(busyAgain / busy).toBeLessThan(0.15); // independent draws: a retry mostly gets through
  });

  it('takes the rates from its options', async () => {
    const provider = zero({ failureRate: 1, busyRate: 0, retryRate: 0 });
    for (let i = 0; i < 100; i++) {
      const answer = await once(provider, { service: 'carrier', sn: sn(i), imei: null, attempt: 1 });
      expect(answer.kind).toBe('failed');
    }
    const busy = zero({ busyRate: 1 });
    expect((await busy.submit({ service: 'carrier', sn: sn(1), imei: null, attempt: 3 })).kind).toBe('busy');
    expect(() => new SandboxCheckProvider({ failureRate: 2 })).toThrow(RangeError);
    expect(() => new SandboxCheckProvider({ busyRate: -0.1 })).toThrow(RangeError);
    expect(() => new SandboxCheckProvider({ retryRate: Number.NaN })).toThrow(RangeError);
    expect(
      () => new SandboxCheckProvider({ latency: { callMs: [5, 1], readyMs: [0, 0], busyRetryMs: [0, 0] } }),
    ).toThrow(RangeError);
  });

  it('refuses a request without identifier and an identifier too long to be one', async () => {
    const provider = perfect();
    expect(await provider.submit({ service: 'warranty', sn: null, imei: null })).toEqual({
      kind: 'failed',
      reason: SANDBOX_REASONS.noIdentifier,
    });
    expect(await provider.submit({ service: 'warranty', sn: '', imei: '' })).toMatchObject({
      kind: 'failed',
    });
    expect(await provider.submit({ service: 'warranty', sn: 'X'.repeat(65), imei: null })).toEqual({
      kind: 'failed',
      reason: SANDBOX_REASONS.invalidSn,
    });
    const unknown = { service: 'teleport' as ServiceCode, sn: sn(1), imei: null };
    expect(await provider.submit(unknown)).toEqual({
      kind: 'failed',
      reason: SANDBOX_REASONS.unknownService,
    });
  });

  it('works without an attempt count (the clock gives the round)', async () => {
    const clock = fixedClock();
    const provider = zero({ clock, busyRate: 0.5 });
    const outcomes = new Set<string>();
    for (let s = 0; s < 20; s++) {
      clock.set(NOW + s * 1000);
      outcomes.add((await provider.submit({ service: 'warranty', sn: sn(7), imei: null })).kind);
    }
    expect(outcomes).toEqual(new Set(['busy', 'accepted']));
    // Magic BUSY then behaves as a later attempt.
    expect((await provider.submit({ service: 'warranty', sn: 'SANDBOXBUSY', imei: null })).kind).toBe(
      'accepted',
    );
  });
});

describe('magic inputs', () => {
  // Rates at their worst, so only the magic decides.
  const worst = { failureRate: 1, busyRate: 1, retryRate: 1 };
  const inputs = (magic: keyof typeof SANDBOX_MAGIC_EXAMPLES) => [
    { sn: SANDBOX_MAGIC_EXAMPLES[magic].sn, imei: null },
    { sn: null, imei: SANDBOX_MAGIC_EXAMPLES[magic].imei },
    { sn: SANDBOX_MAGIC_EXAMPLES[magic].sn.toLowerCase(), imei: '356789012345678' },
  ];

  it('recognises the examples and nothing else', () => {
    for (const magic of ['fail', 'reject', 'busy', 'retry', 'pass'] as const) {
      for (const input of inputs(magic)) expect(sandboxMagic(input.sn, input.imei)).toBe(magic);
    }
    expect(sandboxMagic('F2LXK0ABCD12', '356789012345678')).toBeNull();
    expect(sandboxMagic(null, '35391110000000')).toBeNull(); // 14 digits: not an IMEI
  });

  it.each(SERVICE_CODES)('FAIL / 000000: accepted, then failed for good (%s)', async (service) => {
    for (const rates of [worst, { failureRate: 0, busyRate: 0, retryRate: 0 }]) {
      for (const input of inputs('fail')) {
        const provider = zero(rates);
        const submitted = await provider.submit({ service, ...input, attempt: 1 });
        expect(submitted.kind).toBe('accepted');
        if (submitted.kind !== 'accepted') return;
        expect(await provider.poll(submitted.ticket)).toEqual({
          kind: 'failed',
          reason: SANDBOX_REASONS.noRecord,
          retryable: false,
        });
      }
    }
  });

  it('REJECT / 333333: refused at submit', async () => {
    const provider = zero({ failureRate: 0, busyRate: 0, retryRate: 0 });
    const [bySn, byImei] = inputs('reject');
    expect(await provider.submit({ service: 'warranty', ...bySn!, attempt: 5 })).toEqual({
      kind: 'failed',
      reason: SANDBOX_REASONS.invalidSn,
    });
    expect(await provider.submit({ service: 'warranty', ...byImei!, attempt: 5 })).toEqual({
      kind: 'failed',
      reason: SANDBOX_REASONS.invalidImei,
    });
  });

  it('BUSY / 111111: busy twice, then accepted and done', async () => {
    for (const rates of [worst, {}]) {
      for (const input of inputs('busy')) {
        const provider = zero(rates);
        expect((await provider.submit({ service: 'warranty', ...input, attempt: 1 })).kind).toBe('busy');
        expect((await provider.submit({ service: 'warranty', ...input, attempt: 2 })).kind).toBe('busy');
        expect((await once(provider, { service: 'warranty', ...input, attempt: 3 })).kind).toBe('done');
      }
    }
  });

  it('RETRY / 222222: a retryable poll failure on attempt 1, done on attempt 2', async () => {
    for (const input of inputs('retry')) {
      const provider = zero(worst);
      expect(await once(provider, { service: 'in_repair', ...input, attempt: 1 })).toEqual({
        kind: 'failed',
        reason: SANDBOX_REASONS.timeout,
        retryable: true,
      });
      expect((await once(provider, { service: 'in_repair', ...input, attempt: 2 })).kind).toBe('done');
    }
  });

  it.each(SERVICE_CODES)('PASS / 999999: done whatever the rates (%s)', async (service) => {
    for (const input of inputs('pass')) {
      expect((await once(zero(worst), { service, ...input, attempt: 1 })).kind).toBe('done');
    }
  });
});

describe('latency', () => {
  it('zero: accepted tickets are ready at once', async () => {
    const provider = perfect();
    const submitted = await provider.submit({ service: 'warranty', sn: sn(1), imei: null, attempt: 1 });
    expect(submitted).toMatchObject({ kind: 'accepted', poll_after_ms: 0 });
    if (submitted.kind === 'accepted') expect((await provider.poll(submitted.ticket)).kind).toBe('done');
  });

  it('ready times: pending until the clock reaches them, and any process can poll', async () => {
    const clock = fixedClock();
    const latency = { callMs: [0, 0], readyMs: [300, 2500], busyRetryMs: [1000, 5000] } as const;
    const provider = new SandboxCheckProvider({ latency, clock, failureRate: 0, busyRate: 0, retryRate: 0 });
    const readies: number[] = [];
    for (let i = 0; i < 200; i++) {
      const submitted = await provider.submit({ service: 'warranty', sn: sn(i), imei: null, attempt: 1 });
      if (submitted.kind !== 'accepted') throw new Error('expected accepted');
      readies.push(submitted.poll_after_ms);
      expect(submitted.poll_after_ms).toBeGreaterThanOrEqual(300);
      expect(submitted.poll_after_ms).toBeLessThanOrEqual(2500);
      const pending = await provider.poll(submitted.ticket);
      expect(pending).toEqual({ kind: 'pending', poll_after_ms: submitted.poll_after_ms });
      clock.set(NOW + submitted.poll_after_ms - 1);
      expect((await provider.poll(submitted.ticket)).kind).toBe('pending');
      clock.set(NOW + submitted.poll_after_ms);
      const other = new SandboxCheckProvider({ latency, clock, failureRate: 0, busyRate: 0, retryRate: 0 });
      expect((await other.poll(submitted.ticket)).kind).toBe('done');
      clock.set(NOW);
    }
    expect(Math.max(...readies) - Math.min(...readies)).toBeGreaterThan(1500); // spread over the range
  });

  it('realistic: each call takes a network round trip; busy answers ask for 1-5 s', async () => {
    const provider = new SandboxCheckProvider({ clock: fixedClock(), busyRate: 1 });
    const started = performance.now();
    const answer = await provider.submit({ service: 'warranty', sn: sn(1), imei: null, attempt: 1 });
    expect(performance.now() - started).toBeGreaterThanOrEqual(15);
    expect(answer.kind).toBe('busy');
    if (answer.kind === 'busy') {
      expect(answer.retry_after_ms).toBeGreaterThanOrEqual(1000);
      expect(answer.retry_after_ms).toBeLessThanOrEqual(5000);
    }
  });

  it('takes its jitter from `random` when given', async () => {
    const latency = { callMs: [0, 0], readyMs: [300, 2500], busyRetryMs: [0, 0] } as const;
    const provider = new SandboxCheckProvider({
      latency,
      clock: fixedClock(),
      busyRate: 0,
      random: () => 0.5,
    });
    expect(
      await provider.submit({ service: 'warranty', sn: 'SANDBOXPASS', imei: null, attempt: 1 }),
    ).toMatchObject({
      poll_after_ms: 1400,
    });
  });
});

describe('tickets', () => {
  const bad: PollAnswer = { kind: 'failed', reason: SANDBOX_REASONS.badTicket, retryable: false };
  const b64 = (text: string) => `sbx1.${Buffer.from(text).toString('base64url')}`;

  it.each([
    ['empty', ''],
    ['garbage', 'not a ticket'],
    ['prefix only', 'sbx1.'],
    ['not base64 JSON', 'sbx1.%%%%'],
    ['JSON of another shape', b64('{"service":"warranty"}')],
    ['unknown service', b64('["teleport","F2LXK0ABCD12",null,0,1]')],
    ['no identifier', b64('["warranty",null,null,0,1]')],
    ['identifier of a wrong type', b64('["warranty",12,null,0,1]')],
    ['bad ready time', b64('["warranty","F2LXK0ABCD12",null,-5,1]')],
    ['bad round', b64('["warranty","F2LXK0ABCD12",null,0,0]')],
    ['too long', `sbx1.${'A'.repeat(5000)}`],
    ['another provider', 'T-12345'],
  ])('a bad ticket (%s) is failed, not retryable, never a crash', async (_name, ticket) => {
    expect(await perfect().poll(ticket)).toEqual(bad);
  });

  it('a well-formed ticket polls without the submit that made it', async () => {
    const ticket = encodeSandboxTicket({
      service: 'sale_country',
      sn: sn(3),
      imei: null,
      readyAt: 0,
      round: 1,
    });
    expect((await perfect().poll(ticket)).kind).toBe('done');
  });
});
