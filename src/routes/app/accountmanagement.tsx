import { createFileRoute, redirect } from '@tanstack/react-router';
import { prefetchPageData } from '#src/app/page-data.ts';
import { employeeListQuery } from '#src/features/team/api/team-api.ts';
import { Role } from '#contract/roles.ts';
import { AccountManagement } from '#src/features/team/components/AccountManagement.tsx';
import { getCurrentUser } from '#src/features/auth/session.ts';

// Admin only (spec section 6): an Editor sees the unauthorized page. The server checks it too.
export const Route = createFileRoute('/app/accountmanagement')({
  beforeLoad: () => {
    if (getCurrentUser()?.role !== Role.Admin) throw redirect({ to: '/unauthorized' });
  },
  loader: ({ context }) => prefetchPageData(context, [employeeListQuery(1, '')]),
  component: AccountManagement,
});
