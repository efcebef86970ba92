import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { LoginPage } from '#src/features/auth/components/LoginPage.tsx';
import { safeRedirect } from '#src/features/auth/model.ts';
import { preloadDataLayer } from '#src/app/data-layer-loader.ts';
import { loadAllMessages } from '#src/lib/i18n.ts';
import { preloadMantine } from '#src/ui/mantine-scope.tsx';

/**
 * The app's whole catalog, the data layer's code and Mantine (the sign-in page has none), which the
 * page after sign-in waits for (decision 0025).
 */
function preloadAfterSignIn() {
  loadAllMessages().catch(() => undefined);
  preloadDataLayer();
  preloadMantine();
}

export const Route = createFileRoute('/user/login')({
  // A plain function, not a zod schema: the route's search parser runs in the first-load bundle.
  validateSearch: (search: Record<string, unknown>): { redirect?: string; token?: string } => ({
    redirect: typeof search.redirect === 'string' ? search.redirect : undefined,
    token: typeof search.token === 'string' ? search.token : undefined,
  }),
  component: LoginRoute,
});

function LoginRoute() {
  const { redirect } = Route.useSearch();
  const navigate = useNavigate();
  return (
    <LoginPage
      onSignedIn={() => void navigate({ href: safeRedirect(redirect), replace: true })}
      onStarted={preloadAfterSignIn}
    />
  );
}
