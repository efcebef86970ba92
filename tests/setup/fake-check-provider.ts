// A check provider for server tests: answers by a script the test sets, records every call, and
// by default accepts every submit and answers every poll with facts derived from the request.
import type {
  CheckProvider,
  CheckRequest,
  DeviceFacts,
  PollAnswer,
  SubmitAnswer,
} from '#server/providers/checks/provider.ts';

/** A valid 15-digit IMEI (Luhn check digit appended) from a number: the same n, the same IMEI. */
export function testImei(n: number, tac = '35693803'): string {
  const body = tac + String(n).padStart(6, '0');
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    let d = Number(body[i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return body + String((10 - (sum % 10)) % 10);
}

export function defaultFacts(req: CheckRequest): DeviceFacts {
  switch (req.service) {
    case 'warranty':
      return {
        model: 'iPhone 13',
        warranty_type: 'limited',
        purchase_date: '2025-06-01',
        warranty_end: '2026-06-01',
        warranty_days_left: 92,
        replaced: 'no',
        activated: 'yes',
      };
    case 'activation_lock':
      return { activation_lock: 'yes' };
    case 'sale_country':
      return { sale_country: 'CN' };
    case 'sn_to_imei':
      return { imei: '356938035643809', imei2: '356938035643817' };
    default:
      return { gsx_text: `${req.service} ok` };
  }
}

type Submit = (req: CheckRequest, n: number) => SubmitAnswer | Error | Promise<SubmitAnswer | Error>;
type Poll = (ticket: string, n: number) => PollAnswer | Error | Promise<PollAnswer | Error>;

export class FakeCheckProvider implements CheckProvider {
  readonly name = 'fake';
  readonly sandbox = true;
  readonly submits: CheckRequest[] = [];
  readonly polls: string[] = [];
  private readonly requests = new Map<string, CheckRequest>();
  onSubmit: Submit = () => ({ kind: 'accepted', ticket: '', poll_after_ms: 0 });
  onPoll: Poll = (ticket) => {
    const req = this.requests.get(ticket);
    return req
      ? { kind: 'done', facts: defaultFacts(req), cost: 10 }
      : { kind: 'failed', reason: 'no such ticket', retryable: false };
  };

  async submit(req: CheckRequest): Promise<SubmitAnswer> {
    const n = this.submits.push(req);
    const answer = await this.onSubmit(req, n);
    if (answer instanceof Error) throw answer;
    if (answer.kind === 'accepted') {
      const ticket = answer.ticket || `t${n}`;
      this.requests.set(ticket, req);
      return { ...answer, ticket };
    }
    return answer;
  }

  async poll(ticket: string): Promise<PollAnswer> {
    const n = this.polls.push(ticket);
    const answer = await this.onPoll(ticket, n);
    if (answer instanceof Error) throw answer;
    return answer;
  }

  requestOf(ticket: string): CheckRequest | undefined {
    return this.requests.get(ticket);
  }
}
