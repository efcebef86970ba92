import { createFileRoute } from '@tanstack/react-router';
import { PersonalCenter } from '#src/features/account/components/PersonalCenter.tsx';
import { loadCurrentUser, useCurrentUser } from '#src/features/auth/session.ts';

export const Route = createFileRoute('/app/personalcenter')({
  component: PersonalCenterRoute,
});

function PersonalCenterRoute() {
  const user = useCurrentUser();
  return (
    <PersonalCenter
      rawPhone={user?.phone_number ?? ''}
      onUserChanged={() => void loadCurrentUser().catch(() => undefined)}
    />
  );
}
