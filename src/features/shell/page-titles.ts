import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { TEMPLATE_PAGE_TITLES, TEMPLATE_SECTION_HOMES } from './template-page-titles.ts';

/** Where the breadcrumb's first item (Home) leads. */
export const HOME_PAGE_PATH = '/app/dashboards/default';

/** The title of the breadcrumb's first item. */
export const HOME_TITLE: MessageDescriptor = msg`Home`;

/**
 * The product's pages by path (spec sections 1 and 2): used by page headings, and by menu and
 * breadcrumb. A section (a path with child pages and no page of its own) has a title too, for the
 * breadcrumb.
 */
export const PAGE_TITLES: Record<string, MessageDescriptor> = {
  '/app/dashboards': msg`Dashboards`,
  '/app/dashboards/default': msg`Dashboard`,
  '/app/dashboards/hotphone': msg`Hot phones`,
  '/app/dashboards/phoneDetail': msg`Phone detail`,
  '/app/dashboards/devices': msg`Checked devices`,
  '/app/quiry': msg`Order management`,
  '/app/quiry/basicinquiry': msg`Basic inquiry`,
  '/app/quiry/managementDetail': msg`Order detail`,
  '/app/shoppingcenter': msg`Shopping`,
  '/app/shoppingcenter/shoppingcenter': msg`Shopping center`,
  '/app/personalcenter': msg`Personal center`,
  '/app/downloadCenter': msg`Download center`,
  '/app/pointrecord': msg`Point record`,
  '/app/accountmanagement': msg`Account management`,
  '/app/rechargerecord': msg`Recharge record`,
  '/app/maintenance': msg`Repairs`,
  '/app/maintenance/maintenance': msg`Repair progress management`,
  '/app/maintenance/orderDetail': msg`Order detail`,
  '/app/maintenance/history': msg`Device history`,
  '/app/tickets': msg`Repair tickets`,
  '/app/tickets/detail': msg`Ticket details`,
  '/app/customers': msg`Customers`,
  '/app/customers/detail': msg`Customer record`,
  '/app/tickets/receipt': msg`Receipt`,
  '/app/search': msg`Search`,
  '/app/search/search': msg`Search results`,
  '/app/settings': msg`Settings`,
  '/app/settings/shop': msg`Shop settings`,
  '/orderAlipay': msg`Payment`,
  ...TEMPLATE_PAGE_TITLES,
};

/**
 * The page a section opens (its default child): a section's breadcrumb item links there, since the
 * section itself is no page.
 */
export const SECTION_HOMES: Record<string, string> = {
  '/app/dashboards': '/app/dashboards/default',
  '/app/quiry': '/app/quiry/basicinquiry',
  '/app/maintenance': '/app/maintenance/maintenance',
  '/app/shoppingcenter': '/app/shoppingcenter/shoppingcenter',
  '/app/search': '/app/search/search',
  '/app/settings': '/app/settings/shop',
  ...TEMPLATE_SECTION_HOMES,
};
