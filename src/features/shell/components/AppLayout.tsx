import { useEffect, useId, useRef, type CSSProperties, type ReactNode } from 'react';
import { AppShell, Overlay } from '@mantine/core';
import { useRouterState } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import type { StoredUser } from '#src/lib/storage.ts';
import { dismissMenu } from '../menu-state.ts';
import { useMenuState } from '../use-menu-state.ts';
import { AppHeader } from './AppHeader.tsx';
import { PathBreadcrumb } from './PathBreadcrumb.tsx';
import { ProductMenu } from './ProductMenu.tsx';

const NAVBAR_WIDTH = { full: 240, compact: 72 } as const;

// In the overlay state AppShell lays the page out as with a collapsed menu (the content takes the
// whole width) and the menu is drawn anyway, over the content.
const OVERLAY_STYLE = {
  '--app-shell-navbar-transform': 'none',
  '--app-shell-navbar-transform-rtl': 'none',
  boxShadow: 'var(--mantine-shadow-xl)',
} as CSSProperties;

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
  const { t } = useLingui();
  const [menuState, changeMenu] = useMenuState();
  const menuButton = useRef<HTMLButtonElement>(null);
  const navbarId = useId();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
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
      <AppHeader
        user={user}
        onLogout={onLogout}
        extraActions={extraActions}
        menuState={menuState}
        changeMenu={changeMenu}
        menuButton={menuButton}
        navbarId={navbarId}
      />
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
        <ProductMenu
          role={user.role}
          compact={compact}
          pathname={pathname}
          onNavigate={() => changeMenu(dismissMenu)}
        />
        {extraMenu?.({ compact, onNavigate: () => changeMenu(dismissMenu) })}
      </AppShell.Navbar>
      <AppShell.Main>
        <PathBreadcrumb pathname={pathname} />
        {children}
      </AppShell.Main>
    </AppShell>
  );
}
