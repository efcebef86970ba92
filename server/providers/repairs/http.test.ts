import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { REPAIR_ELIGIBILITY, REPAIR_PROGRESS } from '#contract/schemas/repairs.ts';
import { FakeRepairProvider } from '#tests/setup/fake-repair-provider.ts';
import { HttpRepairProvider, UNKNOWN_REPAIR_TICKET_REASON } from './http.ts';
import { RepairTransportError, type RepairStatusRequest } from './provider.ts';

// The repair-status HTTP adapter against a local fake of its protocol (docs/providers.md): the fake
// refuses a wrong key, so a test passes only when the adapter authenticates, maps each answer and
// turns anything outside the protocol into a transport error (retried by the runner).
const fake = new FakeRepairProvider();
let provider: HttpRepairProvider;
const REQ: RepairStatusRequest = {
  sn: 'F2LXK0ABHG7F',
  imei: '356938035643809',
  repair_id: 'G123456789',
  since_ms: 1_700_000_000_000,
  attempt: 2,
};

beforeAll(async () => {
  await fake.start();
  provider = new HttpRepairProvider({ name: 'repair-data', url: `${fake.url}/`, key: fake.key });
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

async function ask(req: RepairStatusRequest = REQ) {
  const submitted = await provider.submit(req);
  if (submitted.kind !== 'accepted') throw new Error(`not accepted: ${submitted.kind}`);
  return provider.poll(submitted.ticket);
}

describe('HttpRepairProvider: authentication and requests', () => {
  it('sends the bearer key and only the identifiers and repair id (not our clock or attempts)', async () => {
    const answer = await ask();
    expect(answer).toMatchObject({ kind: 'done', cost: 7, status: { progress: 'received' } });
    expect(fake.hits.map((h) => [h.method, h.authorization])).toEqual([
      ['POST', `Bearer ${fake.key}`],
      ['GET', `Bearer ${fake.key}`],
    ]);
    expect(fake.hits[0]?.body).toEqual({ sn: REQ.sn, imei: REQ.imei, repair_id: REQ.repair_id });
    // The ticket travels URL-encoded and comes back whole.
    expect(fake.hits[1]?.url).toBe('/v1/repairs/rt%201%2Fx');
    expect(fake.hits[1]?.ticket).toBe('rt 1/x');
  });

  it('a refused key is a transport error that says so (never a business answer, never the key)', async () => {
    const wrong = new HttpRepairProvider({ name: 'repair-data', url: fake.url, key: 'wrong-key' });
    const err = await wrong.submit(REQ).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RepairTransportError);
    expect((err as Error).message).toMatch(/HTTP 401 \(the key was refused: check REPAIRS_PROVIDER_KEY\)/);
    expect((err as Error).message).not.toContain('wrong-key');
    await expect(wrong.poll('rt 1/x')).rejects.toThrow(/GET \/repairs\/\{ticket\} answered HTTP 401/);
  });
});

describe('HttpRepairProvider: every state of the repair machine', () => {
  it.each(REPAIR_PROGRESS)('maps progress %s with the fields that go with it', async (progress) => {
    fake.progress.set(REQ.repair_id as string, progress);
    const answer = await ask();
    if (answer.kind !== 'done') throw new Error(answer.kind);
    expect(answer.status.progress).toBe(progress);
    expect(answer.status.eligibility).toBeNull();
    expect(answer.status.model).toBe('iPhone 13');
    expect([answer.status.quote_deadline_ms, answer.status.quote_amount]).toEqual(
      progress === 'quote_pending' ? [1_800_000_000_000, 129_900] : [null, null],
    );
    expect(answer.status.new_sn).toBe(progress === 'replaced' ? 'F2LNEW000001' : null);
    expect(answer.status.new_imei).toBeNull();
    expect([answer.status.return_logistics, answer.status.return_tracking]).toEqual(
      progress === 'shipped_back' ? ['in_transit', 'SF1234567890'] : [null, null],
    );
  });

  it.each(REPAIR_ELIGIBILITY)('maps eligibility %s (no repair id asked)', async (eligibility) => {
    fake.eligibility = eligibility;
    const answer = await ask({ ...REQ, repair_id: null });
    expect(answer).toMatchObject({ kind: 'done', status: { eligibility, progress: null } });
    expect(fake.hits[0]?.body).toMatchObject({ repair_id: null });
  });

  it('a state outside the machine, or a status naming neither, is malformed: a transport error', async () => {
    for (const status of [
      { progress: 'lost_in_space' },
      { model: 'iPhone 13' },
      { eligibility: 'ordered', quote_amount: -1 },
    ]) {
      fake.onPoll = () => ({ status: 200, body: { state: 'done', status, cost: 7 } });
      await expect(ask()).rejects.toThrow(RepairTransportError);
    }
  });
});

describe('HttpRepairProvider: busy, refused, pending, failed', () => {
  it('submit: 429 is busy (body, Retry-After, or 5 s), 422 is failed for good with the reason', async () => {
    const answers = [
      { status: 429, body: { retry_after_ms: 3000 } },
      { status: 429, headers: { 'retry-after': '7' } },
      { status: 429 },
      { status: 422, body: { reason: '序列号无效' } },
    ];
    fake.onSubmit = (_req, n) => answers[n - 1] ?? null;
    expect(await provider.submit(REQ)).toEqual({ kind: 'busy', retry_after_ms: 3000 });
    expect(await provider.submit(REQ)).toEqual({ kind: 'busy', retry_after_ms: 7000 });
    expect(await provider.submit(REQ)).toEqual({ kind: 'busy', retry_after_ms: 5000 });
    expect(await provider.submit(REQ)).toEqual({ kind: 'failed', reason: '序列号无效' });
  });

  it('poll: pending (with its wait or 2 s), 429 pending, failed (retryable or not), 404 unknown ticket', async () => {
    const answers = [
      { status: 200, body: { state: 'pending', poll_after_ms: 800 } },
      { status: 200, body: { state: 'pending' } },
      { status: 429, body: { retry_after_ms: 1200 } },
      { status: 200, body: { state: 'failed', reason: 'Apple 无此维修单' } },
      { status: 200, body: { state: 'failed', reason: '上游超时', retryable: true } },
      { status: 404 },
    ];
    fake.onPoll = (_t, _r, n) => answers[n - 1] ?? null;
    expect(await provider.poll('t')).toEqual({ kind: 'pending', poll_after_ms: 800 });
    expect(await provider.poll('t')).toEqual({ kind: 'pending', poll_after_ms: 2000 });
    expect(await provider.poll('t')).toEqual({ kind: 'pending', poll_after_ms: 1200 });
    expect(await provider.poll('t')).toEqual({
      kind: 'failed',
      reason: 'Apple 无此维修单',
      retryable: false,
    });
    expect(await provider.poll('t')).toEqual({ kind: 'failed', reason: '上游超时', retryable: true });
    expect(await provider.poll('t')).toEqual({
      kind: 'failed',
      reason: UNKNOWN_REPAIR_TICKET_REASON,
      retryable: true,
    });
  });

  it('anything else is a transport error: 500, not JSON, a malformed accept, a 422 without reason', async () => {
    const answers = [
      { status: 500, body: { error: 'boom' } },
      { status: 202, raw: 'accepted!' },
      { status: 202, body: { ticket: 42 } },
      { status: 422, body: {} },
      { status: 200, body: { ticket: 't', poll_after_ms: 0 } },
    ];
    fake.onSubmit = (_req, n) => answers[n - 1] ?? null;
    await expect(provider.submit(REQ)).rejects.toThrow(/POST \/repairs answered HTTP 500/);
    await expect(provider.submit(REQ)).rejects.toThrow(/something other than JSON/);
    await expect(provider.submit(REQ)).rejects.toThrow(/malformed answer/);
    await expect(provider.submit(REQ)).rejects.toThrow(/malformed answer/);
    await expect(provider.submit(REQ)).rejects.toThrow(/answered HTTP 200/);
  });

  it('a provider slower than the timeout is a transport error, and so is an unreachable one', async () => {
    const quick = new HttpRepairProvider(
      { name: 'repair-data', url: fake.url, key: fake.key },
      { timeoutMs: 100 },
    );
    fake.onSubmit = () => ({ status: 202, body: { ticket: 'late', poll_after_ms: 0 }, delayMs: 400 });
    const err = await quick.submit(REQ).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RepairTransportError);
    expect((err as Error).message).toBe('repair-data: POST /repairs timed out after 100 ms');
    const gone = new HttpRepairProvider({ name: 'gone', url: 'http://127.0.0.1:9', key: 'k' });
    await expect(gone.poll('secret-ticket')).rejects.toThrow(/gone: GET \/repairs\/\{ticket\} unreachable/);
  });
});
