import { useEffect, useState } from 'react';
import { useLoadingOverlayVisible } from '#src/lib/loading-overlay.ts';
import type * as View from './loading-overlay-view.tsx';
import { MantineScope } from './mantine-scope.tsx';

/**
 * The app-wide loading overlay (spec section 4). Its view is fetched the first time it shows, not
 * with the first page (decision 0025); from then on it stays mounted and fades in and out.
 */
export function GlobalLoadingOverlay() {
  const visible = useLoadingOverlayVisible();
  const [view, setView] = useState<typeof View | null>(null);
  useEffect(() => {
    if (!visible || view) return;
    import('./loading-overlay-view.tsx').then(setView, (err: unknown) =>
      console.error('Loading the overlay failed', err),
    );
  }, [visible, view]);
  return view ? <MantineScope>{view.overlay(visible)}</MantineScope> : null;
}
