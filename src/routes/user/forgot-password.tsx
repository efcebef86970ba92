import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { ForgotPasswordPage } from '#src/features/auth/components/ForgotPasswordPage.tsx';

export const Route = createFileRoute('/user/forgot-password')({
  component: ForgotPasswordRoute,
});

function ForgotPasswordRoute() {
  const navigate = useNavigate();
  return (
    <ForgotPasswordPage
      onCodeSent={(phone) => void navigate({ to: '/user/reset-password', search: { phone } })}
    />
  );
}
