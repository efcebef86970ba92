import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { z } from 'zod';
import { LoginPage } from '#src/features/auth/components/LoginPage.tsx';
import { safeRedirect } from '#src/features/auth/model.ts';

export const Route = createFileRoute('/user/login')({
  validateSearch: z.object({
    redirect: z.string().optional().catch(undefined),
    token: z.string().optional().catch(undefined),
  }),
  component: LoginRoute,
});

function LoginRoute() {
  const { redirect } = Route.useSearch();
  const navigate = useNavigate();
  return <LoginPage onSignedIn={() => void navigate({ href: safeRedirect(redirect), replace: true })} />;
}
