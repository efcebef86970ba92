import { createFileRoute, redirect } from '@tanstack/react-router';

// basicinquiry is the default child (spec section 2).
export const Route = createFileRoute('/app/quiry/')({
  beforeLoad: () => {
    throw redirect({ to: '/app/quiry/basicinquiry' });
  },
});
