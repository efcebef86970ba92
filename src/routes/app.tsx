import { useEffect, useState } from 'react';
import { Outlet, createFileRoute, useNavigate } from '@tanstack/react-router';
import { AppLayout } from '#src/features/shell/components/AppLayout.tsx';
import { LogoutOutboxDialog } from '#src/features/shell/components/LogoutOutboxDialog.tsx';
import { loadCurrentUser, logout, useCurrentUser } from '#src/features/auth/session.ts';
import { discardAllOf, pendingCount, sendNow, useOutbox } from '#src/lib/offline/outbox.ts';
import { ThemeSwitcher } from '#src/ui/ThemeSwitcher.tsx';

export const Route = createFileRoute('/app')({
  component: AppRoute,
});

function AppRoute() {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const outbox = useOutbox();
  const [askingLogout, setAskingLogout] = useState(false);
  useEffect(() => {
    // The user was let in from storage without waiting; refresh it when the network is there.
    if (navigator.onLine) loadCurrentUser().catch(() => undefined);
  }, []);
  if (!user) return null;
  const leave = () => logout().then(() => navigate({ to: '/user/login' }));
  // Writes still in the outbox: ask first (send now, discard, cancel) rather than lose them.
  const onLogout = () =>
    void pendingCount(user.id).then((count) => (count > 0 ? setAskingLogout(true) : leave()));
  return (
    <AppLayout user={user} onLogout={onLogout} extraActions={<ThemeSwitcher />}>
      <Outlet />
      {askingLogout && outbox.length > 0 && (
        <LogoutOutboxDialog
          count={outbox.length}
          onCancel={() => setAskingLogout(false)}
          onDiscard={async () => {
            await discardAllOf(user.id);
            await leave();
          }}
          onSendNow={async () => {
            await sendNow();
            if ((await pendingCount(user.id)) === 0) await leave();
          }}
        />
      )}
    </AppLayout>
  );
}
