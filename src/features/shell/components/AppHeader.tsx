import type { RefObject, ReactNode } from 'react';
import { ActionIcon, AppShell, Avatar, Box, Button, Group, Text, Tooltip } from '@mantine/core';
import { IconLogout, IconMenu2 } from '@tabler/icons-react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatDateTime } from '#src/lib/dates.ts';
import type { StoredUser } from '#src/lib/storage.ts';
import { LanguageMenu } from '#src/ui/LanguageMenu.tsx';
import { nextMenuState, type MenuState } from '../menu-state.ts';
import { OfflineStatus } from './OfflineStatus.tsx';

/** What the next click of the menu button does, by the current state (its tooltip). */
const NEXT_ACTION: Record<MenuState, MessageDescriptor> = {
  full: msg`Show icons only`,
  compact: msg`Hide the menu`,
  hidden: msg`Show the menu over the page`,
  overlay: msg`Show the full menu`,
};

/**
 * The app layout's header (AppLayout.tsx): the menu button (its tooltip says what the next click
 * does), the product's name, the connection state, the user's points and VIP end, extra actions,
 * the language switch, the user and log out.
 */
export function AppHeader({
  user,
  onLogout,
  extraActions,
  menuState,
  changeMenu,
  menuButton,
  navbarId,
}: {
  user: StoredUser;
  onLogout: () => void;
  extraActions?: ReactNode;
  menuState: MenuState;
  changeMenu(next: (state: MenuState) => MenuState): void;
  /** The menu button, focused again when the overlay menu closes by Escape. */
  menuButton: RefObject<HTMLButtonElement | null>;
  /** The navbar the menu button controls. */
  navbarId: string;
}) {
  const { i18n, t } = useLingui();
  const vipEnd = formatDateTime(user.vip_end_time, 'YYYY-MM-DD');
  return (
    <AppShell.Header>
      <Group h="100%" px="md" justify="space-between" wrap="nowrap">
        <Group gap="sm" wrap="nowrap">
          <Tooltip label={i18n._(NEXT_ACTION[menuState])} position="right" withArrow>
            <ActionIcon
              ref={menuButton}
              variant="subtle"
              color="gray"
              size="lg"
              onClick={() => changeMenu(nextMenuState)}
              aria-label={t`Menu`}
              aria-expanded={menuState !== 'hidden'}
              aria-controls={navbarId}
              data-testid="menu-button"
            >
              <IconMenu2 size={22} />
            </ActionIcon>
          </Tooltip>
          <Text fw={700} c="var(--mantine-primary-color-filled)">
            RepairOps
          </Text>
        </Group>
        <Group gap="sm" wrap="nowrap">
          <OfflineStatus />
          <Text size="sm" visibleFrom="sm" style={{ whiteSpace: 'nowrap' }} data-testid="points">
            <Trans>Points: {user.integral.toFixed(2)}</Trans>
          </Text>
          {vipEnd && (
            <Text size="sm" visibleFrom="md" c="dimmed" data-testid="vip-end">
              <Trans>VIP until {vipEnd}</Trans>
            </Text>
          )}
          {extraActions}
          <LanguageMenu />
          <Group gap={6} wrap="nowrap">
            <Avatar src={user.img || null} size="sm" radius="xl" alt="" />
            <Text size="sm" data-testid="current-user">
              {user.title}
            </Text>
          </Group>
          {/* Its word from 992 px up; narrower (a tablet upright, a split window) the icon alone,
              named the same: at 768 px the points, the language and the user leave it no room. */}
          <Button
            variant="subtle"
            color="gray"
            onClick={onLogout}
            leftSection={<IconLogout size={18} />}
            aria-label={t`Log out`}
            px={{ base: 8, md: 'md' }}
            styles={{ section: { marginInlineEnd: 0 } }}
          >
            <Box component="span" visibleFrom="md" ms={8}>
              <Trans>Log out</Trans>
            </Box>
          </Button>
        </Group>
      </Group>
    </AppShell.Header>
  );
}
