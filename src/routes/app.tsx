import { useEffect } from 'react';
import { Outlet, createFileRoute, useNavigate } from '@tanstack/react-router';
import { AppLayout } from '#src/features/shell/components/AppLayout.tsx';
import { loadCurrentUser, logout, useCurrentUser } from '#src/features/auth/session.ts';
import { ThemeSwitcher } from '#src/ui/ThemeSwitcher.tsx';

export const Route = createFileRoute('/app')({
  component: AppRoute,
});

function AppRoute() {
  const user = useCurrentUser();
  const navigate = useNavigate();
  useEffect(() => {
    // The user was let in from storage without waiting; refresh it when the network is there.
    if (navigator.onLine) loadCurrentUser().catch(() => undefined);
  }, []);
  if (!user) return null;
  const onLogout = () => void logout().then(() => navigate({ to: '/user/login' }));
  return (
    <AppLayout user={user} onLogout={onLogout} extraActions={<ThemeSwitcher />}>
      <Outlet />
    </AppLayout>
  );
}
