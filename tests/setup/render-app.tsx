import { RouterProvider } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import { createQueryClient } from '#src/app/query-client.ts';
import { createAppRouter } from '#src/app/router.tsx';
import { wireApiClient } from '#src/app/api-wiring.ts';
import { Providers } from '#src/app/providers.tsx';
import { onLoggedOut, restoreSession } from '#src/features/auth/session.ts';

/** Renders the whole app as main.tsx does, at a hash route, with reloads recorded instead of done. */
export function renderApp(hashPath: string) {
  window.location.hash = `#${hashPath}`;
  const reloads: number[] = [];
  const queryClient = createQueryClient();
  wireApiClient(() => reloads.push(Date.now()));
  // What the data layer does with its client at logout (src/app/data-layer.ts); the screens get this
  // client from the providers, not the data layer's.
  onLoggedOut(() => queryClient.clear());
  restoreSession();
  const router = createAppRouter(
    () => reloads.push(Date.now()),
    // The pages' loaders ask for their lists with the screens' client, as in the app (page-data.ts).
    async () => ({ queryClient }),
  );
  const view = render(
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...view, router, queryClient, reloads };
}
