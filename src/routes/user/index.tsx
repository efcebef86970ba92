import { createFileRoute, redirect } from '@tanstack/react-router';

// Spec section 2: /user redirects to login.
export const Route = createFileRoute('/user/')({
  beforeLoad: () => {
    throw redirect({ to: '/user/login' });
  },
});
