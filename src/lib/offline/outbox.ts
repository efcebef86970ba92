import { useSyncExternalStore } from 'react';
import { t } from '@lingui/core/macro';
import type { EndpointDef, EndpointInput, EndpointOutput } from '#contract/endpoint.ts';
import { ErrCode } from '#contract/errcodes.ts';
import { callApi } from '#src/lib/api/client.ts';
import { ApiError, NetworkError } from '#src/lib/api/errors.ts';
import { outboxEndpoints } from '#src/lib/api/endpoint-refs.ts';
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

/**
 * The outbox (architecture: "The PWA's data path"): a write made offline, or whose call failed in
 * transport, waits in IndexedDB and is replayed in order, per user, when the network is back; it
 * carries its request_id so the server applies it once. A refusal stops the queue and waits for the
 * user. A feature opts a mutation in with one line: `mutationFn: (input) => callOrQueue(endpoint, input)`.
 * docs/decisions/0009-offline-pwa.md.
 */

export interface OutboxHooks {
  currentUserId(): number | null;
  notify(kind: 'info' | 'warning', message: string): void;
  /** The queue of a user emptied after replaying (the app refreshes its queries). */
  onReplayed(): void;
}

let hooks: OutboxHooks = {
  currentUserId: () => null,
  notify: () => undefined,
  onReplayed: () => undefined,
};

export function configureOutbox(next: OutboxHooks): void {
  hooks = next;
}

/** What a queued write's mutation answers instead of the server's datas. */
export interface QueuedWrite {
  queued: true;
  id: string;
}
export const isQueued = (value: unknown): value is QueuedWrite =>
  !!value && typeof value === 'object' && (value as { queued?: unknown }).queued === true;

export const BACKOFF_MAX_MS = 60_000;
/** 1 s, 2 s, 4 s ... up to a minute. */
export const backoffMs = (attempts: number): number =>
  Math.min(BACKOFF_MAX_MS, 1000 * 2 ** Math.max(0, attempts - 1));
/** Server answers that may pass on a later try; after this many tries they count as a refusal. */
const TRANSIENT: ReadonlySet<number> = new Set([ErrCode.RATE_LIMITED, ErrCode.PENDING, ErrCode.INTERNAL]);
const TRANSIENT_TRIES = 5;

/** A body carrying one of these is never written to the device: such a write is sent, or fails. */
const SECRET_FIELDS = ['password', 'new_password', 'old_password', 'token'];
const carriesSecret = (body: Record<string, unknown>) =>
  SECRET_FIELDS.some((field) => body[field] !== undefined);

const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

export function newRequestId(): string {
  return crypto.randomUUID().replaceAll('-', '');
}

/**
 * Items name their endpoint by path: the outbox needs nothing else of the contract at run time, and
 * importing contract/endpoints.ts (every zod schema) would put it in the first-load bundle.
 */
const isApiPath = (path: unknown): path is EndpointDef['path'] =>
  typeof path === 'string' && /^\/api\/[\w-]+\/[\w-]+$/.test(path);

// ——— What the UI shows: the current user's items, kept in memory and refreshed on every change.

let snapshot: readonly OutboxItem[] = [];
const listeners = new Set<() => void>();
const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('repairops-outbox');

async function refresh(broadcast = true): Promise<void> {
  const userId = hooks.currentUserId();
  const items = userId === null ? [] : (await loadItems()).filter((item) => item.user_id === userId);
  snapshot = items;
  for (const listener of listeners) listener();
  if (broadcast) channel?.postMessage('changed');
}
// Another tab changed the outbox: show it here too.
channel?.addEventListener('message', () => void refresh(false));
// (Node, in tests: the channel must not keep the process alive.)
(channel as { unref?: () => void } | null)?.unref?.();

export const refreshOutbox = (): Promise<void> => refresh(false);

/** Shows one item's new state without reading the whole store again (the replay loop's hot path). */
function patchSnapshot(item: OutboxItem, removed = false): void {
  patchSnapshotMany(removed ? [] : [item], removed ? [item.id] : []);
}

/** Shows a batch's new states (and the writes it applied gone) without reading the store again. */
function patchSnapshotMany(changed: readonly OutboxItem[], removedIds: readonly string[] = []): void {
  const byId = new Map(changed.map((item) => [item.id, item]));
  const removed = new Set(removedIds);
  snapshot = snapshot.filter((item) => !removed.has(item.id)).map((item) => byId.get(item.id) ?? item);
  for (const listener of listeners) listener();
}

