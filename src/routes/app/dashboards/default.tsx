import { createFileRoute } from '@tanstack/react-router';
import { DashboardHome } from '#src/features/dashboard/components/DashboardHome.tsx';
import { useCurrentUser } from '#src/features/auth/session.ts';

export const Route = createFileRoute('/app/dashboards/default')({
  component: DashboardRoute,
});

function DashboardRoute() {
  const user = useCurrentUser();
  return user ? <DashboardHome user={user} /> : null;
}
