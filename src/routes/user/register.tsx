import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { RegisterPage } from '#src/features/auth/components/RegisterPage.tsx';

export const Route = createFileRoute('/user/register')({
  component: RegisterRoute,
});

function RegisterRoute() {
  const navigate = useNavigate();
  return <RegisterPage onSignedIn={() => void navigate({ to: '/', replace: true })} />;
}
