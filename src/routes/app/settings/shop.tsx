import { createFileRoute, redirect } from '@tanstack/react-router';
import { Role } from '#contract/roles.ts';
import { getCurrentUser } from '#src/features/auth/session.ts';
import { ShopSettingsPage } from '#src/features/counter/components/ShopSettingsPage.tsx';

// Admin only (issue 26): an Editor sees the unauthorized page. The server checks the save too.
export const Route = createFileRoute('/app/settings/shop')({
  beforeLoad: () => {
    if (getCurrentUser()?.role !== Role.Admin) throw redirect({ to: '/unauthorized' });
  },
  component: ShopSettingsPage,
});
