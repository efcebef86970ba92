import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { LoginPage } from '#src/features/auth/components/LoginPage.tsx';
import { safeRedirect } from '#src/features/auth/model.ts';

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
  return <LoginPage onSignedIn={() => void navigate({ href: safeRedirect(redirect), replace: true })} />;
}
