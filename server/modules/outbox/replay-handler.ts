import { endpoints } from '#contract/endpoints.ts';
import { ErrCode, defaultMsg } from '#contract/errcodes.ts';
import type { OutboxWriteAnswer } from '#contract/schemas/outbox.ts';
import type { EndpointDispatcher, Handler } from '#server/http/endpoints.ts';
import { coalescingDataChanged } from '#server/http/realtime.ts';

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
 * (access, body limit, input schema, the request_id claim and fence of server/http/idempotency.ts,
 * the handler: `dispatch`, from registerEndpoints), so a write runs exactly as if it had come alone:
 * once per request_id. Stops at the first write that is refused, so the order of the queue holds; the
 * answers say how far it went. `dispatch` is asked for at the first batch: the endpoints (this one
 * among them) are registered after the handlers are made.
 */
export function outboxReplayHandler(
  dispatcher: () => EndpointDispatcher,
): Handler<typeof endpoints.outboxReplay> {
  return async ({ input, token, request }) => {
    const dispatch = dispatcher();
    const answers: OutboxWriteAnswer[] = [];
    // One data:changed per account and batch, not one per write (server/http/realtime.ts).
    await coalescingDataChanged(async () => {
      for (const write of input.writes) {
        const answer = await replayOne(dispatch, write, { token, request });
        answers.push(answer);
        if (!applied(answer.errcode)) break;
      }
    });
    return { answers };
  };
}

async function replayOne(
  dispatch: EndpointDispatcher,
  write: { path: string; body: Record<string, unknown> },
  caller: Parameters<EndpointDispatcher>[2],
): Promise<OutboxWriteAnswer> {
  // Without a request_id a second replay could apply the write twice: such a write is not replayed.
  if (!replayable.has(write.path) || typeof write.body.request_id !== 'string') {
    const errcode = ErrCode.OUTBOX_WRITE_NOT_REPLAYABLE;
    return { errcode, msg: defaultMsg[errcode], datas: null };
  }
  const answer = await dispatch(write.path, write.body, caller);
  return { errcode: answer.errcode, msg: answer.msg, datas: answer.datas ?? null };
}
