import { Outlet, createRootRouteWithContext } from '@tanstack/react-router';
import type { RouterContext } from '#src/app/router.tsx';
import { runGuard } from '#src/features/auth/guard.ts';
import { ErrorPage } from '#src/features/shell/components/ErrorPage.tsx';
import { notify } from '#src/ui/notify.ts';

export const Route = createRootRouteWithContext<RouterContext>()({
  // The guard of spec section 4 runs before every route.
  beforeLoad: ({ location, context }) =>
    runGuard(location, {
      reload: context.reload,
      notifyError: (message) => notify('error', message, 4000),
    }),
  component: Outlet,
  notFoundComponent: () => <ErrorPage code={404} />,
  errorComponent: () => <ErrorPage code={500} />,
});
