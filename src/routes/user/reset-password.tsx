import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { z } from 'zod';
import { t } from '@lingui/core/macro';
import { ResetPasswordPage } from '#src/features/auth/components/ResetPasswordPage.tsx';
import { notify } from '#src/ui/notify.ts';

export const Route = createFileRoute('/user/reset-password')({
  validateSearch: z.object({ phone: z.string().max(20).optional().catch(undefined) }),
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
