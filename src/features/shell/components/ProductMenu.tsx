import { useId, useState, type CSSProperties, type ReactNode } from 'react';
import { AccordionChevron, NavLink, Stack, Tooltip, UnstyledButton, VisuallyHidden } from '@mantine/core';
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
 * Mantine's NavLink look without its component: the menu is in every page's first render, and its
 * ~15 NavLinks (each a polymorphic Box tree with resolved styles, a group's Collapse with its
 * transition) took 60-100 ms of a new tab's main thread (`npm run bench:pages` with the menu left
 * out; issue 27's page budget). The entries are plain links and buttons with NavLink's own classes
 * (Mantine's stylesheet holds them), so they look and react as before.
 */
const ENTRY_CLASS = `mantine-focus-auto ${NavLink.classes.root} ${UnstyledButton.classes.root}`;
const ENTRY_RADIUS = { borderRadius: 'var(--mantine-radius-md)' } as const;
const COMPACT_STYLE = { ...ENTRY_RADIUS, justifyContent: 'center', paddingInline: 0 } as const;
/** A group's pages are indented under its label (NavLink's childrenOffset of 28). */
const CHILDREN_STYLE = { '--nl-offset': '28px' } as CSSProperties;

/** An entry's content: its icon (absent inside an open group) and its label. */
function EntryContent({ Icon, label, compact }: { Icon?: typeof IconTool; label: string; compact: boolean }) {
  return (
    <>
      {Icon && (
        <span
          className={NavLink.classes.section}
          data-position="left"
          style={compact ? { marginInlineEnd: 0 } : undefined}
        >
          <Icon size={22} stroke={1.6} aria-hidden />
        </span>
      )}
      {compact ? (
        <VisuallyHidden>{label}</VisuallyHidden>
      ) : (
        <div className={NavLink.classes.body}>
          <span className={NavLink.classes.label}>{label}</span>
        </div>
      )}
    </>
  );
}

/** A group of pages under its label, open at first; a click on the label closes or opens it. */
function MenuGroup({
  label,
  Icon,
  testId,
  activeGroup,
  children,
}: {
  label: string;
  Icon: typeof IconTool;
  testId: string;
  activeGroup: boolean;
  children: ReactNode;
}) {
  const [opened, setOpened] = useState(true);
  const id = useId();
  return (
    <>
      <button
        type="button"
        className={ENTRY_CLASS}
        style={ENTRY_RADIUS}
        aria-expanded={opened}
        aria-controls={id}
        data-expanded={opened || undefined}
        data-testid={testId}
        data-active-group={activeGroup || undefined}
        onClick={() => setOpened(!opened)}
      >
        <EntryContent Icon={Icon} label={label} compact={false} />
        <span className={NavLink.classes.section} data-position="right" data-rotate={opened || undefined}>
          <AccordionChevron className={NavLink.classes.chevron} aria-hidden />
        </span>
      </button>
      {opened && (
        <div id={id} className={NavLink.classes.children} style={CHILDREN_STYLE}>
          {children}
        </div>
      )}
    </>
  );
}

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
        className={ENTRY_CLASS}
        style={compact ? COMPACT_STYLE : ENTRY_RADIUS}
        data-active={active || undefined}
        onClick={onNavigate}
      >
        <EntryContent Icon={Icon} label={text} compact={compact} />
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
            testId={`menu-group-${entry.icon}`}
            activeGroup={isActiveEntry(entry, pathname)}
          >
            {entry.children.map((path) => page(path))}
          </MenuGroup>,
        ];
      })}
    </Stack>
  );
}
