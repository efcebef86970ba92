import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ChecksHttpConfig } from '#server/config.ts';
import { HttpCheckProvider, UNKNOWN_TICKET_REASON } from './http.ts';
import { CheckTransportError, type CheckRequest } from './provider.ts';

const KEY = 'test-key-123';
const TICKET_WITH_SYMBOLS = 'T/1 2?x=ü';

/**
 * A local fake of the reseller protocol (see http.ts). The SN picks the submit answer; the ticket
 * picks the poll answer.
 */
let fake: FastifyInstance;
let base: string;
const hits: { method: string; url: string; auth?: string; body?: unknown; ticket?: string }[] = [];

beforeAll(async () => {
  fake = Fastify({ logger: false });
  fake.addContentTypeParser('text/plain', { parseAs: 'string' }, (_req, body, done) => done(null, body));
  fake.post('/api/orders', async (request, reply) => {
    hits.push({ method: 'POST', url: request.url, auth: request.headers.authorization, body: request.body });
    if (request.headers.authorization !== `Bearer ${KEY}`)
      return reply.code(401).send({ error: 'unauthorized' });
    const { sn } = request.body as { sn: string };
    switch (sn) {
      case 'OK':
        return reply.code(202).send({ ticket: TICKET_WITH_SYMBOLS, poll_after_ms: 1500 });
      case 'BUSY':
        return reply.code(429).send({ retry_after_ms: 3000 });
      case 'BUSYHEADER':
        return reply.code(429).header('retry-after', '7').send();
      case 'BUSYBARE':
        return reply.code(429).send();
      case 'BAD':
        return reply.code(422).send({ reason: '序列号无效' });
      case 'BADNOREASON':
        return reply.code(422).send({});
      case 'MALFORMED':
        return reply.code(202).send({ ticket: 42 });
      case 'NOTJSON':
        return reply.code(202).type('text/plain').send('accepted!');
      case 'SLOW':
        await new Promise((resolve) => setTimeout(resolve, 400));
        return reply.code(202).send({ ticket: 'late', poll_after_ms: 0 });
      default:
        return reply.code(500).send({ error: 'boom' });
    }
  });
  fake.get('/api/orders/:ticket', async (request, reply) => {
    const { ticket } = request.params as { ticket: string };
    hits.push({ method: 'GET', url: request.url, auth: request.headers.authorization, ticket });
    if (request.headers.authorization !== `Bearer ${KEY}`)
      return reply.code(401).send({ error: 'unauthorized' });
    switch (ticket) {
      case TICKET_WITH_SYMBOLS:
      case 'pending':
        return { state: 'pending', poll_after_ms: 800 };
      case 'pending-bare':
        return { state: 'pending' };
      case 'done':
        return {
          state: 'done',
          facts: {
            model: 'iPhone 13',
            warranty_type: 'limited',
            activation_lock: 'no',
            vendor_extra: 'dropped',
          },
          cost: 25,
        };
      case 'done-bad-facts':
        return { state: 'done', facts: { warranty_type: 'excellent' }, cost: 25 };
      case 'done-no-cost':
        return { state: 'done', facts: {} };
      case 'failed':
        return { state: 'failed', reason: 'Apple 无此设备记录' };
      case 'failed-retryable':
        return { state: 'failed', reason: '上游超时', retryable: true };
      case 'unknown':
        return reply.code(404).send({ error: 'no such ticket' });
      case 'ratelimited':
        return reply.code(429).send({ retry_after_ms: 1200 });
      case 'odd-state':
        return { state: 'exploded' };
      default:
        return reply.code(503).send();
    }
  });
  await fake.listen({ port: 0, host: '127.0.0.1' });
  const address = fake.server.address();
  if (!address || typeof address !== 'object') throw new Error('fake not listening');
  base = `http://127.0.0.1:${address.port}/api`;
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  hits.length = 0;
});

const config = (overrides: Partial<ChecksHttpConfig> = {}): ChecksHttpConfig => ({
  name: 'reseller-test',
  url: `${base}/`,
  key: KEY,
  ...overrides,
});
const provider = (overrides: Partial<ChecksHttpConfig> = {}) => new HttpCheckProvider(config(overrides));
const request = (sn: string): CheckRequest => ({
  service: 'warranty',
  sn,
  imei: '353911100000000',
  attempt: 2,
});

async function transportError(promise: Promise<unknown>): Promise<CheckTransportError> {
  const error = await promise.then(
    () => null,
    (err: unknown) => err,
  );
  expect(error).toBeInstanceOf(CheckTransportError);
  return error as CheckTransportError;
}

