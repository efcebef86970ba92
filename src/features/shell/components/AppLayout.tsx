import type { ReactNode } from 'react';
import { AppShell, Avatar, Burger, Button, Group, NavLink, Text, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconLogout } from '@tabler/icons-react';
import { Link, useRouterState } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatDateTime } from '#src/lib/dates.ts';
import type { StoredUser } from '#src/lib/storage.ts';
import { PAGE_TITLES } from '../page-titles.ts';
import { LanguageMenu } from './LanguageMenu.tsx';

/** The side menu's product entries (spec section 1); hidden entries open by route only. */
const MENU = [
  '/app/dashboards/default',
  '/app/quiry/basicinquiry',
  '/app/maintenance/maintenance',
  '/app/shoppingcenter/shoppingcenter',
  '/app/personalcenter',
  '/app/downloadCenter',
] as const;

export function AppLayout({
  user,
  onLogout,
  children,
}: {
  user: StoredUser;
  onLogout: () => void;
  children: ReactNode;
}) {
  const { i18n, t } = useLingui();
  const [opened, { toggle }] = useDisclosure();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const vipEnd = formatDateTime(user.vip_end_time, 'YYYY-MM-DD');

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 230, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label={t`Menu`} />
            <Text fw={700} c="blueolympic">
              RepairOps
            </Text>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <Text size="sm" visibleFrom="sm" data-testid="points">
              <Trans>Points: {user.integral}</Trans>
            </Text>
            {vipEnd && (
              <Text size="sm" visibleFrom="md" c="dimmed">
                <Trans>VIP until {vipEnd}</Trans>
              </Text>
            )}
            <LanguageMenu />
            <Group gap={6} wrap="nowrap">
              <Avatar src={user.img || null} size="sm" radius="xl" alt="" />
              <Text size="sm" data-testid="current-user">
                {user.title}
              </Text>
            </Group>
            <Tooltip label={t`Log out`}>
              <Button variant="subtle" color="gray" onClick={onLogout} leftSection={<IconLogout size={18} />}>
                <Trans>Log out</Trans>
              </Button>
            </Tooltip>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" aria-label={t`Main menu`}>
        {MENU.map((path) => (
          <NavLink
            key={path}
            component={Link}
            to={path}
            label={PAGE_TITLES[path] ? i18n._(PAGE_TITLES[path]) : path}
            active={pathname === path}
          />
        ))}
      </AppShell.Navbar>
      <AppShell.Main>{children}</AppShell.Main>
    </AppShell>
  );
}