export function getOutboxSnapshot(): readonly OutboxItem[] {
  return snapshot;
}

export function subscribeOutbox(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The signed-in user's waiting writes, oldest first. */
export function useOutbox(): readonly OutboxItem[] {
  return useSyncExternalStore(subscribeOutbox, getOutboxSnapshot, getOutboxSnapshot);
}

export async function pendingCount(userId: number): Promise<number> {
  return (await loadItems()).filter((item) => item.user_id === userId).length;
}

// ——— Writing.

let lastSeq = 0;
const nextSeq = () => (lastSeq = Math.max(Date.now() * 1000, lastSeq + 1));

async function enqueue<E extends EndpointDef>(
  endpoint: E,
  body: Record<string, unknown>,
  userId: number,
  label: string,
  state: OutboxItem['state'],
): Promise<QueuedWrite> {
  const item: OutboxItem = {
    id: String(body.request_id),
    user_id: userId,
    endpoint: endpoint.path,
    path: endpoint.path,
    label,
    body,
    created_at: Date.now(),
    seq: nextSeq(),
    state,
    attempts: state === 'failed-transport' ? 1 : 0,
    last_error: null,
    next_attempt_at: state === 'failed-transport' ? Date.now() + backoffMs(1) : 0,
  };
  await saveItem(item);
  await refresh();
  return { queued: true, id: item.id };
}

/**
 * A write that may wait in the outbox. With the network and an empty queue it is sent at once and
 * answers the server's datas; offline, after a transport failure, or behind other waiting writes it
 * is queued (the user is told) and answers a QueuedWrite. A business refusal throws as callApi does.
 */
export async function callOrQueue<E extends EndpointDef>(
  endpoint: E,
  input: EndpointInput<E>,
  options: { label?: string } = {},
): Promise<EndpointOutput<E> | QueuedWrite> {
  const body = { ...(input as Record<string, unknown>) };
  body.request_id ??= newRequestId();
  const userId = hooks.currentUserId();
  if (userId === null || carriesSecret(body)) return callApi(endpoint, body as EndpointInput<E>);

  const waiting = await pendingCount(userId);
  let state: OutboxItem['state'] = 'queued';
  if (waiting === 0) {
    try {
      return await callApi(endpoint, body as EndpointInput<E>);
    } catch (err) {
      if (!(err instanceof NetworkError)) throw err;
      if (!err.offline) state = 'failed-transport';
    }
  } else if (isOffline()) {
    hooks.notify('warning', t`Please check your network connection`);
  }
  const queued = await enqueue(endpoint, body, userId, options.label ?? '', state);
  hooks.notify(
    'info',
    waiting > 0 && !isOffline()
      ? t`Saved on this device: it will be sent after the changes waiting before it.`
      : t`Saved on this device: it will be sent when the network is back.`,
  );
  void replayOutbox();
  return queued;
}

// ——— Replaying.

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

/** Sends a refused or waiting write again now (the user asked). */
export async function retryItem(id: string): Promise<ReplayOutcome> {
  const item = await loadItem(id);
  if (item) await saveItem({ ...item, state: 'queued', next_attempt_at: 0, last_error: null });
  await refresh();
  return replayOutbox();
}

/** Sends every waiting write now, skipping backoff (the "send now" of the logout question). */
export async function sendNow(): Promise<ReplayOutcome> {
  const userId = hooks.currentUserId();
  for (const item of await loadItems()) {
    if (item.user_id === userId && item.state === 'failed-transport')
      await saveItem({ ...item, next_attempt_at: 0 });
  }
  return replayOutbox();
}

export async function discardItem(id: string): Promise<void> {
  await deleteItem(id);
  await refresh();
  void replayOutbox();
}

/** Throws away every waiting write of a user (the user chose to, at logout). */
export async function discardAllOf(userId: number): Promise<void> {
  await deleteItems((await loadItems()).filter((item) => item.user_id === userId).map((item) => item.id));
  await refresh();
}

/** At start: a write left "sending" by a crash or a closed tab goes back to the queue. */
export async function recoverOutbox(): Promise<void> {
  for (const item of await loadItems()) {
    if (item.state === 'sending') await saveItem({ ...item, state: 'queued' });
  }
  await refresh(false);
}
