import { createFileRoute, redirect } from '@tanstack/react-router';

export const Route = createFileRoute('/app/dashboards/')({
  beforeLoad: () => {
    throw redirect({ to: '/app/dashboards/default' });
  },
});
