// A local fake of the repair-status provider protocol (docs/providers.md, server/providers/repairs/
// http.ts) on a real port, for the HTTP adapter's tests and the server tests that run refreshes
// and monitors through it. It checks the bearer key on every call (401 otherwise), records every
// call, and by default accepts a submit and answers its poll with `statusFor` (progress for a
// repair id, eligibility without one). Tests script other answers through onSubmit / onPoll.
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import type { RepairEligibility, RepairProgress } from '#contract/schemas/repairs.ts';

export interface FakeRepairRequest {
  sn: string | null;
  imei: string | null;
  repair_id: string | null;
}

/** One scripted answer: an HTTP status, a JSON body (or raw text), headers, a delay before it. */
export interface FakeAnswer {
  status: number;
  body?: unknown;
  raw?: string;
  headers?: Record<string, string>;
  delayMs?: number;
}

export interface FakeRepairHit {
  method: 'POST' | 'GET';
  url: string;
  /** The Authorization header as received (tests check it, the fake refuses a wrong one). */
  authorization: string | undefined;
  body?: unknown;
  ticket?: string;
}

export class FakeRepairProvider {
  readonly key: string;
  readonly hits: FakeRepairHit[] = [];
  /** A repair id's progress as the fake answers it (default received). */
  readonly progress = new Map<string, RepairProgress>();
  /** The eligibility answered without a repair id (default not_ordered). */
  eligibility: RepairEligibility = 'not_ordered';
  onSubmit: ((req: FakeRepairRequest, n: number) => FakeAnswer | null) | null = null;
  onPoll: ((ticket: string, req: FakeRepairRequest | undefined, n: number) => FakeAnswer | null) | null =
    null;
  private readonly tickets = new Map<string, FakeRepairRequest>();
  private submits = 0;
  private polls = 0;
  private readonly app: FastifyInstance;
  url = '';

  constructor(key = 'fake-repairs-key-0123456789') {
    this.key = key;
    this.app = Fastify({ logger: false });
    this.app.post('/v1/repairs', async (request, reply) => {
      const authorization = request.headers.authorization;
      this.hits.push({ method: 'POST', url: request.url, authorization, body: request.body });
      if (authorization !== `Bearer ${this.key}`) return reply.code(401).send({ error: 'unauthorized' });
      const req = request.body as FakeRepairRequest;
      const n = ++this.submits;
      const answer = this.onSubmit?.(req, n) ?? {
        status: 202,
        body: { ticket: `rt ${n}/x`, poll_after_ms: 0 },
      };
      if (answer.status === 202 && answer.body && typeof answer.body === 'object' && 'ticket' in answer.body)
        this.tickets.set(String(answer.body.ticket), req);
      return send(reply, answer);
    });
    this.app.get('/v1/repairs/:ticket', async (request, reply) => {
      const authorization = request.headers.authorization;
      const { ticket } = request.params as { ticket: string };
      this.hits.push({ method: 'GET', url: request.url, authorization, ticket });
      if (authorization !== `Bearer ${this.key}`) return reply.code(401).send({ error: 'unauthorized' });
      const req = this.tickets.get(ticket);
      const n = ++this.polls;
      const answer =
        this.onPoll?.(ticket, req, n) ??
        (req
          ? { status: 200, body: { state: 'done', status: this.statusFor(req), cost: 7 } }
          : { status: 404 });
      return send(reply, answer);
    });
  }

  /** Back to the default answers, with no hits and the answer counters (n) from 1 again. */
  reset(): void {
    this.hits.length = 0;
    this.onSubmit = null;
    this.onPoll = null;
    this.progress.clear();
    this.eligibility = 'not_ordered';
    this.submits = 0;
    this.polls = 0;
  }

  /** What the fake knows of a device: its repair's progress, or its eligibility without a repair id. */
  statusFor(req: FakeRepairRequest): Record<string, unknown> {
    if (req.repair_id === null) return { eligibility: this.eligibility, model: 'iPhone 13' };
    const progress = this.progress.get(req.repair_id) ?? 'received';
    return {
      progress,
      model: 'iPhone 13',
      ...(progress === 'quote_pending'
        ? { quote_deadline_ms: 1_800_000_000_000, quote_amount: 129_900 }
        : {}),
      ...(progress === 'replaced' ? { new_sn: 'F2LNEW000001' } : {}),
      ...(progress === 'shipped_back'
        ? { return_logistics: 'in_transit', return_tracking: 'SF1234567890' }
        : {}),
    };
  }

  /** Listens on a free loopback port; `url` is then the base to configure (…/v1). */
  async start(): Promise<string> {
    const address = await this.app.listen({ port: 0, host: '127.0.0.1' });
    this.url = `${address}/v1`;
    return this.url;
  }

  close(): Promise<void> {
    return this.app.close();
  }
}

async function send(reply: FastifyReply, answer: FakeAnswer) {
  if (answer.delayMs) await new Promise((r) => setTimeout(r, answer.delayMs));
  reply.code(answer.status);
  for (const [k, v] of Object.entries(answer.headers ?? {})) reply.header(k, v);
  if (answer.raw !== undefined) return reply.type('text/plain').send(answer.raw);
  return reply.send(answer.body ?? '');
}
