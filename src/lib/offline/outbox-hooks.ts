// How the outbox reaches the app (src/app/offline-wiring.ts sets them): who is signed in, how the user
// is told, what follows a replay. `hooks` is a live binding: the outbox's modules see the app's.

export interface OutboxHooks {
  currentUserId(): number | null;
  notify(kind: 'info' | 'warning', message: string): void;
  /** The queue of a user emptied after replaying (the app refreshes its queries). */
  onReplayed(): void;
}

export let hooks: OutboxHooks = {
  currentUserId: () => null,
  notify: () => undefined,
  onReplayed: () => undefined,
};

export function configureOutbox(next: OutboxHooks): void {
  hooks = next;
}
