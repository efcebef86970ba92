import { useEffect, useState, useSyncExternalStore } from 'react';
import { subscribeUpdate, updateWaiting } from './service-worker.ts';
import type * as Card from './update-prompt-card.tsx';
import { MantineScope } from '#src/ui/mantine-scope.tsx';

/**
 * Offers a new version once its service worker waits; never forced (decision 0009). The card is
 * fetched when a version waits, not with the first page (decision 0025).
 */
export function UpdatePrompt() {
  const waiting = useSyncExternalStore(subscribeUpdate, updateWaiting, () => false);
  const [view, setView] = useState<typeof Card | null>(null);
  useEffect(() => {
    if (!waiting || view) return;
    import('./update-prompt-card.tsx').then(setView, (err: unknown) =>
      console.error('Loading the update prompt failed', err),
    );
  }, [waiting, view]);
  // Its own Mantine scope: the prompt shows on the sign-in page too (decision 0025).
  return waiting && view ? <MantineScope>{view.card()}</MantineScope> : null;
}
