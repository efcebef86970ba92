import { describe, expect, it } from 'vitest';
import { Role } from '#contract/roles.ts';
import { PAGE_TITLES } from './page-titles.ts';
import { isActiveEntry, menuPages, productMenu } from './product-menu.ts';

describe('the product menu', () => {
  it('reaches hot phones and, for an Admin, the employees (issue 27: reachable only by URL before)', () => {
    const pages = menuPages(productMenu(Role.Admin));
    expect(pages).toContain('/app/dashboards/hotphone');
    expect(pages).toContain('/app/accountmanagement');
  });

  it("has the spec's labels: order management holding basic inquiry and order detail", () => {
    const orders = productMenu(Role.Editor).find((e) => e.path === '/app/quiry');
    expect(orders && 'children' in orders ? orders.children : []).toEqual([
      '/app/quiry/basicinquiry',
      '/app/quiry/managementDetail',
    ]);
    expect(PAGE_TITLES['/app/quiry']?.message).toBe('Order management');
    expect(PAGE_TITLES['/app/quiry/managementDetail']?.message).toBe('Order detail');
    for (const page of [
      '/app/maintenance/maintenance',
      '/app/tickets',
      '/app/shoppingcenter/shoppingcenter',
      '/app/personalcenter',
      '/app/downloadCenter',
    ]) {
      expect(menuPages(productMenu(Role.Editor))).toContain(page);
    }
  });

  it('leaves account management out for an Editor (its route sends them to unauthorized)', () => {
    expect(menuPages(productMenu(Role.Editor))).not.toContain('/app/accountmanagement');
  });

  it('links the shop settings for an Admin under Settings, and not for an Editor (issue 26)', () => {
    const settings = productMenu(Role.Admin).find((e) => e.path === '/app/settings');
    expect(settings && 'children' in settings ? settings.children : []).toEqual(['/app/settings/shop']);
    expect(PAGE_TITLES['/app/settings/shop']?.message).toBe('Shop settings');
    expect(menuPages(productMenu(Role.Editor))).not.toContain('/app/settings/shop');
  });

  it('titles every entry and group, so no path shows as a label', () => {
    for (const entry of productMenu(Role.Admin)) {
      expect(PAGE_TITLES[entry.path], entry.path).toBeDefined();
      for (const page of menuPages([entry])) expect(PAGE_TITLES[page], page).toBeDefined();
    }
  });

  it('marks a group active on any of its pages, a page on its own path only', () => {
    const [dashboards, orders] = productMenu(Role.Admin);
    expect(isActiveEntry(dashboards!, '/app/dashboards/devices')).toBe(true);
    expect(isActiveEntry(orders!, '/app/quiry/managementDetail')).toBe(true);
    expect(isActiveEntry(orders!, '/app/maintenance/maintenance')).toBe(false);
  });
});
