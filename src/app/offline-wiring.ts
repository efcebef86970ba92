import type { QueryClient } from '@tanstack/react-query';
import { TOAST_MS } from '#src/lib/api/policy.ts';
import { configureOutbox, recoverOutbox, refreshOutbox, replayOutbox } from '#src/lib/offline/outbox.ts';
import { notify } from '#src/ui/notify.ts';
import { getCurrentUser, subscribeCurrentUser } from '#src/features/auth/session.ts';

/**
 * Connects the outbox to the session and the network: the signed-in user's writes are replayed at
 * start, when the network comes back and after that user signs in again. Part of the data layer
 * (src/app/data-layer.ts); what logout wipes is wired by main.tsx (data-layer-loader.ts).
 * docs/decisions/0009-offline-pwa.md.
 */
export function wireOffline(queryClient: QueryClient): void {
  configureOutbox({
    currentUserId: () => getCurrentUser()?.id ?? null,
    notify: (kind, message) => notify(kind, message, TOAST_MS),
    // Replayed writes changed server data: refetch what is on screen.
    onReplayed: () => void queryClient.invalidateQueries(),
  });

  let userId: number | null = null;
  const onUser = () => {
    const next = getCurrentUser()?.id ?? null;
    if (next === userId) return;
    userId = next;
    void refreshOutbox().then(() => (next === null ? undefined : replayOutbox()));
  };
  subscribeCurrentUser(onUser);
  void recoverOutbox().then(onUser);

  window.addEventListener('online', () => void replayOutbox());
}
