import type { EndpointDef } from '#contract/endpoint.ts';
import { ErrCode } from '#contract/errcodes.ts';
import { callApi } from '#src/lib/api/client.ts';
import { ApiError } from '#src/lib/api/errors.ts';
import { outboxEndpoints } from '#src/lib/api/endpoint-refs.ts';
import { hooks } from './outbox-hooks.ts';
import {
  deleteItem,
  deleteItems,
  loadItem,
  loadItems,
  replaceItemsIfUnchanged,
  saveItem,
  saveItems,
  type OutboxItem,
} from './outbox-store.ts';
import { patchSnapshot, patchSnapshotMany, refresh } from './outbox-view.ts';

// Replaying: the user's queue in order, in batches, one run at a time
// (docs/decisions/0027-outbox-batch-replay.md).

export const BACKOFF_MAX_MS = 60_000;
/** 1 s, 2 s, 4 s ... up to a minute. */
export const backoffMs = (attempts: number): number =>
  Math.min(BACKOFF_MAX_MS, 1000 * 2 ** Math.max(0, attempts - 1));
/** Server answers that may pass on a later try; after this many tries they count as a refusal. */
const TRANSIENT: ReadonlySet<number> = new Set([ErrCode.RATE_LIMITED, ErrCode.PENDING, ErrCode.INTERNAL]);
const TRANSIENT_TRIES = 5;

export const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/**
 * Items name their endpoint by path: the outbox needs nothing else of the contract at run time, and
 * importing contract/endpoints.ts (every zod schema) would put it in the first-load bundle.
 */
const isApiPath = (path: unknown): path is EndpointDef['path'] =>
  typeof path === 'string' && /^\/api\/[\w-]+\/[\w-]+$/.test(path);

export type ReplayOutcome = 'empty' | 'offline' | 'waiting' | 'blocked' | 'signed-out';

let running: Promise<ReplayOutcome> | null = null;
let nextRun: Promise<ReplayOutcome> | null = null;
let timer: ReturnType<typeof setTimeout> | null = null;

/**
 * Replays the signed-in user's outbox in order; one run at a time (across tabs too, by a Web Lock).
 * Asked while a run is under way (the network just came back, a write was just queued), it runs
 * again after it: the current run may have looked before the change.
 */
export function replayOutbox(): Promise<ReplayOutcome> {
  if (!running) {
    running = withLock(replayAll).finally(() => {
      running = null;
    });
    return running;
  }
  nextRun ??= running.then(() => {
    nextRun = null;
    return replayOutbox();
  });
  return nextRun;
}

async function withLock(run: () => Promise<ReplayOutcome>): Promise<ReplayOutcome> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks) return run();
  return (await locks.request('repairops-outbox-replay', run)) as ReplayOutcome;
}

function schedule(at: number): void {
  if (timer) clearTimeout(timer);
  timer = setTimeout(
    () => {
      timer = null;
      void replayOutbox();
    },
    Math.max(0, at - Date.now()),
  );
}

/** Most writes, and bytes of bodies, one batch carries (the server takes 100 and 4 MiB). */
export const BATCH_MAX = 100;
const BATCH_CHARS_MAX = 1024 * 1024;

/**
 * The head of the queue and the writes right behind it that are due: sent together, in order, in one
 * round trip (docs/decisions/0027-outbox-batch-replay.md).
 */
function takeBatch(items: readonly OutboxItem[]): OutboxItem[] {
  const batch: OutboxItem[] = [];
  let chars = 0;
  for (const item of items) {
    if (item.state === 'refused' || item.next_attempt_at > Date.now()) break;
    chars += JSON.stringify(item.body).length;
    if (batch.length > 0 && (batch.length >= BATCH_MAX || chars > BATCH_CHARS_MAX)) break;
    batch.push(item);
  }
  return batch;
}

async function replayAll(): Promise<ReplayOutcome> {
  let sent = 0;
  // The user's queue as last read, oldest first. Each batch's outcome updates it, so a long queue is
  // read from IndexedDB once per run rather than once per batch; it is read again when it runs out
  // (writes queued meanwhile) or when another tab changed one of its items.
  let queue: OutboxItem[] | null = null;
  let queueOf: number | null = null;
  try {
    for (;;) {
      const userId = hooks.currentUserId();
      if (userId === null) return 'signed-out';
      if (queue === null || queueOf !== userId) {
        queue = (await loadItems()).filter((item) => item.user_id === userId);
        queueOf = userId;
      }
      const head = queue[0];
      if (!head) return 'empty';
      if (head.state === 'refused') return 'blocked';
      if (isOffline()) return 'offline';
      if (head.next_attempt_at > Date.now()) {
        schedule(head.next_attempt_at);
        return 'waiting';
      }
      const outcome = await sendBatch(takeBatch(queue), queue);
      sent += outcome.sent;
      if (outcome.next !== 'again') return outcome.next;
      queue = outcome.rest && outcome.rest.length > 0 ? outcome.rest : null;
    }
  } finally {
    await refresh();
    if (sent > 0) hooks.onReplayed();
  }
}