describe('HttpCheckProvider submit', () => {
  it('is a real provider under its configured name', () => {
    expect([provider().name, provider().sandbox]).toEqual(['reseller-test', false]);
  });

  it('posts the request with the bearer key: accepted', async () => {
    expect(await provider().submit(request('OK'))).toEqual({
      kind: 'accepted',
      ticket: TICKET_WITH_SYMBOLS,
      poll_after_ms: 1500,
    });
    expect(hits).toEqual([
      {
        method: 'POST',
        url: '/api/orders',
        auth: `Bearer ${KEY}`,
        body: { service: 'warranty', sn: 'OK', imei: '353911100000000' },
      },
    ]);
  });

  it.each([
    ['BUSY', 3000],
    ['BUSYHEADER', 7000],
    ['BUSYBARE', 5000],
  ])('429 is busy (%s waits %i ms)', async (sn, wait) => {
    expect(await provider().submit(request(sn))).toEqual({ kind: 'busy', retry_after_ms: wait });
  });

  it('422 is failed for good, with the reason', async () => {
    expect(await provider().submit(request('BAD'))).toEqual({ kind: 'failed', reason: '序列号无效' });
  });

  it.each(['MALFORMED', 'NOTJSON', 'BADNOREASON', 'ERROR'])('throws a transport error on %s', async (sn) => {
    const error = await transportError(provider().submit(request(sn)));
    expect(error.message).toContain('reseller-test');
  });

  it('throws a transport error on a wrong key (401)', async () => {
    const error = await transportError(provider({ key: 'wrong' }).submit(request('OK')));
    expect(error.message).toContain('HTTP 401');
  });

  it('times out', async () => {
    const slow = new HttpCheckProvider(config(), { timeoutMs: 100 });
    const started = performance.now();
    const error = await transportError(slow.submit(request('SLOW')));
    expect(error.message).toContain('timed out after 100 ms');
    expect(performance.now() - started).toBeLessThan(380);
  });

  it('throws a transport error when upstream is unreachable', async () => {
    const closed = Fastify({ logger: false });
    await closed.listen({ port: 0, host: '127.0.0.1' });
    const { port } = closed.server.address() as { port: number };
    await closed.close();
    const error = await transportError(provider({ url: `http://127.0.0.1:${port}` }).submit(request('OK')));
    expect(error.message).toContain('unreachable');
  });
});

describe('HttpCheckProvider poll', () => {
  it('gets the URL-encoded ticket: pending', async () => {
    expect(await provider().poll(TICKET_WITH_SYMBOLS)).toEqual({ kind: 'pending', poll_after_ms: 800 });
    expect(hits[0]).toMatchObject({ method: 'GET', auth: `Bearer ${KEY}`, ticket: TICKET_WITH_SYMBOLS });
    expect(hits[0]!.url).toBe(`/api/orders/${encodeURIComponent(TICKET_WITH_SYMBOLS)}`);
  });

  it('pending without a hint polls again in 2 s; 429 is pending too', async () => {
    expect(await provider().poll('pending-bare')).toEqual({ kind: 'pending', poll_after_ms: 2000 });
    expect(await provider().poll('ratelimited')).toEqual({ kind: 'pending', poll_after_ms: 1200 });
  });

  it('done: the validated facts (unknown fields dropped) and the cost', async () => {
    expect(await provider().poll('done')).toEqual({
      kind: 'done',
      facts: { model: 'iPhone 13', warranty_type: 'limited', activation_lock: 'no' },
      cost: 25,
    });
  });

  it('failed: for good by default, retryable when upstream says so', async () => {
    expect(await provider().poll('failed')).toEqual({
      kind: 'failed',
      reason: 'Apple 无此设备记录',
      retryable: false,
    });
    expect(await provider().poll('failed-retryable')).toEqual({
      kind: 'failed',
      reason: '上游超时',
      retryable: true,
    });
  });

  it('404: the ticket is unknown upstream, a new submit may succeed', async () => {
    expect(await provider().poll('unknown')).toEqual({
      kind: 'failed',
      reason: UNKNOWN_TICKET_REASON,
      retryable: true,
    });
  });

  it.each(['done-bad-facts', 'done-no-cost', 'odd-state', 'server-error'])(
    'throws a transport error on a malformed answer (%s)',
    async (ticket) => {
      const error = await transportError(provider().poll(ticket));
      expect(error.message).toMatch(/^reseller-test: GET \/orders\/\{ticket\}/);
    },
  );
});
