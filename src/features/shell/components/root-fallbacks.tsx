import { Suspense, lazy, type ReactNode } from 'react';
import { LiteLoader } from '#src/ui/lite/LiteLoader.tsx';
import { LiteScope } from '#src/ui/lite/LiteScope.tsx';
import { MantineScope } from '#src/ui/mantine-scope.tsx';
import { CHUNK_LOAD_TIMEOUT_MS } from '../chunk-load.ts';
import { useLoadTimeout } from '../use-load-timeout.ts';
import classes from './root-fallbacks.module.css';

// What the root route shows besides a page: its loader, the 120 s notice, the error pages. The root
// route is part of the sign-in page's first load, which has no Mantine (decision 0025): the loader is
// plain, the others fetch their Mantine views (and Mantine) when they show.
const shellViews = () => import('./PageLoadFailed.tsx');
const LoadTimeoutCard = lazy(() => shellViews().then((m) => ({ default: m.LoadTimeoutCard })));
const PageLoadFailedView = lazy(() => shellViews().then((m) => ({ default: m.PageLoadFailed })));
const ErrorPageView = lazy(() => import('./ErrorPage.tsx').then((m) => ({ default: m.ErrorPage })));

function WithMantine({ children }: { children: ReactNode }) {
  return (
    <MantineScope>
      <Suspense fallback={null}>{children}</Suspense>
    </MantineScope>
  );
}

/** The 120 s notice (spec section 9) over whatever is shown, once a navigation takes that long. */
export function LoadTimeoutWatch({ timeoutMs = CHUNK_LOAD_TIMEOUT_MS }: { timeoutMs?: number }) {
  const { opened, close } = useLoadTimeout(timeoutMs);
  return opened ? (
    <WithMantine>
      <LoadTimeoutCard onClose={close} />
    </WithMantine>
  ) : null;
}

/**
 * A route's pending component: a loader, and the 120 s time-out notice. The root route uses it; set
 * as the router's defaultPendingComponent it also covers the first load of a lazy page (where
 * nothing of the app is on screen yet to host the notice).
 */
export function RoutePending() {
  return (
    <LiteScope>
      <div className={classes.pending}>
        <LiteLoader />
        <LoadTimeoutWatch />
      </div>
    </LiteScope>
  );
}

/** A page whose code could not be fetched: retry reloads. */
export function RootPageLoadFailed() {
  return (
    <WithMantine>
      <PageLoadFailedView />
    </WithMantine>
  );
}

/** Spec section 2's error page (404, 500). */
export function RootErrorPage({ code }: { code: number }) {
  return (
    <WithMantine>
      <ErrorPageView code={code} />
    </WithMantine>
  );
}
