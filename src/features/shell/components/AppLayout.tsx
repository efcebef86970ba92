import {
  useEffect,
  useId,
  useRef,
  useState,
  useSyncExternalStore,
  type CSSProperties,
  type ReactNode,
} from 'react';
import {
  ActionIcon,
  AppShell,
  Avatar,
  Box,
  Button,
  Group,
  NavLink,
  Overlay,
  Stack,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import {
  IconBuildingStore,
  IconDownload,
  IconFileDescription,
  IconFlame,
  IconLayoutDashboard,
  IconListSearch,
  IconLogout,
  IconMenu2,
  IconReceipt,
  IconSettings,
  IconShoppingCart,
  IconTool,
  IconUserCircle,
  IconUsers,
  IconAddressBook,
} from '@tabler/icons-react';
import { Link, useRouterState } from '@tanstack/react-router';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatDateTime } from '#src/lib/dates.ts';
import type { StoredUser } from '#src/lib/storage.ts';
import {
  INITIAL_MENU_STATE,
  dismissMenu,
  nextMenuState,
  widthClassOf,
  type MenuState,
  type WidthClass,
} from '../menu-state.ts';
import { PAGE_TITLES } from '../page-titles.ts';
import { isActiveEntry, productMenu, type ProductMenuIcon } from '../product-menu.ts';
import { LanguageMenu } from '#src/ui/LanguageMenu.tsx';
import { OfflineStatus } from './OfflineStatus.tsx';
import { PathBreadcrumb } from './PathBreadcrumb.tsx';

/** The product menu's icons by name (product-menu.ts keeps the tree pure). */
const MENU_ICONS: Record<ProductMenuIcon, typeof IconTool> = {
  dashboards: IconLayoutDashboard,
  orders: IconListSearch,
  repairs: IconTool,
  tickets: IconReceipt,
  customers: IconAddressBook,
  shopping: IconShoppingCart,
  personal: IconUserCircle,
  downloads: IconDownload,
  employees: IconUsers,
  settings: IconSettings,
};

/** A group's pages have icons of their own: with icons only, each page is its own entry. */
const PAGE_ICONS: Record<string, typeof IconTool> = {
  '/app/dashboards/default': IconLayoutDashboard,
  '/app/dashboards/hotphone': IconFlame,
  '/app/quiry/basicinquiry': IconListSearch,
  '/app/quiry/managementDetail': IconFileDescription,
  '/app/settings/shop': IconBuildingStore,
};

const NAVBAR_WIDTH = { full: 240, compact: 72 } as const;

const COMPACT_ENTRY = {
  root: { justifyContent: 'center', paddingInline: 0 },
  section: { marginInlineEnd: 0 },
  body: { flex: '0 0 auto' },
} as const;

/** What the next click of the menu button does, by the current state (its tooltip). */
const NEXT_ACTION: Record<MenuState, MessageDescriptor> = {
  full: msg`Show icons only`,
  compact: msg`Hide the menu`,
  hidden: msg`Show the menu over the page`,
  overlay: msg`Show the full menu`,
};

// In the overlay state AppShell lays the page out as with a collapsed menu (the content takes the
// whole width) and the menu is drawn anyway, over the content.
const OVERLAY_STYLE = {
  '--app-shell-navbar-transform': 'none',
  '--app-shell-navbar-transform-rtl': 'none',
  boxShadow: 'var(--mantine-shadow-xl)',
} as CSSProperties;

function subscribeToResize(onChange: () => void): () => void {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}
const currentWidthClass = (): WidthClass => widthClassOf(window.innerWidth);
const noWindowWidthClass = (): WidthClass => 'large';

/**
 * The menu's display state (menu-state.ts): it starts by the window's width; each click of the menu
 * button moves it on. A choice holds until the window crosses a breakpoint (a tablet turned, a window
 * resized); then the menu starts over in that width's state.
 */
function useMenuState(): [MenuState, (next: (state: MenuState) => MenuState) => void] {
  const widthClass = useSyncExternalStore(subscribeToResize, currentWidthClass, noWindowWidthClass);
  const [chosen, setChosen] = useState<{ state: MenuState; widthClass: WidthClass } | null>(null);
  const state = chosen?.widthClass === widthClass ? chosen.state : INITIAL_MENU_STATE[widthClass];
  return [state, (next) => setChosen({ state: next(state), widthClass })];
}

