import { templatePages } from './menu-tree.ts';

/**
 * The template kit's demo routes (spec section 2, "not product functions"): the pages of the menu
 * tree, so a page gets its route and its menu entry from one list. Anything else under these
 * prefixes is the error page.
 */
export type DemoArea = '/app/applications' | '/app/pages' | '/app/ui' | '/app/menu';

const PAGES: ReadonlySet<string> = new Set(templatePages());

export function isTemplateDemoRoute(area: DemoArea, splat: string): boolean {
  const path = splat.replace(/\/+$/, '');
  // survey/{id}: any positive integer id.
  if (area === '/app/applications' && /^survey\/\d+$/.test(path)) return true;
  return PAGES.has(`${area}/${path}`);
}
