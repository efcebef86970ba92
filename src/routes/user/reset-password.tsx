import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { t } from '@lingui/core/macro';
import { ResetPasswordPage } from '#src/features/auth/components/ResetPasswordPage.tsx';
import { notify } from '#src/ui/notify.ts';

export const Route = createFileRoute('/user/reset-password')({
  // A plain function, not a zod schema: the route's search parser runs in the first-load bundle.
  validateSearch: (search: Record<string, unknown>): { phone?: string } => ({
    phone: typeof search.phone === 'string' && search.phone.length <= 20 ? search.phone : undefined,
  }),
  component: ResetPasswordRoute,
});

function ResetPasswordRoute() {
  const { phone } = Route.useSearch();
  const navigate = useNavigate();
  return (
    <ResetPasswordPage
      initialPhone={phone ?? ''}
      onReset={(username) => {
        notify('success', t`Password reset for ${username}: sign in with the new one`, 4000);
        void navigate({ to: '/user/login', replace: true });
      }}
    />
  );
}