export function AppLayout({
  user,
  onLogout,
  extraActions,
  extraMenu,
  children,
}: {
  user: StoredUser;
  onLogout: () => void;
  /** More header actions, before the language switch (the theme switcher). */
  extraActions?: ReactNode;
  /** More menu entries under the product's (the template kit's group), told the menu's state. */
  extraMenu?: (menu: { compact: boolean; onNavigate: () => void }) => ReactNode;
  children: ReactNode;
}) {
  const { i18n, t } = useLingui();
  const [menuState, changeMenu] = useMenuState();
  const menuButton = useRef<HTMLButtonElement>(null);
  const navbarId = useId();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const vipEnd = formatDateTime(user.vip_end_time, 'YYYY-MM-DD');
  const compact = menuState === 'compact';
  const overlay = menuState === 'overlay';

  // Escape closes the overlay and gives the focus back to the menu button.
  useEffect(() => {
    if (!overlay) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      changeMenu(dismissMenu);
      menuButton.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  });

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{
        width: compact ? NAVBAR_WIDTH.compact : NAVBAR_WIDTH.full,
        // The menu state decides, not a Mantine breakpoint: "0" keeps AppShell in its desktop layout.
        breakpoint: 0,
        collapsed: { desktop: menuState === 'hidden' || overlay, mobile: menuState === 'hidden' || overlay },
      }}
      padding="md"
      data-menu-state={menuState}
    >
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
            <Text size="sm" visibleFrom="sm" data-testid="points">
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
            {/* Its word from 768 px up; narrower (a split window) the icon alone, named the same. */}
            <Button
              variant="subtle"
              color="gray"
              onClick={onLogout}
              leftSection={<IconLogout size={18} />}
              aria-label={t`Log out`}
              px={{ base: 8, sm: 'md' }}
              styles={{ section: { marginInlineEnd: 0 } }}
            >
              <Box component="span" visibleFrom="sm" ms={8}>
                <Trans>Log out</Trans>
              </Box>
            </Button>
          </Group>
        </Group>
      </AppShell.Header>
      {/* Under the header and the menu (AppShell's z-index 100 and 101), over the content. */}
      {overlay && (
        <Overlay fixed zIndex={99} backgroundOpacity={0.35} onClick={() => changeMenu(dismissMenu)} />
      )}
      <AppShell.Navbar
        id={navbarId}
        p="xs"
        aria-label={t`Main menu`}
        data-menu-state={menuState}
        data-testid="navbar"
        // Off screen when hidden: out of the tab order and of the accessibility tree too.
        inert={menuState === 'hidden'}
        style={overlay ? OVERLAY_STYLE : undefined}
      >
        <Stack gap={4}>
          {productMenu(user.role).flatMap((entry) => {
            const titleOf = (path: string) => (PAGE_TITLES[path] ? i18n._(PAGE_TITLES[path]) : path);
            /** One page's entry; `Icon` absent: a page inside an open group, its label alone. */
            const page = (path: string, Icon?: typeof IconTool) => {
              const text = titleOf(path);
              const link = (
                <NavLink
                  key={path}
                  component={Link}
                  to={path}
                  activeOptions={{ exact: true }}
                  active={pathname === path}
                  leftSection={Icon ? <Icon size={22} stroke={1.6} aria-hidden /> : undefined}
                  label={compact ? <VisuallyHidden>{text}</VisuallyHidden> : text}
                  onClick={() => changeMenu(dismissMenu)}
                  styles={compact ? COMPACT_ENTRY : undefined}
                  style={{ borderRadius: 'var(--mantine-radius-md)' }}
                />
              );
              // The label as a tooltip only where the entry shows its icon alone. Not a disabled
              // Tooltip elsewhere: it would still run its floating-ui hooks and transition on every
              // render (~1 ms each of the start's main thread in CPU profiles).
              return compact ? (
                <Tooltip
                  key={path}
                  label={text}
                  position="right"
                  withArrow
                  events={{ hover: true, focus: true, touch: false }}
                >
                  {link}
                </Tooltip>
              ) : (
                link
              );
            };
            const Icon = MENU_ICONS[entry.icon];
            if (!('children' in entry)) return [page(entry.path, Icon)];
            // With icons only, each page of a group is an icon of its own (hot phones and the order
            // detail stay one click away); with labels, the group holds its pages, open.
            if (compact) return entry.children.map((path) => page(path, PAGE_ICONS[path] ?? Icon));
            return [
              <NavLink
                key={entry.path}
                label={titleOf(entry.path)}
                leftSection={<Icon size={22} stroke={1.6} aria-hidden />}
                defaultOpened
                active={false}
                childrenOffset={28}
                data-testid={`menu-group-${entry.icon}`}
                data-active-group={isActiveEntry(entry, pathname) || undefined}
                style={{ borderRadius: 'var(--mantine-radius-md)' }}
              >
                {entry.children.map((path) => page(path))}
              </NavLink>,
            ];
          })}
        </Stack>
        {extraMenu?.({ compact, onNavigate: () => changeMenu(dismissMenu) })}
      </AppShell.Navbar>
      <AppShell.Main>
        <PathBreadcrumb pathname={pathname} />
        {children}
      </AppShell.Main>
    </AppShell>
  );
}
