import {
  Outlet,
  createRootRouteWithContext,
  redirect,
  useRouterState,
  type ErrorComponentProps,
} from '@tanstack/react-router';
import type { RouterContext } from '#src/app/router.tsx';
import { runGuard } from '#src/features/auth/guard.ts';
import { LOGIN_PATH } from '#src/features/auth/model.ts';
import { isChunkLoadError } from '#src/features/shell/chunk-load.ts';
import { isPhoneDevice } from '#src/features/shell/device.ts';
import {
  LoadTimeoutWatch,
  RootErrorPage,
  RootPageLoadFailed,
  RoutePending,
} from '#src/features/shell/components/root-fallbacks.tsx';
import { notify } from '#src/ui/notify.ts';
import { loadAllMessages } from '#src/lib/i18n.ts';
import { MantineScope, loadMantine } from '#src/ui/mantine-scope.tsx';

const BLANK_PAGE = '/blank-page';

export const Route = createRootRouteWithContext<RouterContext>()({
  beforeLoad: async ({ location, context }) => {
    // Spec section 1: phones (not tablets) only get the blank page, signed in or not.
    if (location.pathname !== BLANK_PAGE && isPhoneDevice()) throw redirect({ to: BLANK_PAGE });
    // The guard of spec section 4 runs before every route.
    await runGuard(location, {
      reload: context.reload,
      notifyError: (message) => notify('error', message, 4000),
    });
    // The sign-in page starts with its own catalog, without the data layer and without Mantine; every
    // other page needs the app's whole catalog, the query client and Mantine (decision 0025).
    if (location.pathname !== LOGIN_PATH)
      await Promise.all([loadAllMessages(), context.startDataLayer(), loadMantine()]);
  },
  component: RootLayout,
  // Shown when the root's load takes more than a second (the guard waiting on the user's fetch).
  pendingComponent: RoutePending,
  notFoundComponent: () => <RootErrorPage code={404} />,
  errorComponent: RootError,
});

/**
 * Every page but the sign-in one is built with Mantine: its provider (and stylesheets) wraps them
 * here, the beforeLoad above having fetched it. The sign-in page is plain (decision 0025).
 * Spec section 9, chunk load time-out (120 s): every page's code is a lazy chunk.
 * - Still loading after 120 s: LoadTimeoutWatch watches the router's pending status and offers a
 *   reload over the page still shown.
 * - Failed to load: the error bubbles to RootError, which offers a reload. (TanStack Router first
 *   reloads the page once by itself when a chunk is missing, e.g. after a deploy.)
 */
function RootLayout() {
  // The page shown (its matches), not the location: that changes as soon as a navigation starts.
  const signInPage = useRouterState({
    select: (state) => state.matches.some((match) => match.routeId === LOGIN_PATH),
  });
  const page = signInPage ? (
    <Outlet />
  ) : (
    <MantineScope>
      <Outlet />
    </MantineScope>
  );
  return (
    <>
      {page}
      <LoadTimeoutWatch />
    </>
  );
}

/** A page that could not be fetched asks to retry; any other failure is the error page. */
function RootError({ error }: ErrorComponentProps) {
  return isChunkLoadError(error) ? <RootPageLoadFailed /> : <RootErrorPage code={500} />;
}
