import { useId, useState, type CSSProperties, type ReactNode } from 'react';
import { AccordionChevron, NavLink, UnstyledButton, VisuallyHidden } from '@mantine/core';
import type { TablerIcon } from '@tabler/icons-react';

/**
 * The side menu's entries: Mantine's NavLink look without its component. The menu is in every
 * page's first render, and NavLinks (each a polymorphic Box tree with resolved styles, a group's
 * Collapse with its transition) took 60-100 ms of a new tab's main thread for the product menu's ~15
 * (`npm run bench:pages` with the menu left out; issue 27's page budget). The entries are plain links
 * and buttons with NavLink's own classes (Mantine's stylesheet holds them), so they look and react
 * as before (the shell's visual references did not move). A link takes `menuLinkProps` and has
 * `MenuEntryContent` as its children.
 */
const MENU_ENTRY_CLASS = `mantine-focus-auto ${NavLink.classes.root} ${UnstyledButton.classes.root}`;
const MENU_ENTRY_STYLE = { borderRadius: 'var(--mantine-radius-md)' } as const;
/** An entry that shows its icon alone (the compact menu). */
const COMPACT_MENU_ENTRY_STYLE = { ...MENU_ENTRY_STYLE, justifyContent: 'center', paddingInline: 0 } as const;

/** A menu link's look: marked when it is the current page; `compact` when it shows its icon alone. */
export function menuLinkProps({ active, compact = false }: { active: boolean; compact?: boolean }) {
  return {
    className: MENU_ENTRY_CLASS,
    style: compact ? COMPACT_MENU_ENTRY_STYLE : MENU_ENTRY_STYLE,
    'data-active': active || undefined,
  };
}

/** An entry's content: its icon (absent for a page inside an open group) and its label. */
export function MenuEntryContent({
  Icon,
  label,
  compact = false,
}: {
  Icon?: TablerIcon;
  label: string;
  /** The icon alone; the label stays for screen readers (give the entry a tooltip). */
  compact?: boolean;
}) {
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

/**
 * A group of entries under its label; a click on the label closes or opens it. A closed group's
 * entries are not rendered.
 */
export function MenuGroup({
  label,
  Icon,
  defaultOpened,
  offset,
  children,
  ...data
}: {
  label: string;
  Icon?: TablerIcon;
  defaultOpened: boolean;
  /** How far its entries are indented under the label, px. */
  offset: number;
  children: ReactNode;
  'data-testid'?: string;
  'data-active-group'?: boolean;
}) {
  const [opened, setOpened] = useState(defaultOpened);
  const id = useId();
  return (
    <>
      <button
        type="button"
        className={MENU_ENTRY_CLASS}
        style={MENU_ENTRY_STYLE}
        aria-expanded={opened}
        aria-controls={opened ? id : undefined}
        data-expanded={opened || undefined}
        data-testid={data['data-testid']}
        data-active-group={data['data-active-group'] || undefined}
        onClick={() => setOpened(!opened)}
      >
        <MenuEntryContent Icon={Icon} label={label} />
        <span className={NavLink.classes.section} data-position="right" data-rotate={opened || undefined}>
          <AccordionChevron className={NavLink.classes.chevron} aria-hidden />
        </span>
      </button>
      {opened && (
        <div
          id={id}
          className={NavLink.classes.children}
          style={{ '--nl-offset': `${offset}px` } as CSSProperties}
        >
          {children}
        </div>
      )}
    </>
  );
}
