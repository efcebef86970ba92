import { Role } from '#contract/roles.ts';

/** The side menu's product part: an entry is a page, or a group of pages (spec section 1's labels). */
export type ProductMenuEntry =
  | { path: string; icon: ProductMenuIcon }
  | { path: string; icon: ProductMenuIcon; children: readonly string[] };

/** The icon by name: the tree stays pure (tested in node), AppLayout draws the icons. */
export type ProductMenuIcon =
  | 'dashboards'
  | 'orders'
  | 'repairs'
  | 'tickets'
  | 'customers'
  | 'shopping'
  | 'personal'
  | 'downloads'
  | 'employees'
  | 'settings';

/**
 * The menu for a role. Spec section 1 names its labels: order management (a group: basic inquiry and
 * order detail), repair progress management, shopping center, personal center, download center. Hot
 * phones sits with the dashboard it belongs to; account management (the employees) is the Admin's, as
 * its route is (an Editor would only meet the unauthorized page). Point and recharge records open from
 * the personal center and the wallet summary (the spec's "hidden menu entries").
 */
export function productMenu(role: number): ProductMenuEntry[] {
  const menu: ProductMenuEntry[] = [
    {
      path: '/app/dashboards',
      icon: 'dashboards',
      children: ['/app/dashboards/default', '/app/dashboards/hotphone'],
    },
    {
      path: '/app/quiry',
      icon: 'orders',
      children: ['/app/quiry/basicinquiry', '/app/quiry/managementDetail'],
    },
    { path: '/app/maintenance/maintenance', icon: 'repairs' },
    // The counter's repair tickets (issue 26): what a customer hands over and collects.
    { path: '/app/tickets', icon: 'tickets' },
    // The counter's customers (issue 26).
    { path: '/app/customers', icon: 'customers' },
    { path: '/app/shoppingcenter/shoppingcenter', icon: 'shopping' },
    { path: '/app/personalcenter', icon: 'personal' },
    { path: '/app/downloadCenter', icon: 'downloads' },
  ];
  if (role === Role.Admin) menu.push({ path: '/app/accountmanagement', icon: 'employees' });
  // The shop's settings (issue 26; issue 27 asked them linked from the menu): the Admin's, as the route is.
  if (role === Role.Admin)
    menu.push({ path: '/app/settings', icon: 'settings', children: ['/app/settings/shop'] });
  return menu;
}

/** Every page the menu leads to, groups opened (what a test or a compact menu walks). */
export function menuPages(menu: readonly ProductMenuEntry[]): string[] {
  return menu.flatMap((entry) => ('children' in entry ? [...entry.children] : [entry.path]));
}

/**
 * Whether an entry is the current page's: a group holds the pages under its path (the order detail of
 * any order, the checked-devices page of the dashboards), a page its own path.
 */
export function isActiveEntry(entry: ProductMenuEntry, pathname: string): boolean {
  return 'children' in entry ? pathname.startsWith(`${entry.path}/`) : pathname === entry.path;
}