type BatchOutcome = {
  sent: number;
  next: 'again' | ReplayOutcome;
  /** The queue after the batch, when known without reading the store again. */
  rest?: OutboxItem[];
};

/** Codes of a server that has no batch endpoint (an older back end): the writes go one by one. */
const NO_BATCH: ReadonlySet<number> = new Set([ErrCode.NOT_FOUND, ErrCode.NOT_IMPLEMENTED]);

async function sendBatch(batch: OutboxItem[], queue: readonly OutboxItem[]): Promise<BatchOutcome> {
  const [head] = batch as [OutboxItem, ...OutboxItem[]];
  const attempts = batch.map((item): OutboxItem => ({
    ...item,
    state: 'sending',
    attempts: item.attempts + 1,
  }));
  // Discarded or retried in another tab since the queue was read: read it again, send nothing.
  if (!(await replaceItemsIfUnchanged(batch, attempts))) return { sent: 0, next: 'again' };
  patchSnapshotMany(attempts);
  let answers: { errcode: number; msg: string }[];
  try {
    const writes = batch.map((item) => ({ path: item.path, body: item.body }));
    ({ answers } = await callApi(outboxEndpoints.outboxReplay, { writes }, { background: true }));
  } catch (err) {
    // Nothing of the batch is known to be applied: every write goes back as it was, the head counts
    // the failed try (the same request_ids make the next try safe).
    await saveItems(batch);
    patchSnapshotMany(batch);
    if (err instanceof ApiError && NO_BATCH.has(err.errcode)) {
      const one = await sendOne(head);
      return one === 'sent' ? { sent: 1, next: 'again' } : { sent: 0, next: one };
    }
    return { sent: 0, next: await failed(attempts[0]!, err) };
  }
  // Every write up to the first refusal is applied (50086: applied before, its answer lost).
  const done = answers.findIndex((a) => a.errcode !== ErrCode.OK && a.errcode !== ErrCode.ALREADY_DONE);
  const applied = done === -1 ? answers.length : done;
  const appliedIds = batch.slice(0, applied).map((item) => item.id);
  await deleteItems(appliedIds);
  // Writes after the refusal, or that the server did not reach, were not tried: back as they were.
  const refusal = done === -1 ? undefined : answers[done];
  const untried = batch.slice(applied + (refusal ? 1 : 0));
  if (untried.length > 0) await saveItems(untried);
  patchSnapshotMany(untried, appliedIds);
  if (!refusal) return { sent: applied, next: 'again', rest: queue.slice(applied) };
  const next = await failed(attempts[applied]!, new ApiError(refusal.errcode, refusal.msg, null));
  return { sent: applied, next };
}

/** Records why a write did not go (a refusal, a transport failure) and says what the replay does next. */
async function failed(attempt: OutboxItem, err: unknown): Promise<ReplayOutcome> {
  if (err instanceof ApiError) {
    if (err.errcode === ErrCode.SESSION_EXPIRED) {
      // Kept for the same user's next sign-in; the API client is signing out.
      await saveItem({ ...attempt, state: 'queued', attempts: attempt.attempts - 1 });
      return 'signed-out';
    }
    if (!TRANSIENT.has(err.errcode) || attempt.attempts >= TRANSIENT_TRIES) {
      await saveItem({ ...attempt, state: 'refused', last_error: err.message });
      return 'blocked';
    }
  }
  const message = err instanceof Error ? err.message : String(err);
  const at = Date.now() + backoffMs(attempt.attempts);
  await saveItem({ ...attempt, state: 'failed-transport', last_error: message, next_attempt_at: at });
  if (isOffline()) return 'offline';
  schedule(at);
  return 'waiting';
}

async function sendOne(item: OutboxItem): Promise<'sent' | 'again' | ReplayOutcome> {
  if (!isApiPath(item.path)) {
    await saveItem({ ...item, state: 'refused', last_error: `unknown endpoint ${item.endpoint}` });
    return 'blocked';
  }
  const endpoint = { path: item.path } as EndpointDef;
  const attempt: OutboxItem = { ...item, state: 'sending', attempts: item.attempts + 1 };
  await saveItem(attempt);
  patchSnapshot(attempt);
  try {
    await callApi(endpoint, attempt.body, { background: true });
    await deleteItem(item.id);
    patchSnapshot(item, true);
    return 'sent';
  } catch (err) {
    // Discarded meanwhile (in another tab): nothing to record.
    if (!(await loadItem(item.id))) return 'again';
    return failed(attempt, err);
  }
}
