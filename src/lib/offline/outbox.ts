import { t } from '@lingui/core/macro';
import type { EndpointRef, RefInput, RefOutput } from '#contract/endpoint.ts';
import { callApi } from '#src/lib/api/client.ts';
import { NetworkError } from '#src/lib/api/errors.ts';
import { hooks } from './outbox-hooks.ts';
import { deleteItem, deleteItems, loadItem, loadItems, saveItem, type OutboxItem } from './outbox-store.ts';
import { backoffMs, isOffline, replayOutbox, type ReplayOutcome } from './outbox-replay.ts';
import { pendingCount, refresh } from './outbox-view.ts';

/**
 * The outbox (architecture: "The PWA's data path"): a write made offline, or whose call failed in
 * transport, waits in IndexedDB and is replayed in order, per user, when the network is back; it
 * carries its request_id so the server applies it once. A refusal stops the queue and waits for the
 * user. A feature opts a mutation in with one line: `mutationFn: (input) => callOrQueue(endpoint, input)`.
 * docs/decisions/0009-offline-pwa.md.
 */

// The outbox's whole API, wherever each part lives: the app and the features import this file only
// (the stored item and its IndexedDB access: outbox-store.ts).
export { configureOutbox, type OutboxHooks } from './outbox-hooks.ts';
export { getOutboxSnapshot, pendingCount, refreshOutbox, subscribeOutbox, useOutbox } from './outbox-view.ts';
export { BACKOFF_MAX_MS, backoffMs, BATCH_MAX, replayOutbox, type ReplayOutcome } from './outbox-replay.ts';

/** What a queued write's mutation answers instead of the server's datas. */
export interface QueuedWrite {
  queued: true;
  id: string;
}
export const isQueued = (value: unknown): value is QueuedWrite =>
  !!value && typeof value === 'object' && (value as { queued?: unknown }).queued === true;

/** A body carrying one of these is never written to the device: such a write is sent, or fails. */
const SECRET_FIELDS = ['password', 'new_password', 'old_password', 'token'];
const carriesSecret = (body: Record<string, unknown>) =>
  SECRET_FIELDS.some((field) => body[field] !== undefined);

export function newRequestId(): string {
  return crypto.randomUUID().replaceAll('-', '');
}

// ——— Writing.

let lastSeq = 0;
const nextSeq = () => (lastSeq = Math.max(Date.now() * 1000, lastSeq + 1));

async function enqueue<E extends EndpointRef>(
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
export async function callOrQueue<E extends EndpointRef>(
  endpoint: E,
  input: RefInput<E>,
  options: { label?: string } = {},
): Promise<RefOutput<E> | QueuedWrite> {
  const body = { ...(input as Record<string, unknown>) };
  body.request_id ??= newRequestId();
  const userId = hooks.currentUserId();
  if (userId === null || carriesSecret(body)) return callApi(endpoint, body as RefInput<E>);

  const waiting = await pendingCount(userId);
  let state: OutboxItem['state'] = 'queued';
  if (waiting === 0) {
    try {
      return await callApi(endpoint, body as RefInput<E>);
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

// ——— What the user does with waiting writes.

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
