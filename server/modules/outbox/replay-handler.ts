import type { FastifyInstance } from 'fastify';
import { endpoints } from '#contract/endpoints.ts';
import { ErrCode, defaultMsg } from '#contract/errcodes.ts';
import type { OutboxWriteAnswer } from '#contract/schemas/outbox.ts';
import type { Handler } from '#server/plugins/endpoints.ts';

/** Signed-in endpoints only (a public one has no account to key its request_id on), never a batch. */
const replayable: ReadonlySet<string> = new Set(
  Object.values(endpoints)
    .filter((e) => e.access !== 'public' && e.path !== endpoints.outboxReplay.path)
    .map((e) => e.path),
);

/** The write goes on after these; any other answer stops the batch there. */
const applied = (errcode: number) => errcode === ErrCode.OK || errcode === ErrCode.ALREADY_DONE;

/**
 * The outbox's batch (docs/decisions/0027-outbox-batch-replay.md): the caller's queued writes, applied
 * one after the other in the order sent, each through its own endpoint's full path in this process
 * (access, input schema, the request_id claim and fence of server/plugins/idempotency.ts, the handler),
 * so a write runs exactly as if it had come alone: once per request_id. Stops at the first write that
 * is refused, so the order of the queue holds; the answers say how far it went.
 */
export function outboxReplayHandler(): Handler<typeof endpoints.outboxReplay> {
  return async ({ input, token, request }) => {
    const answers: OutboxWriteAnswer[] = [];
    for (const write of input.writes) {
      const answer = await replayOne(request.server, write, token);
      answers.push(answer);
      if (!applied(answer.errcode)) break;
    }
    return { answers };
  };
}

async function replayOne(
  app: FastifyInstance,
  write: { path: string; body: Record<string, unknown> },
  token: string | undefined,
): Promise<OutboxWriteAnswer> {
  // Without a request_id a second replay could apply the write twice: such a write is not replayed.
  if (!replayable.has(write.path) || typeof write.body.request_id !== 'string') {
    const errcode = ErrCode.OUTBOX_WRITE_NOT_REPLAYABLE;
    return { errcode, msg: defaultMsg[errcode], datas: null };
  }
  const response = await app.inject({
    method: 'POST',
    url: write.path,
    headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
    payload: JSON.stringify(write.body),
  });
  const answer = response.json<Partial<OutboxWriteAnswer>>();
  if (typeof answer?.errcode !== 'number') {
    return { errcode: ErrCode.INTERNAL, msg: defaultMsg[ErrCode.INTERNAL], datas: null };
  }
  return { errcode: answer.errcode, msg: String(answer.msg ?? ''), datas: answer.datas ?? null };
}
