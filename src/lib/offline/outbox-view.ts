import { useSyncExternalStore } from 'react';
import { hooks } from './outbox-hooks.ts';
import { loadItems, type OutboxItem } from './outbox-store.ts';

// What the UI shows: the current user's items, kept in memory and refreshed on every change.

let snapshot: readonly OutboxItem[] = [];
const listeners = new Set<() => void>();
const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('repairops-outbox');

export async function refresh(broadcast = true): Promise<void> {
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
export function patchSnapshot(item: OutboxItem, removed = false): void {
  patchSnapshotMany(removed ? [] : [item], removed ? [item.id] : []);
}

/** Shows a batch's new states (and the writes it applied gone) without reading the store again. */
export function patchSnapshotMany(changed: readonly OutboxItem[], removedIds: readonly string[] = []): void {
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
