import { Activity, Suspense, lazy, useState } from 'react';
import { Stack } from '@mantine/core';
import { useLingui } from '@lingui/react';
import { Outlet, createFileRoute, useNavigate, useRouterState } from '@tanstack/react-router';
import { AppLayout } from '#src/features/shell/components/AppLayout.tsx';
import { LogoutOutboxDialog } from '#src/features/shell/components/LogoutOutboxDialog.tsx';
import { loadCurrentUser, logout, useCurrentUser } from '#src/features/auth/session.ts';
import { discardAllOf, pendingCount, sendNow, useOutbox } from '#src/lib/offline/outbox.ts';
import { NoticeBell } from '#src/features/repairs/components/NoticeBell.tsx';
import { SearchButton } from '#src/features/counter/search/SearchButton.tsx';
import { ThemeSwitcher } from '#src/ui/ThemeSwitcher.tsx';
import { PAGE_TITLES } from '#src/features/shell/page-titles.ts';
import { TemplateKitMenu } from '#src/features/template-kit/components/TemplateKitMenu.tsx';
import { TemplateKitSetting } from '#src/features/template-kit/components/TemplateKitSetting.tsx';
import { PERSONAL_CENTER_PATH } from '#src/features/auth/model.ts';

// Its own chunk, like a route's: fetched the first time the personal center opens.
const PersonalCenter = lazy(() =>
  import('#src/features/account/components/PersonalCenter.tsx').then((m) => ({ default: m.PersonalCenter })),
);

export const Route = createFileRoute('/app')({
  // The user was let in from storage without waiting: refresh it when the network is there, as the
  // signed-in area's route loads, beside the page's lists, not after the shell's first render (a new
  // tab's last call otherwise came ~20 ms after its shell: bench:pages). Once per entry into the area.
  loader: () => {
    if (navigator.onLine) loadCurrentUser().catch(() => undefined);
  },
  shouldReload: false,
  component: AppRoute,
});

function AppRoute() {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const [askingLogout, setAskingLogout] = useState(false);
  const { i18n } = useLingui();
  const atPersonalCenter = useRouterState({ select: (s) => s.location.pathname === PERSONAL_CENTER_PATH });
  const [centerVisited, setCenterVisited] = useState(false);
  if (atPersonalCenter && !centerVisited) setCenterVisited(true);
  if (!user) return null;
  const leave = () => logout().then(() => navigate({ to: '/user/login' }));
  // Writes still in the outbox: ask first (send now, discard, cancel) rather than lose them.
  const onLogout = () =>
    void pendingCount(user.id).then((count) => (count > 0 ? setAskingLogout(true) : leave()));
  return (
    <AppLayout
      user={user}
      onLogout={onLogout}
      extraActions={
        <>
          <SearchButton />
          <NoticeBell />
          <ThemeSwitcher />
        </>
      }
      extraMenu={(menu) => (
        <TemplateKitMenu
          {...menu}
          titleOf={(path) => (PAGE_TITLES[path] ? i18n._(PAGE_TITLES[path]) : path)}
        />
      )}
    >
      <Outlet />
      {/*
        The personal center is "kept alive" (spec section 2): once opened it stays mounted, hidden
        while another page shows, so its tab and half-filled forms are there on return. Per user (the
        key); logout leaves /app, which unmounts it. See docs/decisions/0019-wallet-pwa.md.
      */}
      {centerVisited && (
        <Activity mode={atPersonalCenter ? 'visible' : 'hidden'}>
          <Suspense fallback={null}>
            <Stack gap="lg" key={user.id}>
              <PersonalCenter
                rawPhone={user.phone_number}
                onUserChanged={() => void loadCurrentUser().catch(() => undefined)}
              />
              <TemplateKitSetting role={user.role} />
            </Stack>
          </Suspense>
        </Activity>
      )}
      {askingLogout && (
        <LogoutQuestion
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

/**
 * The logout question, while writes wait. It alone follows the outbox: a replay changes the outbox
 * after every batch, and the whole shell re-rendered each time when AppRoute followed it.
 */
function LogoutQuestion(props: Omit<Parameters<typeof LogoutOutboxDialog>[0], 'count'>) {
  const count = useOutbox().length;
  return count > 0 ? <LogoutOutboxDialog count={count} {...props} /> : null;
}
