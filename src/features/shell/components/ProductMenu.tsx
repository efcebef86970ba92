import { Stack, Tooltip } from '@mantine/core';
import {
  IconAddressBook,
  IconBuildingStore,
  IconDownload,
  IconFileDescription,
  IconFlame,
  IconLayoutDashboard,
  IconListSearch,
  IconReceipt,
  IconSettings,
  IconShoppingCart,
  IconTool,
  IconUserCircle,
  IconUsers,
} from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import type { StoredUser } from '#src/lib/storage.ts';
import { MenuEntryContent, MenuGroup, menuLinkProps } from '#src/ui/menu-entry.tsx';
import { PAGE_TITLES } from '../page-titles.ts';
import { isActiveEntry, productMenu, type ProductMenuIcon } from '../product-menu.ts';

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

/**
 * The product's menu in the app layout's navbar (AppLayout.tsx): the role's entries, groups open
 * with their pages; with icons only (`compact`) each page is an icon of its own with its label as a
 * tooltip. A click on an entry tells `onNavigate` (an overlay menu closes).
 */
export function ProductMenu({
  role,
  compact,
  pathname,
  onNavigate,
}: {
  role: StoredUser['role'];
  compact: boolean;
  pathname: string;
  onNavigate(): void;
}) {
  const { i18n } = useLingui();
  const titleOf = (path: string) => (PAGE_TITLES[path] ? i18n._(PAGE_TITLES[path]) : path);
  /** One page's entry; `Icon` absent: a page inside an open group, its label alone. */
  const page = (path: string, Icon?: typeof IconTool) => {
    const text = titleOf(path);
    const active = pathname === path;
    const link = (
      <Link
        key={path}
        to={path}
        activeOptions={{ exact: true }}
        {...menuLinkProps({ active, compact })}
        onClick={onNavigate}
      >
        <MenuEntryContent Icon={Icon} label={text} compact={compact} />
      </Link>
    );
    // The label as a tooltip only where the entry shows its icon alone. Not a disabled Tooltip
    // elsewhere: it would still run its floating-ui hooks and transition on every render (~1 ms each
    // of the start's main thread in CPU profiles).
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
  return (
    <Stack gap={4}>
      {productMenu(role).flatMap((entry) => {
        const Icon = MENU_ICONS[entry.icon];
        if (!('children' in entry)) return [page(entry.path, Icon)];
        // With icons only, each page of a group is an icon of its own (hot phones and the order
        // detail stay one click away); with labels, the group holds its pages, open.
        if (compact) return entry.children.map((path) => page(path, PAGE_ICONS[path] ?? Icon));
        return [
          <MenuGroup
            key={entry.path}
            label={titleOf(entry.path)}
            Icon={Icon}
            defaultOpened
            offset={28}
            data-testid={`menu-group-${entry.icon}`}
            data-active-group={isActiveEntry(entry, pathname)}
          >
            {entry.children.map((path) => page(path))}
          </MenuGroup>,
        ];
      })}
    </Stack>
  );
}
